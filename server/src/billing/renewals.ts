// The renewal job (docs/product/states.md Plans and renewal, docs/architecture/decisions/0019-renewals.md): devices
// whose subscription expiry has passed are claimed with FOR UPDATE SKIP LOCKED, batch after batch, so any number of
// server instances can run it at once without taking a device twice. Each device is charged and changed in one
// savepoint, under an idempotency key named by the expiry it renews: whatever crashes or runs twice, a period is
// charged once. A declined charge is retried after RENEWAL_RETRY_HOURS while the owner is told by e-mail; after the
// last retry the subscription ends.
import { extendByPeriod, FALLBACK_LOCALE, isLocale, planKeyOf, type Locale, type ProductId } from '@paddock/shared/domain';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { devices, users, type DeviceRow, type UserRow } from '../db/schema';
import type { DeviceChange } from '../devices/store';
import { drainBatches, startJobLoop, type JobLoop } from '../jobs/loop';
import { translate } from '../i18n/messages';
import { formatAlarmTime } from '../notify/alarmMessages';
import { safeDeviceName } from '../notify/safeDeviceName';
import type { Mail, Mailer } from '../notify/mail';
import { endedSubscription, paidPeriod, renewSubscription } from './plans';
import { PaymentDeclinedError, type PaymentProvider } from './payments';
import type { StripeInvoiceHook } from './stripe/webhook';

const BATCH = 100;

/** docs/product/states.md: a declined renewal is tried again after 1 h, 6 h, 24 h and 72 h, then the subscription ends. */
export const RENEWAL_RETRY_HOURS = [1, 6, 24, 72] as const;
/** A failure that is not a declined payment (the provider is unreachable) is tried again this much later, uncounted. */
const ERROR_RETRY_MS = 15 * 60_000;

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

/** Devices whose expiry (ISO 8601 UTC strings sort as they compare) has passed and that are not waiting for a retry. */
const dueAt = (now: Date) =>
  and(SUBSCRIPTION_DUE, sql`${expiresAt} <= ${now.toISOString()}`, or(isNull(devices.renewalRetryAt), lte(devices.renewalRetryAt, now)));

const localeOf = (user: Pick<UserRow, 'locale'>): Locale => (isLocale(user.locale) ? user.locale : FALLBACK_LOCALE);

function renewalMail(owner: UserRow, device: DeviceRow, planName: string, retryAt: Date | null): Mail {
  const locale = localeOf(owner);
  const values = { device: safeDeviceName(device.name), plan: planName, retry: retryAt ? formatAlarmTime(locale, retryAt) : '' };
  const [subject, text] = retryAt
    ? (['renewal_declined_subject', 'renewal_declined_text'] as const)
    : (['renewal_ended_subject', 'renewal_ended_text'] as const);
  return { to: owner.email, subject: translate(locale, subject, values), text: translate(locale, text, values) };
}

/** The change after a declined charge: the next retry, or the end after the last one; and the mail it sends. */
function declined(
  owner: UserRow,
  device: DeviceRow,
  planName: string,
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
  const visible = change.subscription !== undefined || change.fields !== undefined;
  const updatedAt = visible ? new Date(Math.max(now.getTime(), device.updatedAt.getTime() + 1)) : device.updatedAt;
  await tx
    .update(devices)
    .set({ ...change, updatedAt })
    .where(eq(devices.key, device.key));
}

/** Renews, retries or ends every due subscription, batch after batch; returns what it did. */
export async function renewDueSubscriptions(deps: RenewalDeps): Promise<RenewalRun> {
  const catalogue = await deps.payments.prices();
  const planName = (priceId: string) => Object.values(catalogue).find((price) => price.Id === priceId)?.Name ?? priceId;
  const run: RenewalRun = { renewed: 0, ended: 0, retrying: 0 };
  await drainBatches(BATCH, async () => {
    const now = deps.now();
    const mails: Mail[] = [];
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ device: devices, owner: users })
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerId))
        .where(dueAt(now))
        .orderBy(asc(expiresAt))
        .limit(BATCH)
        .for('update', { of: devices, skipLocked: true });
      for (const { device, owner } of rows) {
        try {
          // A savepoint per device: a declined charge rolls back only what it recorded.
          const step = await tx.transaction(async (savepoint) => {
            const renewal = await renewSubscription({ tx: savepoint, provider: deps.payments, catalogue }, owner, device, now);
            await writeChange(savepoint, device, renewal.change, now);
            return renewal;
          });
          if (step.outcome === 'renewed') run.renewed += 1;
          else run.ended += 1;
        } catch (error) {
          if (!(error instanceof PaymentDeclinedError)) {
            deps.log.error({ err: error, device: device.key }, 'renewal failed, trying again later');
            await tx
              .update(devices)
              .set({ renewalRetryAt: new Date(now.getTime() + ERROR_RETRY_MS) })
              .where(eq(devices.key, device.key));
            continue;
          }
          const outcome = declined(owner, device, planName(device.subscription.PriceIds.Next), now);
          await writeChange(tx, device, outcome.change, now);
          if (outcome.mail) mails.push(outcome.mail);
          if (outcome.ended) run.ended += 1;
          else run.retrying += 1;
          deps.log.warn({ device: device.key, attempts: device.renewalAttempts + 1, ended: outcome.ended }, 'renewal payment declined');
        }
      }
      return rows;
    });
    // Sent once the outcome is committed, so a rolled-back batch tells nobody anything.
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
    const [device] = await tx.select().from(devices).where(eq(devices.key, key)).for('update');
    if (!device || device.ownerId !== ownerId || device.product !== product || device.subscription.ExpiresAt !== expiry) return;
    const catalogue = await provider.prices();
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
