// The seed at every start: it creates the admin only while there is none and the demo user only while its address
// is free, never promotes or verifies an account that holds those addresses, and generates what is not given.
import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from './auth/passwords';
import { devices, inventory, serverKeys, users } from './db/schema';
import { demoInventory, demoKey, loadDemoDeviceSecret } from './devices/inventory';
import { sha256 } from './crypto';
import { seed } from './seed';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, signIn, testConfig, type TestApp } from './testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const db = () => t.database.db;
const byEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

describe('the admin account is never handed out by address', () => {
  it('a sign-up with the address the admin gave up stays an ordinary, unverified user after a restart', async () => {
    const admin = await byEmail(t.config.admin.email);
    const token = await adminToken(t);
    // The admin moves to another address; ADMIN_EMAIL is free.
    const moved = await call(t.app, 'PUT', `/api/users/${admin.id}/email`, { token, body: { Email: 'boss@farm.example' } });
    expect(moved.statusCode).toBe(200);
    const signUp = await call(t.app, 'POST', '/api/users', { body: { Email: t.config.admin.email, Password: 'intruder-password-1', Country: 'SE' } });
    expect(signUp.statusCode).toBeLessThan(300);

    expect(await seed(db(), t.config)).toEqual({ generated: {} }); // the restart
    const intruder = await byEmail(t.config.admin.email);
    expect(intruder.id).not.toBe(admin.id);
    expect(intruder).toMatchObject({ accountType: 'user', verified: false });
    expect(await byEmail('boss@farm.example')).toMatchObject({ id: admin.id, accountType: 'admin' });
    const me = await call(t.app, 'POST', '/api/sign-in', { body: { Email: t.config.admin.email, Password: 'intruder-password-1' } });
    expect(me.json().User?.AccountType).not.toBe('admin');
    // Put back for the tests below.
    await db().delete(users).where(eq(users.id, intruder.id));
    await db().update(users).set({ email: t.config.admin.email }).where(eq(users.id, admin.id));
  });

  it('leaves an account holding the demo address as it is: not verified, its password kept, no devices given', async () => {
    const demo = t.config.demo!;
    const original = await byEmail(demo.email);
    await db().update(users).set({ email: 'farmer@farm.example' }).where(eq(users.id, original.id));
    await db().delete(devices).where(eq(devices.ownerId, original.id));
    const signUp = await call(t.app, 'POST', '/api/users', { body: { Email: demo.email, Password: 'taker-password-1', Country: 'SE' } });
    expect(signUp.statusCode).toBeLessThan(300);
    const taker = await byEmail(demo.email);

    await seed(db(), t.config);
    const after = await byEmail(demo.email);
    expect(after).toMatchObject({ id: taker.id, verified: false, passwordHash: taker.passwordHash });
    expect(await db().select().from(devices).where(eq(devices.ownerId, taker.id))).toEqual([]);
  });

  it('refuses to start when there is no admin and ADMIN_EMAIL belongs to an ordinary account', async () => {
    const admin = await byEmail(t.config.admin.email);
    await db().update(users).set({ accountType: 'user' }).where(eq(users.id, admin.id));
    try {
      await expect(seed(db(), t.config)).rejects.toThrow(/ADMIN_EMAIL/);
      expect(await byEmail(t.config.admin.email)).toMatchObject({ accountType: 'user' });
    } finally {
      await db().update(users).set({ accountType: 'admin' }).where(eq(users.id, admin.id));
    }
  });
});

