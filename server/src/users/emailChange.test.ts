// A user's own e-mail change waits for the code mailed to the new address; device lists follow the account.
import { eq } from 'drizzle-orm';
import { devices, users } from '../db/schema';
import { device, type Person } from '../security/fixtures';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, createUser, latestCode, mailsTo, signIn, withRateLimit, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

let n = 0;
const address = (label: string) => `${label}-${++n}-${Date.now()}@example.com`;

async function member(values: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t, values);
  return { id: user.id, email: user.email, password: user.password, token: await signIn(t, user.email, user.password) };
}

/** The user's own change, with the current password as the account page sends it. */
const askChange = (who: Person, Email: string, extra: Record<string, unknown> = { Password: who.password }) =>
  call(t.app, 'PATCH', `/api/users/${who.id}`, { token: who.token, body: { Email, ...extra } });
const confirm = (Email: string, VerificationCode: string) => call(t.app, 'PUT', '/api/verify-email', { body: { Email, VerificationCode } });
const row = async (key: string) => (await t.database.db.select().from(devices).where(eq(devices.key, key)))[0];
/** Every device the user sees, whatever its product. */
const visibleDevices = async (who: Person) =>
  Object.values((await call(t.app, 'GET', `/api/users/${who.id}/devices`, { token: who.token })).json<Record<string, unknown[]>>()).flat();

describe('e-mail change by the user', () => {
  it('stays pending until the code mailed to the new address is confirmed, and tells the old address', async () => {
    const me = await member({ locale: 'sv-SE' });
    const next = address('next');
    const asked = await askChange(me, next.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ Email: me.email, PendingEmail: next, Verified: true });
    const [notice] = await mailsTo(t, me.email);
    expect(notice.Subject).toBe('En ändring av din e-postadress i Paddock har begärts');
    expect(notice.Text).toContain(next);
    const [codeMail] = await mailsTo(t, next);
    expect(codeMail.Subject).toBe('Bekräfta din nya e-postadress i Paddock');
    // Meanwhile the account keeps its address, its session and its verification.
    expect((await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token })).json()).toMatchObject({ Email: me.email, PendingEmail: next });
    expect(await signIn(t, me.email, me.password)).toBeTruthy();
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: next, Password: me.password } })).statusCode).toBe(401);

    const code = await latestCode(t, next);
    expect((await confirm(next, String((Number(code) + 1) % 1_000_000).padStart(6, '0'))).json()).toMatchObject({ Error: 'invalid_code' });
    expect((await confirm(me.email, code)).json()).toMatchObject({ Error: 'invalid_code' }); // not a verification code
    expect((await confirm(next, code)).statusCode).toBe(204);
    const after = (await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token })).json();
    expect(after).toMatchObject({ Email: next, Verified: true });
    expect(after).not.toHaveProperty('PendingEmail');
    expect(await signIn(t, next, me.password)).toBeTruthy();
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: me.email, Password: me.password } })).statusCode).toBe(401);
    expect((await confirm(next, code)).statusCode).toBe(400); // single use
  });

  it("does not hand a stranger the devices of an address it renames itself to (the invite's, the owner's old one)", async () => {
    const owner = await member();
    const invited = address('invited');
    const key = await device(t, owner, 'smartplug2');
    await t.database.db.update(devices).set({ access: [owner.email, invited] }).where(eq(devices.key, key));
    const stranger = await member();
    for (const target of [invited, owner.email]) {
      const asked = await askChange(stranger, target);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toMatchObject({ Email: stranger.email });
      expect(await visibleDevices(stranger)).toEqual([]);
      expect((await call(t.app, 'GET', `/api/smartplug2s/${key}`, { token: stranger.token })).statusCode).toBe(404);
    }
    // Without the mailbox of the address, no code: guesses fail and are limited.
    expect((await confirm(owner.email, '000000')).statusCode).toBe(400);
    expect((await t.database.db.select().from(users).where(eq(users.id, stranger.id)))[0].email).toBe(stranger.email);
  });

  it('cancels the pending change when the current address is sent, and its code stops working', async () => {
    const me = await member();
    const next = address('cancelled');
    await askChange(me, next);
    const code = await latestCode(t, next);
    const cancelled = await askChange(me, me.email, {}); // cancelling moves nothing: no password needed
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).not.toHaveProperty('PendingEmail');
    expect((await confirm(next, code)).json()).toMatchObject({ Error: 'invalid_code' });
  });

  it('answers 409 email_taken when another account took the address meanwhile', async () => {
    const me = await member();
    const next = address('raced');
    await askChange(me, next);
    const code = await latestCode(t, next);
    await createUser(t, { email: next });
    const taken = await confirm(next, code);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ Error: 'email_taken', Field: 'Email' });
    const after = (await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token })).json();
    expect(after).toMatchObject({ Email: me.email });
    expect(after).not.toHaveProperty('PendingEmail');
  });

  it("moves the owner's entries on its own devices and takes the old address off everyone else's", async () => {
    const me = await member();
    const friend = await member();
    const mine = await device(t, me, 'fencealarm', [friend]);
    const theirs = await device(t, friend, 'fencealarm', [me]);
    await t.database.db.update(devices).set({ notify: [me.email, friend.email] }).where(eq(devices.key, mine));
    await t.database.db.update(devices).set({ notify: [friend.email, me.email] }).where(eq(devices.key, theirs));
    const before = await row(mine);
    const next = address('moved');
    await askChange(me, next);
    expect((await row(mine)).access).toEqual([me.email, friend.email]); // nothing moves before the confirmation
    expect((await confirm(next, await latestCode(t, next))).statusCode).toBe(204);

    const own = await row(mine);
    expect(own).toMatchObject({ access: [next, friend.email], notify: [next, friend.email] });
    expect(own.tags).toContain(next);
    expect(own.tags).not.toContain(me.email);
    expect(own.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await row(theirs)).toMatchObject({ access: [friend.email], notify: [friend.email] });
  });
});

