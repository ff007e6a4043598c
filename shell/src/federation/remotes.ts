// The remotes: read /remotes.json, register them with the Module Federation runtime, load `<name>/App` when a route
// needs it, and start over for Retry.
import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteAppProps, type RemoteName } from '@paddock/shared/federation';
import { contractPlugin } from './contract';
import { RemoteLoadError } from './errors';
import { remoteFailurePlugin } from './remoteFailurePlugin';

/** Where each remote's mf-manifest.json is, as absolute URLs. A remote may be missing (it then shows as unavailable). */
export type RemotesConfig = Partial<Record<RemoteName, string>>;

export const REMOTES_JSON_URL = '/remotes.json';
export const REMOTES_JSON_TIMEOUT_MS = 15_000;

/** The federation container name of a remote (its global): `paddock_account` etc.; must match webpack/index.js. */
export const containerName = (remote: RemoteName) => `paddock_${remote}`;

/**
 * Reads remotes.json (`{ "account": "<url of mf-manifest.json>", … }`). Relative URLs resolve against `base` (the
 * page's origin). Unknown names are ignored; a value that is not a usable URL leaves that remote out.
 */
export function parseRemotesConfig(json: unknown, base: string): RemotesConfig {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('remotes.json is not an object');
  const config: RemotesConfig = {};
  for (const name of REMOTE_NAMES) {
    const value = (json as Record<string, unknown>)[name];
    if (typeof value !== 'string' || !value.trim()) continue;
    try {
      const url = new URL(value.trim(), base);
      // capacitor: the remotes bundled in the iOS app (docs/product/native-app.md).
      if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'capacitor:') config[name] = url.href;
    } catch {
      // not a URL: this remote stays unregistered
    }
  }
  return config;
}

/** Fetches and reads /remotes.json; throws when it cannot (the shell then shows /connection-error). */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = fetch, origin = window.location.origin): Promise<RemotesConfig> {
  const signal = 'timeout' in AbortSignal ? AbortSignal.timeout(REMOTES_JSON_TIMEOUT_MS) : undefined;
  const response = await fetchImpl(new URL(REMOTES_JSON_URL, origin).href, { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`remotes.json: ${response.status} ${response.statusText}`);
  return parseRemotesConfig(await response.json(), `${origin}/`);
}

let registered: RemotesConfig = {};

function remoteEntry(remote: RemoteName, entry: string) {
  return { name: containerName(remote), alias: remote, entry };
}

/** Registers the remotes (and the failure and contract plugins) with the runtime instance the build plugin created. */
export function registerPaddockRemotes(config: RemotesConfig): void {
  registered = { ...config };
  preloads.clear();
  registerPlugins([remoteFailurePlugin(), contractPlugin()]);
  registerRemotes(REMOTE_NAMES.filter((name) => registered[name]).map((name) => remoteEntry(name, registered[name]!)));
}

export interface RemoteAppModule {
  default: ComponentType<RemoteAppProps>;
}

/** Loads started by preloadRemoteApp that no section has taken yet. */
const preloads = new Map<RemoteName, Promise<RemoteAppModule>>();

/**
 * Starts loading `<name>/App` now, before React asks for it: the shell calls it at start-up for the section the page
 * will show, so the remote's manifest, entry and chunks come while the shell renders itself rather than after
 * (docs/architecture/README.md#budgets). The next loadRemoteApp(name) takes this load, failure included.
 */
export function preloadRemoteApp(name: RemoteName): void {
  if (!registered[name] || preloads.has(name)) return;
  const load = fetchRemoteApp(name);
  load.catch(() => undefined); // reported when the section takes it, not as an unhandled rejection
  preloads.set(name, load);
}

/** Loads `<name>/App`. Never resolves to something unusable: a failure is a RemoteLoadError. */
export function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  const preloaded = preloads.get(name);
  if (!preloaded) return fetchRemoteApp(name);
  preloads.delete(name);
  return preloaded;
}

async function fetchRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  if (!registered[name]) throw new RemoteLoadError(name, new Error('not listed in remotes.json'));
  let module: { default?: unknown } | null;
  try {
    module = await loadRemote<{ default?: unknown }>(`${name}/App`);
  } catch (error) {
    throw error instanceof RemoteLoadError ? error : new RemoteLoadError(name, error);
  }
  const App = module?.default;
  if (typeof App !== 'function' && (typeof App !== 'object' || App === null)) {
    throw new RemoteLoadError(name, new Error('./App has no default export'));
  }
  return { default: App as ComponentType<RemoteAppProps> };
}

/**
 * Forgets what the runtime cached for a remote that failed to load (manifest, entry, container), so the next
 * load fetches it again. Not used for a remote that loaded and then threw: that one is simply rendered again.
 */
export function resetRemote(name: RemoteName): void {
  preloads.delete(name);
  const entry = registered[name];
  if (!entry) return;
  registerRemotes([remoteEntry(name, entry)], { force: true });
}
