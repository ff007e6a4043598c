// CORS for partner pages (docs/product/embedding.md): only PARTNER_ORIGINS are answered cross-origin; the session a
// partner's token stands for; the demo partner page and its own policy.
import { loadConfig, partnerOrigins } from '../config';
import { call, createMember, setUpTestApp, type TestApp } from '../testing/testApp';
import { isPartnerOrigin, PREFLIGHT_MAX_AGE_SECONDS } from './cors';
import { demoPaddockOrigin, partnerDemoCsp } from './web';

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
