// A remote redeployed alone (docs/architecture/decisions/0024-remote-redeploys.md): a tiny remote with a lazy section
// (tests/fixtures/federation/redeploy-app) is built with the one webpack factory, its section changed, and built again
// into the same dist/. A page of the first build still gets its chunk from the server; `npm run prune-builds`
// (webpack/builds.js) removes only what none of the recent builds emitted; the service worker precaches the newest.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRemoteFixture, chunksWith } from '../testing/remoteBuild';
import { call, createTestApp, fakeWebRoot, type TestApp } from '../testing/testApp';
import { precacheEntries } from './precache';
import { cacheControlFor, remoteDist } from '../web/routes';

/* eslint-disable @typescript-eslint/no-require-imports -- webpack/ is CommonJS without types */
const factory = require('../../../webpack') as {
  createConfig: (options: object) => (env: object, argv: object) => Record<string, any>;
};
const builds = require('../../../webpack/builds') as {
  keptOnClean: (file: string) => boolean;
  buildRecords: (dist: string) => { builtAt: number; files: Set<string> }[];
  pruneBuilds: (dist: string, options: { keepBuilds?: number; retentionMs?: number; now?: number; dryRun?: boolean }) => { removed: string[]; kept: number };
};
/* eslint-enable @typescript-eslint/no-require-imports */

const FIXTURE = path.join(__dirname, '..', '..', '..', 'tests', 'fixtures', 'federation', 'redeploy-app');
const FIRST = 'Section of the first build';
const SECOND = 'Section of the second build';

let appDir: string;
let webRoot: string;
let dist: string;
let t: TestApp;

const build = () => buildRemoteFixture(appDir, dist);

/** The built chunk (hashed .js) whose text contains `text`. */
function chunkWith(text: string): string {
  const found = chunksWith(dist, text);
  expect(found).toHaveLength(1);
  return found[0];
}

let firstChunk: string;
let secondChunk: string;

beforeAll(async () => {
  // Inside the repository, so the fixture resolves react and @paddock/shared as the apps do.
  appDir = mkdtempSync(path.join(path.dirname(FIXTURE), '.redeploy-'));
  cpSync(FIXTURE, appDir, { recursive: true });
  webRoot = await fakeWebRoot();
  dist = path.join(webRoot, 'mfe-account', 'dist');
  rmSync(dist, { recursive: true, force: true });
  await build();
  firstChunk = chunkWith(FIRST);
  const section = path.join(appDir, 'src', 'Section.tsx');
  writeFileSync(section, readFileSync(section, 'utf8').replace(FIRST, SECOND));
  await build();
  secondChunk = chunkWith(SECOND);
  t = await createTestApp({ webRoot });
}, 240_000);

afterAll(async () => {
  await t?.close();
  rmSync(appDir, { recursive: true, force: true });
  rmSync(webRoot, { recursive: true, force: true });
});

