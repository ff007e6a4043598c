// The service worker's precache list (docs/architecture/installable-app.md). The shell and the remotes are separate
// builds, and only the server sees all of them at once, so it writes the list into the built /sw.js when it serves
// it: every file of the shell's build and of the same-origin remotes it precaches, plus the page and /remotes.json
// as this server sends them. A content-hashed file is its own revision; any other file is revised by its content.
// A new build of any app changes the script, so the browser installs the new version as a whole.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from '@paddock/shared/federation';

export interface PrecacheEntry {
  url: string;
  /** null: the URL changes with the content (content-hashed name). */
  revision: string | null;
}

/**
 * Remotes precached for use without a network: what a farmer opens in the field. The admin remote is fetched when
 * used (staff at a desk); it is built to run in an older shell, so a cached shell with a newer admin remote works.
 */
export const PRECACHED_REMOTES: readonly RemoteName[] = ['account', 'devices', 'billing'];

/** Where the built worker expects the list (workbox's injectManifest convention). */
export const MANIFEST_PLACEHOLDER = 'self.__WB_MANIFEST';
export const SERVICE_WORKER_FILE = 'sw.js';

// Compressed copies, source maps, licence notes and the federation's build statistics are never fetched by the app.
const NOT_PRECACHED = /(\.(br|gz|map)|\.LICENSE\.txt|(^|\/)mf-manifest-stats\.json)$/;

export const revisionOf = (content: string | Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 16);

/** Where a production build records what it emitted (webpack/builds.js): `<time>-<hash>.json`, newest sorts last. */
export const BUILD_RECORDS_DIR = '.builds';

export interface BuildRecord {
  files: Set<string>;
  /** The shell's public path ('/' or a CDN URL, PADDOCK_PUBLIC_PATH); absent for a remote. */
  publicPath?: string;
}

/**
 * The newest build of `dir`: dist/ keeps the hashed files of earlier builds for pages still open
 * (docs/architecture/decisions/0024-remote-redeploys.md), and only the newest build's are precached. null without
 * records (a build from before them): then every file is the build's.
 */
export async function latestBuild(dir: string): Promise<BuildRecord | null> {
  const names = await readdir(path.join(dir, BUILD_RECORDS_DIR)).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json')).sort().reverse()) {
    try {
      const record = JSON.parse(await readFile(path.join(dir, BUILD_RECORDS_DIR, name), 'utf8')) as { files?: unknown; publicPath?: unknown };
      if (!Array.isArray(record.files)) continue;
      return { files: new Set(record.files.map(String)), publicPath: typeof record.publicPath === 'string' ? record.publicPath : undefined };
    } catch {
      // Being written by a build right now: the one before it is still whole.
    }
  }
  return null;
}

/** Files below `dir` (not the build records), as '/'-separated paths relative to it, sorted. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (rel === BUILD_RECORDS_DIR) continue;
    if (entry.isDirectory()) found.push(...(await filesUnder(dir, rel)));
    else if (entry.isFile()) found.push(rel);
  }
  return found.sort();
}

async function distEntries(dir: string, urlBase: string, isHashed: (file: string) => boolean, skip: (rel: string) => boolean, build: BuildRecord | null) {
  const entries: PrecacheEntry[] = [];
  for (const rel of await filesUnder(dir)) {
    if (NOT_PRECACHED.test(rel) || skip(rel) || (build && !build.files.has(rel))) continue;
    const file = path.join(dir, rel);
    entries.push({ url: `${urlBase}${rel}`, revision: isHashed(file) ? null : revisionOf(await readFile(file)) });
  }
  return entries;
}

export interface PrecacheSources {
  shellDir: string;
  /** Build folder of each remote. */
  remoteDir: (name: RemoteName) => string;
  /** remotes.json as served: a remote is precached only when it is served here, at /remotes/<name>/. */
  remoteUrls: Record<RemoteName, string>;
  /** The page (index.html) as served to this host. */
  page: string;
  isHashed: (file: string) => boolean;
}

export const servedHere = (name: RemoteName, url: string) => url === `/remotes/${name}/mf-manifest.json`;

/** The precache list of the current builds. */
export async function precacheEntries(sources: PrecacheSources): Promise<PrecacheEntry[]> {
  const entries: PrecacheEntry[] = [
    { url: '/index.html', revision: revisionOf(sources.page) },
    { url: '/remotes.json', revision: revisionOf(JSON.stringify(sources.remoteUrls)) },
  ];
  const shellBuild = await latestBuild(sources.shellDir);
  // A shell built for a CDN (PADDOCK_PUBLIC_PATH) loads its files from there: the cache must hold those URLs.
  const shellBase = shellBuild?.publicPath ?? '/';
  entries.push(
    ...(await distEntries(sources.shellDir, shellBase, sources.isHashed, (rel) => rel === 'index.html' || rel === SERVICE_WORKER_FILE, shellBuild)),
  );
  for (const name of PRECACHED_REMOTES) {
    if (!servedHere(name, sources.remoteUrls[name])) continue;
    const dir = sources.remoteDir(name);
    const built = await stat(dir).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (built) entries.push(...(await distEntries(dir, `/remotes/${name}/`, sources.isHashed, () => false, await latestBuild(dir))));
  }
  return entries;
}

/** The built worker with the list in place of the placeholder; unchanged when it has none (a development build). */
export function withPrecacheList(script: string, entries: PrecacheEntry[]): string {
  const at = script.indexOf(MANIFEST_PLACEHOLDER);
  if (at < 0) return script;
  return script.slice(0, at) + JSON.stringify(entries) + script.slice(at + MANIFEST_PLACEHOLDER.length);
}

// Per page (one per variant): the stamps of the builds it was made from and the script. A promise, so requests that
// come together share one listing.
const cache = new Map<string, { key: string; script: Promise<string> }>();

const stampOf = (file: string) =>
  stat(file).then(
    (s) => `${s.mtimeMs}:${s.size}`,
    () => '-',
  );

/** /sw.js for this host's page: read and listed again only when a build changed. null while the shell is not built. */
export async function serviceWorkerScript(sources: PrecacheSources): Promise<string | null> {
  const workerFile = path.join(sources.shellDir, SERVICE_WORKER_FILE);
  const workerStamp = await stampOf(workerFile);
  if (workerStamp === '-') return null;
  const stamps = await Promise.all(PRECACHED_REMOTES.map((name) => stampOf(path.join(sources.remoteDir(name), 'mf-manifest.json'))));
  const key = [workerStamp, await stampOf(path.join(sources.shellDir, 'index.html')), ...stamps, JSON.stringify(sources.remoteUrls)].join(
    '|',
  );
  const pageKey = revisionOf(sources.page);
  let entry = cache.get(pageKey);
  if (!entry || entry.key !== key) {
    entry = {
      key,
      script: Promise.all([readFile(workerFile, 'utf8'), precacheEntries(sources)]).then(([script, entries]) =>
        withPrecacheList(script, entries),
      ),
    };
    if (cache.size >= 8) cache.clear(); // pages of builds gone by
    cache.set(pageKey, entry);
    const made = entry;
    // A failed read is not kept: the next request tries again.
    made.script.catch(() => cache.get(pageKey) === made && cache.delete(pageKey));
  }
  return entry.script;
}
