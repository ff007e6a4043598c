// The owner's change log (docs/product/roles.md "Change log"): what people a device is shared with changed on it,
// written in the transaction of the change and shown to the owner (GET /{collection}/{key}/changes). Kept for the
// owner of the time, so a new owner does not read the last one's; the newest CHANGE_LOG_MAX per device, 90 days at most.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, notInArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceChanges, type DeviceChangeRow } from '../db/schema';
import type { RecordedChange } from './ownerChoices';

/** At most this many changes are kept per device … */
export const CHANGE_LOG_MAX = 100;
/** … and none older than this many days. */
export const CHANGE_LOG_DAYS = 90;

const DAY_MS = 86_400_000;

/** Records one change (nothing when it changed nothing) and drops what is past the limits, in the caller's transaction. */
export async function recordChange(
  tx: Db,
  entry: { key: string; ownerId: string; byEmail: string; at: Date; change: RecordedChange },
): Promise<void> {
  if (!entry.change.fields.length) return;
  await tx.insert(deviceChanges).values({
    id: randomUUID(),
    deviceKey: entry.key,
    ownerId: entry.ownerId,
    byEmail: entry.byEmail,
    changedAt: entry.at,
    fields: entry.change.fields,
    details: entry.change.details,
  });
  const kept = tx
    .select({ id: deviceChanges.id })
    .from(deviceChanges)
    .where(eq(deviceChanges.deviceKey, entry.key))
    .orderBy(desc(deviceChanges.changedAt), desc(deviceChanges.id))
    .limit(CHANGE_LOG_MAX);
  await tx
    .delete(deviceChanges)
    .where(
      and(
        eq(deviceChanges.deviceKey, entry.key),
        or(lt(deviceChanges.changedAt, new Date(entry.at.getTime() - CHANGE_LOG_DAYS * DAY_MS)), notInArray(deviceChanges.id, kept)),
      ),
    );
}

/** The changes kept for the device and its owner, newest first, within the limits as of `now`. */
export async function changesOf(db: Db, key: string, ownerId: string, now: Date): Promise<DeviceChangeRow[]> {
  const rows = await db
    .select()
    .from(deviceChanges)
    .where(and(eq(deviceChanges.deviceKey, key), eq(deviceChanges.ownerId, ownerId)))
    .orderBy(desc(deviceChanges.changedAt), desc(deviceChanges.id))
    .limit(CHANGE_LOG_MAX);
  const since = now.getTime() - CHANGE_LOG_DAYS * DAY_MS;
  return rows.filter((row) => row.changedAt.getTime() >= since);
}
