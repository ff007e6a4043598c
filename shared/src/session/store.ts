// The one session store (docs/architecture/README.md#module-federation-notes): the shell provides `paddockStore`; every remote reads the same atoms because
// @paddock/shared and jotai are federated singletons.
import { atom, createStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { Token, User } from '../contract';
import { FALLBACK_LOCALE, isLocale, pickLocale, type Locale } from '../domain/account';

export const paddockStore = createStore();

/** Signed in only while the token's expiry is more than this far ahead (docs/product/limits.md). */
export const TOKEN_VALID_MARGIN_MS = 10_000;

export const STORAGE_KEYS = {
  token: 'paddock.token',
  user: 'paddock.user',
  locale: 'paddock.locale',
  impersonation: 'paddock.impersonation',
  lastDeviceId: 'paddock.lastDeviceId',
  pushPrompt: 'paddock.pushPrompt',
  /** Ids of the notices this browser has closed (docs/product/states.md Dismissed notices). */
  dismissedNotices: 'paddock.dismissedNotices',
  /** The last device list the dashboard showed, with its user and time, for use offline (docs/product/installable-app.md). */
  lastDeviceList: 'paddock.lastDeviceList',
  /** The dashboard's view chosen in this browser, 'compact' or 'detailed' (docs/product/screens.md /devices). */
  dashboardView: 'paddock.dashboardView',
} as const;

export function isTokenValid(token: Token | null | undefined, nowMs: number = Date.now()): token is Token {
  if (!token) return false;
  const expiresAt = Date.parse(token.ExpiresAt);
  return Number.isFinite(expiresAt) && expiresAt - nowMs > TOKEN_VALID_MARGIN_MS;
}

/**
 * Where the session lives: this browser's storage, or memory only once keepSessionInMemory() was called — by the
 * partner embed (docs/product/embedding.md), so a token handed to an embed never lands in the partner page's
 * storage nor outlives it.
 */
const inMemory = new Map<string, string>();
const memoryStorage = {
  getItem: (key: string) => inMemory.get(key) ?? null,
  setItem: (key: string, value: string) => void inMemory.set(key, value),
  removeItem: (key: string) => void inMemory.delete(key),
};
let keepInMemory = false;
export function keepSessionInMemory(): void {
  keepInMemory = true;
}
const local = createJSONStorage<any>(() => (keepInMemory ? memoryStorage : localStorage));
const perBrowserSession = createJSONStorage<any>(() => sessionStorage);

export const tokenAtom = atomWithStorage<Token | null>(STORAGE_KEYS.token, null, local, { getOnInit: true });
export const userAtom = atomWithStorage<User | null>(STORAGE_KEYS.user, null, local, { getOnInit: true });

/** An admin acting as another user (docs/product/states.md): held per browser session. */
export interface Impersonation {
  User: User;
  /** Where "Stop impersonating" returns to. */
  ReturnTo: string;
}
export const impersonationAtom = atomWithStorage<Impersonation | null>(
  STORAGE_KEYS.impersonation,
  null,
  perBrowserSession,
  { getOnInit: true },
);

/**
 * Whether the last session here was ended by the user (Sign out, account deleted) rather than by expiry or a 401:
 * then the sign-in page is plain, with no way back to the page they left (docs/product/states.md).
 */
export const signedOutOnPurposeAtom = atom(false);

/** Bumped when time passes a token boundary, so signedInAtom is re-read. */
export const sessionClockAtom = atom(0);

export const signedInAtom = atom((get) => {
  get(sessionClockAtom);
  return get(userAtom) !== null && isTokenValid(get(tokenAtom));
});

export const isAdminAtom = atom((get) => get(signedInAtom) && get(userAtom)?.AccountType === 'admin');

/**
 * The impersonation in force: only while an admin is signed in (docs/product/admin.md Impersonation). The calls'
 * header and the "Viewing as" banner follow this, so a stale session value never acts for anyone else.
 */
export const impersonatingAtom = atom((get) => (get(isAdminAtom) ? get(impersonationAtom) : null));

/**
 * The user the screens act for: the impersonated one while an admin impersonates. Only then: an impersonation left in
 * this tab by an admin who signed out elsewhere never shows another customer to whoever signs in next.
 */
export const activeUserAtom = atom((get) => get(impersonatingAtom)?.User ?? get(userAtom));

/** Notice ids closed in this browser; pruned to the public ones after every fetch of the notices. */
export const dismissedNoticesAtom = atomWithStorage<string[]>(STORAGE_KEYS.dismissedNotices, [], local, { getOnInit: true });

/** The dashboard's view chosen in this browser; null until the farmer chooses (the screen's width decides then). */
export const dashboardViewAtom = atomWithStorage<'compact' | 'detailed' | null>(STORAGE_KEYS.dashboardView, null, local, { getOnInit: true });

function initialLocale(): Locale {
  const languages = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  return pickLocale(languages.filter(Boolean));
}

const storedLocale = atomWithStorage<string | null>(STORAGE_KEYS.locale, null, local, { getOnInit: true });
/** The interface language: the stored choice, else the browser's languages, else en-GB. */
export const localeAtom = atom(
  (get): Locale => {
    const stored = get(storedLocale);
    return isLocale(stored) ? stored : initialLocale();
  },
  (_get, set, locale: Locale) => set(storedLocale, isLocale(locale) ? locale : FALLBACK_LOCALE),
);

/**
 * Forgets the session here: the token, the user, an impersonation, and the dashboard's offline copy of the user's
 * devices (docs/product/installable-app.md: never left for whoever uses this browser next). `onPurpose`: the user
 * ended it (Sign out, account deleted), not an expiry or a 401 (the API client's, which comes here too).
 */
export function forgetSession(store = paddockStore, onPurpose = false): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.lastDeviceList);
  } catch {
    // storage unavailable: nothing was kept
  }
  store.set(signedOutOnPurposeAtom, onPurpose);
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(impersonationAtom, null);
  store.set(sessionClockAtom, (n) => n + 1);
}
