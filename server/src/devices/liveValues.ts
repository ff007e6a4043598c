// A device's live values are those of its newest reading (docs/architecture/README.md#ingest, migration 0037): a
// reading that changes nothing else stores the reading and moves devices.reading_at, not `fields`. Whoever reads a
// device row for its representation, or to change it, reads those values from the reading here; a writer that then
// writes `fields` writes them along, so `fields` are never older than what they were read as.
import { isProductId, lastReadingTime, liveValues, type ReadingOf } from '@paddock/shared/domain';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceReadings, devices, type DeviceRow } from '../db/schema';

type LiveRow = Pick<DeviceRow, 'key' | 'product' | 'fields' | 'readingAt'>;

const appliedReadingAt = (row: LiveRow) => (isProductId(row.product) ? lastReadingTime(row.product, row.fields) : null);

/** Whether the row's fields lack its newest reading's live values. */
function readingAhead(row: LiveRow): row is LiveRow & { readingAt: Date } {
  const applied = appliedReadingAt(row);
  return !!row.readingAt && (!applied || applied < row.readingAt);
}

/** When the newest reading applied to the device was measured: in its fields, or only in its reading. */
export const newestReadingAt = (row: LiveRow): Date | null => (readingAhead(row) ? row.readingAt : appliedReadingAt(row));

/** The rows with their newest readings' live values in `fields`: one query for all the rows that need it. */
export async function withLiveValues<R extends LiveRow>(db: Db, rows: R[]): Promise<R[]> {
  // Judged once a row: each judgement parses the product's last-reading time.
  const ahead = new Map<R, Date>(rows.flatMap((row) => (readingAhead(row) ? [[row, row.readingAt] as const] : [])));
  if (!ahead.size) return rows;
  // By key and time, so only the partitions of those days are read (docs/architecture/readings.md).
  const stored = await db
    .select({ key: deviceReadings.key, at: deviceReadings.at, data: deviceReadings.data })
    .from(deviceReadings)
    .where(
      and(
        inArray(deviceReadings.key, [...new Set([...ahead.keys()].map((row) => row.key))]),
        inArray(deviceReadings.at, [...ahead.values()]),
      ),
    );
  const found = new Map(stored.map((reading) => [`${reading.key}\n${reading.at.getTime()}`, reading]));
  return rows.map((row) => {
    const at = ahead.get(row);
    const reading = at && found.get(`${row.key}\n${at.getTime()}`);
    // Gone only past the raw retention, and then settled into `fields` before its partition went (settleLiveValues).
    if (!reading || !isProductId(row.product)) return row;
    const patch = liveValues(row.product, reading.data as ReadingOf[typeof row.product], reading.at);
    return patch ? { ...row, fields: { ...row.fields, ...patch } } : row;
  });
}

/** One row with its live values (withLiveValues). */
export async function withLiveValuesOf<R extends LiveRow>(db: Db, row: R): Promise<R>;
export async function withLiveValuesOf<R extends LiveRow>(db: Db, row: R | undefined): Promise<R | undefined>;
export async function withLiveValuesOf<R extends LiveRow>(db: Db, row: R | undefined): Promise<R | undefined> {
  return row && (await withLiveValues(db, [row]))[0];
}

/**
 * Writes into `fields` the live values of the devices whose newest reading was measured before `before`, and clears
 * their reading_at: the raw retention is about to drop that reading's partition (readings/partitions.ts). Under the
 * rows' locks, in key order as ingest takes them; a device that reported meanwhile has a newer reading and is left.
 * Returns how many devices it settled.
 */
export async function settleLiveValues(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const silent = await tx.select().from(devices).where(lt(devices.readingAt, before)).orderBy(devices.key).for('update');
    for (const row of await withLiveValues(tx, silent)) {
      await tx.update(devices).set({ fields: row.fields, readingAt: null }).where(eq(devices.key, row.key));
    }
    return silent.length;
  });
}
