// Chart points (docs/architecture/README.md#charts): at most CHART_MAX_POINTS a series, shape-preserving. The window
// is cut into at most CHART_MAX_POINTS / 2 time buckets and each keeps its lowest and its highest reading (the
// earliest of equal ones), in time order; while every reading fits, every reading is the answer. The database does
// the work in one query: from 21 days on, whole hours come from the hourly rollups (reading_hour_extremes, migration
// 0017, built once the hour is over: docs/architecture/README.md#rollups), so a year is ~8,800 rollup rows rather than
// 525,600 readings; the hours not built yet, the partial hours at the window's edges (where registration, `from`,
// `to` or now cut an hour), and shorter windows, come from the readings themselves.
import { CHART_MAX_POINTS, type TimedValue } from '@paddock/shared/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { deviceReadings, readingHourExtremes, readingRollupPending } from '../db/schema';
import { readingValue, type SeriesWindow } from './queries';
import { rawReadingsKeptSince } from '../readings';

const HOUR_MS = 3_600_000;

/** Bucket i holds the times [origin + i·width, origin + (i+1)·width), in epoch ms. */
export interface ChartGrid {
  origin: number;
  width: number;
  /** Buckets of whole UTC hours: made of whole rollup rows. */
  hourly: boolean;
}

/**
 * The buckets of a chart over [from, to] (epoch ms, both included): at most maxPoints / 2 of them. From 21 days on
 * they are whole UTC hours counted from the epoch (the same for every window over the same hours, and each
 * hour's rollup falls in exactly one bucket): at least half as many buckets as equal slices would give, a little
 * coarser (a month: 744 of an hour rather than 1,000 of 45 minutes), but read from ~24 rollups a day instead of up to
 * 1,440 readings a day. Shorter windows get equal slices from `from`, filled from the readings.
 */
export function chartGrid(from: number, to: number, maxPoints = CHART_MAX_POINTS, rollupsOnly = false): ChartGrid {
  const buckets = Math.floor(maxPoints / 2);
  const span = to - from + 1;
  // Past the raw retention only rollups are left (docs/architecture/readings.md): whole hours whatever the length.
  if (!rollupsOnly && span < (buckets / 2) * HOUR_MS) return { origin: from, width: Math.ceil(span / buckets), hourly: false };
  let width = Math.ceil(span / buckets / HOUR_MS) * HOUR_MS;
  // Aligned to the epoch, the window may touch one bucket more than its length needs.
  while (Math.floor(to / width) - Math.floor(from / width) + 1 > buckets) width += HOUR_MS;
  return { origin: 0, width, hourly: true };
}

interface BucketRow {
  count: number;
  min: number;
  minAt: number;
  max: number;
  maxAt: number;
}

/** Epoch milliseconds of a timestamptz, as a float8 (a JS number on both drivers). */
const epochMs = (column: ReturnType<typeof sql>) => sql`floor(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * The chart of `window.field` over [range.from, range.to]: buckets laid over the requested range, filled with the
 * readings of `window` (the range clamped to registration and now), oldest first.
 */
export async function chartPoints(
  db: Db,
  window: SeriesWindow,
  range: { from: Date; to: Date },
  maxPoints = CHART_MAX_POINTS,
): Promise<TimedValue[]> {
  const { key, field } = window;
  const [from, to] = [window.from.getTime(), window.to.getTime()];
  if (from > to) return [];
  const rawSince = await rawReadingsKeptSince(db);
  const rollupsOnly = rawSince !== null && from < rawSince;
  const grid = chartGrid(range.from.getTime(), range.to.getTime(), maxPoints, rollupsOnly);
  // The hours wholly inside the window, [wholeFrom, wholeTo); none when the buckets are narrower than an hour.
  let wholeFrom = Math.ceil(from / HOUR_MS) * HOUR_MS;
  let wholeTo = Math.floor((to + 1) / HOUR_MS) * HOUR_MS;
  if (!grid.hourly || wholeTo <= wholeFrom) wholeFrom = wholeTo = from;
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const value = readingValue(field);
  // Each part is a range of a primary key: rollups of the whole hours, readings of the edges before and after them.
  // A rollup's times lie in its hour, so its bucket is that of its min_at. date_bin, not arithmetic on epoch numbers:
  // those are numeric in PostgreSQL and took half the time of a month's chart.
  const buckets = await rows<BucketRow>(
    db,
    sql`WITH parts AS (
      SELECT "count", "min", "min_at", "max", "max_at" FROM ${readingHourExtremes} e
        WHERE "key" = ${key} AND "field" = ${field} AND "hour" >= ${at(wholeFrom)} AND "hour" < ${at(wholeTo)}
          AND NOT EXISTS (SELECT FROM ${readingRollupPending} p WHERE p."key" = e."key" AND p."hour" = e."hour")
      UNION ALL
      SELECT 1, "value", "at", "value", "at" FROM (
        SELECT "at", ${value} AS "value" FROM ${deviceReadings} WHERE "key" = ${key} AND "at" >= ${at(from)} AND "at" < ${at(wholeFrom)}
        UNION ALL
        SELECT "at", ${value} AS "value" FROM ${deviceReadings} WHERE "key" = ${key} AND "at" >= ${at(wholeTo)} AND "at" <= ${at(to)}
        UNION ALL
        -- The whole hours not rolled up yet (the current one, late readings: migration 0031), from their readings.
        SELECT "at", ${value} FROM ${readingRollupPending} p
          JOIN ${deviceReadings} ON ${deviceReadings.key} = p."key" AND "at" >= p."hour" AND "at" < p."hour" + interval '1 hour'
            -- The same range in constants: the day partitions (0030) outside it are pruned at plan time (as trends.ts).
            AND "at" >= ${at(wholeFrom)} AND "at" < ${at(wholeTo)}
          WHERE p."key" = ${key} AND p."hour" >= ${at(wholeFrom)} AND p."hour" < ${at(wholeTo)}
      ) edges WHERE "value" IS NOT NULL
    )
    SELECT sum("count")::float8 AS "count",
      min("min") AS "min", ${epochMs(sql`(array_agg("min_at" ORDER BY "min", "min_at"))[1]`)} AS "minAt",
      max("max") AS "max", ${epochMs(sql`(array_agg("max_at" ORDER BY "max" DESC, "max_at"))[1]`)} AS "maxAt"
    FROM parts GROUP BY date_bin(${grid.width}::float8 * interval '1 millisecond', "min_at", ${at(grid.origin)}) ORDER BY "minAt"`,
  );
  const readings = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  if (readings <= maxPoints && !rollupsOnly) return everyReading(db, window);
  return buckets.flatMap(({ min, minAt, max, maxAt }) => {
    const low = { time: minAt, value: min };
    const high = { time: maxAt, value: max };
    if (minAt === maxAt) return [low]; // one reading is both (one reading per device and time)
    return minAt < maxAt ? [low, high] : [high, low];
  });
}

/** Every reading of the window with the field, oldest first (few: they fit in a chart). */
async function everyReading(db: Db, window: SeriesWindow): Promise<TimedValue[]> {
  const { key, field, from, to } = window;
  return rows<TimedValue>(
    db,
    sql`SELECT ${epochMs(sql`"at"`)} AS "time", "value" FROM (
      SELECT "at", ${readingValue(field)} AS "value" FROM ${deviceReadings}
        WHERE "key" = ${key} AND "at" >= ${from.toISOString()}::timestamptz AND "at" <= ${to.toISOString()}::timestamptz
    ) r WHERE "value" IS NOT NULL ORDER BY "at"`,
  );
}
