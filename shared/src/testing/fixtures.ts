// Test fixtures for the web side: a sample user and admin, a clean session, signing in, and the API's failed
// replies and toasts as the screens see them.
import { ApiError, configureApi, toastsAtom } from '../api';
import type { SignInReply, User } from '../contract';
import { impersonationAtom, localeAtom, paddockStore, sessionClockAtom, tokenAtom, userAtom } from '../session';

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

export const sampleAdmin: User = { ...sampleUser, Id: 'admin1', AccountType: 'admin', Email: 'staff@paddock.farm', Name: 'Paddock Staff' };

/** A clean session (signed out, nothing stored), no toasts, English; the API is not a test host. */
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

/** The reply of POST /sessions for `user`, with a token valid for an hour. */
export function signInReply(user: User = sampleUser): SignInReply {
  return { User: user, Token: { String: 'token-1', ExpiresAt: new Date(Date.now() + 3_600_000).toISOString() } };
}

/** Signs `user` in on the shared store, as a real sign-in would; returns the user. */
export function signInAs(user: User = sampleUser): User {
  const reply = signInReply(user);
  paddockStore.set(tokenAtom, reply.Token);
  paddockStore.set(userAtom, reply.User);
  paddockStore.set(sessionClockAtom, (n) => n + 1);
  return user;
}

const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  429: 'Too Many Requests',
};

/** A failed reply as the server sends it: `{ Error, Message, Field? }`. */
export function apiError(status: number, code: string, message: string, field?: string): ApiError {
  return new ApiError(status, STATUS_TEXTS[status] ?? 'Error', JSON.stringify({ Error: code, Message: message, Field: field }), code, field);
}

/** Texts of the toasts on screen right now (the shell draws them; the store holds them). */
export function toastTexts(): string[] {
  return paddockStore.get(toastsAtom).map((toast) => toast.text ?? toast.message?.defaultMessage?.toString() ?? '');
}
