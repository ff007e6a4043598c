// The alarm log's records (docs/product/alarm-log.md): notify/alarmNotices.ts opens an occurrence when it tells of an
// alarm, adds one delivery per recipient and channel in the transaction that queues the notification, and closes the
// occurrence when the alarm clears; notify/worker.ts marks each delivery done. An acknowledged occurrence is reminded
// of no more, to anyone.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alarmDeliveries, alarmOccurrences, type AlarmDeliveryRow } from '../db/schema';

export type AlarmLogChannel = AlarmDeliveryRow['channel'];
export type AlarmLogEvent = AlarmDeliveryRow['event'];

/** The longest transport error kept (staff read it; a provider's reply may be long). */
const ERROR_MAX = 500;

const openOf = (key: string, alarm: string) =>
  and(eq(alarmOccurrences.key, key), eq(alarmOccurrences.alarm, alarm), isNull(alarmOccurrences.clearedAt));

/** The alarm's open occurrence on the device, if any. */
export async function openOccurrenceOf(tx: Db, key: string, alarm: string): Promise<{ id: string; acknowledgedAt: Date | null } | null> {
  const [row] = await tx
    .select({ id: alarmOccurrences.id, acknowledgedAt: alarmOccurrences.acknowledgedAt })
    .from(alarmOccurrences)
    .where(openOf(key, alarm));
  return row ?? null;
}

/**
 * The alarm's open occurrence, or a new one raised at `raisedAt`. Called under the device's row lock (as the notices
 * are), so two callers never both insert one.
 */
export async function raiseOccurrence(
  tx: Db,
  key: string,
  alarm: string,
  raisedAt: Date,
  measured: { value: number | null; unit: string | null },
): Promise<string> {
  const open = await openOccurrenceOf(tx, key, alarm);
  if (open) return open.id;
  const id = randomUUID();
  await tx.insert(alarmOccurrences).values({ id, key, alarm, raisedAt, value: measured.value, unit: measured.unit });
  return id;
}

/** Closes the alarm's open occurrence (its clear); returns its id, or null when none was open. */
export async function clearOccurrence(tx: Db, key: string, alarm: string, at: Date): Promise<string | null> {
  const [row] = await tx.update(alarmOccurrences).set({ clearedAt: at }).where(openOf(key, alarm)).returning({ id: alarmOccurrences.id });
  return row?.id ?? null;
}

/** One notification queued for one recipient and channel; its id goes into the job so the worker can mark it. */
export async function recordDelivery(
  tx: Db,
  delivery: { occurrenceId: string; userId: string; channel: AlarmLogChannel; event: AlarmLogEvent },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await tx.insert(alarmDeliveries).values({ id, ...delivery, queuedAt: now, status: 'pending' });
  return id;
}

/** Marks a delivery done (once: a retried job that already finished changes nothing). */
export async function finishDelivery(
  db: Db,
  id: string,
  status: 'delivered' | 'failed' | 'skipped',
  now: Date,
  error?: unknown,
): Promise<void> {
  await db
    .update(alarmDeliveries)
    .set({
      status,
      doneAt: now,
      ...(error !== undefined && { error: String(error instanceof Error ? error.message : error).slice(0, ERROR_MAX) }),
    })
    .where(and(eq(alarmDeliveries.id, id), eq(alarmDeliveries.status, 'pending')));
}

/** Keeps the last transport error of a delivery that is retried. */
export async function deliveryRetrying(db: Db, id: string, error: unknown): Promise<void> {
  await db
    .update(alarmDeliveries)
    .set({ error: String(error instanceof Error ? error.message : error).slice(0, ERROR_MAX) })
    .where(eq(alarmDeliveries.id, id));
}

/** Whether the occurrence the delivery belongs to was acknowledged (a reminder queued before is then not sent). */
export async function deliveryAcknowledged(db: Db, deliveryId: string): Promise<boolean> {
  const [row] = await db
    .select({ acknowledgedAt: alarmOccurrences.acknowledgedAt })
    .from(alarmDeliveries)
    .innerJoin(alarmOccurrences, eq(alarmOccurrences.id, alarmDeliveries.occurrenceId))
    .where(eq(alarmDeliveries.id, deliveryId));
  return row?.acknowledgedAt != null;
}

/**
 * Deletes the occurrences cleared before `since` (the raw readings' retention, readings/partitions.ts): the log is
 * kept as long as the readings (docs/product/alarm-log.md). Their deliveries go with them. Returns how many.
 */
export async function retireAlarmLog(db: Db, since: Date): Promise<number> {
  const gone = await db.delete(alarmOccurrences).where(lt(alarmOccurrences.clearedAt, since)).returning({ id: alarmOccurrences.id });
  return gone.length;
}

/** Acknowledges the occurrence (the first acknowledgement stays: idempotent). False when there is no such occurrence. */
export async function acknowledgeOccurrence(db: Db, id: string, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(alarmOccurrences)
    .set({
      acknowledgedAt: sql`COALESCE(${alarmOccurrences.acknowledgedAt}, ${now.toISOString()}::timestamptz)`,
      acknowledgedBy: sql`CASE WHEN ${alarmOccurrences.acknowledgedAt} IS NULL THEN ${userId} ELSE ${alarmOccurrences.acknowledgedBy} END`,
    })
    .where(eq(alarmOccurrences.id, id))
    .returning({ id: alarmOccurrences.id });
  return row !== undefined;
}
