// Plans on the device update calls and in the renewal job (docs/product/states.md Plans and renewal,
// docs/product/api.md PriceId). A plan is one of the product's catalogue prices; charging it moves the expiry on by
// its period and, for a FarmCam SIM, grants its monthly data allowance.
import type { PriceCatalogue } from '@paddock/shared/contract';
import {
  dataGranted,
  extendByPeriod,
  isSubscriptionActive,
  planAllowanceBytes,
  planKeyOf,
  type PriceKey,
  type ProductId,
} from '@paddock/shared/domain';
import type { Db } from '../db/client';
import type { DeviceRow, DeviceSubscription, UserRow } from '../db/schema';
import { badRequest } from '../http/errors';
import { deepMerge } from '../devices/changes';
import type { DeviceChange } from '../devices/store';
import { chargePrice, type PaymentProvider } from './payments';

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

/** What a plan is charged through: the transaction that saves the device, the payment provider and its catalogue. */
export interface PlanCharging {
  tx: Db;
  provider: PaymentProvider;
  catalogue: PriceCatalogue;
}

type Payer = Pick<UserRow, 'id' | 'customerId' | 'country'>;
type PlanDevice = Pick<DeviceRow, 'key' | 'product' | 'name' | 'fields' | 'subscription'>;

/** Charges one period of a plan to the device's owner through `tx` (PaymentDeclinedError: nothing is paid). */
async function chargePlan({ tx, provider, catalogue }: PlanCharging, owner: Payer, row: PlanDevice, key: PriceKey, idempotencyKey: string) {
  await chargePrice(tx, provider, owner, key, catalogue[key], { description: `${catalogue[key].Name} – ${row.name}`, idempotencyKey });
}

/**
 * The owner picked the next plan (`key`, null for None). While a subscription runs (docs/product/states.md Active)
 * it only becomes Next, charged by the renewal job at the expiry. While nothing runs it starts now: charged at once,
 * Current and Next, expiring one period from now, retries forgotten. Call under the device's row lock.
 */
export async function choosePlan(
  charging: PlanCharging,
  owner: Payer,
  row: PlanDevice,
  key: PriceKey | null,
  now: Date,
): Promise<DeviceChange> {
  const { catalogue } = charging;
  const next = key ? catalogue[key].Id : '';
  if (!key || isSubscriptionActive(row.subscription, now))
    return { subscription: { ...row.subscription, PriceIds: { ...row.subscription.PriceIds, Next: next } } };
  // The lapsed expiry names this start: a repeated request finds the subscription running and charges nothing more.
  // The payer is part of the key (docs/product/api.md Idempotency-Key): one owner's payment never answers another's.
  await chargePlan(charging, owner, row, key, `plan:${owner.id}:${row.product}:${row.key}:${row.subscription.ExpiresAt}`);
  return { ...paidPeriod(row, catalogue, key, now, next), renewalAttempts: 0, renewalRetryAt: null };
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

/**
 * Renews a subscription whose expiry has passed: charges Next to the owner (idempotency key
 * `renewal:{ownerId}:{product}:{key}:{expiresAt}`, the same for every retry of that owner, so a run repeated after a
 * crash finds the payment), makes it Current and moves the expiry on by one period from
 * the old expiry. No Next (or a Next that is no longer one of the product's plans): it ends. Throws
 * PaymentDeclinedError from the provider.
 */
export async function renewSubscription(charging: PlanCharging, owner: Payer, row: PlanDevice, now: Date): Promise<RenewalStep> {
  const { catalogue } = charging;
  const { subscription } = row;
  const key = planKeyOf(row.product as ProductId, catalogue, subscription.PriceIds.Next);
  if (!key) return { outcome: subscription.PriceIds.Current ? 'ended' : 'trial-ended', change: endedSubscription(subscription) };
  await chargePlan(charging, owner, row, key, renewalChargeKey(owner.id, row, subscription.ExpiresAt));
  // Renewed from the old expiry so periods stay back to back (retries included); from now when that period is over
  // already (the job did not run for longer than a period), so a renewal never charges for time gone by.
  const expiry = Date.parse(subscription.ExpiresAt);
  const backToBack = Number.isNaN(expiry) ? now : new Date(expiry);
  const from = extendByPeriod(backToBack, key).getTime() > now.getTime() ? backToBack : now;
  const change = paidPeriod(row, catalogue, key, from, subscription.PriceIds.Next);
  return { outcome: 'renewed', change: { ...change, renewalAttempts: 0, renewalRetryAt: null } };
}
