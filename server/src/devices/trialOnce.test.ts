// A trial is had once per device key (docs/product/states.md#trial, issue 26): unregistering and registering again,
// by the same owner or another, gives no second trial and no second 1 GB; the subscription and a SIM's data account
// belong to the key. The earlier owner's next plan does not come along, so the renewal job charges no one for it.
import { IDEMPOTENCY_KEY_HEADER } from '@paddock/shared/contract';
import { EXTRA_DATA_BYTES, PRODUCTS, REGISTRATION_TRIAL_DAYS, type ProductId } from '@paddock/shared/domain';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import nodePath from 'node:path';
import { eq } from 'drizzle-orm';
import { BUILTIN_CATALOGUE } from '../billing/catalogue';
import { localPaymentProvider } from '../billing/payments';
import { renewDueSubscriptions } from '../billing/renewals';
import { devices, inventory, payments } from '../db/schema';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { createMailer } from '../notify/mail';
import {
  APP_START_TIMEOUT_MS,
  adminToken,
  call,
  createMember,
  openTestDatabase,
  setUpTestApp,
  signIn,
  type Member,
  type TestApp,
} from '../testing/testApp';
import { demoKey } from './inventory';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const DAY = 86_400_000;
const used: Partial<Record<ProductId, number>> = {};
const freeKey = (product: ProductId) => demoKey(product, (used[product] = (used[product] ?? 1) + 1));
const path = (product: ProductId, key: string) => `/api/${PRODUCTS[product].apiCollection}/${key}`;

