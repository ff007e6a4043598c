// A plug's energy per local day, ISO week or month from its stored meter readings (docs/product/energy.md "How it is
// counted"). Consumption is the meter since its last reset in Wh (docs/product/products/smartplug.md): each reading
// adds its rise over the reading before it; a drop is a reset or a counter wrap, after which the meter counted up
// from 0, so the new value itself is added, never a negative. A rise belongs to the period of the later reading.
// The hourly rollups keep each hour's min and max, not its first and last value, which cannot tell a rise from a
// reset: the raw readings are read (kept READINGS_RETENTION_DAYS, docs/architecture/readings.md "Retire").
import type { EnergyPeriod } from '@paddock/shared/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A meter to count: a plug's key and its registration (nothing before it is its owner's, docs/architecture/readings.md). */
export interface Meter {
  key: string;
  registeredAt: Date;
}

export interface EnergyRow {
  /** The period's first instant (its first local midnight). */
  start: Date;
  /** The period's first day on the zone's clock (YYYY-MM-DD). */
  date: string;
  wh: number;
}

/** One period as a PostgreSQL interval and date_trunc unit (constants of the code, not parameters). */
const STEP: Record<EnergyPeriod, string> = { day: `interval '1 day'`, week: `interval '7 days'`, month: `interval '1 month'` };

/** Whether the database knows the zone (its tz database may differ from the runtime's): an unknown one fails the query. */
export async function databaseKnowsZone(db: Db, timeZone: string): Promise<boolean> {
  try {
    await db.execute(sql`SELECT now() AT TIME ZONE ${timeZone}::text`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Wh of `meters` together in each period from the one starting on `first` to the one starting on `last` (local
 * dates, the first days of their periods) on `timeZone`'s clock, oldest first; periods starting after `now` are left
 * out. DST-correct: the periods are cut on the wall clock (a spring day has 23 hours, an autumn day 25).
 */
export async function energyPerPeriod(
  db: Db,
  meters: readonly Meter[],
  period: EnergyPeriod,
  { first, last, timeZone, now }: { first: string; last: string; timeZone: string; now: Date },
): Promise<EnergyRow[]> {
  const unit = sql.raw(`'${period}'`);
  const step = sql.raw(STEP[period]);
  const zone = sql`${timeZone}::text`;
  // The window's instants first, as constants of the main query: the partitions of its days are pruned at plan time.
  const [bounds] = (
    (await db.execute(sql`
      SELECT extract(epoch FROM ${first}::timestamp AT TIME ZONE ${zone})::float8 * 1000 AS lo,
             extract(epoch FROM (${last}::timestamp + ${step}) AT TIME ZONE ${zone})::float8 * 1000 AS hi`)) as unknown as {
      rows: { lo: number; hi: number }[];
    }
  ).rows;
  const lo = sql`${new Date(Number(bounds.lo)).toISOString()}::timestamptz`;
  const hi = sql`${new Date(Number(bounds.hi)).toISOString()}::timestamptz`;
  const meterRows = JSON.stringify(meters.map((meter) => ({ key: meter.key, reg: meter.registeredAt.toISOString() })));
  const consumption = sql`(d."data" ->> 'Consumption')::float8`;
  const hasConsumption = sql`jsonb_typeof(d."data" -> 'Consumption') = 'number'`;
  const result = await db.execute(sql`
    WITH m AS (SELECT * FROM jsonb_to_recordset(${meterRows}::jsonb) AS m("key" text, "reg" timestamptz)),
    readings AS (
      SELECT d."key", d."at", ${consumption} AS v
      FROM m JOIN "device_readings" d ON d."key" = m."key" AND d."at" >= m."reg"
      WHERE d."at" >= ${lo} AND d."at" < ${hi} AND ${hasConsumption}
      UNION ALL
      -- The last reading before the window: the first reading in it rises from there.
      SELECT before."key", before."at", before.v FROM m CROSS JOIN LATERAL (
        SELECT d."key", d."at", ${consumption} AS v FROM "device_readings" d
        WHERE d."key" = m."key" AND d."at" < ${lo} AND d."at" >= m."reg" AND ${hasConsumption}
        ORDER BY d."key" DESC, d."at" DESC LIMIT 1) before
    ),
    rises AS (
      SELECT "at", CASE WHEN previous IS NULL THEN 0 WHEN v >= previous THEN v - previous ELSE v END AS wh
      FROM (SELECT "at", v, lag(v) OVER (PARTITION BY "key" ORDER BY "at") AS previous FROM readings) r
      WHERE "at" >= ${lo}
    ),
    periods AS (SELECT g AS local_start FROM generate_series(${first}::timestamp, ${last}::timestamp, ${step}) g)
    SELECT to_char(p.local_start, 'YYYY-MM-DD') AS date, extract(epoch FROM p.local_start AT TIME ZONE ${zone})::float8 * 1000 AS start,
           coalesce(sum(r.wh), 0)::float8 AS wh
    FROM periods p LEFT JOIN rises r ON date_trunc(${unit}, r."at" AT TIME ZONE ${zone}) = p.local_start
    WHERE (p.local_start AT TIME ZONE ${zone}) <= ${now.toISOString()}::timestamptz
    GROUP BY p.local_start
    ORDER BY p.local_start`);
  return (result as unknown as { rows: { date: string; start: number; wh: number }[] }).rows.map((row) => ({
    date: row.date,
    start: new Date(Number(row.start)),
    wh: Number(row.wh),
  }));
}

/** Wh as kWh to the Wh (the meter's resolution), without float noise: 2299.9999 Wh → 2.3. */
export const kWhOf = (wh: number): number => Math.round(wh) / 1000;
