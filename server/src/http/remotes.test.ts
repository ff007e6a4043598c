// Remotes moved at run time (http/remotes.ts, docs/architecture/decisions/0024-remote-redeploys.md): REMOTES_FILE is
// read again when it changes, no restart; the CSP allows the origins fixed at start (REMOTE_ORIGINS, ASSET_ORIGIN)
// and a file naming any other origin is refused as a whole.
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { call, createTestApp, fakeWebRoot, testConfig, type TestApp } from '../testing/testApp';
import { allowedRemoteOrigins, parseRemotesFile } from './remotes';

const CDN = 'https://cdn.example.com';
const ASSETS = 'https://assets.example.com';
const OTHER = 'https://evil.example.net';

/** `directive value…` pairs of a Content-Security-Policy header. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

let t: TestApp;
let dir: string;
let remotesFile: string;
const defaults = testConfig().remoteUrls;

/** Writes the remotes file as an operator should: a new file renamed over the old one (never half-written). */
async function publish(remotes: unknown): Promise<void> {
  const next = `${remotesFile}.next`;
  await writeFile(next, typeof remotes === 'string' ? remotes : JSON.stringify(remotes));
  await rename(next, remotesFile);
}

const remotesJson = async () => (await call(t.app, 'GET', '/remotes.json')).json() as Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'paddock-remotes-'));
  remotesFile = path.join(dir, 'remotes.json');
  t = await createTestApp({ webRoot: await fakeWebRoot(), remotesFile, remoteOrigins: [CDN], assetOrigin: ASSETS });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('REMOTES_FILE', () => {
  it('serves REMOTE_<NAME>_URL while the file does not exist', async () => {
    expect(await remotesJson()).toEqual(defaults);
  });

  it('moves a remote to another version on an allowed origin, and back to a path here, without a restart', async () => {
    await publish({ devices: `${CDN}/devices/1.4.0/mf-manifest.json` });
    expect(await remotesJson()).toEqual({ ...defaults, devices: `${CDN}/devices/1.4.0/mf-manifest.json` });
    await publish({ devices: `${CDN}/devices/1.5.0/mf-manifest.json`, billing: '/remotes/billing/mf-manifest.json?v=2' });
    expect(await remotesJson()).toEqual({ ...defaults, devices: `${CDN}/devices/1.5.0/mf-manifest.json`, billing: '/remotes/billing/mf-manifest.json?v=2' });
    // The CSP did not need to change: the origin was allowed from the start.
    const csp = directives((await call(t.app, 'GET', '/')).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", CDN, ASSETS]);
  });

  it.each([
    ['an origin the CSP does not allow', { devices: `${OTHER}/devices/mf-manifest.json` }],
    ['a protocol-relative URL', { devices: '//evil.example.net/devices/mf-manifest.json' }],
    ['a javascript: URL', { devices: 'javascript:alert(1)' }],
    ['an unknown remote', { weather: `${CDN}/weather/mf-manifest.json` }],
    ['a number', { devices: 42 }],
    ['not an object', ['devices']],
    ['half-written JSON', '{"devices": "https://cdn.exa'],
  ])('refuses a file with %s as a whole and keeps the last good remotes', async (_case, remotes) => {
    await publish({ devices: `${CDN}/devices/1.5.0/mf-manifest.json` });
    expect((await remotesJson()).devices).toBe(`${CDN}/devices/1.5.0/mf-manifest.json`);
    await publish(remotes);
    expect(await remotesJson()).toEqual({ ...defaults, devices: `${CDN}/devices/1.5.0/mf-manifest.json` });
  });

  it('keeps the last good remotes when the file is removed', async () => {
    await publish({ admin: `${CDN}/admin/3.0.0/mf-manifest.json` });
    expect((await remotesJson()).admin).toBe(`${CDN}/admin/3.0.0/mf-manifest.json`);
    await rm(remotesFile);
    expect((await remotesJson()).admin).toBe(`${CDN}/admin/3.0.0/mf-manifest.json`);
  });
});

describe('the Content-Security-Policy', () => {
  it("allows scripts, styles and manifests from REMOTE_ORIGINS and the shell's ASSET_ORIGIN, and no other origin", async () => {
    await publish({ devices: `${OTHER}/devices/mf-manifest.json` });
    const response = await call(t.app, 'GET', '/devices');
    const csp = directives(response.headers['content-security-policy']);
    for (const name of ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src']) {
      expect(csp[name]).toEqual(expect.arrayContaining([CDN, ASSETS]));
      expect(csp[name].join(' ')).not.toContain('evil.example.net');
    }
    expect(csp['default-src']).toEqual(["'self'"]);
    expect((await remotesJson()).devices).not.toContain('evil.example.net');
  });

  it('allows the origins of REMOTE_<NAME>_URL too, as before REMOTE_ORIGINS', () => {
    expect(
      allowedRemoteOrigins({ remoteOrigins: [CDN], remoteUrls: { ...defaults, account: 'https://account.example.org:8443/mf-manifest.json' } }),
    ).toEqual([CDN, 'https://account.example.org:8443']);
    expect(parseRemotesFile(JSON.stringify({ account: 'https://account.example.org:8443/2/mf-manifest.json' }), defaults, ['https://account.example.org:8443']).account).toBe(
      'https://account.example.org:8443/2/mf-manifest.json',
    );
  });
});

describe('configuration', () => {
  it('reads REMOTES_FILE relative to the working directory, REMOTE_ORIGINS and ASSET_ORIGIN as origins', () => {
    const config = loadConfig({ REMOTES_FILE: 'deploy/remotes.json', REMOTE_ORIGINS: `${CDN}, https://cdn2.example.com:8443/`, ASSET_ORIGIN: ASSETS }, '/srv/paddock');
    expect(config.remotesFile).toBe('/srv/paddock/deploy/remotes.json');
    expect(config.remoteOrigins).toEqual([CDN, 'https://cdn2.example.com:8443']);
    expect(config.assetOrigin).toBe(ASSETS);
    expect(loadConfig({}).remotesFile).toBeNull();
    expect(loadConfig({}).remoteOrigins).toEqual([]);
    expect(loadConfig({}).assetOrigin).toBeNull();
  });

  it.each([
    ['REMOTE_ORIGINS', `${CDN}/devices/`],
    ['REMOTE_ORIGINS', 'https://*.example.com'],
    ['REMOTE_ORIGINS', 'ftp://cdn.example.com'],
    ['ASSET_ORIGIN', 'cdn.example.com'],
    ['ASSET_ORIGIN', `${CDN},${ASSETS}`],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
