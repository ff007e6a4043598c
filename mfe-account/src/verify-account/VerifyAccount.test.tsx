import { screen, waitFor } from '@testing-library/react';
import { usersApi } from '@paddock/shared/api';
import { apiError, resetSession, toastTexts } from '@paddock/shared/testing/fixtures';
import { currentLocation } from '@paddock/shared/testing/renderRemote';
import { renderAccount } from '../common/testing';

describe('/verify-account', () => {
  beforeEach(() => {
    resetSession();
    jest.restoreAllMocks();
  });

  test('the e-mail from the query fills the field and is then removed from the address', async () => {
    await renderAccount('/verify-account?email=new%40farm.se');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new@farm.se');
    await waitFor(() => expect(currentLocation()).toBe('/verify-account'));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new@farm.se');
  });

  test('confirming with the code verifies the account and goes to sign-in with the e-mail', async () => {
    const verify = jest.spyOn(usersApi, 'verifyEmail').mockResolvedValue(undefined);
    const { user } = await renderAccount('/verify-account?email=new%40farm.se');
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123 456{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?email=new%40farm.se'));
    expect(verify).toHaveBeenCalledWith('new@farm.se', '123456', expect.objectContaining({ silent: true }));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new@farm.se');
    // Said once, on the sign-in page, not as a toast.
    expect(screen.getByRole('status')).toHaveTextContent('Your account is verified. Sign in to start using Paddock.');
    expect(toastTexts()).toEqual([]);
  });

  test('a short code or a missing e-mail is refused in the browser', async () => {
    const verify = jest.spyOn(usersApi, 'verifyEmail');
    const { user } = await renderAccount('/verify-account');
    await user.type(screen.getByLabelText('Verification code'), '12a3');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(screen.getByText('The code has 6 digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    expect(verify).not.toHaveBeenCalled();
  });

  test('a wrong or burned code shows the server message and keeps the input', async () => {
    jest
      .spyOn(usersApi, 'verifyEmail')
      .mockRejectedValue(apiError(400, 'code_burned', 'Too many wrong tries. Please request a new code.', 'VerificationCode'));
    const { user } = await renderAccount('/verify-account?email=new%40farm.se');
    await user.type(screen.getByLabelText('Verification code'), '000000{Enter}');
    const code = screen.getByLabelText('Verification code');
    await waitFor(() => expect(code).toHaveAccessibleDescription('Too many wrong tries. Please request a new code.'));
    expect(code).toHaveValue('000000');
    expect(currentLocation()).toBe('/verify-account');
  });

  test('asks for the password chosen at sign-up when the server needs it, and sends it with the code', async () => {
    const verify = jest
      .spyOn(usersApi, 'verifyEmail')
      .mockRejectedValueOnce(
        apiError(400, 'sign_up_password_required', 'Enter the password you chose when you created the account.', 'Password'),
      )
      .mockResolvedValueOnce(undefined);
    const { user } = await renderAccount('/verify-account?email=new%40farm.se');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    const password = await screen.findByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Enter the password you chose when you created the account.'));
    expect(currentLocation()).toBe('/verify-account');
    // Empty, it is refused in the browser.
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);
    await user.type(password, 'my-own-password-1{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?email=new%40farm.se'));
    expect(verify).toHaveBeenLastCalledWith('new@farm.se', '123456', expect.objectContaining({ silent: true }), 'my-own-password-1');
  });

  test('an error without a field shows at the top of the form', async () => {
    jest.spyOn(usersApi, 'verifyEmail').mockRejectedValue(apiError(400, 'code_expired', 'The code has expired. Please request a new one.'));
    const { user } = await renderAccount('/verify-account?email=new%40farm.se');
    await user.type(screen.getByLabelText('Verification code'), '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The code has expired. Please request a new one.');
  });

  test('"Send new code" sends one to the typed e-mail and says so', async () => {
    const send = jest.spyOn(usersApi, 'sendVerificationCode').mockResolvedValue(undefined);
    const { user } = await renderAccount('/verify-account');
    await user.click(screen.getByRole('button', { name: 'Send new code' }));
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('E-mail address'), 'Farmer@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way to farmer@example.com.');
    expect(send).toHaveBeenCalledWith('farmer@example.com', expect.objectContaining({ silent: true }));
  });
});