function register(owner: Member, product: ProductId, key: string) {
  return call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS[product].apiCollection}`, {
    token: owner.token,
    body: { [PRODUCTS[product].keyField]: key, Name: 'Second-hand' },
  });
}

async function registered(owner: Member, product: ProductId, key: string) {
  const response = await register(owner, product, key);
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function unregister(owner: Member, product: ProductId, key: string) {
  expect((await call(t.app, 'DELETE', path(product, key), { token: owner.token })).statusCode).toBe(204);
}

/** Moves the clock on; sessions expire meanwhile, so the members and the admin sign in again. */
async function later(ms: number, ...members: Member[]) {
  t.clock.advance(ms);
  for (const member of members) member.token = await signIn(t, member.email, member.password);
  admin = await adminToken(t);
}

const paymentsOf = (userId: string) => t.database.db.select().from(payments).where(eq(payments.userId, userId));

describe('registering a key that had its trial', () => {
  it('by the same owner: no new trial, the same expiry', async () => {
    const owner = await createMember(t);
    const key = freeKey('fencealarm');
    const first = await registered(owner, 'fencealarm', key);
    expect(first.Subscription).toMatchObject({ Trialing: true, PriceIds: { Current: '', Next: '' } });
    await later(10 * DAY, owner);
    await unregister(owner, 'fencealarm', key);
    const again = await registered(owner, 'fencealarm', key);
    // The trial runs on to its first expiry: 20 days left, not a fresh 30.
    expect(again.Subscription).toEqual(first.Subscription);
    expect(Date.parse(again.Subscription.ExpiresAt) - t.clock.now().getTime()).toBeLessThan((REGISTRATION_TRIAL_DAYS - 9) * DAY);
  });

  it('by another owner: the device keeps its trial time, and no new trial', async () => {
    const [seller, buyer] = [await createMember(t), await createMember(t)];
    const key = freeKey('smartplug2');
    const first = await registered(seller, 'smartplug2', key);
    await later(DAY, seller, buyer);
    await unregister(seller, 'smartplug2', key);
    const second = await registered(buyer, 'smartplug2', key);
    expect(second.Subscription).toEqual(first.Subscription);
    expect(second.Metadata).toMatchObject({ Owner: buyer.id, Access: [buyer.email] });
  });

  it('once the trial is over: ended, not a new trial', async () => {
    const owner = await createMember(t);
    const key = freeKey('smartplug');
    const first = await registered(owner, 'smartplug', key);
    await unregister(owner, 'smartplug', key);
    await later((REGISTRATION_TRIAL_DAYS + 1) * DAY, owner);
    const again = await registered(owner, 'smartplug', key);
    expect(again.Subscription).toEqual({ Trialing: false, ExpiresAt: first.Subscription.ExpiresAt, PriceIds: { Current: '', Next: '' } });
  });

  it('after the owner deleted the account: no new trial for the next one', async () => {
    const [gone, next] = [await createMember(t), await createMember(t)];
    const key = freeKey('fencealarm2');
    const first = await registered(gone, 'fencealarm2', key);
    expect((await call(t.app, 'DELETE', `/api/users/${gone.id}`, { token: admin })).statusCode).toBe(204);
    expect((await registered(next, 'fencealarm2', key)).Subscription).toEqual(first.Subscription);
  });

  it('a FarmCam SIM keeps its data account: no fresh 1 GB, the data bought and used stay with the SIM', async () => {
    const [seller, buyer] = [await createMember(t), await createMember(t)];
    const imsi = freeKey('farmcam-sim');
    const first = await registered(seller, 'farmcam-sim', imsi);
    expect(first.RemainingData).toBe(1_000_000_000);
    // 400 MB used, then 1 GB bought: 1.6 GB left.
    const [row] = await t.database.db.select().from(devices).where(eq(devices.key, imsi));
    await t.database.db
      .update(devices)
      .set({ fields: { ...row.fields, UsedData: 400_000_000, RemainingData: 600_000_000 } })
      .where(eq(devices.key, imsi));
    const bought = await call(t.app, 'POST', `/api/farmcam-sims/${imsi}/extra-data`, {
      token: seller.token,
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'trial-once-extra' },
    });
    expect(bought.json()).toMatchObject({ RemainingData: 600_000_000 + EXTRA_DATA_BYTES });
    // The seller's own alert setting does not go with the SIM.
    await call(t.app, 'PATCH', `/api/farmcam-sims/${imsi}`, {
      token: seller.token,
      body: { DataAlert: { Enabled: true, ThresholdMb: 5_000 } },
    });
    await unregister(seller, 'farmcam-sim', imsi);

    for (const owner of [seller, buyer]) {
      const again = await registered(owner, 'farmcam-sim', imsi);
      expect(again).toMatchObject({ RemainingData: 600_000_000 + EXTRA_DATA_BYTES, Subscription: first.Subscription });
      expect(again.DataAlert).toEqual(first.DataAlert);
      await unregister(owner, 'farmcam-sim', imsi);
    }
  });

  it('a key never registered still gets its trial (and a SIM its 1 GB)', async () => {
    const owner = await createMember(t);
    const sim = await registered(owner, 'farmcam-sim', freeKey('farmcam-sim'));
    expect(sim).toMatchObject({ RemainingData: 1_000_000_000, Subscription: { Trialing: true } });
    expect(Date.parse(sim.Subscription.ExpiresAt) - t.clock.now().getTime()).toBeGreaterThan((REGISTRATION_TRIAL_DAYS - 0.01) * DAY);
  });

  it('an admin’s Add trial stays the way to give more', async () => {
    const owner = await createMember(t);
    const key = freeKey('fencealarm');
    const first = await registered(owner, 'fencealarm', key);
    await unregister(owner, 'fencealarm', key);
    await registered(owner, 'fencealarm', key);
    const added = await call(t.app, 'PUT', `${path('fencealarm', key)}/trial`, { token: admin, body: { Days: 7 } });
    expect(added.statusCode).toBe(200);
    expect(Date.parse(added.json().Subscription.ExpiresAt)).toBe(Date.parse(first.Subscription.ExpiresAt) + 7 * DAY);
    // And that extended trial is what the key keeps in turn.
    await unregister(owner, 'fencealarm', key);
    expect((await registered(owner, 'fencealarm', key)).Subscription).toEqual(added.json().Subscription);
  });

  it('the paid period stays with the device; the earlier owner’s next plan does not, so the renewal job charges no one', async () => {
    const [seller, buyer] = [await createMember(t), await createMember(t)];
    const key = freeKey('smartplug');
    const plan = BUILTIN_CATALOGUE.SmartplugMonth.Id;
    await registered(seller, 'smartplug', key);
    // The trial is over, the seller starts a monthly plan (charged now) that would renew.
    await t.database.db
      .update(devices)
      .set({
        subscription: {
          Trialing: false,
          ExpiresAt: new Date(t.clock.now().getTime() - DAY).toISOString(),
          PriceIds: { Current: '', Next: '' },
        },
      })
      .where(eq(devices.key, key));
    const paid = await call(t.app, 'POST', `${path('smartplug', key)}/plan`, { token: seller.token, body: { PriceId: plan } });
    expect(paid.json().Device.Subscription).toMatchObject({ Trialing: false, PriceIds: { Current: plan, Next: plan } });
    expect(await paymentsOf(seller.id)).toHaveLength(1);
    await unregister(seller, 'smartplug', key);

    const bought = await registered(buyer, 'smartplug', key);
    expect(bought.Subscription).toEqual({ ...paid.json().Device.Subscription, PriceIds: { Current: plan, Next: '' } });

    await later(32 * DAY);
    const mailer = createMailer({ smtpUrl: null, from: 'test', db: t.database.db, now: t.clock.now, log: t.app.log });
    const run = await renewDueSubscriptions({
      db: t.database.db,
      payments: localPaymentProvider(t.clock.now),
      mailer,
      now: t.clock.now,
      log: t.app.log,
    });
    expect(run.renewed).toBe(0);
    expect(await paymentsOf(buyer.id)).toEqual([]);
    expect(await paymentsOf(seller.id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.key, key));
    expect(row.subscription).toEqual({
      Trialing: false,
      ExpiresAt: paid.json().Device.Subscription.ExpiresAt,
      PriceIds: { Current: '', Next: '' },
    });
  });

  it('records the trial on the key at its first registration, and keeps nothing while it is registered', async () => {
    const owner = await createMember(t);
    const key = freeKey('smartplug2');
    const before = t.clock.now().getTime();
    await registered(owner, 'smartplug2', key);
    const [stock] = await t.database.db.select().from(inventory).where(eq(inventory.key, key));
    expect(stock.trialStartedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(stock).toMatchObject({ keptSubscription: null, keptDataAccount: null });
  });
});

describe('migration 0020 on a database with devices', () => {
  it(
    'counts every key registered before it as having had its trial, and keeps what an unregistration leaves',
    async () => {
      const test = await openTestDatabase();
      const dir = await mkdtemp(nodePath.join(os.tmpdir(), 'paddock-0020-'));
      try {
        const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
        for (const file of files.filter((name) => name < '0020'))
          await copyFile(nodePath.join(MIGRATIONS_DIR, file), nodePath.join(dir, file));
        await migrate(test.database, dir);
        const registeredAt = '2026-01-02T03:04:05.000Z';
        const subscription = { Trialing: true, ExpiresAt: '2026-02-01T03:04:05.000Z', PriceIds: { Current: '', Next: '' } };
        await test.database.withConnection(async (c) => {
          await c.query(
            `INSERT INTO users (id, customer_id, email, password_hash, country, created_at) VALUES ('u1', 'c1', 'old@example.com', 'x', 'SE', now())`,
          );
          await c.query(
            `INSERT INTO inventory (key, product, secret_hash, created_at) VALUES ('k1', 'fencealarm', 'x', now()), ('k2', 'fencealarm', 'x', now())`,
          );
          await c.query(
            `INSERT INTO devices (key, product, owner_id, name, fields, subscription, registered_at, updated_at) VALUES ('k1', 'fencealarm', 'u1', 'Old', '{}', $1, $2, $2)`,
            [JSON.stringify(subscription), registeredAt],
          );
        });
        await migrate(test.database);
        const rows = await test.database.db.select().from(inventory).orderBy(inventory.key);
        expect(rows.map((row) => [row.key, row.trialStartedAt?.toISOString() ?? null])).toEqual([
          ['k1', registeredAt],
          ['k2', null],
        ]);
        await test.database.db.delete(devices).where(eq(devices.key, 'k1'));
        const [kept] = await test.database.db.select().from(inventory).where(eq(inventory.key, 'k1'));
        expect(kept).toMatchObject({ keptSubscription: subscription, keptDataAccount: null });
      } finally {
        await rm(dir, { recursive: true, force: true });
        await test.dispose();
      }
    },
    APP_START_TIMEOUT_MS,
  );
});