describe('re-authentication before the address moves', () => {
  const stored = async (who: Person) => (await t.database.db.select().from(users).where(eq(users.id, who.id)))[0];

  it.each(['PATCH', 'PUT'] as const)(
    '%s: a stolen token without the right password cannot move the account to another mailbox',
    async (method) => {
      const victim = await member({ phone: '+46 70 111 11 11' });
      const thief = address('thief');
      const attempt = (extra: Record<string, unknown>) =>
        call(t.app, method, `/api/users/${victim.id}`, { token: victim.token, body: { Email: thief, Phone: '+46 70 999 99 99', ...extra } });
      const missing = await attempt({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        Error: 'password_required',
        Message: 'Enter your current password to change your e-mail address.',
        Field: 'Password',
      });
      expect((await attempt({ Password: '' })).json()).toMatchObject({ Error: 'password_required', Field: 'Password' });
      const wrong = await attempt({ Password: 'a-guessed-password-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ Error: 'invalid_password', Message: 'The password is not correct.', Field: 'Password' });
      // Refused whole: nothing pending, nothing else changed, no code to the thief, no notice to the owner.
      expect(await stored(victim)).toMatchObject({ email: victim.email, pendingEmail: null, phone: '+46 70 111 11 11' });
      expect(await mailsTo(t, thief)).toEqual([]);
      expect(await mailsTo(t, victim.email)).toEqual([]);
      expect((await confirm(thief, '000000')).statusCode).toBe(400);

      const right = await attempt({ Password: victim.password });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ Email: victim.email, PendingEmail: thief });
      expect(await mailsTo(t, thief)).toHaveLength(1);
    },
  );

  it('counts wrong passwords against the sign-in limit of the account and IP, and not the right one', async () => {
    await withRateLimit(t, 'signIn', { perEmail: 3, perIp: 1000, perEmailCeiling: 1000 }, async () => {
      const victim = await member();
      const attempt = (Password: string, ip: string) =>
        call(t.app, 'PATCH', `/api/users/${victim.id}`, { token: victim.token, ip, body: { Email: address('guess'), Password } });
      const signInFrom = (ip: string) => call(t.app, 'POST', '/api/sign-in', { ip, body: { Email: victim.email, Password: victim.password } });
      // Right passwords are given back.
      for (let i = 0; i < 4; i++) expect((await attempt(victim.password, '10.7.0.1')).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt(`wrong-guess-${i}`, '10.7.0.1')).json()).toMatchObject({ Error: 'invalid_password' });
      // The guesses used up the allowance of that account from that address, here and at sign-in.
      const limited = await attempt(victim.password, '10.7.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ Error: 'rate_limited' });
      expect((await signInFrom('10.7.0.1')).statusCode).toBe(429);
      expect((await signInFrom('10.7.0.2')).statusCode).toBe(200);
      expect((await attempt(victim.password, '10.7.0.2')).statusCode).toBe(200);
    });
  });

  it('shares the allowance with sign-in: failed sign-ins leave no fresh guesses here', async () => {
    await withRateLimit(t, 'signIn', { perEmail: 2, perIp: 1000, perEmailCeiling: 1000 }, async () => {
      const victim = await member();
      for (let i = 0; i < 2; i++) {
        const failed = await call(t.app, 'POST', '/api/sign-in', { ip: '10.8.0.1', body: { Email: victim.email, Password: `wrong-${i}` } });
        expect(failed.statusCode).toBe(401);
      }
      const response = await call(t.app, 'PATCH', `/api/users/${victim.id}`, {
        token: victim.token,
        ip: '10.8.0.1',
        body: { Email: address('guess'), Password: 'another-guess-1' },
      });
      expect(response.statusCode).toBe(429);
    });
  });

  it('needs no password to ask for the code again or to cancel, but does for another new address', async () => {
    const me = await member();
    const next = address('again');
    expect((await askChange(me, next)).statusCode).toBe(200);
    const again = await askChange(me, next.toUpperCase(), {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ PendingEmail: next });
    expect(await mailsTo(t, next)).toHaveLength(2);
    const other = await askChange(me, address('other'), {});
    expect(other.json()).toMatchObject({ Error: 'password_required', Field: 'Password' });
    expect((await stored(me)).pendingEmail).toBe(next);
    expect((await askChange(me, me.email, {})).json()).not.toHaveProperty('PendingEmail');
  });

  it("lets an admin start a user's change without that user's password, and asks admins for their own", async () => {
    const token = await adminToken(t);
    const user = await member();
    const next = address('support');
    const forUser = await call(t.app, 'PATCH', `/api/users/${user.id}`, { token, body: { Email: next } });
    expect(forUser.statusCode).toBe(200);
    expect(forUser.json()).toMatchObject({ Email: user.email, PendingEmail: next });
    const self = (await call(t.app, 'GET', '/api/users?field=email&target=' + encodeURIComponent(t.config.admin.email), { token })).json()[0];
    const own = await call(t.app, 'PATCH', `/api/users/${self.Id}`, { token, body: { Email: address('admin') } });
    expect(own.json()).toMatchObject({ Error: 'password_required', Field: 'Password' });
    const wrong = await call(t.app, 'PATCH', `/api/users/${self.Id}`, { token, body: { Email: address('admin'), Password: 'not-the-admin-password' } });
    expect(wrong.json()).toMatchObject({ Error: 'invalid_password', Field: 'Password' });
  });
});

