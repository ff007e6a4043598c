// Sessions kept in memory (sessionCache.ts) are dropped the moment the database changes them: sign-out, a token
// revoked by any writer, a changed or deleted user; and expiry is checked on every use.
import { call, createMember, setUpTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
setUpTestApp((app) => (t = app));

const me = (member: { id: string; token: string }) => call(t.app, 'GET', `/api/users/${member.id}`, { token: member.token });

describe('the session cache', () => {
  it('refuses a token from the request after sign-out', async () => {
    const member = await createMember(t);
    expect((await me(member)).statusCode).toBe(200);
    expect((await me(member)).statusCode).toBe(200); // now from memory
    expect((await call(t.app, 'DELETE', '/api/token', { token: member.token })).statusCode).toBe(204);
    expect((await me(member)).statusCode).toBe(401);
  });

  it('drops a token another writer deletes, and every session of a user who changes or goes', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const search = `/api/users?field=email&target=${encodeURIComponent(a.email)}`;
    expect((await me(a)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', search, { token: b.token })).statusCode).toBe(403);
    // Plain SQL, as another server instance would; then a call that waits for the notifications (any POST does).
    await t.database.withConnection((c) => c.query('DELETE FROM tokens WHERE user_id = $1', [a.id]));
    await t.database.withConnection((c) => c.query(`UPDATE users SET account_type = 'admin' WHERE id = $1`, [b.id]));
    await call(t.app, 'POST', '/api/sign-in', { body: { Email: 'nobody@example.com', Password: 'x' } });
    expect((await me(a)).statusCode).toBe(401);
    // b's session is looked up again, so b's new rights count at once.
    expect((await call(t.app, 'GET', search, { token: b.token })).statusCode).toBe(200);
    await t.database.withConnection((c) => c.query('DELETE FROM users WHERE id = $1', [b.id]));
    await call(t.app, 'POST', '/api/sign-in', { body: { Email: 'nobody@example.com', Password: 'x' } });
    expect((await me(b)).statusCode).toBe(401);
  });

  it('checks expiry on every use', async () => {
    const member = await createMember(t);
    expect((await me(member)).statusCode).toBe(200);
    t.clock.advance(t.config.tokenTtlHours * 3_600_000 + 1000);
    expect((await me(member)).statusCode).toBe(401);
  });
});
