// The renewal job (docs/product/states.md Plans and renewal, docs/architecture/decisions/0019-renewals.md): devices
// whose subscription expiry has passed are claimed batch after batch (FOR UPDATE SKIP LOCKED in a short transaction
// that marks them devices.charging_until and commits), so any number of server instances can run it at once without
// taking a device twice. Each device is then charged with no row lock held (the provider's calls go over the network;
// readings and the owner's changes to that device go on meanwhile), under an idempotency key named by the expiry it
// renews, and recorded in a second short transaction that applies the renewal only while the subscription is still
// the one charged: whatever crashes or runs twice, a period is charged once, and a run repeated after a crash records
// the charge it finds. A declined charge is retried after RENEWAL_RETRY_HOURS while the owner is told by e-mail; after
// the last retry the subscription ends.
import { extendByPeriod, FALLBACK_LOCALE, isLocale, planKeyOf, priceKeyOf, type Locale, type ProductId } from '@paddock/shared/domain';
import type { PriceCatalogue } from '@paddock/shared/contract';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { devices, users, type DeviceRow, type UserRow } from '../db/schema';
import type { DeviceChange } from '../devices';
import { drainBatches, startJobLoop, type JobLoop } from '../jobs/loop';
import { translate } from '../i18n/messages';
import { formatOwnerTime, ownerTimeZone, safeDeviceName, type Mail, type Mailer } from '../notify';
import { itemText } from './lineText';
import { CHARGE_CLAIM_MS, endedStep, endedSubscription, paidPeriod, renewalChargeKey, renewalPlan, renewedStep } from './plans';
import { chargePrice, PaymentDeclinedError, recordCharge, type PaidCharge, type PaymentProvider } from './payments';
import type { StripeInvoiceHook } from './stripe/webhook';
import { enqueueTrialReminder, remindEndingTrials } from './trialReminders';

const BATCH = 100;
/** Claimed devices charged and recorded at once, per run (a few of the pool's connections, each only briefly). */
const CONCURRENCY = 4;

/** docs/product/states.md: a declined renewal is tried again after 1 h, 6 h, 24 h and 72 h, then the subscription ends. */
export const RENEWAL_RETRY_HOURS = [1, 6, 24, 72] as const;

export interface RenewalDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** What one run did, by device. */
export interface RenewalRun {
  renewed: number;
  /** Subscriptions (and trials) that ended: no next plan, or the last retry was declined too. */
  ended: number;
  /** Declined charges that will be retried. */
  retrying: number;
}

const expiresAt = sql`${devices.subscription}->>'ExpiresAt'`;
/** Something to renew or end: the predicate of the index devices_subscription_expires_idx (0010_subscriptions.sql). */
const SUBSCRIPTION_DUE = sql`(${devices.subscription}->'PriceIds'->>'Current' <> '' OR ${devices.subscription}->'PriceIds'->>'Next' <> '' OR ${devices.subscription}->>'Trialing' = 'true')`;

/** Devices whose expiry (ISO 8601 UTC strings sort as they compare) has passed, not waiting for a retry, no charge under way. */
const dueAt = (now: Date) =>
  and(
    SUBSCRIPTION_DUE,
    sql`${expiresAt} <= ${now.toISOString()}`,
    or(isNull(devices.renewalRetryAt), lte(devices.renewalRetryAt, now)),
    or(isNull(devices.chargingUntil), lte(devices.chargingUntil, now)),
  );

const localeOf = (user: Pick<UserRow, 'locale'>): Locale => (isLocale(user.locale) ? user.locale : FALLBACK_LOCALE);

/** A plan's name in the language asked for. */
type PlanName = (locale: Locale) => string;

/**
 * The name of the plan with price id `priceId` in the reader's language: the words its invoice line uses
 * (lineText.ts, docs/product/billing.md "Invoices"), not the catalogue's English name; the id when the catalogue lacks it.
 */
function planNameOf(catalogue: PriceCatalogue, priceId: string): PlanName {
  const key = priceKeyOf(catalogue, priceId);
  return (locale) => (key ? itemText(locale, key, catalogue[key]) : priceId);
}

function renewalMail(owner: UserRow, device: DeviceRow, planName: PlanName, retryAt: Date | null): Mail {
  const locale = localeOf(owner);
  // The next try on the owner's wall clock, as the trial reminders write their dates (notify/ownerTime.ts).
  const retry = retryAt ? formatOwnerTime(locale, retryAt, ownerTimeZone(owner, device.fields)) : '';
  const values = { device: safeDeviceName(device.name), plan: planName(locale), retry };
  const [subject, text] = retryAt
    ? (['renewal_declined_subject', 'renewal_declined_text'] as const)
    : (['renewal_ended_subject', 'renewal_ended_text'] as const);
  return { to: owner.email, subject: translate(locale, subject, values), text: translate(locale, text, values) };
}