describe('the address leaves the device lists', () => {
  it('when an account is deleted, so whoever signs up with it later gets nothing', async () => {
    const owner = await member();
    const leaving = await member();
    const key = await device(t, owner, 'smartplug', [leaving]);
    await t.database.db.update(devices).set({ notify: [owner.email, leaving.email] }).where(eq(devices.key, key));
    expect((await call(t.app, 'DELETE', `/api/users/${leaving.id}`, { token: leaving.token, body: { Password: leaving.password } })).statusCode).toBe(204);
    expect(await row(key)).toMatchObject({ access: [owner.email], notify: [owner.email] });
    const taker = await member({ email: leaving.email });
    expect(await visibleDevices(taker)).toEqual([]);
  });

  it("when an admin sets a user's address (immediately), the owner's entries following", async () => {
    const owner = await member();
    const shared = await member();
    const own = await device(t, owner, 'smartplug', [shared]);
    const other = await device(t, shared, 'smartplug', [owner]);
    const moved = address('admin-moved');
    const response = await call(t.app, 'PUT', `/api/users/${owner.id}/email`, { token: await adminToken(t), body: { Email: moved } });
    expect(response.json()).toMatchObject({ Email: moved });
    expect(await row(own)).toMatchObject({ access: [moved, shared.email], notify: [moved] });
    expect(await row(other)).toMatchObject({ access: [shared.email] });
  });
});
