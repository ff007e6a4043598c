// The composition contract between the shell and the remotes: which remote owns which route, and the props of
// each remote's exposed App. Compiled, not remembered (docs/architecture/README.md#composition-contract).
import { PRODUCT_IDS } from './products/ids';

export const REMOTE_NAMES = ['account', 'devices', 'billing', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Who may open a route: only signed-out users, only signed-in users, admins, or anyone. */
export type RouteAccess = 'signedOut' | 'signedIn' | 'admin' | 'any';

export interface RouteOwner {
  /** A path; a trailing '/*' also matches everything below it. */
  path: string;
  remote: RemoteName;
  access: RouteAccess;
}

export const ROUTES: readonly RouteOwner[] = [
  { path: '/sign-in', remote: 'account', access: 'signedOut' },
  { path: '/create-account', remote: 'account', access: 'signedOut' },
  { path: '/verify-account', remote: 'account', access: 'signedOut' },
  { path: '/reset-password', remote: 'account', access: 'signedOut' },
  { path: '/account', remote: 'account', access: 'signedIn' },
  { path: '/devices/*', remote: 'devices', access: 'signedIn' },
  // A device's pages (docs/product/screens.md: /{product}/{key}, /{product}/{key}/logs), one entry per product.
  ...PRODUCT_IDS.map((product): RouteOwner => ({ path: `/${product}/*`, remote: 'devices', access: 'signedIn' })),
  { path: '/warranties', remote: 'billing', access: 'signedIn' },
  { path: '/billing/*', remote: 'billing', access: 'signedIn' },
  { path: '/admin/*', remote: 'admin', access: 'admin' },
];

/** Routes the shell itself renders. */
export const SHELL_ROUTES = { redirect: '/redirect', connectionError: '/connection-error' } as const;

function matches(pattern: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(base + '/');
  }
  return path === pattern;
}

export function ownerOf(pathname: string): RouteOwner | undefined {
  return ROUTES.find((route) => matches(route.path, pathname));
}

/** Props every remote's `./App` takes. */
export interface RemoteAppProps {
  /** The remote's name as the shell registered it (for diagnostics). */
  name?: RemoteName;
}
