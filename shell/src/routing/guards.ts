// Route guards of docs/product/screens.md "Startup and navigation", as pure functions of the path and the session.
import { safeAppPath } from '@paddock/shared/domain';
import { ROUTES, SHELL_ROUTES, ownerOf, type RemoteName } from '@paddock/shared/federation';

export interface GuardSession {
  signedIn: boolean;
  isAdmin: boolean;
  /** The device id stored when a device was last opened (localStorage `paddock.lastDeviceId`), if any. */
  lastDeviceId?: string | null;
  /** The user signed out (or deleted the account): the sign-in page offers no way back to the page they left. */
  signedOutOnPurpose?: boolean;
}

/** Where signed-in users who land on a signed-out page (or on `/`) are sent. */
export const SIGNED_IN_HOME = '/devices';
/** Where admins land instead: the admin start page, not a dashboard of their own with no devices (issue 30). */
export const ADMIN_HOME = '/admin';
export const SIGN_IN = '/sign-in';
/** The query parameter of /sign-in naming the page to come back to (an alarm e-mail's or a push's link, a bookmark). */
export const RETURN_PARAM = 'next';

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

export function signedInHome(lastDeviceId?: string | null, isAdmin = false): string {
  if (isAdmin) return ADMIN_HOME;
  const id = lastDeviceId?.trim();
  return id ? `${SIGNED_IN_HOME}?id=${encodeURIComponent(id)}` : SIGNED_IN_HOME;
}

/** `/sign-in?next={path and query}` for a signed-out visit to `pathname`; plain `/sign-in` for `/` or a path that is not ours. */
export function signInReturningTo(pathname: string, search: string): string {
  if (normalizePath(pathname) === '/') return SIGN_IN;
  const target = safeAppPath(`${pathname}${search}`);
  return target ? `${SIGN_IN}?${new URLSearchParams({ [RETURN_PARAM]: target }).toString()}` : SIGN_IN;
}

/** The safe page named by `?next=` in `search`, or null (docs/product/screens.md "Startup and navigation"). */
export function returnTarget(search: string): string | null {
  return safeAppPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/**
 * Where the guard sends the user instead of `pathname`, or null when the page may show:
 * - `/redirect` and `/connection-error` always show;
 * - signed in on `/sign-in?next={path}` → that path when it is one of ours (the link that led to sign-in);
 * - signed in on `/`, `/sign-in`, `/create-account`, `/reset-password`, `/verify-account` → `/devices`
 *   (`/devices?id={id}` when a last device id is stored); an admin → `/admin`;
 * - signed out anywhere else → `/sign-in?next={path and query}`, so that signing in comes back there (plain
 *   `/sign-in` right after the user signed out on purpose: Sign out is not a link to come back to).
 * Admin-only pages for non-admins are not redirected: they show "Page not found" (see `resolveRoute`).
 */
export function guardRedirect(pathname: string, search: string, session: GuardSession): string | null {
  const path = normalizePath(pathname);
  if (OPEN_PAGES.has(path)) return null;
  const landing = path === '/' || SIGNED_OUT_PAGES.has(path);
  if (session.signedIn) {
    if (!landing) return null;
    return (path === SIGN_IN ? returnTarget(search) : null) ?? signedInHome(session.lastDeviceId, session.isAdmin);
  }
  if (SIGNED_OUT_PAGES.has(path)) return null;
  return session.signedOutOnPurpose ? SIGN_IN : signInReturningTo(pathname, search);
}

/**
 * Other spellings of a route that lead to it (docs/product/screens.md "User screens"): the FarmCam SIM's product id
 * is written `farm-cam-sim` in places, its pages are `/farmcam-sim/…`. Each: a path prefix and the prefix it stands for.
 */
const ROUTE_ALIASES: readonly (readonly [alias: string, path: string])[] = [['/farm-cam-sim', '/farmcam-sim']];

/** The app's own spelling of `pathname` (the rest of the path and the query kept), or null when it has none other. */
export function aliasTarget(pathname: string, search: string): string | null {
  const path = normalizePath(pathname);
  for (const [alias, target] of ROUTE_ALIASES) {
    if (path === alias || path.startsWith(`${alias}/`)) return `${target}${path.slice(alias.length)}${search}`;
  }
  return null;
}

export type RouteResolution =
  | { kind: 'redirect'; to: string }
  | { kind: 'shell'; page: 'redirect' | 'connectionError' }
  | { kind: 'remote'; remote: RemoteName }
  | { kind: 'notFound' };

/** What the shell renders for a location: a redirect, one of its own pages, a remote's section, or "Page not found". */
export function resolveRoute(pathname: string, search: string, session: GuardSession): RouteResolution {
  // First, so that a sign-in asked for on the way returns to the page's own address.
  const alias = aliasTarget(pathname, search);
  if (alias !== null) return { kind: 'redirect', to: alias };
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

/**
 * The remote whose section a page load at `pathname` ends up showing, and the path it shows there (after at most two
 * of the guard's redirects, as `/` → `/devices`), or null: the shell starts loading it, and what its page reads
 * first, while it renders itself (index.tsx).
 */
export function landingPage(pathname: string, search: string, session: GuardSession): { remote: RemoteName; pathname: string } | null {
  let path = pathname;
  let query = search;
  for (let hop = 0; hop < 3; hop += 1) {
    const route = resolveRoute(path, query, session);
    if (route.kind === 'remote') return { remote: route.remote, pathname: normalizePath(path) };
    if (route.kind !== 'redirect') return null;
    const next = new URL(route.to, 'http://paddock.invalid');
    path = next.pathname;
    query = next.search;
  }
  return null;
}

