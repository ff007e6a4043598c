// Test fixtures for the web side: a sample user and admin, a clean session, signing in, and the API's failed
// replies and toasts as the screens see them.
import { ApiError, configureApi, forgetPrices, toastsAtom } from '../api';
import type { PriceCatalogue, SignInReply, User } from '../contract';
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
  EnergyPrice: null,
  Location: null,
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
  forgetPrices();
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
  return new ApiError(
    status,
    STATUS_TEXTS[status] ?? 'Error',
    JSON.stringify({ Error: code, Message: message, Field: field }),
    code,
    field,
  );
}

/** Texts of the toasts on screen right now (the shell draws them; the store holds them). */
export function toastTexts(): string[] {
  return paddockStore.get(toastsAtom).map((toast) => toast.text ?? toast.message?.defaultMessage?.toString() ?? '');
}

/** A whole price catalogue as GET /prices answers it (docs/product/devices.md Prices); FarmCam SIM names carry their size. */
export const samplePrices: PriceCatalogue = {
  FarmcamSimSmall: { Id: 'price_sim_small', Name: 'FarmCam SIM Small 1 GB', Sek: 4900, Eur: 490 },
  FarmcamSimMedium: { Id: 'price_sim_medium', Name: 'FarmCam SIM Medium 5 GB', Sek: 9900, Eur: 990 },
  FarmcamSimLarge: { Id: 'price_sim_large', Name: 'FarmCam SIM Large 20 GB', Sek: 19900, Eur: 1990 },
  FarmcamSimExtraData: { Id: 'price_sim_extra', Name: 'FarmCam SIM extra data 1 GB', Sek: 2900, Eur: 290 },
  FencealarmMonth: { Id: 'price_fa_month', Name: 'FenceAlarm Monthly', Sek: 4900, Eur: 490 },
  FencealarmYear: { Id: 'price_fa_year', Name: 'FenceAlarm Yearly', Sek: 49000, Eur: 4900 },
  Fencealarm2Month: { Id: 'price_fa2_month', Name: 'FenceAlarm2 Monthly', Sek: 5900, Eur: 590 },
  Fencealarm2Year: { Id: 'price_fa2_year', Name: 'FenceAlarm2 Yearly', Sek: 59000, Eur: 5900 },
  SmartplugMonth: { Id: 'price_sp_month', Name: 'SmartPlug Monthly', Sek: 2900, Eur: 290 },
  SmartplugYear: { Id: 'price_sp_year', Name: 'SmartPlug Yearly', Sek: 29000, Eur: 2900 },
  Smartplug2Month: { Id: 'price_sp2_month', Name: 'SmartPlug2 Monthly', Sek: 3900, Eur: 390 },
  Smartplug2Year: { Id: 'price_sp2_year', Name: 'SmartPlug2 Yearly', Sek: 39000, Eur: 3900 },
  Sms: { Id: 'price_sms', Name: '100 SMS', Sek: 9900, Eur: 990 },
};

/**
 * The API as the real client (api/client.ts) reaches it through fetch, for a test file: every request kept in
 * `requests`, each answered by `reply` (set again before each test), and the client pointed at it meanwhile.
 */
export function apiStandIn(defaultReply: () => Response | Promise<Response>) {
  const standIn = { requests: [] as Request[], reply: defaultReply };
  const original = globalThis.fetch;
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.reply = defaultReply;
    globalThis.fetch = jest.fn(async (request: Request) => {
      standIn.requests.push(request);
      return standIn.reply();
    }) as unknown as typeof fetch;
    configureApi({ apiBase: 'http://localhost/api', testApiBase: 'http://localhost/api' });
  });
  afterEach(() => {
    globalThis.fetch = original;
    configureApi({ apiBase: '/api', testApiBase: '/api' });
  });
  return standIn;
}
