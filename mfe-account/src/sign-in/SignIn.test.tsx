import { screen, waitFor } from '@testing-library/react';
import { usersApi } from '@paddock/shared/api';
import { paddockStore, signedInAtom, userAtom } from '@paddock/shared/session';
import { apiError, resetSession, sampleAdmin, sampleUser, signInReply } from '@paddock/shared/testing/fixtures';
import { currentLocation } from '@paddock/shared/testing/renderRemote';
import { renderAccount } from '../common/testing';

describe('/sign-in', () => {
  beforeEach(() => {
    resetSession();
    jest.restoreAllMocks();
  });

  test('signs in with the typed e-mail (trimmed, lower case) and password, then goes to the devices', async () => {
    const signIn = jest.spyOn(usersApi, 'signIn').mockResolvedValue(signInReply());
    const { user } = await renderAccount('/sign-in');
    await user.type(screen.getByLabelText('E-mail address'), '  Farmer@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/devices'));
    expect(signIn).toHaveBeenCalledWith(
      { Email: 'farmer@example.com', Password: 'correct horse battery', ClientTheme: 'light' },
      expect.objectContaining({ silent: true }),
    );
    expect(paddockStore.get(signedInAtom)).toBe(true);
    expect(paddockStore.get(userAtom)?.Id).toBe(sampleUser.Id);
  });

  test('an admin lands on the admin start page, not on an empty dashboard (issue 30)', async () => {
    jest.spyOn(usersApi, 'signIn').mockResolvedValue(signInReply(sampleAdmin));
    const { user } = await renderAccount('/sign-in');
    await user.type(screen.getByLabelText('E-mail address'), sampleAdmin.Email);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/admin'));
  });

  test('an admin signing in from a deep link still goes back to it', async () => {
    jest.spyOn(usersApi, 'signIn').mockResolvedValue(signInReply(sampleAdmin));
    const { user } = await renderAccount('/sign-in?next=%2Fadmin%2Faudit');
    await user.type(screen.getByLabelText('E-mail address'), sampleAdmin.Email);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/admin/audit'));
  });

  test('after a signed-out deep link, signing in goes back to it (docs/product/screens.md)', async () => {
    jest.spyOn(usersApi, 'signIn').mockResolvedValue(signInReply());
    const { user } = await renderAccount('/sign-in?next=%2Fsmartplug%2F356938035643809%2Flogs%3Fx%3D1');
    await user.type(screen.getByLabelText('E-mail address'), 'farmer@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/smartplug/356938035643809/logs?x=1'));
  });

  test.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)'])(
    'a next of %p that could leave the site is ignored: signing in goes to the devices',
    async (next) => {
      jest.spyOn(usersApi, 'signIn').mockResolvedValue(signInReply());
      const { user } = await renderAccount(`/sign-in?${new URLSearchParams({ next }).toString()}`);
      await user.type(screen.getByLabelText('E-mail address'), 'farmer@example.com');
      await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
      await waitFor(() => expect(currentLocation()).toBe('/devices'));
    },
  );

  // The notices after verifying or saving a new password are tested where those pages send the user here.
  test('a plain visit says nothing but the form', async () => {
    await renderAccount('/sign-in');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('an empty or malformed form is not sent; the first invalid field gets the focus', async () => {
    const signIn = jest.spyOn(usersApi, 'signIn');
    const { user } = await renderAccount('/sign-in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Please fill in this field.')).toHaveLength(2);
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    await user.type(screen.getByLabelText('E-mail address'), 'farmer.example.com');
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect(await screen.findByText(/valid e-mail address/)).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  test('the e-mail comes prefilled from the query (after verification)', async () => {
    await renderAccount('/sign-in?email=new%40farm.se');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new@farm.se');
  });

  test('a wrong password shows the server message and keeps what was typed', async () => {
    jest.spyOn(usersApi, 'signIn').mockRejectedValue(apiError(401, 'bad_credentials', 'Wrong e-mail or password.'));
    const { user } = await renderAccount('/sign-in');
    await user.type(screen.getByLabelText('E-mail address'), 'farmer@example.com');
    await user.type(screen.getByLabelText('Password'), 'not the password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('farmer@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('not the password');
    expect(currentLocation()).toBe('/sign-in');
    expect(paddockStore.get(signedInAtom)).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('an unverified account offers the way to verify it, carrying the e-mail', async () => {
    jest.spyOn(usersApi, 'signIn').mockRejectedValue(apiError(403, 'account_not_verified', 'Please verify your e-mail address first.'));
    const { user } = await renderAccount('/sign-in');
    await user.type(screen.getByLabelText('E-mail address'), 'new@farm.se');
    await user.type(screen.getByLabelText('Password'), 'a long enough password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your e-mail address first.');
    await user.click(screen.getByRole('link', { name: 'Verify my account' }));
    // The verification page takes the e-mail over and then drops it from the address.
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify account' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new@farm.se');
    await waitFor(() => expect(currentLocation()).toBe('/verify-account'));
  });

  test('too many attempts shows the server message', async () => {
    jest.spyOn(usersApi, 'signIn').mockRejectedValue(apiError(429, 'rate_limited', 'Too many attempts. Try again in a minute.'));
    const { user } = await renderAccount('/sign-in');
    await user.type(screen.getByLabelText('E-mail address'), 'farmer@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in a minute.');
  });

  test.each([
    ['Create account', '/create-account'],
    ['Reset password', '/reset-password'],
    ['Verify account', '/verify-account'],
  ])('"%s" links to %s carrying the typed e-mail', async (name, path) => {
    const { user } = await renderAccount('/sign-in');
    await user.type(screen.getByLabelText('E-mail address'), 'typed@farm.se');
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', `${path}?email=typed%40farm.se`);
    await user.click(screen.getByRole('link', { name }));
    await waitFor(() => expect(currentLocation().startsWith(path)).toBe(true));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('typed@farm.se');
  });

  test('speaks German when the interface is German', async () => {
    await renderAccount('/sign-in', { locale: 'de-DE' });
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Konto erstellen' })).toBeInTheDocument();
  });
});
