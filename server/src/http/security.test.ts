// The HTTP layer's defences: security headers on every reply, X-Forwarded-* believed only from the configured
// proxies, and bad input (NUL, deep nesting, broken JSON, prototype keys) refused with 400, never 500.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, createUser, fakeWebRoot, openTestDatabase, signIn, testConfig, type TestApp } from '../testing/testApp';
import { contentSecurityPolicy, HSTS, remoteOrigins } from './securityHeaders';
import { findUnstorableInput, MAX_INPUT_DEPTH } from './validation';

const REMOTE_ORIGIN = 'https://cdn.example.net:8443';

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
beforeAll(async () => {
  t = await createTestApp({
    webRoot: await fakeWebRoot(),
    remoteUrls: { ...testConfig().remoteUrls, devices: `${REMOTE_ORIGIN}/devices/mf-manifest.json` },
    trustProxy: 1,
  });
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

describe('security headers', () => {
  it.each([
    ['an API reply', '/api/health', 200],
    ['an API 404', '/api/no-such-route', 404],
    ['an API 401', '/api/token', 401],
    ['the shell', '/', 200],
    ['a page path (the shell again)', '/devices/123', 200],
    ['a shell asset', '/main.0123456789.js', 200],
    ["a remote's file", '/remotes/account/remoteEntry.js', 200],
    ['remotes.json', '/remotes.json', 200],
    ['a missing file', '/missing.js', 404],
    ['a remote not built', '/remotes/admin/remoteEntry.js', 503],
    ['the API docs', '/api/docs/', 200],
  ])('are on %s', async (_case, url, status) => {
    const response = await call(t.app, 'GET', url);
    expect(response.statusCode).toBe(status);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", REMOTE_ORIGIN]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Plain http: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('never allows inline or eval scripts, and lets the remote origins load scripts, styles and manifests', () => {
    const csp = contentSecurityPolicy(t.config);
    for (const name of ['scriptSrc', 'scriptSrcAttr']) {
      expect(csp[name].join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
    }
    for (const name of ['scriptSrc', 'styleSrc', 'connectSrc']) expect(csp[name]).toContain(REMOTE_ORIGIN);
    expect(remoteOrigins({ account: '/remotes/account/mf-manifest.json', devices: 'http://localhost:3002/mf-manifest.json', billing: 'ftp://x/y', admin: 'https://a.example/admin/mf-manifest.json' })).toEqual([
      'http://localhost:3002',
      'https://a.example',
    ]);
  });

  it("lets a shell on another origin load the remotes' files (and nothing else)", async () => {
    for (const url of ['/remotes/account/remoteEntry.js', '/remotes.json']) {
      const response = await call(t.app, 'GET', url);
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await call(t.app, 'GET', '/api/health')).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await call(t.app, 'GET', '/')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends HSTS only when the request came over https, as the trusted proxy says', async () => {
    const viaProxy = await call(t.app, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS);
    expect((await call(t.app, 'GET', '/', { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe(HSTS);
    expect((await call(t.app, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  /** An app with a route that tells which client IP and protocol Fastify settled on. */
  async function appTrusting(trustProxy: Config['trustProxy']): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
    const { database, databaseUrl, dispose } = await openTestDatabase();
    await migrate(database);
    // dispose() closes the database; the app must not close it a second time.
    const app = await buildApp(testConfig({ trustProxy, databaseUrl }), { ...database, close: async () => {} });
    app.get('/who', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        await dispose();
      },
    };
  }
  const who = async (app: FastifyInstance, ip: string, headers: Record<string, string> = {}) => (await call(app, 'GET', '/who', { ip, headers })).json();

  it('with one proxy, a forged left-most X-Forwarded-For cannot change the client IP the proxy appended', async () => {
    const { app, close } = await appTrusting(1);
    try {
      // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy (10.0.0.2) appended the address it saw.
      expect(await who(app, '10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-proto': 'https' })).toEqual({ ip: '203.0.113.7', protocol: 'https' });
      expect(await who(app, '10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 203.0.113.7' })).toMatchObject({ ip: '203.0.113.7' });
    } finally {
      await close();
    }
  }, APP_START_TIMEOUT_MS);

  it('with proxy addresses, only those are believed', async () => {
    const { app, close } = await appTrusting(['10.0.0.0/8']);
    try {
      expect(await who(app, '10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-proto': 'https' })).toEqual({ ip: '203.0.113.7', protocol: 'https' });
      // A client reaching the server directly is not a proxy: its headers are ignored.
      expect(await who(app, '198.51.100.9', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' })).toEqual({ ip: '198.51.100.9', protocol: 'http' });
    } finally {
      await close();
    }
  }, APP_START_TIMEOUT_MS);

  it('off: X-Forwarded-For and X-Forwarded-Proto are ignored', async () => {
    const { app, close } = await appTrusting(false);
    try {
      expect(await who(app, '198.51.100.9', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' })).toEqual({ ip: '198.51.100.9', protocol: 'http' });
      const response = await call(app, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await close();
    }
  }, APP_START_TIMEOUT_MS);
});

describe('bad input never answers 500', () => {
  let admin: string;
  let user: Awaited<ReturnType<typeof createUser>>;
  let token: string;
  beforeAll(async () => {
    admin = await adminToken(t);
    user = await createUser(t);
    token = await signIn(t, user.email, user.password);
  });

  const NUL = 'a\u0000b';

  it.each([
    ['sign-up', 'POST', '/api/users', () => ({ Email: 'nul@example.com', Password: 'correct-horse-battery', Country: 'SE', Name: NUL }), 'Name'],
    ['sign-in', 'POST', '/api/sign-in', () => ({ Email: `x${NUL}@example.com`, Password: 'whatever-password' }), 'Email'],
    ['a code request', 'PUT', '/api/send-verification-code', () => ({ Email: `x${NUL}@example.com` }), 'Email'],
    ['a device registration', 'POST', () => `/api/users/${user.id}/fencealarms`, () => ({ Imei: '356938035643809', Name: NUL }), 'Name'],
    ['a nested field', 'PATCH', () => `/api/users/${user.id}`, () => ({ EmailNotifications: { Device: NUL } }), 'EmailNotifications.Device'],
    ['an array item', 'POST', '/api/users', () => ({ Email: 'nul2@example.com', Tags: ['ok', NUL] }), 'Tags.1'],
    ['a key', 'PATCH', () => `/api/users/${user.id}`, () => ({ [`Ph\u0000one`]: '1' }), 'Ph\\0one'],
  ])('a NUL character in %s is a 400 naming the field', async (_case, method, url, body, field) => {
    const response = await call(t.app, method as 'POST', typeof url === 'function' ? url() : url, { token, body: body() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'invalid_field', Field: field });
    expect(response.json().Message).toContain(field);
  });

  it.each([
    ['an e-mail change', 'PUT', () => `/api/users/${user.id}/email`, { Email: 'x@example.com\udfff' }, 'Email'],
    ['a firmware update', 'PUT', () => '/api/fencealarm2s/700000000243935/fota', { Url: 'coap://!\ud800', Checksum: '0A00a0A0' }, 'Url'],
    ['a sign-up', 'POST', () => '/api/users', { Email: 'a@example.com', Password: 'correct-horse-battery', Country: 'SE', Name: '\ud800x' }, 'Name'],
  ])('half a surrogate pair in %s is a 400 naming the field', async (_case, method, url, body, field) => {
    const response = await call(t.app, method as 'PUT', url(), { token: admin, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'invalid_field', Field: field });
  });

  it('a NUL character in a path or query value is a 400 naming it', async () => {
    const path = await call(t.app, 'GET', '/api/users/abc%00def', { token: admin });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ Error: 'invalid_field', Field: 'id' });
    const query = await call(t.app, 'GET', '/api/fencealarms/356938035643809/voltage?from=2024-01-01T00:00:00Z%00&to=2024-01-02T00:00:00Z', { token: admin });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ Error: 'invalid_field', Field: 'from' });
  });

  it('a NUL character in a path, query or body value of every operation is a 400 (never a 500)', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const answers: string[] = [];
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const url = route.includes('{') ? route.replace(/\{[^}]+\}/g, 'nul%00value') : `${route}?q=nul%00value`;
        const body = operation.requestBody ? { body: { Name: NUL } } : {};
        const response = await call(t.app, method.toUpperCase() as 'GET', url, { token: admin, ...body });
        answers.push(`${method.toUpperCase()} ${route} ${response.statusCode}`);
      }
    }
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((answer) => !answer.endsWith(' 400'))).toEqual([]);
  });

  it.each([
    ['deep nesting', () => `{"Name": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`, 'application/json', 400],
    ['very deep nesting', () => '['.repeat(400_000) + ']'.repeat(400_000), 'application/json', 400],
    ['invalid JSON', () => '{"Email": "a@example.com",', 'application/json', 400],
    ['a __proto__ key', () => '{"Email": "a@example.com", "__proto__": {"admin": true}}', 'application/json', 400],
    ['a constructor.prototype key', () => '{"constructor": {"prototype": {"admin": true}}}', 'application/json', 400],
    ['a huge number', () => '{"Email": "a@example.com", "Password": 1e400}', 'application/json', 400],
    ['a wrong content type', () => 'Email=a@example.com', 'application/x-www-form-urlencoded', 415],
    ['a text body', () => 'hello\u0000', 'text/plain', 400],
  ])('%s is refused with a 4xx', async (_case, payload, contentType, status) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/sign-in', headers: { 'content-type': contentType }, payload: payload() });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('Error');
  });
});

describe('findUnstorableInput', () => {
  it('finds NUL in values and keys, and nesting deeper than the limit, without recursion', () => {
    expect(findUnstorableInput({ A: 'ok', B: [1, { C: 'x\u0000' }] })).toEqual({ field: 'B.1.C', problem: 'nul' });
    expect(findUnstorableInput({ A: 'first\u0000', B: 'second\u0000' })).toEqual({ field: 'A', problem: 'nul' });
    expect(findUnstorableInput('x\u0000')).toEqual({ field: '', problem: 'nul' });
    expect(findUnstorableInput({ A: ['ok \u{1F404}', 'x\udfff'] })).toEqual({ field: 'A.1', problem: 'encoding' });
    expect(findUnstorableInput({ A: 'a pair: \ud83d\udc04' })).toBeNull();
    expect(findUnstorableInput({ A: 'ok', B: [true, null, 3] })).toBeNull();
    let deep: unknown = 'leaf';
    for (let i = 0; i < 1_000_000; i += 1) deep = [deep];
    expect(findUnstorableInput(deep)).toMatchObject({ problem: 'depth' });
    let allowed: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i += 1) allowed = { A: allowed };
    expect(findUnstorableInput(allowed)).toBeNull();
  });
});
