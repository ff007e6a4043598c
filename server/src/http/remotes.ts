// Where each remote's manifest is (/remotes.json) and which origins the CSP allows remotes from
// (docs/architecture/decisions/0024-remote-redeploys.md). The origins are fixed at start (REMOTE_ORIGINS and those of
// REMOTE_<NAME>_URL), so the CSP is built once; the versions may move at run time through REMOTES_FILE, which is
// read again when it changes and refused as a whole when it names an origin the CSP does not allow (the shell would
// show that section as unavailable).
import { readFile, stat } from 'node:fs/promises';
import { REMOTE_NAMES, type RemoteName } from '@paddock/shared/federation';
import type { Config } from '../config';

export type RemoteUrls = Record<RemoteName, string>;

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The origin of an http(s) URL; null for a path of this origin (or anything unparsable). */
function originOf(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The origins, besides this one, that remotes may be loaded from: the CSP's, fixed at start. */
export function allowedRemoteOrigins(config: Pick<Config, 'remoteUrls' | 'remoteOrigins'>): string[] {
  const origins = new Set(config.remoteOrigins);
  for (const value of Object.values(config.remoteUrls)) {
    const origin = originOf(value);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/**
 * REMOTES_FILE's text as remote URLs over `base`; throws naming what is wrong. A value is a path of this origin
 * (`/remotes/devices/mf-manifest.json`) or an http(s) URL on an allowed origin.
 */
export function parseRemotesFile(text: string, base: RemoteUrls, allowed: readonly string[]): RemoteUrls {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('must be a JSON object of remote name → manifest URL');
  const urls = { ...base };
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(REMOTE_NAMES as readonly string[]).includes(name)) throw new Error(`names an unknown remote "${name}" (known: ${REMOTE_NAMES.join(', ')})`);
    if (typeof value !== 'string' || !value.trim()) throw new Error(`"${name}" must be a URL or a path`);
    const url = value.trim();
    const origin = originOf(url);
    if (origin === null && !(url.startsWith('/') && !url.startsWith('//'))) throw new Error(`"${name}": "${url}" is neither an http(s) URL nor a path starting with /`);
    if (origin !== null && !allowed.includes(origin)) {
      throw new Error(`"${name}": ${origin} is not an allowed remote origin (add it to REMOTE_ORIGINS; the Content-Security-Policy would refuse it)`);
    }
    urls[name as RemoteName] = url;
  }
  return urls;
}

export interface Remotes {
  /** The remote URLs as /remotes.json sends them now. */
  current(): Promise<RemoteUrls>;
}

/**
 * The remotes of `config`, with REMOTES_FILE read again whenever its modification time or size changes (one stat per
 * /remotes.json or /sw.js request; no watcher to leak or miss an atomic rename). A missing or refused file keeps the
 * last good URLs and is logged once per change.
 */
export function createRemotes(config: Pick<Config, 'remoteUrls' | 'remoteOrigins' | 'remotesFile'>, log: Logger): Remotes {
  const file = config.remotesFile;
  if (!file) return { current: async () => config.remoteUrls };
  const allowed = allowedRemoteOrigins(config);
  let good: RemoteUrls = config.remoteUrls;
  let seen: string | null = null;
  let reading: Promise<RemoteUrls> | null = null;
  const refresh = async (): Promise<RemoteUrls> => {
    try {
      good = parseRemotesFile(await readFile(file, 'utf8'), config.remoteUrls, allowed);
      log.info({ file, remotes: good }, 'remotes file read');
    } catch (error) {
      log.error({ file, problem: (error as Error).message }, 'remotes file refused, the last good remotes stay');
    }
    return good;
  };
  return {
    async current() {
      const stamp = await stat(file).then(
        (s) => `${s.mtimeMs}:${s.size}`,
        (error: NodeJS.ErrnoException) => `missing:${error.code}`,
      );
      if (stamp === seen) return reading ?? good;
      seen = stamp;
      if (stamp.startsWith('missing:')) {
        log.error({ file, problem: stamp.slice('missing:'.length) }, 'remotes file unreadable, the last good remotes stay');
        return good;
      }
      // Requests that come together share one read.
      const read = refresh().finally(() => {
        if (reading === read) reading = null;
      });
      reading = read;
      return reading;
    },
  };
}
