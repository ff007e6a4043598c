// The rollup job (docs/architecture/README.md#rollups): builds the chart rollups (reading_hour_extremes) and the trend
// rollups (reading_trend_buckets) of each device-hour that a trigger marked in reading_rollup_pending (migration
// 0031), once the hour is over, from its readings, and deletes the mark. Building is exact and idempotent (the
// hour's rows are replaced by what its readings say), so a late reading that marks an old hour again simply has it
// built again. Every instance runs it: marks are claimed with FOR UPDATE SKIP LOCKED (jobs/loop.ts).
import { HISTORY_FIELDS, TREND_BUCKET_MS, TREND_FIELDS } from '@paddock/shared/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimPass, startJobLoop, type JobLoop, type PassBound } from '../jobs/loop';

/**
 * An hour is built this long after its end: readings of its last minutes still in a batch or a broker queue then
 * land before it is built, rather than having it built twice.
 */
export const ROLLUP_GRACE_MS = 2 * 60_000;
/** Device-hours built per transaction: a few hundred readings each, and writers of their shards wait that long. */
export const ROLLUP_BATCH = 100;
export const ROLLUP_INTERVAL_MS = 60_000;
const ROLLUP_PASS_MS = 5_000;

const HOUR_MS = 3_600_000;
if (HOUR_MS % TREND_BUCKET_MS !== 0) throw new Error('trend buckets must divide an hour: an hour is built whole');

const textArray = (values: Iterable<string>) => sql.raw(`'{${[...new Set(values)].join(',')}}'::text[]`);
/** Constants of the code (not parameters): the fields each rollup keeps. */
const CHARTED = textArray(Object.values(HISTORY_FIELDS));
const TRENDED = textArray(Object.values(TREND_FIELDS));
const BUCKET = sql.raw(`interval '${TREND_BUCKET_MS / 1000} seconds'`);

export interface RolledHour {
  key: string;
  hour: Date;
}

/**
 * Builds at most `limit` marked device-hours that ended ROLLUP_GRACE_MS before `now`, in one transaction; returns
 * them. Claimed in shard order (the shards of reading_rollup_lock), so a batch holds few shards and the writers it
 * holds up are few.
 */