describe('a remote built again', () => {
  it('still serves the chunk a page of the previous build loads, and the new entry points at the new chunk', async () => {
    expect(firstChunk).not.toBe(secondChunk);
    const old = await call(t.app, 'GET', `/remotes/account/${firstChunk}`);
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain(FIRST);
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const current = await call(t.app, 'GET', `/remotes/account/${secondChunk}`);
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain(SECOND);

    const entry = await call(t.app, 'GET', '/remotes/account/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const hashOf = (file: string) => /\.([0-9a-f]{10})\.js$/.exec(file)![1];
    expect(entry.body).toContain(hashOf(secondChunk));
    expect(entry.body).not.toContain(hashOf(firstChunk));
    expect((await call(t.app, 'GET', '/remotes/account/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
  });

  it('records each build, and does not serve the records', async () => {
    const records = builds.buildRecords(dist);
    expect(records).toHaveLength(2);
    expect(records[0].files.has(firstChunk)).toBe(true);
    expect(records[1].files.has(secondChunk)).toBe(true);
    expect(records[1].files.has(firstChunk)).toBe(false);
    const recordFile = readdirSync(path.join(dist, '.builds'))[0];
    expect((await call(t.app, 'GET', `/remotes/account/.builds/${recordFile}`)).statusCode).toBe(404);
  });

  it("precaches only the newest build's files in the service worker", async () => {
    const entries = await precacheEntries({
      shellDir: path.join(webRoot, 'shell', 'dist'),
      remoteDir: (name) => remoteDist(t.config, name),
      remoteUrls: t.config.remoteUrls,
      page: '<!doctype html>',
      isHashed: (file) => cacheControlFor(file) !== 'no-cache',
    });
    const urls = entries.map((entry) => entry.url);
    expect(urls).toContain(`/remotes/account/${secondChunk}`);
    expect(urls).toContain('/remotes/account/remoteEntry.js');
    expect(urls).not.toContain(`/remotes/account/${firstChunk}`);
    expect(urls.filter((url) => url.includes('.builds'))).toEqual([]);
  });
});

describe('npm run prune-builds', () => {
  const DAY = 24 * 3600 * 1000;

  it('keeps files of the last builds and of builds within the retention', () => {
    expect(builds.pruneBuilds(dist, { keepBuilds: 2, retentionMs: 0 }).removed).toEqual([]);
    expect(builds.pruneBuilds(dist, { keepBuilds: 1, retentionMs: DAY }).removed).toEqual([]);
    expect(existsSync(path.join(dist, firstChunk))).toBe(true);
  });

  it('removes the hashed files only earlier builds emitted, nothing of the newest build, no unhashed file', async () => {
    const newest = builds.buildRecords(dist).at(-1)!;
    const dry = builds.pruneBuilds(dist, { keepBuilds: 1, retentionMs: DAY, now: Date.now() + 2 * DAY, dryRun: true });
    expect(dry.removed).toContain(firstChunk);
    expect(existsSync(path.join(dist, firstChunk))).toBe(true);

    const { removed } = builds.pruneBuilds(dist, { keepBuilds: 1, retentionMs: DAY, now: Date.now() + 2 * DAY });
    expect(removed).toEqual(dry.removed);
    expect(removed).toContain(firstChunk);
    for (const file of removed) expect(newest.files.has(file)).toBe(false);
    for (const file of newest.files) expect(existsSync(path.join(dist, file))).toBe(true);
    expect(existsSync(path.join(dist, 'remoteEntry.js'))).toBe(true);
    expect(existsSync(path.join(dist, 'mf-manifest.json'))).toBe(true);
    // The older record went with its files; the newest stays.
    expect(builds.buildRecords(dist)).toHaveLength(1);

    expect((await call(t.app, 'GET', `/remotes/account/${firstChunk}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/remotes/account/${secondChunk}`)).statusCode).toBe(200);
  });

  it('touches nothing in a dist/ without build records', () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'paddock-bare-'));
    try {
      writeFileSync(path.join(bare, 'main.0123456789.js'), '');
      expect(builds.pruneBuilds(bare, { keepBuilds: 1, retentionMs: 0 }).removed).toEqual([]);
      expect(existsSync(path.join(bare, 'main.0123456789.js'))).toBe(true);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('what a build keeps and where the shell loads from', () => {
  it.each([
    ['153.b353e77511.js', true],
    ['153.b353e77511.js.br', true],
    ['540.5c7677d779.js.LICENSE.txt', true],
    ['main.0123456789.css.gz', true],
    ['assets/logo.abcdef1234.svg', true],
    ['.builds/20260101T000000000Z-abc.json', true],
    ['remoteEntry.js', false],
    ['remoteEntry.js.br', false],
    ['mf-manifest.json', false],
    ['index.html', false],
    ['sw.js', false],
  ])('keeps %s on a new build: %s', (file, kept) => {
    expect(builds.keptOnClean(file)).toBe(kept);
  });

  it("takes the shell's public path from PADDOCK_PUBLIC_PATH (a CDN), '/' by default", () => {
    const shell = (env: string | undefined) => {
      const before = process.env.PADDOCK_PUBLIC_PATH;
      if (env === undefined) delete process.env.PADDOCK_PUBLIC_PATH;
      else process.env.PADDOCK_PUBLIC_PATH = env;
      try {
        const dir = path.join(__dirname, '..', '..', '..', 'shell');
        return factory.createConfig({ name: 'shell', dir, isHost: true, page: { title: 'Paddock' } })({}, { mode: 'production' });
      } finally {
        if (before === undefined) delete process.env.PADDOCK_PUBLIC_PATH;
        else process.env.PADDOCK_PUBLIC_PATH = before;
      }
    };
    expect(shell(undefined).output.publicPath).toBe('/');
    const cdn = shell('https://cdn.example.com/paddock');
    expect(cdn.output.publicPath).toBe('https://cdn.example.com/paddock/');
    const page = cdn.plugins.find((plugin: object) => plugin.constructor.name === 'HtmlWebpackPlugin');
    expect(page.userOptions.publicPath).toBe('https://cdn.example.com/paddock/');
    expect(shell('/static/').output.publicPath).toBe('/static/');
    expect(() => shell('cdn.example.com')).toThrow('PADDOCK_PUBLIC_PATH');
  });
});
