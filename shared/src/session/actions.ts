// Session transitions (docs/product/states.md): sign in, sign out, token refresh, expiry.
import type { SignInReply, Token, User } from '../contract';
import { isLocale } from '../domain/account';
import { adminApi } from '../api/admin';
import { ApiError } from '../api/client';
import { forgetPrices } from '../api/priceCache';
import { usersApi } from '../api/users';
import {
  impersonationAtom,
  STORAGE_KEYS,
  isTokenValid,
  localeAtom,
  paddockStore,
  forgetSession,
  sessionClockAtom,
  signedOutOnPurposeAtom,
  tokenAtom,
  userAtom,
  TOKEN_VALID_MARGIN_MS,
} from './store';

/** Refresh when less than this much of the token's life is left. */
const REFRESH_WHEN_LEFT_MS = 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 1000;

export function signIn(reply: SignInReply, store = paddockStore): void {
  // A new session starts as itself: an impersonation left in this tab belonged to an earlier one.
  store.set(impersonationAtom, null);
  store.set(signedOutOnPurposeAtom, false);
  store.set(tokenAtom, reply.Token);
  store.set(userAtom, reply.User);
  if (isLocale(reply.User.Locale)) store.set(localeAtom, reply.User.Locale);
  store.set(sessionClockAtom, (n) => n + 1);
}

/** Forgets the session here; the server is told too when it can be (the token is revoked there). */
export async function signOut(store = paddockStore): Promise<void> {
  const token = store.get(tokenAtom);
  if (isTokenValid(token)) await usersApi.revokeToken({ silent: true, background: true }).catch(() => undefined);
  clearSession(store, { onPurpose: true });
}

/** The account as the server now has it, wherever the session holds it: the signed-in user, or the one impersonated. */
export function storeUpdatedUser(updated: User, store = paddockStore): void {
  if (store.get(userAtom)?.Id === updated.Id) store.set(userAtom, updated);
  const impersonation = store.get(impersonationAtom);
  if (impersonation?.User.Id === updated.Id) store.set(impersonationAtom, { ...impersonation, User: updated });
}

/**
 * Starts acting as `user` (docs/product/admin.md Impersonation): from now on every call carries the impersonation
 * header and every page shows "Viewing as". `returnTo` is where Stop impersonating goes (that user's admin page).
 * The caller then navigates (to /devices). Only an admin's session acts on it (impersonatingAtom).
 */
export function startImpersonating(user: User, returnTo: string, store = paddockStore): void {
  forgetPerUserState();
  store.set(impersonationAtom, { User: user, ReturnTo: returnTo });
}

/**
 * Stops acting as the user: tells the server (recorded in the audit log) as the admin's own call, best effort (a failure
 * never keeps the admin impersonating), then forgets the impersonation. Returns where to go: the ReturnTo given at the
 * start, or /admin; null when nobody was being impersonated.
 */
export async function stopImpersonating(store = paddockStore): Promise<string | null> {
  const impersonation = store.get(impersonationAtom);
  if (!impersonation) return null;
  await adminApi.stopImpersonating(impersonation.User.Id, { asSelf: true, silent: true, optional: true }).catch(() => undefined);
  forgetPerUserState();
  store.set(impersonationAtom, null);
  return impersonation.ReturnTo || '/admin';
}

/**
 * What the screens keep of one user outside the session atoms: the price catalogue (keyed by user, forgotten anyway)
 * and the last device opened (start-up goes there, docs/product/screens.md), which may be the customer's.
 * The device list itself is polled per active user by the dashboard, so it reloads on its own.
 */
function forgetPerUserState(): void {
  forgetPrices();
  try {
    localStorage.removeItem(STORAGE_KEYS.lastDeviceId);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/** Forgets the session here. `onPurpose`: the user ended it (Sign out, account deleted), not an expiry or a 401. */
export function clearSession(store = paddockStore, { onPurpose = false }: { onPurpose?: boolean } = {}): void {
  forgetSession(store, onPurpose);
}

/** Asks for a new token (GET /token). A 401 signs out (the client does that); other failures are raised. */
export async function refreshToken(store = paddockStore): Promise<Token> {
  const token = await usersApi.refreshToken({ background: true, silent: true });
  store.set(tokenAtom, token);
  return token;
}

function needsRefresh(token: Token, nowMs: number): boolean {
  return Date.parse(token.ExpiresAt) - nowMs < REFRESH_WHEN_LEFT_MS;
}

/** One tick of session upkeep: drop an expired session, refresh one that is close to expiry. */
export async function checkSession(store = paddockStore, nowMs = Date.now()): Promise<void> {
  const token = store.get(tokenAtom);
  if (!token) return;
  if (!isTokenValid(token, nowMs)) {
    clearSession(store);
    return;
  }
  if (needsRefresh(token, nowMs)) {
    try {
      await refreshToken(store);
    } catch (error) {
      // 401 already signed out; anything else: keep the session, try again at the next tick.
      if (!(error instanceof ApiError)) throw error;
    }
  }
  // Re-evaluate "signed in" exactly when the margin is crossed.
  store.set(sessionClockAtom, (n) => n + 1);
}

let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Starts session upkeep at app start. Verifies a stored session with the server once (GET /users/{id}, which
 * also refreshes the stored user); a server that cannot be reached raises, so the shell can show
 * /connection-error.
 */
export async function startSession(store = paddockStore): Promise<void> {
  const token = store.get(tokenAtom);
  const user = store.get(userAtom);
  if (token && user && isTokenValid(token)) {
    try {
      // The admin's own account, also while impersonating (no impersonation header).
      const fresh = await usersApi.get(user.Id, { silent: true, background: true, asSelf: true });
      store.set(userAtom, fresh);
    } catch (error) {
      if (error instanceof ApiError && error.status === 408) throw error;
      if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) clearSession(store);
    }
    await checkSession(store);
  } else if (token || user) {
    clearSession(store);
  }
  if (timer) clearInterval(timer);
  timer = setInterval(() => void checkSession(store), Math.min(CHECK_EVERY_MS, TOKEN_VALID_MARGIN_MS * 6));
}

export function stopSession(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
