// The renewal job on a real database (docs/product/states.md Plans and renewal): due plans are charged once and
// renewed, whatever runs twice or at once; declined charges are retried with back-off while the owner is told, then
// the subscription ends; no next plan ends it.
import { isSubscriptionActive } from '@paddock/shared/domain';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { devices, payments, users } from '../db/schema';
import { createMailer } from '../notify/mail';
import { APP_START_TIMEOUT_MS, createTestApp, createUser, mailsTo, type TestApp } from '../testing/testApp';
import { BUILTIN_CATALOGUE } from './catalogue';
import { localPaymentProvider, PaymentDeclinedError, recordPayment, type PaymentProvider } from './payments';
import { renewalInvoiceHook, renewDueSubscriptions, RENEWAL_RETRY_HOURS, type RenewalDeps } from './renewals';
import type { StripeInvoiceEvent } from './stripe/webhook';
import { insertDueDevices } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const HOUR = 3_600_000;
const db = () => t.database.db;
const local = () => localPaymentProvider(t.clock.now);

function deps(overrides: Partial<RenewalDeps> = {}): RenewalDeps {
  return {
    db: db(),
    payments: local(),
    mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log }),
    now: t.clock.now,
    log: t.app.log,
    ...overrides,
  };
}

let prefix = 0;
/** An owner with `count` SmartPlugs (or FarmCam SIMs) whose subscription expired `ago` ms before now. */
async function dueDevices(
  options: {
    count?: number;
    product?: 'smartplug' | 'farmcam-sim';
    current?: string;
    next?: string;
    trialing?: boolean;
    ago?: number;
    owner?: Parameters<typeof createUser>[1];
  } = {},
) {
  const owner = await createUser(t, { country: 'DE', ...options.owner });
  const expiresAt = new Date(t.clock.now().getTime() - (options.ago ?? HOUR));
  prefix += 1;
  const plan = options.product === 'farmcam-sim' ? BUILTIN_CATALOGUE.FarmcamSimMedium.Id : BUILTIN_CATALOGUE.SmartplugMonth.Id;
  const keys = await insertDueDevices(db(), {
    owner,
    product: options.product ?? 'smartplug',
    count: options.count ?? 1,
    keyPrefix: `renewal-test-${prefix}-`,
    subscription: {
      Trialing: options.trialing ?? false,
      ExpiresAt: expiresAt.toISOString(),
      PriceIds: { Current: options.current ?? plan, Next: options.next ?? plan },
    },
    now: t.clock.now(),
  });
  return { owner, keys, expiresAt };
}

const rowsOf = (keys: string[]) => db().select().from(devices).where(inArray(devices.key, keys));
const paymentsOf = (userId: string) => db().select().from(payments).where(eq(payments.userId, userId));

