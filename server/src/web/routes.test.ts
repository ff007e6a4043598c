import { loadConfig } from '../config';
import { APP_START_TIMEOUT_MS, call, createTestApp, fakeWebRoot, type TestApp } from '../testing/testApp';
import { cacheControlFor, isPagePath } from './routes';

// mfe-devices, mfe-billing and mfe-admin are not built.
const webRoot = () =>
  fakeWebRoot({
    'shell/dist/main.0123456789.js.br': 'brotli bytes',
    'mfe-account/dist/src_App.abcdef0123.js': 'export {}',
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot: await webRoot() });
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

describe('the shell', () => {
  it('serves index.html at / without caching, hashed assets for a year', async () => {
    const index = await call(t.app, 'GET', '/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await call(t.app, 'GET', '/main.0123456789.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("shell")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the brotli copy the build made to a browser that accepts it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/main.0123456789.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toBe('brotli bytes');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/devices', '/devices?id=123456789012345', '/admin/user/42', '/sign-in', '/verify-account?email=a@b.se'])(
    'answers the page path %s with index.html (SPA fallback)',
    async (url) => {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Paddock</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers 404 for a missing file, a non-GET page path and unknown remotes, without the page', async () => {
    for (const [method, url] of [
      ['GET', '/missing.0123456789.js'],
      ['POST', '/devices'],
      ['GET', '/remotes/unknown/x.js'],
    ] as const) {
      const response = await call(t.app, method, url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<title>');
    }
  });

  it('keeps /api answers JSON', async () => {
    const response = await call(t.app, 'GET', '/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Error: 'not_found' });
  });
});

describe('the remotes', () => {
  it('serves a built remote under /remotes/<name>/ to any origin', async () => {
    const manifest = await call(t.app, 'GET', '/remotes/account/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'account' });
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await call(t.app, 'GET', '/remotes/account/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await call(t.app, 'GET', '/remotes/account/src_App.abcdef0123.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await call(t.app, 'GET', '/remotes/account/missing.js')).statusCode).toBe(404);
  });

  it('answers 503 with a clear text for a remote that is not built', async () => {
    const response = await call(t.app, 'GET', '/remotes/devices/mf-manifest.json');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('devices remote is not built yet');
    expect(response.body).toContain('npm run build');
  });

  it('lists the manifests in /remotes.json without caching', async () => {
    const response = await call(t.app, 'GET', '/remotes.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      account: '/remotes/account/mf-manifest.json',
      devices: '/remotes/devices/mf-manifest.json',
      billing: '/remotes/billing/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });
});

describe('REMOTE_*_URL', () => {
  it('points /remotes.json at remotes on other origins', async () => {
    const remoteUrls = loadConfig({
      REMOTE_ACCOUNT_URL: 'https://account.cdn.example/mf-manifest.json',
      REMOTE_ADMIN_URL: 'https://admin.cdn.example/mf-manifest.json',
    }).remoteUrls;
    const other = await createTestApp({ remoteUrls });
    try {
      expect((await call(other.app, 'GET', '/remotes.json')).json()).toEqual({
        account: 'https://account.cdn.example/mf-manifest.json',
        devices: '/remotes/devices/mf-manifest.json',
        billing: '/remotes/billing/mf-manifest.json',
        admin: 'https://admin.cdn.example/mf-manifest.json',
      });
      // This app has no builds at all: pages say so instead of failing.
      const page = await call(other.app, 'GET', '/devices');
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('web app is not built yet');
    } finally {
      await other.close();
    }
  }, APP_START_TIMEOUT_MS);
});

describe('rules', () => {
  it.each([
    ['GET', '/devices', true],
    ['HEAD', '/', true],
    ['GET', '/smartplug/123/logs?from=1', true],
    ['GET', '/favicon.ico', false],
    ['GET', '/api/users', false],
    ['GET', '/remotes/account/', false],
    ['DELETE', '/devices', false],
  ])('isPagePath(%s %s) is %s', (method, url, expected) => {
    expect(isPagePath(method, url)).toBe(expected);
  });

  it.each([
    ['main.0123456789.js', 'public, max-age=31536000, immutable'],
    ['assets/logo.abcdef1234.svg', 'public, max-age=31536000, immutable'],
    ['main.0123456789.js.br', 'public, max-age=31536000, immutable'],
    ['main.0123456789.js.gz', 'public, max-age=31536000, immutable'],
    ['index.html', 'no-cache'],
    ['remoteEntry.js.gz', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
  ])('cacheControlFor(%s) is %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});
