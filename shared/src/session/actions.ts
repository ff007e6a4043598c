// Session transitions (docs/product/states.md): sign in, sign out, token refresh, expiry.
import type { SignInReply, Token, User } from '../contract';
import { isLocale } from '../domain/account';
import { ApiError } from '../api/client';
import { usersApi } from '../api/users';
import {
  impersonationAtom,
  isTokenValid,
  localeAtom,
  paddockStore,
  sessionClockAtom,
  tokenAtom,
  userAtom,
  TOKEN_VALID_MARGIN_MS,
} from './store';

/** Refresh when less than this much of the token's life is left. */
const REFRESH_WHEN_LEFT_MS = 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 1000;

export function signIn(reply: SignInReply, store = paddockStore): void {
  store.set(tokenAtom, reply.Token);
  store.set(userAtom, reply.User);
  if (isLocale(reply.User.Locale)) store.set(localeAtom, reply.User.Locale);
  store.set(sessionClockAtom, (n) => n + 1);
}

/** Forgets the session here; the server is told too when it can be (the token is revoked there). */
export async function signOut(store = paddockStore): Promise<void> {
  const token = store.get(tokenAtom);
  if (isTokenValid(token)) await usersApi.revokeToken({ silent: true, background: true }).catch(() => undefined);
  clearSession(store);
}

/** The account as the server now has it, wherever the session holds it: the signed-in user, or the one impersonated. */
export function storeUpdatedUser(updated: User, store = paddockStore): void {
  if (store.get(userAtom)?.Id === updated.Id) store.set(userAtom, updated);
  const impersonation = store.get(impersonationAtom);
  if (impersonation?.User.Id === updated.Id) store.set(impersonationAtom, { ...impersonation, User: updated });
}

export function clearSession(store = paddockStore): void {
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(impersonationAtom, null);
  store.set(sessionClockAtom, (n) => n + 1);
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
      const fresh = await usersApi.get(user.Id, { silent: true, background: true });
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
