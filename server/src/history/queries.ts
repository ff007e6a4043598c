// Reading one series of a device's history: keyset pages over the primary key (key, at), so a year of 1-minute
// readings is walked one page at a time and never sits in memory at once; each page is its own short query
// (no transaction or cursor held open while a slow client downloads).
import type { HistoryField } from '@paddock/shared/domain';
import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceReadings } from '../db/schema';

export interface HistoryRow {
  at: Date;
  value: number;
}

export interface SeriesWindow {
  key: string;
  field: HistoryField;
  /** Inclusive. */
  from: Date;
  /** Inclusive. */
  to: Date;
}

/** Rows a page holds: big enough that a year takes ~50 queries, small enough to stay a few MB. */
export const HISTORY_PAGE_SIZE = 10_000;

/**
 * Longest stretch of time one query covers. Without table statistics (PGlite runs no autovacuum) the planner
 * may fetch every matching row and sort it before the LIMIT; bounding each query to a day keeps that cheap
 * (a device reports at most once a second: 86,400 rows) however the plan turns out.
 */
const SPAN_MS = 86_400_000;

/** The readings of one field in the window, oldest first, a page at a time; readings without the field are skipped. */
export async function* historyPages(db: Db, window: SeriesWindow, pageSize = HISTORY_PAGE_SIZE): AsyncGenerator<HistoryRow[]> {
  const { key, field, from, to } = window;
  // Only the primary key in WHERE and ORDER BY, so a page is an index range; readings without the field are null.
  const value = sql<number | null>`CASE WHEN jsonb_typeof(${deviceReadings.data} -> ${field}::text) = 'number' THEN (${deviceReadings.data} ->> ${field}::text)::float8 END`;
  // Keyset: the next query starts after the last row seen (or after the span just covered).
  let lower = from;
  let inclusive = true;
  while (lower <= to) {
    const upper = new Date(Math.min(to.getTime(), lower.getTime() + SPAN_MS));
    const rows = await db
      .select({ at: deviceReadings.at, value })
      .from(deviceReadings)
      .where(and(eq(deviceReadings.key, key), inclusive ? gte(deviceReadings.at, lower) : gt(deviceReadings.at, lower), lte(deviceReadings.at, upper)))
      .orderBy(asc(deviceReadings.key), asc(deviceReadings.at))
      .limit(pageSize);
    const page = rows.filter((row): row is HistoryRow => row.value !== null);
    if (page.length) yield page;
    inclusive = false;
    if (rows.length === pageSize) lower = rows[rows.length - 1].at;
    else if (upper.getTime() >= to.getTime()) return;
    else if (rows.length) lower = upper;
    else {
      // An empty day: jump to the next reading rather than walk a silent stretch (a device off for months) a day at a time.
      const next = await nextReadingAt(db, key, upper, to);
      if (!next) return;
      lower = next;
      inclusive = true;
    }
  }
}

/** When the first reading after `after` (up to `to`, inclusive) was taken, or null when there is none. */
async function nextReadingAt(db: Db, key: string, after: Date, to: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: deviceReadings.at })
    .from(deviceReadings)
    .where(and(eq(deviceReadings.key, key), gt(deviceReadings.at, after), lte(deviceReadings.at, to)))
    .orderBy(asc(deviceReadings.key), asc(deviceReadings.at))
    .limit(1);
  return row?.at ?? null;
}
