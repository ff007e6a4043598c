// Test helpers for the account screens: render the remote the way the shell hosts it (one router, the one jotai
// store, the app's IntlProvider), and build the replies and failures the API gives.
import { screen } from '@testing-library/react';
import { ApiError, configureApi, toastsAtom } from '@paddock/shared/api';
import type { SignInReply, User } from '@paddock/shared/contract';
import { impersonationAtom, localeAtom, paddockStore, tokenAtom, userAtom } from '@paddock/shared/session';
import { currentLocation, renderRemote, type RenderRemoteOptions } from '@paddock/shared/testing/renderRemote';
import App from '../App';

/** Renders the account remote at `path`, as the shell does, once its (lazily loaded) page has shown. */
export async function renderAccount(path: string, options: RenderRemoteOptions = {}) {
  const rendered = renderRemote(App, path, options);
  await screen.findAllByRole('heading', { level: 1 });
  return rendered;
}

export { currentLocation };

/** A clean session and no toasts; the API is not a test host. */
export function resetSession(): void {
  localStorage.clear();
  sessionStorage.clear();
  paddockStore.set(tokenAtom, null);
  paddockStore.set(userAtom, null);
  paddockStore.set(impersonationAtom, null);
  paddockStore.set(toastsAtom, []);
  paddockStore.set(localeAtom, 'en-GB');
  configureApi({ testHostPrefix: 'test.' });
}

export const sampleUser: User = {
  Id: 'u1',
  CustomerId: 'c1',
  AccountType: 'user',
  Email: 'farmer@example.com',
  Phone: '',
  Locale: 'en-GB',
  Country: 'SE',
  Verified: true,
  Name: 'Greta Farmer',
  Addr1: '',
  Addr2: '',
  PostalCode: '',
  Town: '',
  Vatin: '',
  EmailNotifications: { Billing: true, Device: true, Marketing: false },
  PushNotifications: { Enabled: false, Tokens: [] },
  SmsNotifications: { Enabled: false, Balance: 0 },
};

export function signInReply(user: User = sampleUser): SignInReply {
  return { User: user, Token: { String: 'token-1', ExpiresAt: new Date(Date.now() + 3_600_000).toISOString() } };
}

/** Signs `user` in on the shared store, as a real sign-in would. */
export function signInAs(user: User = sampleUser): void {
  const reply = signInReply(user);
  paddockStore.set(tokenAtom, reply.Token);
  paddockStore.set(userAtom, reply.User);
}

/** A failed reply as the server sends it: `{ Error, Message, Field? }`. */
export function apiError(status: number, code: string, message: string, field?: string): ApiError {
  const statusText: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 409: 'Conflict', 429: 'Too Many Requests' };
  return new ApiError(status, statusText[status] ?? 'Error', JSON.stringify({ Error: code, Message: message, Field: field }), code, field);
}

/** Texts of the toasts on screen right now (the shell draws them; the store holds them). */
export function toastTexts(): string[] {
  return paddockStore.get(toastsAtom).map((toast) => toast.text ?? toast.message?.defaultMessage?.toString() ?? '');
}