describe('renewDueSubscriptions', () => {
  it('charges the next plan once, makes it current and moves the expiry on by a month from the old one', async () => {
    const { owner, keys, expiresAt } = await dueDevices();
    const notDue = await dueDevices({ ago: -40 * 24 * HOUR });
    await renewDueSubscriptions(deps());
    const [row] = await rowsOf(keys);
    const expected = new Date(expiresAt);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(row.subscription).toEqual({
      Trialing: false,
      ExpiresAt: expected.toISOString(),
      PriceIds: { Current: BUILTIN_CATALOGUE.SmartplugMonth.Id, Next: BUILTIN_CATALOGUE.SmartplugMonth.Id },
    });
    expect(isSubscriptionActive(row.subscription, t.clock.now())).toBe(true);
    expect(await paymentsOf(owner.id)).toMatchObject([
      {
        priceKey: 'SmartplugMonth',
        amount: BUILTIN_CATALOGUE.SmartplugMonth.Eur,
        currency: 'EUR',
        idempotencyKey: `renewal:${owner.id}:smartplug:${keys[0]}:${expiresAt.toISOString()}`,
      },
    ]);
    // Nothing more is due: a second run charges nothing; the device not yet due was left alone.
    expect(await renewDueSubscriptions(deps())).toMatchObject({ renewed: 0 });
    expect(await paymentsOf(owner.id)).toHaveLength(1);
    expect(await paymentsOf(notDue.owner.id)).toEqual([]);
  });

  it('grants a FarmCam SIM plan its allowance on every renewal', async () => {
    const { keys } = await dueDevices({ product: 'farmcam-sim' });
    await db()
      .update(devices)
      .set({ fields: { RemainingData: 123 } })
      .where(eq(devices.key, keys[0]));
    await renewDueSubscriptions(deps());
    const [row] = await rowsOf(keys);
    expect(row.fields.RemainingData).toBe(123 + 5_000_000_000);
  });

  it('renews a trial with a chosen plan at its end, and ends a trial without one', async () => {
    const chosen = await dueDevices({ trialing: true, current: '' });
    const none = await dueDevices({ trialing: true, current: '', next: '' });
    await renewDueSubscriptions(deps());
    const [renewed] = await rowsOf(chosen.keys);
    expect(renewed.subscription).toMatchObject({ Trialing: false, PriceIds: { Current: BUILTIN_CATALOGUE.SmartplugMonth.Id } });
    expect(await paymentsOf(chosen.owner.id)).toHaveLength(1);
    const [ended] = await rowsOf(none.keys);
    expect(ended.subscription).toEqual({ Trialing: false, ExpiresAt: none.expiresAt.toISOString(), PriceIds: { Current: '', Next: '' } });
    expect(isSubscriptionActive(ended.subscription, t.clock.now())).toBe(false);
    expect(await paymentsOf(none.owner.id)).toEqual([]);
  });

  it('ends a plan without a next plan: no charge, not active, the settings kept', async () => {
    const { owner, keys } = await dueDevices({ next: '' });
    const fields = { ...(await rowsOf(keys))[0].fields, BeepEnabled: false };
    await db().update(devices).set({ fields }).where(eq(devices.key, keys[0]));
    expect(await renewDueSubscriptions(deps())).toMatchObject({ ended: 1 });
    const [row] = await rowsOf(keys);
    expect(row.subscription.PriceIds).toEqual({ Current: '', Next: '' });
    expect(isSubscriptionActive(row.subscription, t.clock.now())).toBe(false);
    expect(row.fields).toEqual(fields);
    expect(await paymentsOf(owner.id)).toEqual([]);
  });

  it('charges each of 40 due devices exactly once with two workers running at the same time', async () => {
    const { owner, keys } = await dueDevices({ count: 40 });
    // On PostgreSQL the second worker has its own connections, as a second server would.
    const second: Database | null = t.config.databaseUrl ? await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: '' }) : null;
    try {
      const runs = await Promise.all([renewDueSubscriptions(deps()), renewDueSubscriptions(deps(second ? { db: second.db } : {}))]);
      expect(runs[0].renewed + runs[1].renewed).toBe(40);
      // And a third run afterwards finds nothing.
      expect(await renewDueSubscriptions(deps())).toEqual({ renewed: 0, ended: 0, retrying: 0 });
    } finally {
      await second?.close();
    }
    const paid = await paymentsOf(owner.id);
    expect(paid).toHaveLength(40);
    expect(new Set(paid.map((payment) => payment.idempotencyKey)).size).toBe(40);
    for (const row of await rowsOf(keys)) expect(Date.parse(row.subscription.ExpiresAt)).toBeGreaterThan(t.clock.now().getTime());
  });

  it('charges once when an earlier run died after the provider took the money: the payment is found by its key', async () => {
    const { owner, keys, expiresAt } = await dueDevices();
    const price = BUILTIN_CATALOGUE.SmartplugMonth;
    // What a run leaves behind when the provider took the money and the server died before the device was saved.
    await recordPayment(
      db(),
      {
        userId: owner.id,
        customerId: owner.customerId,
        priceKey: 'SmartplugMonth',
        priceId: price.Id,
        amount: price.Eur,
        currency: 'EUR',
        description: price.Name,
        idempotencyKey: `renewal:${owner.id}:smartplug:${keys[0]}:${expiresAt.toISOString()}`,
      },
      t.clock.now(),
    );
    expect(await renewDueSubscriptions(deps())).toMatchObject({ renewed: 1 });
    expect(await paymentsOf(owner.id)).toHaveLength(1);
    expect((await rowsOf(keys))[0].subscription.PriceIds.Current).toBe(price.Id);
    expect(Date.parse((await rowsOf(keys))[0].subscription.ExpiresAt)).toBeGreaterThan(t.clock.now().getTime());
  });

  it('tries a device again a quarter of an hour later when the provider fails otherwise, charging nothing meanwhile', async () => {
    const { owner, keys } = await dueDevices();
    const unreachable: PaymentProvider = {
      ...local(),
      charge: async () => {
        throw new Error('connection reset');
      },
    };
    expect(await renewDueSubscriptions(deps({ payments: unreachable }))).toEqual({ renewed: 0, ended: 0, retrying: 0 });
    expect(await renewDueSubscriptions(deps())).toMatchObject({ renewed: 0 });
    t.clock.advance(HOUR / 4);
    expect(await renewDueSubscriptions(deps())).toMatchObject({ renewed: 1 });
    expect(await paymentsOf(owner.id)).toHaveLength(1);
    expect((await rowsOf(keys))[0].renewalAttempts).toBe(0);
  });
});

