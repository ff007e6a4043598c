// Plans on the device update calls and in the renewal job (docs/product/states.md Plans and renewal,
// docs/product/api.md PriceId). A plan is one of the product's catalogue prices; charging it moves the expiry on by
// its period and, for a FarmCam SIM, grants its monthly data allowance.
import type { PriceCatalogue } from '@paddock/shared/contract';
import {
  dataGranted,
  extendByPeriod,
  isPeriodRunning,
  planAllowanceBytes,
  planKeyOf,
  type PriceKey,
  type ProductId,
} from '@paddock/shared/domain';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices, type DeviceRow, type DeviceSubscription } from '../db/schema';
import { badRequest } from '../http/errors';
import { deepMerge, type DeviceChange } from '../devices';
import { recordCharge, type PaidCharge, type PaymentProvider } from './payments';

/** The catalogue key of a PriceId sent on an update call: null for '' (None); 400 naming `field` for any other price. */
export function checkPlanPrice(product: ProductId, catalogue: PriceCatalogue, priceId: string, field: string): PriceKey | null {
  if (priceId === '') return null;
  const key = planKeyOf(product, catalogue, priceId);
  if (!key) throw badRequest('invalid_field', field, { field });
  return key;
}

/** The device's subscription and fields after one period of `key` was paid from `from` on. */
export function paidPeriod(
  row: Pick<DeviceRow, 'product' | 'fields'>,
  catalogue: PriceCatalogue,
  key: PriceKey,
  from: Date,
  next: string,
): DeviceChange {
  const subscription: DeviceSubscription = {
    Trialing: false,
    ExpiresAt: extendByPeriod(from, key).toISOString(),
    PriceIds: { Current: catalogue[key].Id, Next: next },
  };
  if (row.product !== 'farmcam-sim') return { subscription };
  // docs/product/products/farmcam-sim.md Plan allowance: each paid month grants the plan's allowance (Data account).
  return { subscription, fields: deepMerge(row.fields, dataGranted(row.fields, planAllowanceBytes(catalogue[key]))) };
}

type PlanDevice = Pick<DeviceRow, 'key' | 'product' | 'name' | 'fields' | 'subscription'>;

/** How long a claimed charge (devices.charging_until) keeps others off: longer than a provider's calls take, retries included. */
export const CHARGE_CLAIM_MS = 15 * 60_000;

/**
 * Claims the device's current period for a charge, in one short statement: only while no other charge holds it and
 * the subscription is still the one `row` shows (same owner, same expiry). False: another renewal or plan start is
 * charging it, or it changed. The claim is what keeps a renewal and a plan start from both charging one lapsed period
 * while neither holds the row lock across the provider's calls (docs/architecture/decisions/0019-renewals.md).
 */
export async function claimCharge(db: Db, row: Pick<DeviceRow, 'key' | 'ownerId' | 'subscription'>, now: Date): Promise<boolean> {
  const claimed = await db
    .update(devices)
    .set({ chargingUntil: new Date(now.getTime() + CHARGE_CLAIM_MS) })
    .where(
      and(
        eq(devices.key, row.key),
        eq(devices.ownerId, row.ownerId),
        sql`${devices.subscription}->>'ExpiresAt' = ${row.subscription.ExpiresAt}`,
        or(isNull(devices.chargingUntil), lte(devices.chargingUntil, now)),
      ),
    )
    .returning({ key: devices.key });
  return claimed.length > 0;
}

/** Gives a claim back (the charge was declined or failed, nothing to record). */
export async function releaseCharge(db: Db, key: string): Promise<void> {
  await db.update(devices).set({ chargingUntil: null }).where(eq(devices.key, key));
}

/** The idempotency key of a plan started on a lapsed subscription: the lapsed expiry names the start. */
export const planStartKey = (ownerId: string, row: Pick<DeviceRow, 'product' | 'key'>, expiresAt: string) =>
  `plan:${ownerId}:${row.product}:${row.key}:${expiresAt}`;

/**
 * Whether choosing plan `key` starts it now, with a charge (docs/product/states.md Plans and renewal): while nothing
 * runs. While a subscription runs it only becomes Next, charged by the renewal job at the expiry.
 */
export const planStartsNow = (row: Pick<DeviceRow, 'subscription'>, key: PriceKey | null, now: Date): key is PriceKey =>
  key !== null && !isPeriodRunning(row.subscription, now);

/** A plan start charged before the row lock (devices/routes.ts): the device's owner and expiry it was charged for. */
export interface PaidPlanStart {
  paid: PaidCharge;
  ownerId: string;
  expiresAt: string;
}

