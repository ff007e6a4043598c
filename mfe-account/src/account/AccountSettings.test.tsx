import { screen, waitFor, within } from '@testing-library/react';
import { apiKeysApi, billingApi, configureApi, toastsAtom, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { changeLocale } from '@paddock/shared/i18n';
import { impersonationAtom, paddockStore, signedInAtom, userAtom } from '@paddock/shared/session';
import { apiError, resetSession, samplePrices, sampleAdmin, sampleUser, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { currentLocation } from '@paddock/shared/testing/renderRemote';
import { renderAccount } from '../common/testing';

// Changing the language reloads the page; here we only check that it is asked for.
jest.mock('@paddock/shared/i18n', () => ({ ...jest.requireActual('@paddock/shared/i18n'), changeLocale: jest.fn() }));

function serve(user: User = sampleUser) {
  return jest.spyOn(usersApi, 'get').mockResolvedValue(user);
}

async function openAccount(user: User = sampleUser, options?: Parameters<typeof renderAccount>[1]) {
  const get = serve(user);
  const rendered = await renderAccount('/account', options);
  const emailLabel: Record<string, string> = { 'de-DE': 'E-Mail-Adresse', 'fr-FR': 'Adresse e-mail' };
  await screen.findByLabelText(emailLabel[options?.locale ?? ''] ?? 'E-mail address');
  return { ...rendered, get };
}

describe('/account', () => {
  beforeEach(() => {
    resetSession();
    jest.restoreAllMocks();
    jest.mocked(changeLocale).mockReset();
    signInAs(sampleUser);
    // The bundle's price comes from the catalogue (docs/product/limits.md): 99 SEK / 9.90 EUR here.
    jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
    // The page's API keys section (ApiKeys.test.tsx tests it).
    jest.spyOn(apiKeysApi, 'list').mockResolvedValue({ Keys: [] });
  });

  test('loads the signed-in user and shows their settings', async () => {
    const { get } = await openAccount({ ...sampleUser, Phone: '+46 70 123 45 67', Locale: 'sv-SE' });
    expect(get).toHaveBeenCalledWith('u1', expect.anything());
    expect(screen.getByLabelText('E-mail address')).toHaveValue('farmer@example.com');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('+46 70 123 45 67');
    expect(screen.getByLabelText('Language of the app and of our messages')).toHaveValue('sv-SE');
    expect(screen.getByRole('checkbox', { name: 'Billing and payments' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Device alarms and warnings' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'News and offers' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Push notifications' })).not.toBeChecked();
  });

  test('SMS notifications cannot be switched on with 0 SMS left', async () => {
    await openAccount();
    const sms = screen.getByRole('checkbox', { name: 'SMS notifications' });
    expect(sms).toBeDisabled();
    expect(sms).toHaveAccessibleDescription('You have 0 SMS left, so SMS notifications cannot be switched on.');
  });

  test.each([
    [1, '1 SMS left'],
    [42, '42 SMS left'],
  ])('with %i SMS the checkbox works and says "%s"', async (balance, text) => {
    await openAccount({ ...sampleUser, SmsNotifications: { Enabled: false, Balance: balance } });
    const sms = screen.getByRole('checkbox', { name: 'SMS notifications' });
    expect(sms).toBeEnabled();
    expect(sms).toHaveAccessibleDescription(text);
  });

  test('saving sends only what changed, confirms, and updates the stored user', async () => {
    const { user } = await openAccount({ ...sampleUser, SmsNotifications: { Enabled: false, Balance: 10 } });
    const saved: User = {
      ...sampleUser,
      Phone: '+46 70 123 45 67',
      EmailNotifications: { Billing: true, Device: true, Marketing: true },
      SmsNotifications: { Enabled: true, Balance: 10 },
    };
    const update = jest.spyOn(usersApi, 'update').mockResolvedValue(saved);
    await user.type(screen.getByLabelText('Mobile phone'), ' +46 70 123 45 67 ');
    await user.click(screen.getByRole('checkbox', { name: 'News and offers' }));
    await user.click(screen.getByRole('checkbox', { name: 'SMS notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(
      'u1',
      {
        Phone: '+46701234567',
        EmailNotifications: { Billing: true, Device: true, Marketing: true },
        SmsNotifications: { Enabled: true },
      },
      expect.objectContaining({ silent: true }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Your settings are saved.'));
    expect(paddockStore.get(userAtom)).toEqual(saved);
    expect(changeLocale).not.toHaveBeenCalled();
    // Saving again without changes sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(update).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toContain('There are no changes to save.');
  });

  test('a new e-mail waits for its code: the page says so, and the code from the mail confirms it', async () => {
    const { user, get } = await openAccount();
    const pending: User = { ...sampleUser, PendingEmail: 'new@example.com' };
    const update = jest.spyOn(usersApi, 'update').mockResolvedValue(pending);
    const email = screen.getByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'New@Example.com');
    await user.type(screen.getByLabelText('Current password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('u1', { Email: 'new@example.com', Password: 'correct-horse-battery' }, expect.anything()),
    );
    expect(
      await screen.findByText('Waiting for confirmation of new@example.com. Until then your account keeps farmer@example.com.'),
    ).toBeInTheDocument();
    expect(toastTexts()).toContain('We sent a code to new@example.com. Your address changes once you confirm it.');
    expect(email).toHaveValue('farmer@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    const verify = jest
      .spyOn(usersApi, 'verifyEmail')
      .mockRejectedValueOnce(apiError(400, 'invalid_code', 'The code is not valid.', 'VerificationCode'));
    const code = screen.getByLabelText('Verification code');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('The code is not valid.')));
    verify.mockResolvedValueOnce(undefined);
    get.mockResolvedValue({ ...sampleUser, Email: 'new@example.com' });
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    await waitFor(() => expect(toastTexts()).toContain('Your e-mail address is now new@example.com.'));
    expect(verify).toHaveBeenLastCalledWith('new@example.com', '123456', expect.anything());
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new@example.com');
    expect(screen.queryByText(/Waiting for confirmation/)).not.toBeInTheDocument();
    expect(paddockStore.get(userAtom)?.Email).toBe('new@example.com');
  });

  test('a pending e-mail change can be sent again or dropped', async () => {
    const { user } = await openAccount({ ...sampleUser, PendingEmail: 'new@example.com' });
    const update = jest.spyOn(usersApi, 'update').mockResolvedValue({ ...sampleUser, PendingEmail: 'new@example.com' });
    await user.click(screen.getByRole('button', { name: 'Send code again' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('u1', { Email: 'new@example.com' }, expect.anything()));
    update.mockResolvedValue(sampleUser);
    await user.click(screen.getByRole('button', { name: 'Keep current address' }));
    await waitFor(() => expect(update).toHaveBeenLastCalledWith('u1', { Email: 'farmer@example.com' }, expect.anything()));
    await waitFor(() => expect(screen.queryByText(/Waiting for confirmation/)).not.toBeInTheDocument());
    expect(toastTexts()).toContain('The change of your e-mail address is cancelled.');
  });

  test('a new e-mail asks for the current password: required in the browser, and a wrong one shown at the field', async () => {
    const { user } = await openAccount();
    const update = jest.spyOn(usersApi, 'update');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    const email = screen.getByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'thief@example.com');
    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription('To change your e-mail address, confirm that it is you with your password.');
    await user.click(screen.getByRole('checkbox', { name: 'Push notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Enter your current password to change your e-mail address.'));
    expect(password).toHaveFocus();
    expect(update).not.toHaveBeenCalled();

    update.mockRejectedValue(apiError(400, 'invalid_password', 'The password is not correct.', 'Password'));
    await user.type(password, 'a-wrong-guess');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The password is not correct.'));
    expect(update).toHaveBeenCalledWith(
      'u1',
      { Email: 'thief@example.com', Password: 'a-wrong-guess', PushNotifications: { Enabled: true } },
      expect.anything(),
    );
    // What was typed stays, so the password can be corrected and saved again.
    expect(email).toHaveValue('thief@example.com');
    expect(password).toHaveValue('a-wrong-guess');
    expect(screen.getByRole('checkbox', { name: 'Push notifications' })).toBeChecked();
    expect(paddockStore.get(userAtom)?.Email).toBe('farmer@example.com');
    // Back to the current address: nothing to confirm.
    await user.clear(email);
    await user.type(email, 'Farmer@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  test('the pending address again needs no password', async () => {
    const { user } = await openAccount({ ...sampleUser, PendingEmail: 'new@example.com' });
    const update = jest.spyOn(usersApi, 'update').mockResolvedValue({ ...sampleUser, PendingEmail: 'new@example.com' });
    const email = screen.getByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('u1', { Email: 'new@example.com' }, expect.anything()));
  });

  test('an invalid phone number or e-mail is refused in the browser', async () => {
    const update = jest.spyOn(usersApi, 'update');
    const { user } = await openAccount();
    await user.type(screen.getByLabelText('Mobile phone'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This is not a valid mobile number. Write it with + and the country code, for example +46 70 123 45 67.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile phone')).toHaveFocus();
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    expect(update).not.toHaveBeenCalled();
  });

  test('a new language is saved and then applied to the interface', async () => {
    const { user } = await openAccount();
    const update = jest.spyOn(usersApi, 'update').mockResolvedValue({ ...sampleUser, Locale: 'de-DE' });
    await user.selectOptions(screen.getByLabelText('Language of the app and of our messages'), 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changeLocale).toHaveBeenCalledWith('de-DE'));
    expect(update).toHaveBeenCalledWith('u1', { Locale: 'de-DE' }, expect.anything());
  });

  test('a failed save shows the server message at the field and keeps what was typed', async () => {
    const { user } = await openAccount();
    jest.spyOn(usersApi, 'update').mockRejectedValue(apiError(409, 'email_taken', 'This e-mail address already has an account.', 'Email'));
    const email = screen.getByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'other@example.com');
    await user.type(screen.getByLabelText('Current password'), 'correct-horse-battery');
    await user.click(screen.getByRole('checkbox', { name: 'Push notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('This e-mail address already has an account.'));
    expect(email).toHaveValue('other@example.com');
    expect(screen.getByRole('checkbox', { name: 'Push notifications' })).toBeChecked();
    expect(paddockStore.get(userAtom)?.Email).toBe('farmer@example.com');
  });

  test('a number without country code is refused with the account country’s prefix as the example; the hint names it', async () => {
    const update = jest.spyOn(usersApi, 'update');
    const { user } = await openAccount();
    const phone = screen.getByLabelText('Mobile phone');
    expect(phone).toHaveAccessibleDescription('Needed for SMS notifications. Start with + and the country code (+46 for Sweden).');
    await user.type(phone, '070-123 45 67');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This number has no country code. Write it with + and the country code, for example +46701234567.'),
    ).toBeInTheDocument();
    expect(phone).toHaveFocus();
    expect(update).not.toHaveBeenCalled();
  });

  test('in French: SMS notifications cannot be switched on without a number', async () => {
    const update = jest.spyOn(usersApi, 'update');
    const { user } = await openAccount(
      { ...sampleUser, Locale: 'fr-FR', Country: 'FR', SmsNotifications: { Enabled: false, Balance: 5 } },
      { locale: 'fr-FR' },
    );
    expect(screen.getByLabelText('Téléphone mobile')).toHaveAccessibleDescription(
      'Nécessaire pour les notifications par SMS. Commencez par + et l’indicatif du pays (+33 pour France).',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Notifications par SMS' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Les notifications par SMS nécessitent votre numéro de mobile. Saisissez-le ici, avec l’indicatif du pays.'),
    ).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  test('Buy SMS asks first, naming the bundle and its price in SEK for Sweden; Cancel buys nothing', async () => {
    const { user } = await openAccount();
    const buy = jest.spyOn(usersApi, 'buySms');
    await user.click(screen.getByRole('button', { name: 'Buy SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy SMS?' });
    expect(dialog).toHaveTextContent('100 SMS for SEK 99.00 (ex VAT).');
    expect(dialog).toHaveTextContent('They are added to your SMS balance. Each SMS notification uses one.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buy).not.toHaveBeenCalled();
  });

  test('buying SMS shows the busy button, then the new balance, updates the stored user and keeps what was typed', async () => {
    const { user } = await openAccount();
    let answer!: (user: User) => void;
    const bought: User = { ...sampleUser, SmsNotifications: { Enabled: false, Balance: 100 } };
    const buy = jest.spyOn(usersApi, 'buySms').mockReturnValue(new Promise<User>((resolve) => (answer = resolve)));
    await user.type(screen.getByLabelText('Mobile phone'), '+46 70 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Buy SMS' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Buy SMS?' })).getByRole('button', { name: 'Buy' }));
    expect(buy).toHaveBeenCalledTimes(1);
    // Silent: a failure is said in the dialog (docs/product/errors.md Dialogs), which stays open and busy meanwhile.
    expect(buy).toHaveBeenCalledWith('u1', expect.stringMatching(/^[0-9a-f-]{32,36}$/), { background: true, silent: true });
    const buying = within(screen.getByRole('dialog', { name: 'Buy SMS?' })).getByRole('button', { name: /Buy/ });
    expect(buying).toBeDisabled();
    expect(buying).toHaveAttribute('aria-busy', 'true');

    answer(bought);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy SMS' })).toBeEnabled());
    const sms = screen.getByRole('checkbox', { name: 'SMS notifications' });
    expect(sms).toBeEnabled();
    expect(sms).toHaveAccessibleDescription('100 SMS left');
    expect(paddockStore.get(userAtom)).toEqual(bought);
    expect(toastTexts()).toContain('100 SMS added. You now have 100 SMS.');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('+46 70 123 45 67');

    // Now SMS notifications can be switched on, and the typed number saves with them.
    const update = jest
      .spyOn(usersApi, 'update')
      .mockResolvedValue({ ...bought, Phone: '+46 70 123 45 67', SmsNotifications: { Enabled: true, Balance: 100 } });
    await user.click(sms);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Sent as dialled: E.164 (docs/product/validation.md Phone).
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('u1', { Phone: '+46701234567', SmsNotifications: { Enabled: true } }, expect.anything()),
    );
  });

  test('the price is the catalogue’s, and a double click on Buy buys once; the next purchase gets a new idempotency key', async () => {
    jest.spyOn(billingApi, 'prices').mockResolvedValue({ ...samplePrices, Sms: { ...samplePrices.Sms, Sek: 12900 } });
    const { user } = await openAccount();
    const buy = jest.spyOn(usersApi, 'buySms').mockResolvedValue({ ...sampleUser, SmsNotifications: { Enabled: false, Balance: 100 } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy SMS' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Buy SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy SMS?' });
    expect(dialog).toHaveTextContent('100 SMS for SEK 129.00 (ex VAT).');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'SMS notifications' })).toHaveAccessibleDescription('100 SMS left'));
    expect(buy).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Buy SMS' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Buy SMS?' })).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(buy).toHaveBeenCalledTimes(2));
    expect(buy.mock.calls[1][1]).not.toBe(buy.mock.calls[0][1]);
  });

  test('without prices Buy SMS is not offered', async () => {
    jest.spyOn(billingApi, 'prices').mockRejectedValue(apiError(500, 'internal', 'boom'));
    await openAccount();
    await waitFor(() => expect(toastTexts()).toContain('failed to get price data'));
    expect(screen.getByRole('button', { name: 'Buy SMS' })).toBeDisabled();
  });

  test('an admin acting for a user buys for that user and keeps their own session user', async () => {
    const owner: User = {
      ...sampleUser,
      Id: 'owner7',
      Email: 'owner@farm.de',
      Country: 'DE',
      SmsNotifications: { Enabled: true, Balance: 3 },
    };
    signInAs(sampleAdmin);
    paddockStore.set(impersonationAtom, { User: owner, ReturnTo: '/admin/user/owner7' });
    const { user } = await openAccount(owner);
    const buy = jest.spyOn(usersApi, 'buySms').mockResolvedValue({ ...owner, SmsNotifications: { Enabled: true, Balance: 103 } });
    await user.click(screen.getByRole('button', { name: 'Buy SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy SMS?' });
    expect(dialog).toHaveTextContent('100 SMS for €9.90 (ex VAT).');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'SMS notifications' })).toHaveAccessibleDescription('103 SMS left'));
    expect(buy).toHaveBeenCalledWith('owner7', expect.any(String), expect.anything());
    expect(paddockStore.get(impersonationAtom)?.User.SmsNotifications.Balance).toBe(103);
    expect(paddockStore.get(userAtom)?.Id).toBe('admin1');
  });

  test('a declined purchase is said inside the open dialog, in words; the balance stays and Buy can be tried again', async () => {
    const { user } = await openAccount();
    const original = globalThis.fetch;
    const body = JSON.stringify({ Error: 'payment_declined', Message: 'The payment was declined, so nothing was bought.' });
    const fetchMock = jest.fn(async (request: Request) => {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('http://localhost/api/users/u1/sms');
      return new Response(body, { status: 402, statusText: 'Payment Required', headers: { 'Content-Type': 'application/json' } });
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    configureApi({ apiBase: 'http://localhost/api', testApiBase: 'http://localhost/api' });
    try {
      await user.click(screen.getByRole('button', { name: 'Buy SMS' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Buy SMS?' })).getByRole('button', { name: 'Buy' }));
      const dialog = screen.getByRole('dialog', { name: 'Buy SMS?' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment was declined, so nothing was bought.');
      expect(dialog).not.toHaveTextContent('402');
      // No toast behind the dialog repeats it.
      expect(paddockStore.get(toastsAtom).some((toast) => toast.kind === 'error')).toBe(false);
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeEnabled());
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('checkbox', { name: 'SMS notifications' })).toBeDisabled();
      expect(paddockStore.get(userAtom)?.SmsNotifications.Balance).toBe(0);
      expect(paddockStore.get(signedInAtom)).toBe(true);
    } finally {
      globalThis.fetch = original;
      configureApi({ apiBase: '/api', testApiBase: '/api' });
    }
  });

  const summary = {
    Devices: [
      { Product: 'fencealarm', Key: '356938035643809', Name: 'East fence' },
      { Product: 'smartplug', Key: '356938035643810', Name: 'Barn heater' },
    ],
    Plans: [
      { Key: '356938035643809', Name: 'East fence', Trialing: false, ExpiresAt: '2027-03-01T12:00:00Z', Renews: true },
      { Key: '356938035643810', Name: 'Barn heater', Trialing: true, ExpiresAt: '2026-12-24T12:00:00Z', Renews: false },
    ],
    SmsBalance: 42,
    SharedWith: [
      { Email: 'anna@example.com', Devices: ['East fence', 'Barn heater'] },
      { Email: 'bo@example.com', Devices: ['Barn heater'] },
    ],
  };
  const openDeletion = async (user: { click: (element: Element) => Promise<void> }) => {
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    return screen.findByRole('dialog', { name: 'Delete your account?' });
  };

  test('deleting the account lists what goes, asks for the password, then deletes it, signs out and goes to sign-in', async () => {
    const { user } = await openAccount();
    const deletionSummary = jest.spyOn(usersApi, 'deletionSummary').mockResolvedValue(summary);
    const remove = jest.spyOn(usersApi, 'remove').mockResolvedValue(undefined);
    let dialog = await openDeletion(user);
    expect(dialog).toHaveTextContent('The account farmer@example.com will be deleted for good');
    expect(await within(dialog).findByRole('heading', { name: 'Your devices, which are unregistered' })).toBeInTheDocument();
    expect(deletionSummary).toHaveBeenCalledWith('u1', expect.anything());
    const lists = within(dialog)
      .getAllByRole('list')
      .map((list) =>
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      );
    expect(lists).toEqual([
      ['East fence', 'Barn heater'],
      ['East fence: plan until 1 Mar 2027', 'Barn heater: trial until 24 Dec 2026'],
      ['anna@example.com (East fence and Barn heater)', 'bo@example.com (Barn heater)'],
    ]);
    expect(dialog).toHaveTextContent('SMS left on the account: 42 (no refund)');
    expect(within(dialog).getByRole('heading', { name: 'People who lose access to your devices' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    expect(paddockStore.get(signedInAtom)).toBe(true);

    dialog = await openDeletion(user);
    await within(dialog).findByRole('heading', { name: 'Your devices, which are unregistered' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    // Not sent without the password.
    expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Enter your current password to delete your account.',
    );
    expect(remove).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Current password'), 'correct-horse-battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(currentLocation()).toBe('/sign-in'));
    expect(remove).toHaveBeenCalledWith('u1', 'correct-horse-battery', expect.anything());
    expect(paddockStore.get(signedInAtom)).toBe(false);
    expect(paddockStore.get(userAtom)).toBeNull();
    expect(toastTexts()).toContain('Your account has been deleted.');
  });

  test('a wrong password is said under the field, and the account stays', async () => {
    const { user } = await openAccount();
    jest.spyOn(usersApi, 'deletionSummary').mockResolvedValue({ Devices: [], Plans: [], SmsBalance: 0, SharedWith: [] });
    jest.spyOn(usersApi, 'remove').mockRejectedValue(apiError(400, 'invalid_password', 'The password is wrong.', 'Password'));
    const dialog = await openDeletion(user);
    expect(await within(dialog).findByText('You own no devices and have no SMS left, so nothing else goes with it.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Current password'), 'guess');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription('The password is wrong.'));
    expect(paddockStore.get(signedInAtom)).toBe(true);
    expect(currentLocation()).toBe('/account');
  });

  test('a failed deletion keeps the session and says why', async () => {
    const { user } = await openAccount();
    jest.spyOn(usersApi, 'deletionSummary').mockResolvedValue(summary);
    jest.spyOn(usersApi, 'remove').mockRejectedValue(apiError(500, 'internal', 'Something went wrong.'));
    const dialog = await openDeletion(user);
    await within(dialog).findByRole('heading', { name: 'Your devices, which are unregistered' });
    await user.type(within(dialog).getByLabelText('Current password'), 'correct-horse-battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(paddockStore.get(signedInAtom)).toBe(true);
    expect(currentLocation()).toBe('/account');
  });

  test('nothing is deleted before the list of what goes is there; a failed list offers Try again', async () => {
    const { user } = await openAccount();
    const deletionSummary = jest
      .spyOn(usersApi, 'deletionSummary')
      .mockRejectedValueOnce(apiError(500, 'internal', 'Boom'))
      .mockResolvedValue(summary);
    const remove = jest.spyOn(usersApi, 'remove').mockResolvedValue(undefined);
    const dialog = await openDeletion(user);
    expect(await within(dialog).findByText(/What goes with the account could not be listed: Boom/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete for good' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('heading', { name: 'Your devices, which are unregistered' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete for good' })).toBeEnabled();
    expect(deletionSummary).toHaveBeenCalledTimes(2);
    expect(remove).not.toHaveBeenCalled();
  });

  test('an admin acting for a user edits that user, keeps their own language and cannot delete the account', async () => {
    const owner: User = { ...sampleUser, Id: 'owner7', Email: 'owner@farm.se' };
    signInAs(sampleAdmin);
    paddockStore.set(impersonationAtom, { User: owner, ReturnTo: '/admin/user/owner7' });
    const { user, get } = await openAccount(owner);
    expect(get).toHaveBeenCalledWith('owner7', expect.anything());
    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
    const update = jest.spyOn(usersApi, 'update').mockResolvedValue({ ...owner, Locale: 'fr-FR' });
    await user.selectOptions(screen.getByLabelText('Language of the app and of our messages'), 'fr-FR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('owner7', { Locale: 'fr-FR' }, expect.anything()));
    await waitFor(() => expect(paddockStore.get(impersonationAtom)?.User.Locale).toBe('fr-FR'));
    expect(paddockStore.get(userAtom)?.Id).toBe('admin1');
    expect(changeLocale).not.toHaveBeenCalled();
  });

  test("an admin acting for a user starts an e-mail change without the user's password", async () => {
    signInAs(sampleAdmin);
    const owner: User = { ...sampleUser, Id: 'owner7', Email: 'owner@farm.se' };
    paddockStore.set(impersonationAtom, { User: owner, ReturnTo: '/admin/user/owner7' });
    const { user } = await openAccount(owner);
    const update = jest.spyOn(usersApi, 'update').mockResolvedValue({ ...owner, PendingEmail: 'owner@farm.de' });
    const email = screen.getByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'owner@farm.de');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('owner7', { Email: 'owner@farm.de' }, expect.anything()));
  });

  test('a failed load says so and can be retried', async () => {
    const get = jest
      .spyOn(usersApi, 'get')
      .mockRejectedValueOnce(apiError(400, 'oops', 'The server is busy.'))
      .mockResolvedValue(sampleUser);
    const { user } = await renderAccount('/account');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account could not be loaded: The server is busy.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('E-mail address')).toHaveValue('farmer@example.com');
    expect(get).toHaveBeenCalledTimes(2);
  });

  test('speaks German', async () => {
    const { user } = await openAccount({ ...sampleUser, Country: 'DE' }, { locale: 'de-DE' });
    expect(screen.getByRole('heading', { level: 1, name: 'Konto' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'SMS-Benachrichtigungen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('E-Mail-Adresse'));
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'neu@example.de');
    expect(screen.getByLabelText('Aktuelles Passwort')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SMS kaufen' }));
    const dialog = await screen.findByRole('dialog', { name: 'SMS kaufen?' });
    expect(dialog).toHaveTextContent('100 SMS für 9,90 € (zzgl. MwSt.).');
    expect(within(dialog).getByRole('button', { name: 'Kaufen' })).toBeInTheDocument();
  });

  describe('energy price (docs/product/limits.md "Energy price")', () => {
    test('empty without a price, in the account’s currency; a typed price is saved with the page in ten-thousandths', async () => {
      const { user } = await openAccount();
      const price = screen.getByLabelText('Price per kWh');
      expect(screen.getByRole('heading', { name: 'Energy price' })).toBeInTheDocument();
      expect(price).toHaveValue('');
      expect(screen.getByLabelText('Currency')).toHaveValue('SEK');
      const saved: User = { ...sampleUser, EnergyPrice: { PerKwh: 12345, Currency: 'EUR' } };
      const update = jest.spyOn(usersApi, 'update').mockResolvedValue(saved);
      await user.type(price, '1.2345');
      await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
      await user.click(screen.getByRole('checkbox', { name: 'News and offers' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
      expect(update).toHaveBeenCalledWith(
        'u1',
        { EmailNotifications: { Billing: true, Device: true, Marketing: true }, EnergyPrice: { PerKwh: 12345, Currency: 'EUR' } },
        expect.anything(),
      );
      expect(paddockStore.get(userAtom)?.EnergyPrice).toEqual({ PerKwh: 12345, Currency: 'EUR' });
      expect(price).toHaveValue('1.2345');
    });

    test('an emptied price removes it', async () => {
      const { user } = await openAccount({ ...sampleUser, EnergyPrice: { PerKwh: 25000, Currency: 'SEK' } });
      const update = jest.spyOn(usersApi, 'update').mockResolvedValue(sampleUser);
      expect(screen.getByLabelText('Price per kWh')).toHaveValue('2.50');
      await user.clear(screen.getByLabelText('Price per kWh'));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(update).toHaveBeenCalledWith('u1', { EnergyPrice: null }, expect.anything()));
    });

    test.each([
      ['abc', 'Enter the price as a number with at most 4 decimals, for example 1.25.'],
      ['0.12345', 'Enter the price as a number with at most 4 decimals, for example 1.25.'],
      // The limit in the currency chosen beside the price (SEK: the Swedish account's).
      ['0', 'The price must be more than 0 and at most SEK\u00a0100.00 per kWh.'],
      ['100.01', 'The price must be more than 0 and at most SEK\u00a0100.00 per kWh.'],
    ])('"%s" is refused in the browser: %s', async (typed, message) => {
      const update = jest.spyOn(usersApi, 'update');
      const { user } = await openAccount();
      await user.type(screen.getByLabelText('Price per kWh'), typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByLabelText('Price per kWh')).toHaveAccessibleDescription(expect.stringContaining(message)));
      expect(screen.getByLabelText('Price per kWh')).toHaveFocus();
      expect(update).not.toHaveBeenCalled();
    });

    test('the server’s 400 naming EnergyPrice.PerKwh shows at the price', async () => {
      const { user } = await openAccount();
      jest
        .spyOn(usersApi, 'update')
        .mockRejectedValue(apiError(400, 'invalid_field', 'EnergyPrice.PerKwh has an invalid value.', 'EnergyPrice.PerKwh'));
      await user.type(screen.getByLabelText('Price per kWh'), '2');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(screen.getByLabelText('Price per kWh')).toHaveAccessibleDescription(
          expect.stringContaining('EnergyPrice.PerKwh has an invalid value.'),
        ),
      );
    });

    test('German: the decimal comma, and the messages in German', async () => {
      const { user } = await openAccount(
        { ...sampleUser, Country: 'DE', EnergyPrice: { PerKwh: 2785, Currency: 'EUR' } },
        { locale: 'de-DE' },
      );
      expect(screen.getByRole('heading', { name: 'Strompreis' })).toBeInTheDocument();
      const price = screen.getByLabelText('Preis pro kWh');
      expect(price).toHaveValue('0,2785');
      expect(screen.getByLabelText('Währung')).toHaveValue('EUR');
      await user.clear(price);
      await user.type(price, '0,3,1');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() =>
        expect(price).toHaveAccessibleDescription(
          expect.stringContaining('Geben Sie den Preis als Zahl mit höchstens 4 Nachkommastellen ein, zum Beispiel 1,25.'),
        ),
      );
      await user.clear(price);
      await user.type(price, '250');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(price).toHaveAccessibleDescription(expect.stringContaining('höchstens 100,00\u00a0€ pro kWh sein.')));
      // The currency chosen now, not the one saved.
      await user.selectOptions(screen.getByLabelText('Währung'), 'SEK');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(price).toHaveAccessibleDescription(expect.stringContaining('höchstens 100,00\u00a0SEK pro kWh sein.')));
    });
  });
});
