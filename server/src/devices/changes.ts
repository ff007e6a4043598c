// What an update body asks of a device, whatever the product's body shape (docs/product/api.md): metadata, the next plan,
// and a patch of the product's own fields; each product splits its own body (products/<id>.ts).
import type {
  MetadataUpdate,
  SubscriptionUpdate,
  UpdateFarmcamSimBody,
  UpdateFencealarm2Body,
  UpdateFencealarmBody,
  UpdateSmartplug2Body,
  UpdateSmartplugBody,
} from '@paddock/shared/contract';
import { isRangeValid, type checkLoadAlarm } from '@paddock/shared/domain';
import { badRequest } from '../http/errors';

export type UpdateBody = UpdateFarmcamSimBody | UpdateFencealarmBody | UpdateFencealarm2Body | UpdateSmartplugBody | UpdateSmartplug2Body;

export interface DeviceChanges {
  metadata: MetadataUpdate;
  /** The next plan ('' for None); undefined: unchanged. */
  priceId?: string;
  /** The plan came as the Subscription is read (PriceIds.Next): the same as the stored Next is no change. */
  planAsRead?: boolean;
  /** Deep-merged into the stored fields. */
  fields: Record<string, unknown>;
}

/** 400 for bounds out of order (lower < upper), checked with the same domain rules the screens use. */
export function checkBounds(field: string, lower: number, upper: number, check: typeof checkLoadAlarm, code: 'load_bounds' | 'temperature_bounds'): void {
  if (!isRangeValid(check(lower, upper))) throw badRequest(code, field);
}

/**
 * The next plan of a FenceAlarm2 or SmartPlug2 body's Subscription, in either shape it is accepted in (docs/product/api.md
 * "Shapes accepted"): {PriceId}, or the Subscription as read, whose PriceIds.Next names it. Neither, or both: 400.
 */
export function nextPlanOf(subscription: SubscriptionUpdate | undefined): Pick<DeviceChanges, 'priceId' | 'planAsRead'> {
  if (subscription === undefined) return {};
  const { PriceId, PriceIds } = subscription;
  if (PriceId !== undefined && PriceIds !== undefined) throw badRequest('invalid_field', 'Subscription.PriceIds', { field: 'Subscription.PriceIds' });
  if (PriceId !== undefined) return { priceId: PriceId };
  if (PriceIds !== undefined) return { priceId: PriceIds.Next, planAsRead: true };
  throw badRequest('invalid_field', 'Subscription.PriceId', { field: 'Subscription.PriceId' });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Merges `patch` into `target`: objects key by key, anything else (arrays too) replaced. */
export function deepMerge(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? deepMerge(merged[key] as Record<string, unknown>, value) : value;
  }
  return merged;
}
