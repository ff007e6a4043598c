// No lock held across the network (issue 27, docs/architecture/decisions/0019-renewals.md): renewals and purchases
// charge the payment provider holding no device or account row, then record in a short transaction, idempotently.
// The provider here is a stand-in that behaves as a real one with idempotency keys (a repeated key returns what the
// first charge took, taking nothing again), whose charge can be held inside the call until released, and whose
// record can fail as a server dying between charge and record would leave it.
import { IDEMPOTENCY_KEY_HEADER } from '@paddock/shared/contract';
import { PRODUCTS } from '@paddock/shared/domain';
import { eq, sql } from 'drizzle-orm';
import { devices, payments, users } from '../db/schema';
import { createMailer } from '../notify/mail';
import { device, person, type Person } from '../security/fixtures';
import { waitFor } from '../testing/devices';
import { call, setUpTestApp, type TestApp } from '../testing/testApp';
import { BUILTIN_CATALOGUE } from './catalogue';
import { localPaymentProvider, type PaymentProvider, type TakenPayment } from './payments';
import { CHARGE_CLAIM_MS } from './plans';
import { renewDueSubscriptions } from './renewals';

const HOUR = 3_600_000;
/** Far longer than a free row takes to lock on a loaded machine; a lock held across the charge never comes free. */
const LOCK_FREE_WITHIN_MS = 5_000;

/** Money the stand-in took, by idempotency key (a replay takes none). */
const takes = new Map<string, number>();
const entered: string[] = [];
let held: { gate: Promise<void>; release: () => void } | null = null;
let failingRecords = 0;

function standInProvider(now: () => Date): PaymentProvider {
  const local = localPaymentProvider(now);
  const taken = new Map<string, TakenPayment>();
  return {
    ...local,
    async charge(db, charge) {
      entered.push(charge.idempotencyKey);
      if (held) await held.gate;
      const earlier = taken.get(charge.idempotencyKey);
      if (earlier) return earlier;
      const result = await local.charge(db, charge);
      taken.set(charge.idempotencyKey, result);
      takes.set(charge.idempotencyKey, (takes.get(charge.idempotencyKey) ?? 0) + 1);
      return result;
    },
    async record(tx, charge, result) {
      if (failingRecords > 0) {
        failingRecords -= 1;
        throw new Error('the server died between charge and record');
      }
      return local.record(tx, charge, result);
    },
  };
}

let t: TestApp;
// The app's routes and the renewal runs below charge through the same stand-in.
const provider = standInProvider(() => t.clock.now());
setUpTestApp((app) => (t = app), {}, { payments: provider });

beforeEach(() => {
  takes.clear();
  entered.length = 0;
  held = null;
  failingRecords = 0;
});
afterEach(() => held?.release());

function hold(): void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  held = { gate, release };
}

/** Waits until a charge under `key` (prefix) is inside the provider. */
const charging = (prefix: string) =>
  waitFor(
    async () => entered.filter((key) => key.startsWith(prefix)).length,
    (n) => n > 0,
  );

/** Resolves with `work`, or fails when it is still waiting after LOCK_FREE_WITHIN_MS (a lock held across the charge). */
async function promptly<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still waiting after ${LOCK_FREE_WITHIN_MS} ms: a row is held across the charge`)),
      LOCK_FREE_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Another transaction takes the device's row at once (NOWAIT: an error if anyone holds it) and renames the device. */
const renameAtOnce = (key: string, name: string) =>
  promptly(
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT key FROM devices WHERE key = ${key} FOR UPDATE NOWAIT`);
      await tx.update(devices).set({ name }).where(eq(devices.key, key));
    }),
  );

const rowOf = async (key: string) => (await t.database.db.select().from(devices).where(eq(devices.key, key)))[0];
const paymentsOf = (userId: string) => t.database.db.select().from(payments).where(eq(payments.userId, userId));
const month = BUILTIN_CATALOGUE.SmartplugMonth;
const year = BUILTIN_CATALOGUE.SmartplugYear;

/** A SmartPlug whose subscription expired an hour ago: a plan renewing to `next`, or (current '') a trial or a lapsed plan. */
async function expired(owner: Person, subscription: { current: string; next: string; trialing?: boolean }): Promise<string> {
  const key = await device(t, owner, 'smartplug');
  const ExpiresAt = new Date(t.clock.now().getTime() - HOUR).toISOString();
  await t.database.db
    .update(devices)
    .set({
      subscription: {
        Trialing: subscription.trialing ?? false,
        ExpiresAt,
        PriceIds: { Current: subscription.current, Next: subscription.next },
      },
    })
    .where(eq(devices.key, key));
  return key;
}

const renew = () =>
  renewDueSubscriptions({
    db: t.database.db,
    payments: provider,
    mailer: createMailer({ smtpUrl: null, from: 'test', db: t.database.db, now: t.clock.now, log: t.app.log }),
    now: t.clock.now,
    log: t.app.log,
  });

