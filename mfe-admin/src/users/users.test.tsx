// /admin/user, /admin/user/{id} and /admin/user/{id}/email (docs/product/admin.md).
import { act, screen, waitFor, within } from '@testing-library/react';
import { adminApi, configureApi, usersApi } from '@paddock/shared/api';
import type { DeviceList, User } from '@paddock/shared/contract';
import { impersonationAtom, paddockStore } from '@paddock/shared/session';
import { apiError, resetSession, sampleAdmin, sampleUser, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { currentLocation, renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';

const customer: User = { ...sampleUser, Id: 'u7', Email: 'greta@example.com', CustomerId: 'cus_123', Verified: false };
const devices: DeviceList = {
  FarmcamSims: [{ Imsi: '240071234567890', Metadata: { Name: 'Gate camera' } }],
  Fencealarms: [{ Imei: '356938035643801', Metadata: { Name: 'North fence' } }],
  Fencealarm2s: [],
  Smartplugs: [],
  Smartplug2s: [],
} as unknown as DeviceList;

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
});
afterEach(() => jest.restoreAllMocks());

describe('/admin/user search', () => {
  test('searches by e-mail prefix and links each user', async () => {
    const search = jest.spyOn(usersApi, 'search').mockResolvedValue([customer]);
    const { user } = renderRemote(App, '/admin/user');
    await user.type(screen.getByLabelText('E-mail address starts with'), 'greta@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Matching users' });
    expect(search).toHaveBeenCalledWith({ field: 'email', target: 'greta@' }, { silent: true });
    expect(within(table).getByRole('link', { name: 'greta@example.com' })).toHaveAttribute('href', '/admin/user/u7');
    expect(currentLocation()).toBe('/admin/user?email=greta%40');
  });

  test('a long list is capped with a note', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ ...customer, Id: `u${i}`, Email: `g${i}@example.com` }));
    jest.spyOn(usersApi, 'search').mockResolvedValue(many);
    renderRemote(App, '/admin/user?email=g');
    expect(await screen.findByText('Showing the first 50 of 60. Type more of the address to narrow the search.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('link')).toHaveLength(50);
  });

  test('a failed search says why and offers Try again', async () => {
    const search = jest
      .spyOn(usersApi, 'search')
      .mockRejectedValueOnce(apiError(403, 'forbidden', 'Admins only'))
      .mockResolvedValue([]);
    const { user } = renderRemote(App, '/admin/user?email=g');
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded: Admins only');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
  });
});