describe('secrets made on the first start', () => {
  it('generates the admin and demo passwords when none are set, returns them once, and signs in with them', async () => {
    const fresh = await createTestApp({
      admin: { email: 'first@paddock.local', password: null as unknown as string },
      demo: { email: 'first-demo@paddock.local', password: null as unknown as string },
    });
    try {
      const first = await seed(fresh.database.db, fresh.config); // createTestApp seeded already: nothing new
      expect(first).toEqual({ generated: {} });
      // A database of its own, seeded now, shows what the first start prints.
      await fresh.database.db.delete(devices);
      await fresh.database.db.delete(users);
      const made = await seed(fresh.database.db, fresh.config);
      expect(made.generated.admin).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(made.generated.demo).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(made.generated.admin).not.toBe(made.generated.demo);
      await signIn(fresh, 'first@paddock.local', made.generated.admin!);
      await signIn(fresh, 'first-demo@paddock.local', made.generated.demo!);
      expect(await seed(fresh.database.db, fresh.config)).toEqual({ generated: {} }); // shown once only
    } finally {
      await fresh.close();
    }
  }, APP_START_TIMEOUT_MS);

  it('keeps a random demo device secret in the database and derives the demo inventory from it', async () => {
    const config = { ...testConfig(), demoDeviceSecret: null };
    const secret = await loadDemoDeviceSecret(db(), config);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await loadDemoDeviceSecret(db(), config)).toBe(secret); // the same on every start and instance
    expect((await db().select().from(serverKeys).where(eq(serverKeys.name, 'demo-device-secret')))[0].value).toBe(secret);
    expect(await loadDemoDeviceSecret(db(), { ...config, demoDeviceSecret: 'set-by-the-operator' })).toBe('set-by-the-operator');
    expect(demoInventory({ demoDeviceSecret: secret })[0].secret).not.toBe(demoInventory({ demoDeviceSecret: 'paddock-demo-devices' })[0].secret);
  });

  it('moves demo devices off the secrets of the published default, so those open nothing after an upgrade', async () => {
    const key = demoKey('smartplug', 7);
    const published = demoInventory({ demoDeviceSecret: 'paddock-demo-devices' }).find((entry) => entry.key === key)!;
    await db().update(inventory).set({ secretHash: sha256(published.secret) }).where(eq(inventory.key, key));
    await seed(db(), t.config);
    const expected = demoInventory(t.config).find((entry) => entry.key === key)!;
    expect((await db().select().from(inventory).where(eq(inventory.key, key)))[0].secretHash).toBe(sha256(expected.secret));
  });

  it('refuses the first start in production without ADMIN_PASSWORD, and creates nothing', async () => {
    await db().update(users).set({ accountType: 'user' }).where(eq(users.email, t.config.admin.email));
    try {
      const config = { ...t.config, production: true, admin: { email: 'prod-admin@paddock.local', password: null } };
      await expect(seed(db(), config)).rejects.toThrow(/ADMIN_PASSWORD/);
      expect(await byEmail('prod-admin@paddock.local')).toBeUndefined();
      const set = { ...config, admin: { email: 'prod-admin@paddock.local', password: 'a-long-operator-secret' } };
      expect(await seed(db(), set)).toEqual({ generated: {} });
      const created = await byEmail('prod-admin@paddock.local');
      expect(created).toMatchObject({ accountType: 'admin', verified: true });
      expect(await verifyPassword(created.passwordHash, 'a-long-operator-secret')).toBe(true);
      await db().delete(users).where(eq(users.id, created.id));
    } finally {
      await db().update(users).set({ accountType: 'admin' }).where(eq(users.email, t.config.admin.email));
    }
  });

  it('in production, replaces a password an earlier README published (and its sessions), or refuses to start', async () => {
    const admin = await byEmail(t.config.admin.email);
    const token = await adminToken(t);
    await db().update(users).set({ passwordHash: await hashPassword('paddock-admin-2026') }).where(eq(users.id, admin.id));
    try {
      const production = { ...t.config, production: true, demo: null };
      await expect(seed(db(), { ...production, admin: { ...t.config.admin, password: null } })).rejects.toThrow(
        new RegExp(`${t.config.admin.email}.*ADMIN_PASSWORD`),
      );
      expect(await verifyPassword((await byEmail(t.config.admin.email)).passwordHash, 'paddock-admin-2026')).toBe(true);
      await seed(db(), production);
      expect(await verifyPassword((await byEmail(t.config.admin.email)).passwordHash, 'paddock-admin-2026')).toBe(false);
      expect(await verifyPassword((await byEmail(t.config.admin.email)).passwordHash, t.config.admin.password!)).toBe(true);
      expect((await call(t.app, 'GET', `/api/users/${admin.id}`, { token })).statusCode).toBe(401);
    } finally {
      await db().update(users).set({ passwordHash: admin.passwordHash }).where(eq(users.id, admin.id));
    }
  });
});