/** The owner's confirmed plan purchase (docs/product/billing.md "A charge is its own step"). */
const choosePlan = (owner: Person, key: string, priceId: string) =>
  call(t.app, 'POST', `/api/${PRODUCTS.smartplug.apiCollection}/${key}/plan`, { token: owner.token, body: { PriceId: priceId } });

describe('a renewal', () => {
  it('holds no device row while the provider charges; the change made meanwhile stays and the renewal is recorded after release', async () => {
    const owner = await person(t, 'renewing');
    const key = await expired(owner, { current: month.Id, next: month.Id });
    const before = await rowOf(key);
    hold();
    const run = renew();
    await charging(`renewal:${owner.id}:smartplug:${key}:`);
    // Readings and the owner's changes go on while the charge is under way.
    await renameAtOnce(key, 'Renamed meanwhile');
    expect(await paymentsOf(owner.id)).toEqual([]);
    held!.release();
    expect(await run).toMatchObject({ renewed: 1 });
    const row = await rowOf(key);
    expect(row.name).toBe('Renamed meanwhile');
    const expected = new Date(before.subscription.ExpiresAt);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(row.subscription).toEqual({
      Trialing: false,
      ExpiresAt: expected.toISOString(),
      PriceIds: { Current: month.Id, Next: month.Id },
    });
    expect(row.chargingUntil).toBeNull();
    expect(await paymentsOf(owner.id)).toHaveLength(1);
  });

  it('keeps a next plan the owner chose during the charge, and charges a device handed over meanwhile to nobody else', async () => {
    const [owner, heir] = [await person(t, 'chooser'), await person(t, 'heir')];
    const [chosen, handed] = [
      await expired(owner, { current: month.Id, next: month.Id }),
      await expired(owner, { current: month.Id, next: month.Id }),
    ];
    hold();
    const run = renew();
    await charging(`renewal:${owner.id}:smartplug:`);
    // The owner picks yearly for the period after this one (a running plan: Next only, no charge) …
    const response = await promptly(choosePlan(owner, chosen, year.Id));
    expect(response.statusCode).toBe(200);
    // … and the other device goes to another owner while the job works (as a transfer does: no next plan for the heir).
    const { subscription } = await rowOf(handed);
    await promptly(
      t.database.db
        .update(devices)
        .set({ ownerId: heir.id, subscription: { ...subscription, PriceIds: { ...subscription.PriceIds, Next: '' } } })
        .where(eq(devices.key, handed)),
    );
    held!.release();
    await run;
    const renewed = await rowOf(chosen);
    expect(renewed.subscription.PriceIds).toEqual({ Current: month.Id, Next: year.Id });
    expect(Date.parse(renewed.subscription.ExpiresAt)).toBeGreaterThan(t.clock.now().getTime());
    // The handed-over device is left as it is now; whatever its owner paid is recorded (no charge without a record),
    // the heir is charged nothing.
    const left = await rowOf(handed);
    expect(left).toMatchObject({ ownerId: heir.id, chargingUntil: null });
    expect(Date.parse(left.subscription.ExpiresAt)).toBeLessThan(t.clock.now().getTime());
    const paid = await paymentsOf(owner.id);
    expect(paid.map((payment) => payment.idempotencyKey).sort()).toEqual(
      entered.filter((key) => key.startsWith(`renewal:${owner.id}:`)).sort(),
    );
    expect(await paymentsOf(heir.id)).toEqual([]);
    for (const [, count] of takes) expect(count).toBe(1);
  });

  it('charges once and records once when the record failed after the charge (a crash) and the job runs again', async () => {
    const owner = await person(t, 'crash');
    const key = await expired(owner, { current: month.Id, next: month.Id });
    const before = await rowOf(key);
    failingRecords = 1;
    expect(await renew()).toMatchObject({ renewed: 0 });
    expect(await paymentsOf(owner.id)).toEqual([]);
    // Claimed until the claim runs out: not charged again meanwhile, by this instance or another.
    expect(await renew()).toMatchObject({ renewed: 0 });
    t.clock.advance(CHARGE_CLAIM_MS);
    expect(await renew()).toMatchObject({ renewed: 1 });
    const chargeKey = `renewal:${owner.id}:smartplug:${key}:${before.subscription.ExpiresAt}`;
    expect(entered.filter((k) => k === chargeKey)).toHaveLength(2);
    expect(takes.get(chargeKey)).toBe(1);
    expect(await paymentsOf(owner.id)).toMatchObject([{ idempotencyKey: chargeKey }]);
    const expected = new Date(before.subscription.ExpiresAt);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect((await rowOf(key)).subscription.ExpiresAt).toBe(expected.toISOString());
    // Renewed once: a further run finds nothing due.
    expect(await renew()).toEqual({ renewed: 0, ended: 0, retrying: 0 });
  });

  it('is not charged a second time by a plan started while it is being charged (a trial that ends with a chosen plan)', async () => {
    const owner = await person(t, 'trial');
    const key = await expired(owner, { current: '', next: month.Id, trialing: true });
    hold();
    const run = renew();
    await charging(`renewal:${owner.id}:smartplug:${key}:`);
    // Nothing runs, so a plan would start now; the renewal holds this period's charge: it only becomes Next.
    const response = await promptly(choosePlan(owner, key, year.Id));
    expect(response.statusCode).toBe(200);
    held!.release();
    expect(await run).toMatchObject({ renewed: 1 });
    expect((await rowOf(key)).subscription).toMatchObject({ Trialing: false, PriceIds: { Current: month.Id, Next: year.Id } });
    expect(await paymentsOf(owner.id)).toHaveLength(1);
    expect([...takes.values()]).toEqual([1]);
  });
});

