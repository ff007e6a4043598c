import { APP_START_TIMEOUT_MS, call, createTestApp, createUser, signIn, withRateLimit, type TestApp } from '../testing/testApp';
import { RETIRED_TOKEN_GRACE_MS } from '../auth/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('sign-in', () => {
  it.each(['POST', 'PUT'] as const)('%s /api/sign-in returns the user and a token', async (method) => {
    const user = await createUser(t, { locale: 'sv-SE' });
    const response = await call(t.app, method, '/api/sign-in', {
      body: { Email: user.email.toUpperCase(), Password: user.password, ClientTheme: 'dark' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.User).toMatchObject({ Id: user.id, Email: user.email, AccountType: 'user', Locale: 'sv-SE', Verified: true });
    expect(body.User).not.toHaveProperty('PasswordHash');
    expect(body.Token.String).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = new Date(body.Token.ExpiresAt).getTime() - t.clock.now().getTime();
    expect(ttl).toBeGreaterThan(23.9 * HOUR);
    expect(ttl).toBeLessThanOrEqual(24 * HOUR);
  });

  it('keeps the token out of every cache: sign-in, the new token and the session are no-store', async () => {
    const user = await createUser(t);
    const signedIn = await call(t.app, 'POST', '/api/sign-in', { body: { Email: user.email, Password: user.password } });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const token = signedIn.json().Token.String as string;
    for (const url of ['/api/token', '/api/session']) {
      const reply = await call(t.app, 'GET', url, { token });
      expect([url, reply.statusCode, reply.headers['cache-control']]).toEqual([url, 200, 'no-store']);
    }
  });

  it('signs in the seeded admin and demo user', async () => {
    const admin = await call(t.app, 'POST', '/api/sign-in', { body: { Email: 'admin@paddock.local', Password: t.config.admin.password } });
    expect(admin.json().User).toMatchObject({ AccountType: 'admin', Country: 'GB', Locale: 'en-GB', Verified: true });
    const demo = await call(t.app, 'POST', '/api/sign-in', { body: { Email: 'demo@paddock.local', Password: t.config.demo!.password } });
    expect(demo.json().User).toMatchObject({ AccountType: 'user', Country: 'SE', Verified: true });
  });

  it('answers 401 for a wrong password and for an unknown e-mail alike', async () => {
    const user = await createUser(t);
    const wrong = await call(t.app, 'POST', '/api/sign-in', { body: { Email: user.email, Password: 'not-the-password' } });
    const unknown = await call(t.app, 'POST', '/api/sign-in', { body: { Email: 'nobody@example.com', Password: 'not-the-password' } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ Error: 'invalid_credentials', Message: 'Wrong e-mail address or password.' });
    }
  });

  it('answers 403 for an unverified account, telling to verify it, in the browser language', async () => {
    const user = await createUser(t, { verified: false });
    const response = await call(t.app, 'POST', '/api/sign-in', {
      body: { Email: user.email, Password: user.password },
      headers: { 'accept-language': 'sv-SE,sv;q=0.9' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      Error: 'account_not_verified',
      Message: 'Ditt konto är inte verifierat ännu. Verifiera ditt konto med koden som vi skickade till din e-postadress.',
    });
  });

  it.each([
    [{ Password: 'x' }, 'missing_field', 'Email'],
    [{ Email: 'a@b.se' }, 'missing_field', 'Password'],
    [{ Email: 'not-an-email', Password: 'x' }, 'invalid_field', 'Email'],
    [{ Email: 'a@b.se', Password: '' }, 'missing_field', 'Password'],
    [{ Email: 'a@b.se', Password: 12345678901234 }, 'invalid_field', 'Password'],
    [{ Email: 'a@b.se', Password: 'x', ClientTheme: 1 }, 'invalid_field', 'ClientTheme'],
    [{ Email: 'a@b.se', Password: 'x', Remember: true }, 'unknown_field', 'Remember'],
  ])('answers 400 for %o naming the field', async (body, code, field) => {
    const response = await call(t.app, 'POST', '/api/sign-in', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field });
  });

  it('answers 400 for malformed JSON, an empty body or a body that is not an object', async () => {
    const malformed = await call(t.app, 'POST', '/api/sign-in', { body: '{"Email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ Error: 'malformed_json', Message: 'The request body is not valid JSON.' });
    const empty = await call(t.app, 'POST', '/api/sign-in', { body: '', headers: { 'content-type': 'application/json' } });
    expect(empty.json()).toMatchObject({ Error: 'invalid_body' });
    const list = await call(t.app, 'POST', '/api/sign-in', { body: [1, 2] });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ Error: 'invalid_body' });
    const none = await call(t.app, 'POST', '/api/sign-in');
    expect(none.statusCode).toBe(400);
  });

  it('answers 413 for a body over 1 MiB and 415 for a body that is not JSON', async () => {
    const huge = await call(t.app, 'POST', '/api/sign-in', { body: { Email: 'a@b.se', Password: 'x'.repeat(1_100_000) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ Error: 'payload_too_large' });
    const form = await call(t.app, 'POST', '/api/sign-in', { body: 'Email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ Error: 'unsupported_media_type' });
  });

  it('limits failed sign-ins per e-mail and per IP (429, localized)', async () => {
    const saved = t.config.rateLimits.signIn;
    t.config.rateLimits.signIn = { perEmail: 3, perIp: 5 };
    try {
      const user = await createUser(t);
      const attempt = (email: string, password: string, ip = '10.0.0.1') =>
        call(t.app, 'POST', '/api/sign-in', { body: { Email: email, Password: password }, ip, headers: { 'accept-language': 'de' } });
      for (let i = 0; i < 3; i++) expect((await attempt(user.email, 'wrong-password')).statusCode).toBe(401);
      const limited = await attempt(user.email, user.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ Error: 'rate_limited', Message: 'Zu viele Versuche, versuchen Sie es in 15 Minuten erneut.' });
      // The window's seconds left: 900 when it began this second, a little less on a slow run.
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(890);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
      // Another address from another IP is not affected.
      expect((await attempt((await createUser(t)).email, 'wrong', '10.0.0.2')).statusCode).toBe(401);
      // Per IP: two more failures on other addresses from 10.0.0.1 use up its 5.
      expect((await attempt('a@example.com', 'wrong')).statusCode).toBe(401);
      expect((await attempt('b@example.com', 'wrong')).statusCode).toBe(401);
      expect((await attempt('c@example.com', 'wrong')).statusCode).toBe(429);
      // The window passes.
      t.clock.advance(15 * 60_000 + 1000);
      expect((await attempt(user.email, user.password)).statusCode).toBe(200);
    } finally {
      t.config.rateLimits.signIn = saved;
    }
  });
});

describe('brute force', () => {
  const attempt = (email: string, password: string, ip: string) => call(t.app, 'POST', '/api/sign-in', { body: { Email: email, Password: password }, ip });

  it('checks at most the limit of 40 concurrent wrong passwords', async () => {
    await withRateLimit(t, 'signIn', { perEmail: 10, perIp: 1000, perEmailCeiling: 1000 }, async () => {
      const user = await createUser(t);
      const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(user.email, `wrong-${i}`, '10.1.0.1')));
      const checked = replies.filter((reply) => reply.statusCode !== 429);
      expect(checked).toHaveLength(10);
      expect(checked.every((reply) => reply.statusCode === 401)).toBe(true);
    });
  });

  it("does not lock the owner out: an attacker's failures count per e-mail and IP, under a high per-e-mail ceiling", async () => {
    await withRateLimit(t, 'signIn', { perEmail: 3, perIp: 1000, perEmailCeiling: 6 }, async () => {
      const user = await createUser(t);
      for (let i = 0; i < 3; i++) expect((await attempt(user.email, 'wrong', '10.2.0.1')).statusCode).toBe(401);
      // The attacker keeps going; refused attempts do not wear down the per-e-mail ceiling.
      for (let i = 0; i < 20; i++) expect((await attempt(user.email, 'wrong', '10.2.0.1')).statusCode).toBe(429);
      expect((await attempt(user.email, user.password, '10.2.0.1')).statusCode).toBe(429);
      expect((await attempt(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
      // Attackers on many addresses together reach the ceiling, which holds for everyone.
      for (let i = 0; i < 3; i++) expect((await attempt(user.email, 'wrong', '10.2.0.3')).statusCode).toBe(401);
      expect((await attempt(user.email, user.password, '10.2.0.2')).statusCode).toBe(429);
    });
  });

  it('does not count a successful sign-in', async () => {
    await withRateLimit(t, 'signIn', { perEmail: 2, perIp: 1000, perEmailCeiling: 1000 }, async () => {
      const user = await createUser(t);
      for (let i = 0; i < 5; i++) expect((await attempt(user.email, user.password, '10.3.0.1')).statusCode).toBe(200);
      expect((await attempt(user.email, 'wrong', '10.3.0.1')).statusCode).toBe(401);
      expect((await attempt(user.email, 'wrong', '10.3.0.1')).statusCode).toBe(401);
      expect((await attempt(user.email, user.password, '10.3.0.1')).statusCode).toBe(429);
    });
  });
});

describe('token', () => {
  it('GET /api/token issues a fresh token that works', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    const response = await call(t.app, 'GET', '/api/token', { token });
    expect(response.statusCode).toBe(200);
    const fresh = response.json();
    expect(fresh.String).not.toBe(token);
    expect((await call(t.app, 'GET', `/api/users/${user.id}`, { token: fresh.String })).statusCode).toBe(200);
  });

  it('GET /api/token retires the token it replaces after a short grace, also when refreshes race', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    const replies = await Promise.all([1, 2, 3].map(() => call(t.app, 'GET', '/api/token', { token })));
    // Tabs sharing one session may refresh together: none of them is signed out.
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    const fresh = replies[0].json<{ String: string }>().String;
    expect((await call(t.app, 'GET', `/api/users/${user.id}`, { token })).statusCode).toBe(200);
    t.clock.advance(RETIRED_TOKEN_GRACE_MS + 1000);
    expect((await call(t.app, 'GET', `/api/users/${user.id}`, { token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/token', { token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/users/${user.id}`, { token: fresh })).statusCode).toBe(200);
  });

  it.each([
    ['no token', {}],
    ['a made-up token', { authorization: 'Bearer made-up' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 with %s', async (_name, headers) => {
    const response = await call(t.app, 'GET', '/api/token', { headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ Error: 'unauthorized', Message: 'Your session has expired or is not valid. Please sign in again.' });
  });

  it('answers 401 once the token has expired', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    t.clock.advance(23 * HOUR);
    expect((await call(t.app, 'GET', '/api/token', { token })).statusCode).toBe(200);
    t.clock.advance(1 * HOUR + 1000);
    expect((await call(t.app, 'GET', '/api/token', { token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/users/${user.id}`, { token })).statusCode).toBe(401);
  });

  it('DELETE /api/token signs out: the token is revoked, others stay', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    const other = await signIn(t, user.email, user.password);
    expect((await call(t.app, 'DELETE', '/api/token', { token })).statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/token', { token })).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/token', { token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/token', { token: other })).statusCode).toBe(200);
  });

  it('answers in the language the call asks for (the one the app shows), before the signed-in user’s, which serves when none is named', async () => {
    const user = await createUser(t, { locale: 'fr-FR' });
    const token = await signIn(t, user.email, user.password);
    const forbiddenIn = async (headers: Record<string, string>) => {
      const response = await call(t.app, 'GET', '/api/users?field=email&target=x', { token, headers });
      expect(response.statusCode).toBe(403);
      return response.json();
    };
    expect(await forbiddenIn({ 'accept-language': 'de-DE' })).toEqual({
      Error: 'forbidden',
      Message: 'Dazu sind Sie nicht berechtigt.',
    });
    expect(await forbiddenIn({})).toEqual({ Error: 'forbidden', Message: "Vous n'êtes pas autorisé à effectuer cette action." });
    // A language the server does not have is no choice: the account's language, not English.
    expect(await forbiddenIn({ 'accept-language': 'ja-JP' })).toEqual({
      Error: 'forbidden',
      Message: "Vous n'êtes pas autorisé à effectuer cette action.",
    });
  });
});
