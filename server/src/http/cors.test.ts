// CORS for partner pages (docs/product/embedding.md): only PARTNER_ORIGINS are answered cross-origin; the session a
// partner's token stands for; the demo partner page and its own policy.
import { loadConfig, partnerOrigins } from '../config';
import { device } from '../security/fixtures';
import { call, createMember, createUser, setUpTestApp, type TestApp } from '../testing/testApp';
import { isPartnerOrigin, PREFLIGHT_MAX_AGE_SECONDS } from './cors';
import { demoPaddockOrigin, partnerDemoCsp } from '../web/routes';

const PARTNER = 'https://shop.example.com';
const FOREIGN = 'https://evil.example.net';

let t: TestApp;
setUpTestApp((app) => (t = app), { partnerOrigins: [PARTNER, 'http://shop.localhost:8080'] });

describe('PARTNER_ORIGINS', () => {
  it('defaults to the local demo partner on this server port, and takes a list of origins', () => {
    expect(loadConfig({ PORT: '8080' }).partnerOrigins).toEqual(['http://shop.localhost:8080']);
    expect(loadConfig({ PORT: '9123' }).partnerOrigins).toEqual(['http://shop.localhost:9123']);
    expect(partnerOrigins(' https://Shop.Example.com/ , http://localhost:3000', 8080)).toEqual([
      'https://shop.example.com',
      'http://localhost:3000',
    ]);
    expect(loadConfig({ PARTNER_ORIGINS: 'off' }).partnerOrigins).toEqual([]);
  });

  it.each(['shop.example.com', 'https://shop.example.com/path', 'ftp://shop.example.com', 'https://*.example.com'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => partnerOrigins(value, 8080)).toThrow(/PARTNER_ORIGINS/);
    },
  );

  it('matches an origin exactly (no prefix, no other port)', () => {
    expect(isPartnerOrigin(PARTNER, [PARTNER])).toBe(true);
    expect(isPartnerOrigin('https://shop.example.com.evil.net', [PARTNER])).toBe(false);
    expect(isPartnerOrigin('https://shop.example.com:8443', [PARTNER])).toBe(false);
    expect(isPartnerOrigin(undefined, [PARTNER])).toBe(false);
  });
});