describe('a purchase', () => {
  it('starts a plan on a lapsed subscription holding no device row while charging, and applies it after release', async () => {
    const owner = await person(t, 'starter');
    const key = await expired(owner, { current: '', next: '' });
    hold();
    const response = choosePlan(owner, key, month.Id);
    await charging(`plan:${owner.id}:smartplug:${key}:`);
    await renameAtOnce(key, 'Renamed meanwhile');
    held!.release();
    expect((await response).statusCode).toBe(200);
    const row = await rowOf(key);
    expect(row).toMatchObject({
      name: 'Renamed meanwhile',
      chargingUntil: null,
      subscription: { PriceIds: { Current: month.Id, Next: month.Id } },
    });
    expect(Date.parse(row.subscription.ExpiresAt)).toBeGreaterThan(t.clock.now().getTime());
    expect(await paymentsOf(owner.id)).toHaveLength(1);
  });

  it('starts a plan once when its record failed after the charge: the retried request applies the payment it finds', async () => {
    const owner = await person(t, 'restart');
    const key = await expired(owner, { current: '', next: '' });
    failingRecords = 1;
    expect((await choosePlan(owner, key, month.Id)).statusCode).toBe(500);
    // Recorded on its own (no money without a record), not applied, the claim given back.
    expect(await rowOf(key)).toMatchObject({ chargingUntil: null, subscription: { PriceIds: { Current: '' } } });
    expect((await choosePlan(owner, key, month.Id)).statusCode).toBe(200);
    expect((await rowOf(key)).subscription.PriceIds).toEqual({ Current: month.Id, Next: month.Id });
    expect([...takes.values()]).toEqual([1]);
    expect(await paymentsOf(owner.id)).toHaveLength(1);
  });

  it('buys extra data holding no SIM row, and the SMS bundle holding no account row, while charging', async () => {
    const owner = await person(t, 'buyer');
    const imsi = await device(t, owner, 'farmcam-sim');
    hold();
    const extraData = call(t.app, 'POST', `/api/farmcam-sims/${imsi}/extra-data`, { token: owner.token });
    const sms = call(t.app, 'POST', `/api/users/${owner.id}/sms`, { token: owner.token });
    await charging(`extra-data:${owner.id}:${imsi}:`);
    await charging(`sms:${owner.id}:`);
    await renameAtOnce(imsi, 'Renamed meanwhile');
    await promptly(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM users WHERE id = ${owner.id} FOR UPDATE NOWAIT`);
        await tx.update(users).set({ name: 'Renamed meanwhile' }).where(eq(users.id, owner.id));
      }),
    );
    held!.release();
    expect((await extraData).statusCode).toBe(200);
    expect((await sms).statusCode).toBe(200);
    expect((await rowOf(imsi)).name).toBe('Renamed meanwhile');
    const [account] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(account).toMatchObject({ name: 'Renamed meanwhile', smsBalance: 100 });
    expect(await paymentsOf(owner.id)).toHaveLength(2);
  });

  it('charges once and delivers once when the record failed after the charge and the request is retried with its key', async () => {
    const owner = await person(t, 'retry');
    const buy = () =>
      call(t.app, 'POST', `/api/users/${owner.id}/sms`, { token: owner.token, headers: { [IDEMPOTENCY_KEY_HEADER]: 'retried' } });
    failingRecords = 1;
    expect((await buy()).statusCode).toBe(500);
    expect(await paymentsOf(owner.id)).toEqual([]);
    expect((await buy()).statusCode).toBe(200);
    expect((await buy()).statusCode).toBe(200);
    expect(takes.get(`sms:${owner.id}:retried`)).toBe(1);
    expect(await paymentsOf(owner.id)).toHaveLength(1);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(account.smsBalance).toBe(100);
  });
});