/** The change after a declined charge: the next retry, or the end after the last one; and the mail it sends. */
function declined(
  owner: UserRow,
  device: DeviceRow,
  planName: PlanName,
  now: Date,
): { change: DeviceChange; mail: Mail | null; ended: boolean } {
  const attempts = device.renewalAttempts + 1;
  const ended = attempts > RENEWAL_RETRY_HOURS.length;
  const retryAt = ended ? null : new Date(now.getTime() + RENEWAL_RETRY_HOURS[attempts - 1] * 3_600_000);
  const change = ended ? endedSubscription(device.subscription) : { renewalAttempts: attempts, renewalRetryAt: retryAt };
  return { change, ended, mail: owner.emailBilling ? renewalMail(owner, device, planName, retryAt) : null };
}

/** Writes a device change, moving updatedAt (the ETag) when the representation changed, as devices/store.ts does. */
async function writeChange(tx: Db, device: DeviceRow, change: DeviceChange, now: Date): Promise<void> {
  // renewalAttempts too: the owner's representation states a declined renewal (devices/representation.ts).
  const visible = change.subscription !== undefined || change.fields !== undefined || change.renewalAttempts !== undefined;
  const updatedAt = visible ? new Date(Math.max(now.getTime(), device.updatedAt.getTime() + 1)) : device.updatedAt;
  await tx
    .update(devices)
    .set({ ...change, updatedAt })
    .where(eq(devices.key, device.key));
}

type Claimed = { device: DeviceRow; owner: UserRow };

/**
 * Claims up to BATCH due devices in one short transaction: marked charging until CHARGE_CLAIM_MS from now, and free
 * again at the commit. A run that dies leaves its claims to run out; the devices are due again then.
 */
async function claimDue(db: Db, now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ device: devices, owner: users })
      .from(devices)
      .innerJoin(users, eq(users.id, devices.ownerId))
      .where(dueAt(now))
      .orderBy(asc(expiresAt))
      .limit(BATCH)
      .for('update', { of: devices, skipLocked: true });
    if (!rows.length) return rows;
    const chargingUntil = new Date(now.getTime() + CHARGE_CLAIM_MS);
    await tx
      .update(devices)
      .set({ chargingUntil })
      .where(
        inArray(
          devices.key,
          rows.map(({ device }) => device.key),
        ),
      );
    return rows.map(({ device, owner }) => ({ device: { ...device, chargingUntil }, owner }));
  });
}

/**
 * The second short transaction: the device as it is now, locked; `apply` gets it when its subscription is still the
 * one claimed (same owner, same expiry) and returns the change to write, the claim given back with it. `apply` also
 * runs (with no row) when it changed meanwhile, to record what was charged. Returns whether the change was applied.
 */
async function settle(
  db: Db,
  claimed: DeviceRow,
  now: Date,
  apply: (tx: Db, row: DeviceRow | null) => Promise<DeviceChange | null>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(devices).where(eq(devices.key, claimed.key)).for('update');
    const still = row && row.ownerId === claimed.ownerId && row.subscription.ExpiresAt === claimed.subscription.ExpiresAt;
    const change = await apply(tx, still ? row : null);
    if (!row) return false;
    await writeChange(tx, row, { ...(still ? change : null), chargingUntil: null }, now);
    return Boolean(still && change);
  });
}