/**
 * The owner picked the next plan (`key`, null for None); call under the device's row lock. A plan start paid before
 * the lock (`start`, claimed and charged by the caller) is recorded here and, while the subscription is still the one
 * charged, applied: Current and Next, expiring one period from now, retries forgotten, the claim given back. Anything
 * else only sets Next: a running subscription, or a lapsed one whose period another charge holds (a renewal or the
 * same start from another request, as if this request came just after it). `undelivered`: the start was paid, but the
 * subscription changed meanwhile (handed over, or renewed by Stripe's webhook); the payment is recorded all the same.
 */
export async function choosePlan(
  tx: Db,
  provider: PaymentProvider,
  catalogue: PriceCatalogue,
  row: DeviceRow,
  key: PriceKey | null,
  now: Date,
  start: PaidPlanStart | null,
): Promise<{ change: DeviceChange; undelivered: boolean }> {
  const next = key ? catalogue[key].Id : '';
  const nextOnly: DeviceChange = { subscription: { ...row.subscription, PriceIds: { ...row.subscription.PriceIds, Next: next } } };
  if (!start) return { change: nextOnly, undelivered: false };
  // Recorded whatever comes next: no money taken without a record. Replayed (recorded by an earlier request that
  // died before delivering, or by a concurrent one): delivered below when still due, as the expiry names the period.
  await recordCharge(tx, provider, start.paid);
  const still = row.ownerId === start.ownerId && row.subscription.ExpiresAt === start.expiresAt && planStartsNow(row, key, now);
  if (!still) return { change: { ...nextOnly, chargingUntil: null }, undelivered: true };
  return {
    change: { ...paidPeriod(row, catalogue, key!, now, next), renewalAttempts: 0, renewalRetryAt: null, chargingUntil: null },
    undelivered: false,
  };
}

/** The idempotency key of a renewal charge: `renewal:{ownerId}:{product}:{key}:{expiresAt}` (parsed by RENEWAL_KEY in renewals.ts). */
export const renewalChargeKey = (ownerId: string, row: Pick<DeviceRow, 'product' | 'key'>, expiresAt: string) =>
  `renewal:${ownerId}:${row.product}:${row.key}:${expiresAt}`;

/** What a due subscription becomes in the renewal job. */
export type RenewalStep =
  | { outcome: 'renewed'; change: DeviceChange }
  | { outcome: 'ended'; change: DeviceChange }
  | { outcome: 'trial-ended'; change: DeviceChange };

/** A subscription that ends: no plan, nothing to renew; the stored alarm settings stay (docs/product/states.md). */
export const endedSubscription = (subscription: DeviceSubscription): DeviceChange => ({
  subscription: { Trialing: false, ExpiresAt: subscription.ExpiresAt, PriceIds: { Current: '', Next: '' } },
  renewalAttempts: 0,
  renewalRetryAt: null,
});

/** The plan a due subscription renews to: its Next, while Next is one of the product's plans; null: it ends. */
export const renewalPlan = (catalogue: PriceCatalogue, row: PlanDevice): PriceKey | null =>
  planKeyOf(row.product as ProductId, catalogue, row.subscription.PriceIds.Next);

/** What a subscription with nothing to renew becomes: ended (a trial's end is told apart). */
export const endedStep = (row: PlanDevice): RenewalStep => ({
  outcome: row.subscription.PriceIds.Current ? 'ended' : 'trial-ended',
  change: endedSubscription(row.subscription),
});

/**
 * A renewal paid for plan `key` (charged under `renewal:{ownerId}:{product}:{key}:{expiresAt}`, the same for every
 * retry of that owner, so a run repeated after a crash finds the payment): Current becomes the plan, Next stays as
 * the row has it now (an owner's choice made while the charge was under way is kept), the expiry moves on by one
 * period from the old expiry.
 */
export function renewedStep(catalogue: PriceCatalogue, row: PlanDevice, key: PriceKey, now: Date): RenewalStep {
  const { subscription } = row;
  // Renewed from the old expiry so periods stay back to back (retries included); from now when that period is over
  // already (the job did not run for longer than a period), so a renewal never charges for time gone by.
  const expiry = Date.parse(subscription.ExpiresAt);
  const backToBack = Number.isNaN(expiry) ? now : new Date(expiry);
  const from = extendByPeriod(backToBack, key).getTime() > now.getTime() ? backToBack : now;
  const change = paidPeriod(row, catalogue, key, from, subscription.PriceIds.Next);
  return { outcome: 'renewed', change: { ...change, renewalAttempts: 0, renewalRetryAt: null } };
}
