import { screen, waitFor, within } from '@testing-library/react';
import { configureApi, usersApi } from '@paddock/shared/api';
import { apiError, resetSession, sampleUser, toastTexts } from '@paddock/shared/testing/fixtures';
import { currentLocation } from '@paddock/shared/testing/renderRemote';
import { renderAccount } from '../common/testing';

const PASSWORD = 'twelve chars ok';

async function fillStep1(user: Awaited<ReturnType<typeof renderAccount>>['user'], { email = 'new@farm.se', password = PASSWORD, country = 'SE' } = {}) {
  if (email) await user.type(screen.getByLabelText('E-mail address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (country) await user.selectOptions(screen.getByLabelText('Country'), country);
}

describe('/create-account', () => {
  beforeEach(() => {
    resetSession();
    jest.restoreAllMocks();
  });

  test('a short password and no country are refused in the browser; nothing is sent', async () => {
    const create = jest.spyOn(usersApi, 'create');
    const { user } = await renderAccount('/create-account');
    await fillStep1(user, { password: 'short', country: '' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The password must have at least 12 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please choose one of the options.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(create).not.toHaveBeenCalled();
    // Continue checks step 1 too.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(/Step 1 of 2/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  test('step 1 can create the account directly, then the verification follows with the e-mail', async () => {
    const create = jest.spyOn(usersApi, 'create').mockResolvedValue({ Email: 'new@farm.se' });
    const { user } = await renderAccount('/create-account');
    await fillStep1(user, { email: ' New@Farm.se ' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(currentLocation()).toBe('/verify-account'));
    expect(create).toHaveBeenCalledWith(
      { Email: 'new@farm.se', Password: PASSWORD, Country: 'SE', Locale: 'en-GB' },
      expect.objectContaining({ silent: true }),
    );
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new@farm.se');
    expect(toastTexts()).toContain('We have sent an e-mail to new@farm.se. Enter the code from it to verify your account.');
  });

  test('step 2 adds the address and a normalized VAT number; a bad VAT number is refused first', async () => {
    const create = jest.spyOn(usersApi, 'create').mockResolvedValue({ Email: sampleUser.Email });
    const { user } = await renderAccount('/create-account?email=farm%40example.com');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('farm@example.com');
    await fillStep1(user, { email: '' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Step 2 of 2/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'Green Acres');
    await user.type(screen.getByLabelText('Address line 1'), 'Fältvägen 1');
    await user.type(screen.getByLabelText('Postcode'), '123 45');
    await user.type(screen.getByLabelText('Town or city'), 'Uppsala');
    await user.type(screen.getByLabelText('EU VAT number'), '12345{Enter}');
    expect(await screen.findByText(/Enter the VAT number in its country’s format/)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    // Issue 26: well-formed in general, but not in Sweden's format (SE + 10 digits + 01): refused before it is sent.
    await user.clear(screen.getByLabelText('EU VAT number'));
    await user.type(screen.getByLabelText('EU VAT number'), 'SE1234{Enter}');
    expect(await screen.findByText(/Enter the VAT number in its country’s format/)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('EU VAT number'));
    await user.type(screen.getByLabelText('EU VAT number'), 'se 5566-7788 9901');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(
      {
        Email: 'farm@example.com',
        Password: PASSWORD,
        Country: 'SE',
        Locale: 'en-GB',
        Name: 'Green Acres',
        Addr1: 'Fältvägen 1',
        PostalCode: '123 45',
        Town: 'Uppsala',
        Vatin: 'SE556677889901',
      },
      expect.anything(),
    );
  });

  test('a password the server refuses as too common shows its message at the field, back on step 1, keeping everything typed', async () => {
    const message = 'This password is one of the most common passwords and easy to guess. Please choose another one.';
    jest.spyOn(usersApi, 'create').mockRejectedValue(apiError(400, 'password_common', message, 'Password'));
    const { user } = await renderAccount('/create-account');
    await fillStep1(user, { email: 'taken@farm.se' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Town or city'), 'Lund');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining(message));
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.getByLabelText('E-mail address')).toHaveValue('taken@farm.se');
    expect(password).toHaveValue(PASSWORD);
    expect(screen.getByLabelText('Country')).toHaveValue('SE');
    expect(currentLocation()).toBe('/create-account');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Town or city')).toHaveValue('Lund');
  });

  test('on a test host a new account goes straight to sign-in with the e-mail', async () => {
    configureApi({ testHostPrefix: 'localhost' });
    jest.spyOn(usersApi, 'create').mockResolvedValue({ Email: sampleUser.Email });
    const { user } = await renderAccount('/create-account');
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?email=new%40farm.se'));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new@farm.se');
  });

  test('country names are in the interface language, and the account gets that language', async () => {
    const create = jest.spyOn(usersApi, 'create').mockResolvedValue({ Email: sampleUser.Email });
    const { user } = await renderAccount('/create-account', { locale: 'de-DE' });
    expect(screen.getByRole('heading', { level: 1, name: 'Konto erstellen' })).toBeInTheDocument();
    const country = screen.getByLabelText('Land');
    expect(within(country).getByRole('option', { name: 'Schweden' })).toHaveValue('SE');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'bauer@hof.de');
    await user.type(screen.getByLabelText('Passwort'), PASSWORD);
    await user.selectOptions(country, 'DE');
    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ Country: 'DE', Locale: 'de-DE' }), expect.anything()));
  });
});