describe('declined renewals', () => {
  const declineAll = (): PaymentProvider => ({
    ...local(),
    charge: async () => {
      throw new PaymentDeclinedError('card declined');
    },
  });

  it('retries after 1, 6, 24 and 72 hours, mailing the owner each time, then ends the subscription', async () => {
    const { owner, keys } = await dueDevices({ owner: { locale: 'sv-SE', emailBilling: true } });
    const failing = deps({ payments: declineAll() });
    for (const hours of RENEWAL_RETRY_HOURS) {
      expect(await renewDueSubscriptions(failing)).toMatchObject({ retrying: 1 });
      const [row] = await rowsOf(keys);
      // Still running meanwhile: the alarms stay on during the retries.
      expect(isSubscriptionActive(row.subscription, t.clock.now())).toBe(true);
      expect(Math.abs(row.renewalRetryAt!.getTime() - (t.clock.now().getTime() + hours * HOUR))).toBeLessThan(5_000);
      // Not tried again before the back-off is over.
      t.clock.advance(hours * HOUR - 60_000);
      expect(await renewDueSubscriptions(failing)).toEqual({ renewed: 0, ended: 0, retrying: 0 });
      t.clock.advance(60_000);
    }
    expect(await renewDueSubscriptions(failing)).toMatchObject({ ended: 1 });
    const [row] = await rowsOf(keys);
    expect(row.subscription.PriceIds).toEqual({ Current: '', Next: '' });
    expect(row.renewalAttempts).toBe(0);
    expect(isSubscriptionActive(row.subscription, t.clock.now())).toBe(false);
    expect(await paymentsOf(owner.id)).toEqual([]);
    const mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(RENEWAL_RETRY_HOURS.length + 1);
    expect(mails[0].Subject).toBe('Abonnemanget för Renewal 1 har upphört');
    expect(mails[1].Subject).toBe('Betalningen för Renewal 1 avvisades');
    // The plan by its name in the owner's language (as the invoice line names it), never the catalogue's English one.
    expect(mails[1].Text).toContain('Vi kunde inte förnya abonnemanget för Renewal 1 (SmartPlug månadsabonnemang):');
    expect(mails[0].Text).toContain('Betalningen för abonnemanget för Renewal 1 (SmartPlug månadsabonnemang) avvisades igen');
    for (const mail of mails) expect(mail.Text).not.toContain('SmartPlug Monthly');
  });

  it('names a FarmCam SIM plan in German in both mails, the declined one and the one that ends it', async () => {
    const { owner } = await dueDevices({ product: 'farmcam-sim', owner: { locale: 'de-DE', emailBilling: true } });
    const failing = deps({ payments: declineAll() });
    for (const hours of RENEWAL_RETRY_HOURS) {
      expect(await renewDueSubscriptions(failing)).toMatchObject({ retrying: 1 });
      t.clock.advance(hours * HOUR);
    }
    expect(await renewDueSubscriptions(failing)).toMatchObject({ ended: 1 });
    const [ended, declined] = await mailsTo(t, owner.email);
    expect(declined.Text).toContain('wir konnten den Tarif von Renewal 1 (FarmCam SIM Tarif Mittel 5\u00a0GB) nicht verlängern');
    expect(ended.Text).toContain('die Zahlung für den Tarif von Renewal 1 (FarmCam SIM Tarif Mittel 5\u00a0GB) wurde erneut abgelehnt');
    expect(declined.Text).not.toContain(BUILTIN_CATALOGUE.FarmcamSimMedium.Name);
  });

  it('renews on a retry that goes through, back to back with the old expiry', async () => {
    const { owner, keys, expiresAt } = await dueDevices();
    expect(await renewDueSubscriptions(deps({ payments: declineAll() }))).toMatchObject({ retrying: 1 });
    t.clock.advance(HOUR);
    expect(await renewDueSubscriptions(deps())).toMatchObject({ renewed: 1 });
    const [row] = await rowsOf(keys);
    const expected = new Date(expiresAt);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(row.subscription.ExpiresAt).toBe(expected.toISOString());
    expect(row.renewalAttempts).toBe(0);
    expect(row.renewalRetryAt).toBeNull();
    expect(await paymentsOf(owner.id)).toHaveLength(1);
  });

  it('mails nobody whose billing e-mails are off', async () => {
    const { owner } = await dueDevices({ owner: { emailBilling: false } });
    await renewDueSubscriptions(deps({ payments: declineAll() }));
    expect(await mailsTo(t, owner.email)).toEqual([]);
    expect((await db().select().from(users).where(eq(users.id, owner.id)))[0].emailBilling).toBe(false);
  });
});

