// Route guards of docs/product/screens.md "Startup and navigation", as pure functions of the path and the session.
import { ROUTES, SHELL_ROUTES, ownerOf, type RemoteName } from '@paddock/shared/federation';

export interface GuardSession {
  signedIn: boolean;
  isAdmin: boolean;
  /** The device id stored when a device was last opened (localStorage `paddock.lastDeviceId`), if any. */
  lastDeviceId?: string | null;
}

/** Where signed-in users who land on a signed-out page (or on `/`) are sent. */
export const SIGNED_IN_HOME = '/devices';
export const SIGN_IN = '/sign-in';

/**
 * Pages for signed-out users (/sign-in, /create-account, /reset-password, /verify-account: the routes the route
 * table marks `signedOut`); a signed-in user landing on one of them, or on `/`, goes to /devices.
 */
const SIGNED_OUT_PAGES = new Set(ROUTES.filter((route) => route.access === 'signedOut').map((route) => route.path));
/** Shell pages open to everyone, whatever the session. */
const OPEN_PAGES = new Set<string>([SHELL_ROUTES.redirect, SHELL_ROUTES.connectionError]);

/** `/devices/` → `/devices`; `//` and `` → `/`. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function signedInHome(lastDeviceId?: string | null): string {
  const id = lastDeviceId?.trim();
  return id ? `${SIGNED_IN_HOME}?id=${encodeURIComponent(id)}` : SIGNED_IN_HOME;
}

/**
 * Where the guard sends the user instead of `pathname`, or null when the page may show:
 * - `/redirect` and `/connection-error` always show;
 * - signed in on `/`, `/sign-in`, `/create-account`, `/reset-password`, `/verify-account` → `/devices`
 *   (`/devices?id={id}` when a last device id is stored);
 * - signed out anywhere else → `/sign-in`.
 * Admin-only pages for non-admins are not redirected: they show "Page not found" (see `resolveRoute`).
 */
// `search` is part of the signature so that a rule may depend on the query; none of the rules in docs/product/screens.md does today.
export function guardRedirect(pathname: string, _search: string, session: GuardSession): string | null {
  const path = normalizePath(pathname);
  if (OPEN_PAGES.has(path)) return null;
  const landing = path === '/' || SIGNED_OUT_PAGES.has(path);
  if (session.signedIn) {
    return landing ? signedInHome(session.lastDeviceId) : null;
  }
  return SIGNED_OUT_PAGES.has(path) ? null : SIGN_IN;
}

export type RouteResolution =
  | { kind: 'redirect'; to: string }
  | { kind: 'shell'; page: 'redirect' | 'connectionError' }
  | { kind: 'remote'; remote: RemoteName }
  | { kind: 'notFound' };

/** What the shell renders for a location: a redirect, one of its own pages, a remote's section, or "Page not found". */
export function resolveRoute(pathname: string, search: string, session: GuardSession): RouteResolution {
  const to = guardRedirect(pathname, search, session);
  if (to !== null) return { kind: 'redirect', to };
  const path = normalizePath(pathname);
  if (path === SHELL_ROUTES.redirect) return { kind: 'shell', page: 'redirect' };
  if (path === SHELL_ROUTES.connectionError) return { kind: 'shell', page: 'connectionError' };
  const owner = ownerOf(path);
  if (!owner) return { kind: 'notFound' };
  if (owner.access === 'admin' && !session.isAdmin) return { kind: 'notFound' };
  return { kind: 'remote', remote: owner.remote };
}

/** The stored last device id; tolerates a JSON-encoded string (as jotai's atomWithStorage writes it). */
export function readLastDeviceId(storage: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    return null; // storage disabled
  }
  if (!raw) return null;
  if (raw.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'string' && parsed ? parsed : null;
    } catch {
      return null;
    }
  }
  return raw;
}
