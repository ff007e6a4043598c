/** The account routes (owned by this remote, docs/product/screens.md) and the page a signed-in user starts on. */
export const PATHS = {
  signIn: '/sign-in',
  createAccount: '/create-account',
  verifyAccount: '/verify-account',
  resetPassword: '/reset-password',
  account: '/account',
  devices: '/devices',
  /** Where an admin starts instead of /devices (issue 30: an admin has no devices of their own). */
  admin: '/admin',
} as const;

/** `path?email=…` carrying what the user typed, or just `path` when nothing was typed. */
export function withEmail(path: string, email: string): string {
  const value = email.trim();
  return value ? `${path}?${new URLSearchParams({ email: value }).toString()}` : path;
}

/** The notices /sign-in shows when another page sends the user there (docs/product/screens.md): in the navigation state. */
export type SignInNotice = 'verified' | 'passwordSaved';

/** Navigation state for /sign-in to say why the user is there. */
export function signInNotice(notice: SignInNotice): { notice: SignInNotice } {
  return { notice };
}