/** Renews, retries or ends every due subscription, batch after batch; returns what it did. */
export async function renewDueSubscriptions(deps: RenewalDeps): Promise<RenewalRun> {
  const catalogue = await deps.payments.prices();
  const run: RenewalRun = { renewed: 0, ended: 0, retrying: 0 };

  /** One claimed device: charged holding no lock, then settled; returns the mail to send, if any. */
  async function renewOne({ device, owner }: Claimed, now: Date): Promise<Mail | null> {
    const key = renewalPlan(catalogue, device);
    if (!key) {
      // Nothing to charge. Ended while still without a plan: an owner who chose one meanwhile is renewed by the next batch.
      const ended = await settle(deps.db, device, now, async (tx, row) => {
        if (!row || renewalPlan(catalogue, row)) return null;
        const step = endedStep(row);
        // docs/product/billing.md "Trial reminders": the end's reminder, enqueued with the end, so it is told once.
        if (step.outcome === 'trial-ended') await enqueueTrialReminder(tx, row, row.subscription.ExpiresAt, 'end', now);
        return step.change;
      });
      if (ended) run.ended += 1;
      return null;
    }
    let paid: PaidCharge;
    try {
      paid = await chargePrice(deps.db, deps.payments, owner, key, catalogue[key], {
        device: device.name,
        idempotencyKey: renewalChargeKey(owner.id, device, device.subscription.ExpiresAt),
      });
    } catch (error) {
      // Not a declined payment (the provider is unreachable): the claim runs out after CHARGE_CLAIM_MS and the device is
      // tried again then, uncounted; a charge the provider took meanwhile is found by its key.
      if (!(error instanceof PaymentDeclinedError)) throw error;
      const seen: { outcome?: ReturnType<typeof declined> } = {};
      const applied = await settle(deps.db, device, now, async (_tx, row) => {
        seen.outcome = row ? declined(owner, row, planNameOf(catalogue, row.subscription.PriceIds.Next), now) : undefined;
        return seen.outcome?.change ?? null;
      });
      if (!applied || !seen.outcome) return null;
      const { ended, mail } = seen.outcome;
      if (ended) run.ended += 1;
      else run.retrying += 1;
      deps.log.warn({ device: device.key, attempts: device.renewalAttempts + 1, ended }, 'renewal payment declined');
      return mail;
    }
    const renewed = await settle(deps.db, device, now, async (tx, row) => {
      // Recorded whatever the row is now: no money taken without a record.
      await recordCharge(tx, deps.payments, paid);
      return row ? renewedStep(catalogue, row, key, now).change : null;
    });
    if (renewed) run.renewed += 1;
    // Handed over, unregistered or renewed otherwise (Stripe's webhook) while the charge was under way: the payment is
    // recorded for the owner who paid, the device left as it is now.
    else
      deps.log.error(
        { device: device.key, userId: owner.id, paymentId: paid.taken.id },
        'renewal paid for a subscription that changed meanwhile: refund it',
      );
    return null;
  }

  await drainBatches(BATCH, async () => {
    const now = deps.now();
    const claimed = await claimDue(deps.db, now);
    const mails: Mail[] = [];
    let next = 0;
    // A few devices at a time: each waits on the provider holding no connection, and records in its own short transaction.
    const worker = async () => {
      for (let one = claimed[next++]; one; one = claimed[next++]) {
        const device = one.device.key;
        const mail = await renewOne(one, now).catch((error: unknown) => {
          deps.log.error({ err: error, device }, 'renewal failed, trying again later');
          return null;
        });
        if (mail) mails.push(mail);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Sent once the outcome is committed, so a rolled-back change tells nobody anything.
    for (const mail of mails) {
      await deps.mailer.send(mail).catch((error: unknown) => deps.log.error({ err: error, to: mail.to }, 'could not send a renewal mail'));
    }
    return claimed;
  });
  return run;
}

/** Runs the renewal job every `intervalMs` (jobs/loop.ts). */
export function startRenewals(deps: RenewalDeps & { intervalMs: number }): JobLoop {
  return startJobLoop({
    intervalMs: deps.intervalMs,
    log: deps.log,
    failure: 'renewal job failed',
    work: async () => {
      // The reminders before a trial's end (trialReminders.ts); the end's comes with the end, below.
      const reminded = await remindEndingTrials(deps.db, deps.now());
      if (reminded.length) deps.log.info({ devices: reminded.length }, 'trial reminders enqueued');
      const run = await renewDueSubscriptions(deps);
      if (run.renewed || run.ended || run.retrying) deps.log.info({ ...run }, 'subscriptions renewed or ended');
    },
  });
}

/** The idempotency key of a renewal charge, plans.ts renewalChargeKey: `renewal:{ownerId}:{product}:{key}:{expiresAt}` (the expiry holds colons itself). */
const RENEWAL_KEY = /^renewal:([^:]+):([^:]+):([^:]+):(.+)$/;

/**
 * With Stripe (docs/product/api.md Stripe webhook): a renewal whose charge was declined leaves an open invoice, which
 * the customer may pay later in Stripe's portal. Its invoice.paid event renews the device it names, from the expiry
 * it was for, once: a device renewed since (its expiry moved on), registered anew or handed to another owner (whose
 * consent the payment is not, docs/product/states.md Plans and renewal) is left alone. An ended plan
 * comes back with the paid plan as the next one too.
 */
export function renewalInvoiceHook(provider: PaymentProvider, now: () => Date): StripeInvoiceHook {
  return async (tx, event) => {
    const match = event.type === 'invoice.paid' && event.chargeKey ? RENEWAL_KEY.exec(event.chargeKey) : null;
    if (!match) return;
    const [, ownerId, product, key, expiry] = match;
    // Read before the row lock: with Stripe it may be a call over the network.
    const catalogue = await provider.prices();
    const [device] = await tx.select().from(devices).where(eq(devices.key, key)).for('update');
    if (!device || device.ownerId !== ownerId || device.product !== product || device.subscription.ExpiresAt !== expiry) return;
    const priceKey = event.priceKey && planKeyOf(product as ProductId, catalogue, catalogue[event.priceKey].Id);
    if (!priceKey) return;
    const at = now();
    const { Current, Next } = device.subscription.PriceIds;
    const backToBack = new Date(Date.parse(expiry));
    const from = extendByPeriod(backToBack, priceKey).getTime() > at.getTime() ? backToBack : at;
    const change = paidPeriod(device, catalogue, priceKey, from, Current ? Next : catalogue[priceKey].Id);
    await writeChange(tx, device, { ...change, renewalAttempts: 0, renewalRetryAt: null }, at);
  };
}