export async function rollUpBatch(db: Db, now: Date, limit = ROLLUP_BATCH): Promise<RolledHour[]> {
  const due = new Date(now.getTime() - HOUR_MS - ROLLUP_GRACE_MS).toISOString();
  return db.transaction(async (tx) => {
    const claimed = (
      (await tx.execute(sql`
        SELECT "key", "hour" FROM "reading_rollup_pending" WHERE "hour" <= ${due}::timestamptz
        ORDER BY hashtext("key") & 255, "key", "hour" LIMIT ${limit} FOR UPDATE SKIP LOCKED`)) as unknown as {
        rows: { key: string; hour: Date | string }[];
      }
    ).rows.map((row) => ({ key: row.key, hour: new Date(row.hour) }));
    if (!claimed.length) return [];
    const hours = JSON.stringify(claimed.map(({ key, hour }) => ({ key, hour: hour.toISOString() })));
    const marked = sql`SELECT "key", "hour" FROM jsonb_to_recordset(${hours}::jsonb) AS m("key" text, "hour" timestamptz)`;
    // Waits for the writers of these devices that are past their marks; the statements below see their readings.
    await tx.execute(sql`SELECT reading_rollup_lock(ARRAY(SELECT DISTINCT "key" FROM (${marked}) m), true)`);
    // Each claimed hour's readings in a LATERAL subquery that groups (so the planner cannot make it one hash join
    // over a seq scan of every partition: seconds a batch at fleet scale), an index range of its device's key in its
    // day's partition (0030); the batch's first and last hour as constants prune the other partitions at plan time.
    const hourTimes = claimed.map(({ hour }) => hour.getTime());
    const first = sql`${new Date(Math.min(...hourTimes)).toISOString()}::timestamptz`;
    const last = sql`${new Date(Math.max(...hourTimes) + HOUR_MS).toISOString()}::timestamptz`;
    const readingsOf = (fields: SQL) => sql`
      "device_readings" r CROSS JOIN unnest(${fields}) f
      WHERE r."key" = m."key" AND r."at" >= m."hour" AND r."at" < m."hour" + interval '1 hour' AND r."at" >= ${first} AND r."at" < ${last}
        AND jsonb_typeof(r."data" -> f) = 'number'`;
    await tx.execute(sql`DELETE FROM "reading_hour_extremes" e USING (${marked}) m WHERE e."key" = m."key" AND e."hour" = m."hour"`);
    // The same rollup as 0017's trigger: the earliest of equal extremes.
    await tx.execute(sql`
      INSERT INTO "reading_hour_extremes" ("key", "field", "hour", "count", "min", "min_at", "max", "max_at")
      SELECT m."key", v."field", m."hour", v."count", v."min", v."min_at", v."max", v."max_at"
      FROM (${marked}) m CROSS JOIN LATERAL (
        SELECT "field", count(*) AS "count", min("value") AS "min", (array_agg("at" ORDER BY "value", "at"))[1] AS "min_at",
          max("value") AS "max", (array_agg("at" ORDER BY "value" DESC, "at"))[1] AS "max_at"
        FROM (SELECT f AS "field", r."at", (r."data" ->> f)::float8 AS "value" FROM ${readingsOf(CHARTED)}) x
        GROUP BY "field") v`);
    await tx.execute(sql`
      DELETE FROM "reading_trend_buckets" b USING (${marked}) m
      WHERE b."key" = m."key" AND b."bucket" >= m."hour" AND b."bucket" < m."hour" + interval '1 hour'`);
    // The same rollup as 0028's trigger: count and exact sum per 10-minute bucket.
    await tx.execute(sql`
      INSERT INTO "reading_trend_buckets" ("key", "field", "bucket", "count", "sum")
      SELECT m."key", v."field", v."bucket", v."count", v."sum"
      FROM (${marked}) m CROSS JOIN LATERAL (
        SELECT f AS "field", date_bin(${BUCKET}, r."at", 'epoch') AS "bucket", count(*) AS "count", sum((r."data" ->> f)::numeric) AS "sum"
        FROM ${readingsOf(TRENDED)}
        GROUP BY 1, 2) v`);
    await tx.execute(sql`DELETE FROM "reading_rollup_pending" p USING (${marked}) m WHERE p."key" = m."key" AND p."hour" = m."hour"`);
    return claimed;
  });
}

/** Builds the due device-hours, batch after batch, within `bound` (by default ROLLUP_PASS_MS); `more`: some may be left. */
export async function rollUpPass(db: Db, now: Date, bound: PassBound = {}): Promise<{ rows: RolledHour[]; more: boolean }> {
  return claimPass(ROLLUP_BATCH, (limit) => rollUpBatch(db, now, limit), { until: performance.now() + ROLLUP_PASS_MS, ...bound });
}

/** Every due device-hour built (tools, tests, benches: a loaded database catching up). */
export async function rollUpAll(db: Db, now: Date): Promise<RolledHour[]> {
  const rolled: RolledHour[] = [];
  for (;;) {
    const pass = await rollUpPass(db, now);
    rolled.push(...pass.rows);
    if (!pass.more) return rolled;
  }
}

/** A pass every `intervalMs` on every instance (jobs/loop.ts), at once again while hours are left due. */
export function startRollups(options: { db: Db; now: () => Date; log: FastifyBaseLogger; intervalMs?: number }): JobLoop {
  return startJobLoop({
    intervalMs: options.intervalMs ?? ROLLUP_INTERVAL_MS,
    log: options.log,
    failure: 'reading rollups failed',
    work: async () => {
      const { rows, more } = await rollUpPass(options.db, options.now());
      if (rows.length) options.log.debug({ hours: rows.length }, 'reading rollups built');
      return more;
    },
  });
}
