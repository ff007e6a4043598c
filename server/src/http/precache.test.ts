import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_START_TIMEOUT_MS, call, createTestApp, fakeWebRoot, type TestApp } from '../testing/testApp';
import { MANIFEST_PLACEHOLDER, precacheEntries, revisionOf, withPrecacheList, type PrecacheEntry } from './precache';
import { cacheControlFor } from '../web/routes';

const WORKER = `self.addEventListener('install',()=>{});const m=${MANIFEST_PLACEHOLDER};precache(m);`;

// Built: the shell (with its worker) and the account and devices remotes; billing and admin are not.
const webRoot = () =>
  fakeWebRoot({
    'shell/dist/sw.js': WORKER,
    'shell/dist/main.0123456789.js.br': 'brotli bytes',
    'shell/dist/main.0123456789.js.gz': 'gzip bytes',
    'shell/dist/262.0123456789.js.LICENSE.txt': 'licences',
    'shell/dist/icons/icon-192.png': 'png',
    'mfe-account/dist/mf-manifest-stats.json': '{}',
    'mfe-account/dist/src_App.abcdef0123.js': 'export {}',
    'mfe-devices/dist/mf-manifest.json': '{"name":"devices"}',
    'mfe-devices/dist/remoteEntry.js': 'var devices;',
    'mfe-admin/dist/mf-manifest.json': '{"name":"admin"}',
    'mfe-admin/dist/remoteEntry.js': 'var admin;',
  });

const listIn = (script: string): PrecacheEntry[] => JSON.parse(/const m=(\[.*\]);precache/.exec(script)![1]) as PrecacheEntry[];

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = await webRoot();
  t = await createTestApp({ webRoot: root });
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

describe('GET /sw.js', () => {
  it('is the built worker with the precache list of every build in it, never cached on the way', async () => {
    const response = await call(t.app, 'GET', '/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).not.toContain(MANIFEST_PLACEHOLDER);
    const list = listIn(response.body);
    const urls = list.map((entry) => entry.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/index.html',
        '/remotes.json',
        '/main.0123456789.js',
        '/icons/icon-192.png',
        '/remotes/account/mf-manifest.json',
        '/remotes/account/remoteEntry.js',
        '/remotes/account/src_App.abcdef0123.js',
        '/remotes/devices/remoteEntry.js',
      ]),
    );
    // Compressed copies, licences, statistics, the worker itself, the raw page and the admin remote are left out.
    for (const url of urls) expect(url).not.toMatch(/\.(br|gz)$|LICENSE|stats\.json|^\/sw\.js$|^\/remotes\/admin\//);
    expect(urls).not.toContain('/index.html.br');
    // A content-hashed name is its own revision; anything else is revised by its content.
    const byUrl = new Map(list.map((entry) => [entry.url, entry.revision]));
    expect(byUrl.get('/main.0123456789.js')).toBeNull();
    expect(byUrl.get('/remotes/devices/remoteEntry.js')).toBe(revisionOf('var devices;'));
    // The page as this server sends it (branded), not the built file.
    const page = await call(t.app, 'GET', '/index.html');
    expect(byUrl.get('/index.html')).toBe(revisionOf(page.body));
  });

  it('changes when a remote is rebuilt, so the browser installs the new version as a whole', async () => {
    const before = (await call(t.app, 'GET', '/sw.js')).body;
    const dist = path.join(root, 'mfe-devices', 'dist');
    await writeFile(path.join(dist, 'remoteEntry.js'), 'var devices2;');
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(dist, 'mf-manifest.json'), later, later);
    const after = (await call(t.app, 'GET', '/sw.js')).body;
    expect(after).not.toBe(before);
    expect(listIn(after).find((entry) => entry.url === '/remotes/devices/remoteEntry.js')?.revision).toBe(revisionOf('var devices2;'));
  });

  it('answers 503 while the shell is not built', async () => {
    const bare = await createTestApp({ webRoot: await fakeWebRoot() });
    try {
      const response = await call(bare.app, 'GET', '/sw.js');
      expect(response.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  }, APP_START_TIMEOUT_MS);
});

describe('precacheEntries', () => {
  it('leaves out a remote served from another origin (it is fetched when used)', async () => {
    const entries = await precacheEntries({
      shellDir: path.join(root, 'shell', 'dist'),
      remoteDir: (name) => path.join(root, `mfe-${name}`, 'dist'),
      remoteUrls: {
        account: 'https://account.example.com/mf-manifest.json',
        devices: '/remotes/devices/mf-manifest.json',
        billing: '/remotes/billing/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
      },
      page: '<html>',
      isHashed: (file) => cacheControlFor(file) !== 'no-cache',
    });
    const urls = entries.map((entry) => entry.url);
    expect(urls.some((url) => url.startsWith('/remotes/account/'))).toBe(false);
    expect(urls).toContain('/remotes/devices/mf-manifest.json');
  });
});

describe('withPrecacheList', () => {
  it('puts the list in place of the placeholder, and leaves a worker without one as it is', () => {
    const list = [{ url: '/index.html', revision: 'abc' }];
    expect(withPrecacheList(WORKER, list)).toContain('const m=[{"url":"/index.html","revision":"abc"}];');
    expect(withPrecacheList('self.onpush=()=>{}', list)).toBe('self.onpush=()=>{}');
  });
});
