// The Module Federation runtime plugin that turns any failure to load a remote into one RemoteLoadError:
// - `fetch`: manifests are fetched with a time-out, and a reply that is not 2xx is a failure (the runtime would
//   otherwise try to read a 404 page as a manifest);
// - `errorLoadRemote`: at the last stage (`onLoad`) the runtime is given a stand-in module whose App throws the
//   RemoteLoadError when rendered, so the remote's error boundary shows "section unavailable" with Retry and the
//   failure is reported once, with the remote's name. Earlier stages return nothing and the runtime goes on to
//   `onLoad`.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@paddock/shared/federation';
import { RemoteLoadError } from './errors';

export const MANIFEST_TIMEOUT_MS = 15_000;

export interface RemoteFailure {
  remote: RemoteName;
  error: RemoteLoadError;
}

/** The remote an id such as `account/App` or `paddock_account/App` belongs to. */
export function remoteOfRequest(id: string): RemoteName | undefined {
  const head = id.split('/')[0]?.replace(/^paddock_/, '');
  return (REMOTE_NAMES as readonly string[]).includes(head) ? (head as RemoteName) : undefined;
}

/** The module the runtime hands out instead of a remote that failed: its App throws the failure when rendered. */
export function failedRemoteModule(error: RemoteLoadError) {
  function UnavailableRemoteApp(): never {
    throw error;
  }
  return { __esModule: true as const, default: UnavailableRemoteApp, failure: error };
}

function fetchWithTimeout(url: string, init: RequestInit | undefined, timeoutMs: number): Promise<Response> {
  const signal = typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(timeoutMs) : undefined;
  return fetch(url, { ...init, signal: init?.signal ?? signal });
}

export function remoteFailurePlugin(onFailure: (failure: RemoteFailure) => void = reportFailure): ModuleFederationRuntimePlugin {
  return {
    name: 'paddock-remote-failure',
    async fetch(url, init) {
      const response = await fetchWithTimeout(url, init, MANIFEST_TIMEOUT_MS);
      if (!response.ok) throw new Error(`${response.status} ${response.statusText || 'error'} for ${url}`);
      return response;
    },
    async errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const remote = remoteOfRequest(args.id);
      if (!remote) return undefined;
      const error = args.error instanceof RemoteLoadError ? args.error : new RemoteLoadError(remote, args.error);
      onFailure({ remote, error });
      const module = failedRemoteModule(error);
      // Build-time imports expect a factory, run-time loadRemote the module itself.
      return args.from === 'build' ? () => module : module;
    },
  };
}

function reportFailure({ error }: RemoteFailure): void {
  console.error(`[paddock] ${error.message}`, error.cause);
}
