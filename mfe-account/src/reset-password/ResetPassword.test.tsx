import { screen, waitFor } from '@testing-library/react';
import { usersApi } from '@paddock/shared/api';
import { apiError, resetSession, toastTexts } from '@paddock/shared/testing/fixtures';
import { currentLocation } from '@paddock/shared/testing/renderRemote';
import { renderAccount } from '../common/testing';

describe('/reset-password', () => {
  beforeEach(() => {
    resetSession();
    jest.restoreAllMocks();
  });

  test('asks for a code, then saves the new password with it and goes to sign-in', async () => {
    const send = jest.spyOn(usersApi, 'sendVerificationCode').mockResolvedValue(undefined);
    const reset = jest.spyOn(usersApi, 'resetPassword').mockResolvedValue(undefined);
    const { user } = await renderAccount('/reset-password?email=farmer%40example.com');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('farmer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('A code is on its way to farmer@example.com.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('farmer@example.com', expect.objectContaining({ silent: true }));
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveFocus());
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?email=farmer%40example.com'));
    expect(reset).toHaveBeenCalledWith(
      { Email: 'farmer@example.com', Password: 'a brand new passphrase', VerificationCode: '654321' },
      expect.objectContaining({ silent: true }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Your new password is saved. Sign in with it.');
    expect(toastTexts()).toEqual([]);
  });

  test('a bad e-mail gets no code; a short new password is refused in the browser', async () => {
    const send = jest.spyOn(usersApi, 'sendVerificationCode').mockResolvedValue(undefined);
    const reset = jest.spyOn(usersApi, 'resetPassword');
    const { user } = await renderAccount('/reset-password');
    await user.type(screen.getByLabelText('E-mail address'), 'not-an-address{Enter}');
    expect(await screen.findByText(/valid e-mail address/)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'farmer@example.com');
    await user.click(screen.getByRole('button', { name: 'I already have a code' }));
    expect(send).not.toHaveBeenCalled();
    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'too short{Enter}');
    expect(await screen.findByText('The password must have at least 12 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(reset).not.toHaveBeenCalled();
  });

  test('a wrong code shows the server message and keeps what was typed', async () => {
    jest.spyOn(usersApi, 'resetPassword').mockRejectedValue(apiError(400, 'wrong_code', 'That code is not right.', 'VerificationCode'));
    const { user } = await renderAccount('/reset-password?email=farmer%40example.com');
    await user.click(screen.getByRole('button', { name: 'I already have a code' }));
    await user.type(await screen.findByLabelText('Verification code'), '111111');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription('That code is not right.'));
    expect(screen.getByLabelText('New password')).toHaveValue('a brand new passphrase');
    expect(currentLocation()).toBe('/reset-password?email=farmer%40example.com');
  });

  test('has a way back to sign-in', async () => {
    await renderAccount('/reset-password', { locale: 'fr-FR' });
    expect(screen.getByRole('heading', { level: 1, name: 'Réinitialiser le mot de passe' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/sign-in');
  });
});