describe('the API cross-origin', () => {
  it('answers a partner origin, with the ETag readable for the dashboard poll', async () => {
    const member = await createMember(t);
    const reply = await call(t.app, 'GET', `/api/users/${member.id}/devices`, { token: member.token, headers: { origin: PARTNER } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(reply.headers['access-control-expose-headers'])).toMatch(/ETag/);
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(reply.headers.vary)).toMatch(/Origin/);
  });

  it('gives any other origin no Access-Control-Allow-Origin', async () => {
    const reply = await call(t.app, 'GET', '/api/health', { headers: { origin: FOREIGN } });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a partner preflight with the methods and headers the client sends', async () => {
    const reply = await call(t.app, 'OPTIONS', '/api/smartplugs/350000300000014', {
      headers: {
        origin: PARTNER,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type,if-none-match',
      },
    });
    expect(reply.statusCode).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(reply.headers['access-control-allow-methods'])).toMatch(/PATCH/);
    expect(String(reply.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(reply.headers['access-control-max-age']).toBe(String(PREFLIGHT_MAX_AGE_SECONDS));
  });

  it('refuses a preflight from any other origin', async () => {
    const reply = await call(t.app, 'OPTIONS', '/api/users/x/devices', {
      headers: { origin: FOREIGN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ Error: 'forbidden' });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the remotes’ files open to every origin, as before', async () => {
    const reply = await call(t.app, 'GET', '/remotes.json', { headers: { origin: FOREIGN } });
    expect(reply.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('GET /api/session', () => {
  it('names the user of the token and its expiry, and keeps the token as it is', async () => {
    const member = await createMember(t);
    const reply = await call(t.app, 'GET', '/api/session', { token: member.token, headers: { origin: PARTNER } });
    expect(reply.statusCode).toBe(200);
    const body = reply.json<{ User: { Id: string; Email: string }; Token: { String: string; ExpiresAt: string } }>();
    expect(body.User).toMatchObject({ Id: member.id, Email: member.email });
    expect(body.Token.String).toBe(member.token);
    expect(Date.parse(body.Token.ExpiresAt)).toBeGreaterThan(t.config.now().getTime());
    // Still the same token afterwards (nothing was refreshed or retired).
    expect((await call(t.app, 'GET', '/api/session', { token: member.token })).statusCode).toBe(200);
  });

  it('is 401 without a valid token', async () => {
    expect((await call(t.app, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/session', { token: 'not-a-token' })).statusCode).toBe(401);
  });
});

describe('the demo partner page', () => {
  it('is served at /partner-demo/ with a partner’s policy that admits Paddock’s origin', async () => {
    const reply = await call(t.app, 'GET', '/partner-demo/', { headers: { host: 'shop.localhost:8080' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.body).toContain('demo.js');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' http://localhost:8080");
    expect(csp).toContain("connect-src 'self' http://localhost:8080");
    expect(csp).not.toContain('unsafe-inline');
    expect((await call(t.app, 'GET', '/partner-demo/demo.css', { headers: { host: 'shop.localhost:8080' } })).statusCode).toBe(200);
  });

  it('is not served on any other host: on Paddock’s own origin a link could sign a visitor in as someone else', async () => {
    for (const host of ['localhost:8080', 'paddock.example.com', 'shop.localhost:9999']) {
      for (const file of ['/partner-demo/', '/partner-demo/demo.js']) {
        const reply = await call(t.app, 'GET', file, { headers: { host } });
        expect([host, file, reply.statusCode]).toEqual([host, file, 404]);
        expect(reply.body).not.toContain('PaddockDevices');
      }
    }
  });

  it('leaves Paddock’s own pages with Paddock’s policy', async () => {
    const reply = await call(t.app, 'GET', '/api/health');
    expect(String(reply.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(reply.headers['content-security-policy'])).not.toContain('localhost:8080');
  });

  it('takes Paddock to be the host without its shop. prefix', () => {
    expect(demoPaddockOrigin('http', 'shop.localhost:8080')).toBe('http://localhost:8080');
    expect(demoPaddockOrigin('https', 'paddock.example.com')).toBe('https://paddock.example.com');
    expect(partnerDemoCsp('http://localhost:1')).toContain("img-src 'self' data: blob: http://localhost:1");
  });
});

// Issue 26: the embed was handed a full-account token, and partner origins were admitted on every route.
describe('the partner embed’s narrow reach (docs/product/embedding.md)', () => {
  /** Signs in as the embed does: from the partner's page. */
  async function signInFrom(origin: string | undefined) {
    const user = await createUser(t);
    const reply = await call(t.app, 'POST', '/api/sign-in', {
      body: { Email: user.email, Password: user.password },
      headers: origin ? { origin } : {},
    });
    expect(reply.statusCode).toBe(200);
    return { ...user, token: reply.json<{ Token: { String: string } }>().Token.String };
  }
  const refused = { Error: 'embed_scope' };

  it('gives a sign-in from a partner page a token refused on purchases, account deletion, e-mail and password changes', async () => {
    const farmer = await signInFrom(PARTNER);
    const token = farmer.token;
    const sim = await device(t, farmer, 'farmcam-sim');
    const plug = await device(t, farmer, 'smartplug');
    // Without any Origin too: the token itself carries the scope, wherever it is copied to.
    for (const [method, path, body] of [
      ['POST', `/api/users/${farmer.id}/sms`, undefined],
      ['POST', `/api/farmcam-sims/${sim}/extra-data`, undefined],
      ['DELETE', `/api/users/${farmer.id}`, undefined],
      ['PUT', `/api/users/${farmer.id}`, { Email: 'elsewhere@example.com', Password: farmer.password }],
      ['PATCH', `/api/users/${farmer.id}`, { Phone: '+46701234567' }],
      ['PUT', `/api/users/${farmer.id}/email`, { Email: 'elsewhere@example.com' }],
      ['GET', `/api/users/${farmer.id}/billing`, undefined],
      ['GET', `/api/users/${farmer.id}/invoices`, undefined],
      ['POST', `/api/users/${farmer.id}/device-tokens`, { Token: 'x' }],
      ['GET', '/api/admin/mailbox', undefined],
    ] as const) {
      const reply = await call(t.app, method, path, { token, body });
      expect([method, path, reply.statusCode, reply.json()]).toEqual([method, path, 403, expect.objectContaining(refused)]);
    }
    // A plan charges: refused inside an embed route, naming the field; the rest of the settings save.
    const plan = await call(t.app, 'PATCH', `/api/smartplugs/${plug}`, { token, body: { PriceId: '' } });
    expect([plan.statusCode, plan.json()]).toEqual([403, expect.objectContaining({ ...refused, Field: 'PriceId' })]);
    expect((await call(t.app, 'PATCH', `/api/smartplugs/${plug}`, { token, body: { Name: 'Barn' } })).statusCode).toBe(200);
    // Nothing happened: the account and its address are as they were.
    const again = await call(t.app, 'POST', '/api/sign-in', { body: { Email: farmer.email, Password: farmer.password } });
    const account = await call(t.app, 'GET', `/api/users/${farmer.id}`, { token: again.json<{ Token: { String: string } }>().Token.String });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ Email: farmer.email });
    expect(account.json().PendingEmail).toBeUndefined();
    expect(account.json().Phone ?? '').not.toBe('+46701234567');
    const list = await call(t.app, 'GET', `/api/users/${farmer.id}/devices`, { token, headers: { origin: PARTNER } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(PARTNER);
    expect((await call(t.app, 'GET', `/api/smartplugs/${plug}`, { token })).json()).toMatchObject({ Metadata: { Name: 'Barn' } });
    expect((await call(t.app, 'GET', '/api/session', { token })).statusCode).toBe(200);
  });

  it('keeps a refreshed embed token an embed token, and gives every other sign-in a full one', async () => {
    const farmer = await signInFrom(PARTNER);
    const fresh = await call(t.app, 'GET', '/api/token', { token: farmer.token, headers: { origin: PARTNER } });
    expect(fresh.statusCode).toBe(200);
    const token = fresh.json<{ String: string }>().String;
    expect((await call(t.app, 'DELETE', `/api/users/${farmer.id}`, { token })).json()).toMatchObject(refused);
    expect((await call(t.app, 'GET', `/api/users/${farmer.id}/devices`, { token })).statusCode).toBe(200);

    for (const origin of [undefined, 'capacitor://localhost', FOREIGN]) {
      const full = await signInFrom(origin);
      expect((await call(t.app, 'GET', `/api/users/${full.id}/invoices`, { token: full.token })).statusCode).toBe(200);
    }
  });

  it('refuses a partner page any other route even with a full token, before it runs', async () => {
    const farmer = await createMember(t);
    const gone = await call(t.app, 'DELETE', `/api/users/${farmer.id}`, { token: farmer.token, headers: { origin: PARTNER } });
    expect(gone.statusCode).toBe(403);
    expect(gone.json()).toMatchObject(refused);
    expect(gone.headers['access-control-allow-origin']).toBeUndefined();
    expect((await call(t.app, 'GET', `/api/users/${farmer.id}`, { token: farmer.token })).statusCode).toBe(200); // still there
  });

  it('answers a partner’s preflight for the embed’s calls only; the native app’s for every call', async () => {
    const preflight = (origin: string, method: string, url: string) =>
      call(t.app, 'OPTIONS', url, { headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization' } });
    for (const [method, url] of [
      ['GET', '/api/users/u1/devices'],
      ['PATCH', '/api/fencealarms/350000300000014'],
      ['PUT', '/api/smartplugs/350000300000014/power-enabled'],
      ['GET', '/api/smartplugs/350000300000014/load?from=x'],
      ['POST', '/api/sign-in'],
      ['GET', '/api/token'],
    ]) {
      const reply = await preflight(PARTNER, method, url);
      expect([method, url, reply.statusCode, reply.headers['access-control-allow-origin']]).toEqual([method, url, 204, PARTNER]);
    }
    for (const [method, url] of [
      ['DELETE', '/api/users/u1'],
      ['POST', '/api/users/u1/sms'],
      ['GET', '/api/users/u1/billing'],
      ['PUT', '/api/users/u1/email'],
      ['POST', '/api/farmcam-sims/240000000000001/extra-data'],
      ['GET', '/api/admin/mailbox'],
    ]) {
      const reply = await preflight(PARTNER, method, url);
      expect([method, url, reply.statusCode, reply.headers['access-control-allow-origin']]).toEqual([method, url, 403, undefined]);
      const app = await preflight('capacitor://localhost', method, url);
      expect([method, url, app.statusCode]).toEqual([method, url, 204]);
    }
  });

  it('admits no default origin in production; named ones work there', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://paddock.example.com', PAYMENT_TEST_MODE: 'on', PADDOCK_EMBEDDED: 'database,broker,mailbox' };
    expect(loadConfig(production)).toMatchObject({ partnerOrigins: [], nativeAppOrigins: [] });
    expect(loadConfig({ ...production, PARTNER_ORIGINS: PARTNER, NATIVE_APP_ORIGINS: 'capacitor://localhost' })).toMatchObject({
      partnerOrigins: [PARTNER],
      nativeAppOrigins: ['capacitor://localhost'],
    });
  });
});
