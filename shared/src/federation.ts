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
  // docs/product/devices.md "Transfers": an offer's e-mail link; signed out, the guard asks for sign-in first.
  { path: '/transfers/*', remote: 'devices', access: 'signedIn' },
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

/**
 * The version of the composition contract, `major.minor` (docs/architecture/README.md#composition-contract): what
 * the shell offers to the remotes at run time — the federated core listed in shared/federation-core.json (session
 * store and actions, API client and price cache, toasts and busy count, unsaved changes, the theme) and the
 * singleton packages. The minor grows when something is added to it, the major when something in it is removed or
 * changed (a singleton package's major too). Each remote's build writes the version it was built with into its
 * mf-manifest.json (`metaData.paddock.contract`); the shell hosts it when `contractCompatible`. UI components, API
 * calls and rules are bundled per app and change no version.
 */
export const FEDERATION_CONTRACT = '1.1';

/** `major.minor` as numbers, or null when it is not one. */
export function parseContract(version: unknown): { major: number; minor: number } | null {
  const match = typeof version === 'string' ? /^(\d+)\.(\d+)$/.exec(version) : null;
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

/**
 * Whether a shell offering contract `offers` can host a remote built with `needs`: the same major (nothing the
 * remote relies on was removed or changed) and no newer minor (everything it may use was already there). A remote
 * that declares none was built before the contract existed: not hosted.
 */
export function contractCompatible(offers: string, needs: string | undefined): boolean {
  const shell = parseContract(offers);
  const remote = parseContract(needs);
  return Boolean(shell && remote && shell.major === remote.major && remote.minor <= shell.minor);
}