describe('a renewal invoice paid later at Stripe (renewalInvoiceHook)', () => {
  const paidEvent = (
    ownerId: string,
    key: string,
    expiresAt: Date,
    type: StripeInvoiceEvent['type'] = 'invoice.paid',
  ): StripeInvoiceEvent => ({
    type,
    eventId: `evt_${key}`,
    invoiceId: `in_${key}`,
    userId: null,
    chargeKey: `renewal:${ownerId}:smartplug:${key}:${expiresAt.toISOString()}`,
    priceKey: 'SmartplugMonth',
    amount: BUILTIN_CATALOGUE.SmartplugMonth.Eur,
    currency: 'EUR',
    recorded: false,
  });
  const deliver = (event: StripeInvoiceEvent) => db().transaction((tx) => renewalInvoiceHook(local(), t.clock.now)(tx, event));

  it('renews the device it names from the old expiry, once however often it arrives; a failed payment changes nothing', async () => {
    const { owner, keys, expiresAt } = await dueDevices();
    await renewDueSubscriptions(
      deps({ payments: { ...local(), charge: () => Promise.reject(new PaymentDeclinedError('card declined')) } }),
    );
    await deliver(paidEvent(owner.id, keys[0], expiresAt, 'invoice.payment_failed'));
    expect((await rowsOf(keys))[0]).toMatchObject({ renewalAttempts: 1, subscription: { ExpiresAt: expiresAt.toISOString() } });
    await deliver(paidEvent(owner.id, keys[0], expiresAt));
    await deliver(paidEvent(owner.id, keys[0], expiresAt));
    const [row] = await rowsOf(keys);
    const expected = new Date(expiresAt);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(row.subscription.ExpiresAt).toBe(expected.toISOString());
    expect(row).toMatchObject({ renewalAttempts: 0, renewalRetryAt: null });
  });

  it('leaves a device alone that was handed to another owner since: the old owner’s payment is not the new owner’s plan', async () => {
    const { owner, keys, expiresAt } = await dueDevices();
    const heir = await createUser(t);
    await db().update(devices).set({ ownerId: heir.id }).where(eq(devices.key, keys[0]));
    const [before] = await rowsOf(keys);
    await deliver(paidEvent(owner.id, keys[0], expiresAt));
    expect((await rowsOf(keys))[0]).toEqual(before);
  });

  it('brings an ended plan back, with the paid plan as the next one', async () => {
    const { owner, keys, expiresAt } = await dueDevices({ next: '' });
    await renewDueSubscriptions(deps());
    expect((await rowsOf(keys))[0].subscription.PriceIds).toEqual({ Current: '', Next: '' });
    await deliver(paidEvent(owner.id, keys[0], expiresAt));
    const [row] = await rowsOf(keys);
    const plan = BUILTIN_CATALOGUE.SmartplugMonth.Id;
    expect(row.subscription.PriceIds).toEqual({ Current: plan, Next: plan });
    expect(isSubscriptionActive(row.subscription, t.clock.now())).toBe(true);
  });
});
