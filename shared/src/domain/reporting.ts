// How often devices report and when a silent one counts as offline (docs/protocol.md, Behaviour).
import { DEFAULT_REPORTING_SECONDS } from '../products/registry';
import type { ProductId } from '../products/ids';

/** A device that has sent nothing for this many of its reporting intervals is offline. */
export const OFFLINE_AFTER_INTERVALS = 3;

/** A reading stamped further ahead than this (a device clock gone wrong) is taken at its time of receipt. */
export const READING_FUTURE_TOLERANCE_MS = 5 * 60_000;

/** The interval the device announced, else its product's default. */
export function reportingIntervalSeconds(product: ProductId, announced?: number | null): number {
  return announced && announced > 0 ? announced : DEFAULT_REPORTING_SECONDS[product];
}

/** When a device last heard from at `lastSeen` becomes offline unless it sends something before. */
export function offlineDeadline(product: ProductId, lastSeen: Date, announced?: number | null): Date {
  return new Date(lastSeen.getTime() + OFFLINE_AFTER_INTERVALS * reportingIntervalSeconds(product, announced) * 1000);
}

/** The time a reading counts for: its `At`, unless missing, unparsable or more than 5 minutes ahead of receipt. */
export function readingTime(at: string | undefined, receivedAt: Date): Date {
  const measured = at === undefined ? Number.NaN : Date.parse(at);
  if (Number.isNaN(measured) || measured > receivedAt.getTime() + READING_FUTURE_TOLERANCE_MS) return receivedAt;
  return new Date(measured);
}