describe('/admin/user/{id}', () => {
  function serve(u: User = customer, provider: 'builtin' | 'stripe' = 'stripe') {
    jest.spyOn(usersApi, 'get').mockResolvedValue(u);
    jest.spyOn(usersApi, 'devices').mockResolvedValue(devices);
    jest.spyOn(adminApi, 'paymentProvider').mockResolvedValue({ Provider: provider });
  }

  /** The value beside a label of the account's description list. */
  const valueOf = (label: string) => {
    const account = screen.getByRole('region', { name: 'Account' });
    const term = within(account).getByText(label, { selector: 'dt' });
    return term.nextElementSibling as HTMLElement;
  };

  test('shows the account as labelled values and their devices linked to the admin device pages', async () => {
    serve({
      ...customer,
      Addr1: 'Storgatan 1',
      Addr2: 'Box 12',
      PostalCode: '123 45',
      Town: 'Ystad',
      Vatin: 'SE123456789001',
      Locale: 'de-DE',
      SmsNotifications: { Enabled: true, Balance: 1250 },
      EnergyPrice: { PerKwh: 12345, Currency: 'SEK' },
    });
    renderRemote(App, '/admin/user/u7');
    expect(await screen.findByRole('heading', { level: 1, name: 'User greta@example.com' })).toBeInTheDocument();
    expect(valueOf('E-mail')).toHaveTextContent('greta@example.com');
    expect(valueOf('Verified')).toHaveTextContent('No');
    expect(valueOf('Name')).toHaveTextContent('Greta Farmer');
    expect(valueOf('Address')).toHaveTextContent('Storgatan 1Box 12');
    expect(valueOf('Postcode')).toHaveTextContent('123 45');
    expect(valueOf('Town')).toHaveTextContent('Ystad');
    expect(valueOf('Country')).toHaveTextContent('Sweden');
    expect(valueOf('VAT number')).toHaveTextContent('SE123456789001');
    expect(valueOf('Language')).toHaveTextContent('German (Germany)');
    expect(valueOf('Account type')).toHaveTextContent('Customer');
    expect(valueOf('E-mails about billing')).toHaveTextContent('Yes');
    expect(valueOf('News and offers by e-mail')).toHaveTextContent('No');
    expect(valueOf('SMS left')).toHaveTextContent('1,250');
    expect(valueOf('Energy price')).toHaveTextContent('SEK 1.2345 per kWh');
    // Nothing given: a dash, read out as words.
    expect(valueOf('Phone')).toHaveTextContent('—not given');
    expect(screen.queryByText(/"Email"/)).toBeNull();
    expect(await screen.findByRole('link', { name: '240071234567890' })).toHaveAttribute('href', '/admin/farmcam-sim/240071234567890');
    expect(screen.getByRole('link', { name: '356938035643801' })).toHaveAttribute('href', '/admin/fencealarm/356938035643801');
    expect(screen.getByRole('link', { name: 'Set new email' })).toHaveAttribute('href', '/admin/user/u7/email');
  });

  test('the JSON stays hidden until Show raw data, and Hide raw data folds it again', async () => {
    serve();
    const { user } = renderRemote(App, '/admin/user/u7');
    const show = await screen.findByRole('button', { name: 'Show raw data' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('greta@example.com as JSON')).toBeNull();
    await user.click(show);
    expect(screen.getByLabelText('greta@example.com as JSON').textContent).toBe(JSON.stringify(customer, null, 2));
    const hide = screen.getByRole('button', { name: 'Hide raw data' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(hide.getAttribute('aria-controls')!)).toContainElement(
      screen.getByLabelText('greta@example.com as JSON'),
    );
    await user.click(hide);
    expect(screen.queryByLabelText('greta@example.com as JSON')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show raw data' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('in Swedish', async () => {
    serve();
    renderRemote(App, '/admin/user/u7', { locale: 'sv-SE' });
    const account = await screen.findByRole('region', { name: 'Konto' });
    expect(within(account).getByText('Verifierad', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Nej');
    expect(within(account).getByText('Land', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Sverige');
    expect(within(account).getByRole('button', { name: 'Visa rådata' })).toBeInTheDocument();
  });

  test('the payment provider link: production dashboard, or the test one on a test host', async () => {
    serve();
    renderRemote(App, '/admin/user/u7');
    const link = await screen.findByRole('link', { name: /Open customer in payment provider/ });
    expect(link).toHaveAttribute('href', 'https://dashboard.stripe.com/customers/cus_123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('with the built-in payment provider there is no dashboard link', async () => {
    serve(customer, 'builtin');
    renderRemote(App, '/admin/user/u7');
    expect(await screen.findByRole('button', { name: 'Impersonate' })).toBeInTheDocument();
    await waitFor(() => expect(adminApi.paymentProvider).toHaveBeenCalled());
    // Let the provider's answer land before looking for the link.
    await act(() => Promise.resolve());
    expect(screen.queryByRole('link', { name: /Open customer in payment provider/ })).toBeNull();
  });

  test('on a test host the link goes to the test dashboard', async () => {
    // jsdom's host is localhost: make that the test prefix.
    configureApi({ testHostPrefix: 'local' });
    serve();
    renderRemote(App, '/admin/user/u7');
    expect(await screen.findByRole('link', { name: /Open customer in payment provider/ })).toHaveAttribute(
      'href',
      'https://dashboard.stripe.com/test/customers/cus_123',
    );
  });

  test('Impersonate asks the server, holds the user for this session and opens their devices', async () => {
    serve();
    const impersonate = jest.spyOn(adminApi, 'impersonate').mockResolvedValue(customer);
    const { user } = renderRemote(App, '/admin/user/u7');
    await user.click(await screen.findByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(currentLocation()).toBe('/devices'));
    expect(impersonate).toHaveBeenCalledWith('id', 'u7');
    expect(paddockStore.get(impersonationAtom)).toEqual({ User: customer, ReturnTo: '/admin/user/u7' });
  });

  test('a refused impersonation stays on the page and sets nothing', async () => {
    serve();
    jest.spyOn(adminApi, 'impersonate').mockRejectedValue(apiError(404, 'not_found', 'No such user'));
    const { user } = renderRemote(App, '/admin/user/u7');
    await user.click(await screen.findByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Impersonate' })).toBeEnabled());
    expect(currentLocation()).toBe('/admin/user/u7');
    expect(paddockStore.get(impersonationAtom)).toBeNull();
  });

  test('Verify account marks the account verified, then the button goes', async () => {
    serve();
    const verify = jest.spyOn(usersApi, 'markVerified').mockResolvedValue({ ...customer, Verified: true });
    const { user } = renderRemote(App, '/admin/user/u7');
    await user.click(await screen.findByRole('button', { name: 'Verify account' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Verify account' })).toBeNull());
    expect(valueOf('Verified')).toHaveTextContent('Yes');
    expect(verify).toHaveBeenCalledWith('u7');
    expect(toastTexts()).toContain('Account verified. Its password no longer works: the owner sets a new one with “Forgot password”.');
  });

  test('a verified account has no Verify button', async () => {
    serve({ ...customer, Verified: true });
    renderRemote(App, '/admin/user/u7');
    await screen.findByRole('button', { name: 'Impersonate' });
    expect(screen.queryByRole('button', { name: 'Verify account' })).toBeNull();
  });

  test('a user that cannot be loaded: the reason and Try again', async () => {
    jest.spyOn(usersApi, 'get').mockRejectedValue(apiError(404, 'not_found', 'No such user'));
    jest.spyOn(usersApi, 'devices').mockResolvedValue(devices);
    renderRemote(App, '/admin/user/u9');
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded: No such user');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/admin/user/{id}/email', () => {
  test('an invalid address is refused under the field, nothing sent', async () => {
    jest.spyOn(usersApi, 'get').mockResolvedValue(customer);
    const setEmail = jest.spyOn(usersApi, 'setEmail');
    const { user } = renderRemote(App, '/admin/user/u7/email');
    expect(await screen.findByText('Now: greta@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('New email')).toHaveAccessibleDescription(/e-mail/i);
    expect(screen.getByLabelText('New email')).toHaveFocus();
    expect(setEmail).not.toHaveBeenCalled();
  });

  test('Save sets the address and returns to the user', async () => {
    jest.spyOn(usersApi, 'get').mockResolvedValue(customer);
    jest.spyOn(usersApi, 'devices').mockResolvedValue(devices);
    const setEmail = jest.spyOn(usersApi, 'setEmail').mockResolvedValue({ ...customer, Email: 'new@example.com' });
    const { user } = renderRemote(App, '/admin/user/u7/email');
    await user.type(await screen.findByLabelText('New email'), ' new@example.com ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/user/u7'));
    expect(setEmail).toHaveBeenCalledWith('u7', 'new@example.com');
  });

  test('a refused address keeps what was typed and shows why under the field', async () => {
    jest.spyOn(usersApi, 'get').mockResolvedValue(customer);
    jest.spyOn(usersApi, 'setEmail').mockRejectedValue(apiError(409, 'email_taken', 'This address belongs to another account', 'Email'));
    const { user } = renderRemote(App, '/admin/user/u7/email');
    await user.type(await screen.findByLabelText('New email'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This address belongs to another account')).toBeInTheDocument();
    expect(screen.getByLabelText('New email')).toHaveValue('taken@example.com');
    expect(currentLocation()).toBe('/admin/user/u7/email');
  });

  test('Cancel returns to the user', async () => {
    jest.spyOn(usersApi, 'get').mockResolvedValue(customer);
    jest.spyOn(usersApi, 'devices').mockResolvedValue(devices);
    const { user } = renderRemote(App, '/admin/user/u7/email');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(currentLocation()).toBe('/admin/user/u7');
  });
});
