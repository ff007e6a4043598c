// Raw readings in daily partitions (docs/architecture/readings.md, decisions/0023-reading-partitions.md): the server
// creates each UTC day's partition of device_readings ahead of time, turns the table that migration 0030 attached as
// the default partition into an ordinary one once, and retires raw readings older than READINGS_RETENTION_DAYS by
// dropping whole partitions (never a DELETE). Every instance runs this: each change is made under one advisory
// transaction lock and re-checks the catalog first, so concurrent runs wait for one another and then find it done.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { retireAlarmLog } from '../alarms';
import { retireWebhookDeliveries } from '../webhooks';
import { settleLiveValues } from '../devices';
import { startJobLoop, type JobLoop } from '../jobs/loop';

export const DAY_MS = 86_400_000;
/** Days of partitions kept ready after today: a week of a stopped maintenance job before ingest has to make one. */
export const PARTITION_AHEAD_DAYS = 7;
/** How often the job runs: creation ahead and retention are both daily matters, so an hour is plenty. */
export const PARTITION_MAINTENANCE_MS = 3_600_000;
/** Retention when nothing sets it (config.ts READINGS_RETENTION_DAYS): a year of charts, and a month to spare. */
export const DEFAULT_READINGS_RETENTION_DAYS = 400;
/** Arbitrary, fixed: Paddock's lock for changes to device_readings' partitions, among other advisory locks. */
export const PARTITION_LOCK = 4_723_030;
export const LEGACY_PARTITION = 'device_readings_legacy';
const LEGACY_BOUND_CHECK = 'device_readings_legacy_bound';

/** A partition of device_readings: [from, to) in epoch ms (null: unbounded), or the default partition. */
export interface ReadingPartition {
  name: string;
  from: number | null;
  to: number | null;
  isDefault: boolean;
}

/** The retention and clock of the server using a database, for ingest and charts (set by startReadingMaintenance). */
interface ReadingSettings {
  retentionDays: number;
  now: () => Date;
  /** Days (epoch ms of 00:00 UTC) known to have a partition, so ingest asks the catalog only about a new day. */
  coveredDays: Set<number>;
  /** Where the oldest partition begins (null: no lower bound) and when that was read (performance.now()). */
  rawSince?: { at: number | null; readAt: number };
}
const settings = new WeakMap<Db, ReadingSettings>();

function settingsOf(db: Db): ReadingSettings {
  let found = settings.get(db);
  if (!found) {
    found = { retentionDays: DEFAULT_READINGS_RETENTION_DAYS, now: () => new Date(), coveredDays: new Set() };
    settings.set(db, found);
  }
  return found;
}

/** The oldest time a raw reading is kept at `now`: older ones are retired (and not stored when they arrive late). */
export function rawReadingsSince(db: Db, now: Date = settingsOf(db).now()): Date {
  return new Date(now.getTime() - settingsOf(db).retentionDays * DAY_MS);
}

export const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
export const partitionName = (day: number) => `device_readings_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;

/** device_readings' partitions with their bounds, read back from the catalog (the bounds' text cast in SQL). */
export async function listPartitions(db: Db): Promise<ReadingPartition[]> {
  const found = await rows<{ name: string; bound: string; from: number | null; to: number | null }>(
    db,
    sql`SELECT c.relname AS "name", b.bound,
        floor(extract(epoch FROM (regexp_match(b.bound, 'FROM [(]''([^'']+)''[)]'))[1]::timestamptz) * 1000)::float8 AS "from",
        floor(extract(epoch FROM (regexp_match(b.bound, 'TO [(]''([^'']+)''[)]'))[1]::timestamptz) * 1000)::float8 AS "to"
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        CROSS JOIN LATERAL (SELECT pg_get_expr(c.relpartbound, c.oid) AS bound) b
      WHERE i.inhparent = 'device_readings'::regclass ORDER BY 3 NULLS FIRST`,
  );
  return found.map(({ name, bound, from, to }) => ({ name, from, to, isDefault: bound === 'DEFAULT' }));
}

const covers = (partition: ReadingPartition, ms: number) =>
  !partition.isDefault && (partition.from === null || partition.from <= ms) && (partition.to === null || ms < partition.to);

/**
 * Creates the daily partitions of `days` (epoch ms, any time of the day) that no partition covers yet. Nothing while
 * the legacy table is still the default partition: it takes every reading until adoptLegacyPartition has run, and a
 * new partition would have to scan it. Returns the partitions created.
 */
export async function ensureDayPartitions(db: Db, days: Iterable<number>): Promise<string[]> {
  const wanted = [...new Set([...days].map(dayStart))].sort((a, b) => a - b);
  if (!wanted.length) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
    const partitions = await listPartitions(tx);
    if (partitions.some((partition) => partition.isDefault)) return [];
    const created: string[] = [];
    for (const day of wanted) {
      // A day only partly covered (the legacy partition ends at its bound, a day's start) is covered from its start.
      if (partitions.some((partition) => covers(partition, day))) continue;
      const name = partitionName(day);
      const [from, to] = [new Date(day).toISOString(), new Date(day + DAY_MS).toISOString()];
      await tx.execute(sql.raw(`CREATE TABLE "${name}" PARTITION OF "device_readings" FOR VALUES FROM ('${from}') TO ('${to}')`));
      created.push(name);
    }
    return created;
  });
}

/**
 * Makes sure every day of `times` has a partition before ingest inserts readings of it (docs/architecture/readings.md
 * "Arrive"): from memory for the days seen before, from the catalog (creating what is missing, through `executor`:
 * the ingest's transaction) for a new one. While the legacy table is still the default partition it takes every
 * reading, all of them older than the bound it will get (two days ahead at least).
 */
export async function coverReadingDays(db: Db, times: Iterable<Date>, executor: Db = db): Promise<void> {
  const { coveredDays } = settingsOf(db);
  const missing = [...new Set([...times].map((time) => dayStart(time.getTime())))].filter((day) => !coveredDays.has(day));
  if (!missing.length) return;
  await ensureDayPartitions(executor, missing);
  const partitions = await listPartitions(executor);
  const legacyDefault = partitions.some((partition) => partition.isDefault);
  for (const day of missing) if (legacyDefault || partitions.some((partition) => covers(partition, day))) coveredDays.add(day);
}

/** Forgets what is known of the partitions (after a failed insert, or partitions dropped by retention). */
export function forgetCoveredDays(db: Db): void {
  settingsOf(db).coveredDays.clear();
  settingsOf(db).rawSince = undefined;
}

/** How long a chart trusts what it last read of the oldest partition: another instance's retention run may drop it. */
const RAW_SINCE_TTL_MS = 60_000;

/**
 * The oldest time raw readings are still kept for (epoch ms; null: all of them, no partition dropped yet): older
 * windows, or their older parts, are drawn from the hourly rollups (history/chart.ts, docs/architecture/readings.md).
 */
export async function rawReadingsKeptSince(db: Db): Promise<number | null> {
  const known = settingsOf(db);
  if (known.rawSince && performance.now() - known.rawSince.readAt < RAW_SINCE_TTL_MS) return known.rawSince.at;
  const partitions = (await listPartitions(db)).filter((partition) => !partition.isDefault);
  const at = partitions.length && partitions.every((partition) => partition.from !== null) ? Math.min(...partitions.map((partition) => partition.from!)) : null;
  known.rawSince = { at, readAt: performance.now() };
  return at;
}

/**
 * Turns the legacy table (migration 0030: the old device_readings, attached as the default partition) into the
 * partition of every time before a bound, the start of the day after tomorrow or after its newest reading if later.
 * In three short transactions, none of which holds back ingest for a scan: a CHECK added NOT VALID (catalog only),
 * VALIDATE (reads the table, inserts go on), then DETACH and ATTACH with the bound, which the valid CHECK proves
 * without reading a row. Returns the bound (epoch ms), or null when there was nothing to adopt.
 */
export async function adoptLegacyPartition(db: Db, now: Date): Promise<number | null> {
  const isDefault = async (tx: Db) => (await listPartitions(tx)).some((partition) => partition.isDefault && partition.name === LEGACY_PARTITION);
  const bound = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
    if (!(await isDefault(tx))) return null;
    const existing = await checkBound(tx);
    if (existing !== null) return existing;
    // reading_hours (0014) counts every stored reading by hour: its newest hour bounds the newest reading without a scan.
    const [{ newest }] = await rows<{ newest: number | null }>(
      tx,
      sql`SELECT floor(extract(epoch FROM max("hour")) * 1000)::float8 AS "newest" FROM "reading_hours"`,
    );
    const chosen = dayStart(Math.max(now.getTime(), (newest ?? 0) + 3_600_000)) + 2 * DAY_MS;
    await addBoundCheck(tx, chosen);
    return chosen;
  });
  if (bound === null) return null;
  const validated = await db.transaction(async (tx) => {
    // A scan of the whole table: longer than a request may take, and it holds back no insert (SHARE UPDATE EXCLUSIVE).
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    try {
      await tx.execute(sql.raw(`ALTER TABLE "${LEGACY_PARTITION}" VALIDATE CONSTRAINT "${LEGACY_BOUND_CHECK}"`));
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== '23514') throw error;
      return false;
    }
  });
  if (!validated) {
    // A reading later than reading_hours says (written around its trigger): the bound from the table itself.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      const [{ newest }] = await rows<{ newest: number | null }>(
        tx,
        sql.raw(`SELECT floor(extract(epoch FROM max("at")) * 1000)::float8 AS "newest" FROM "${LEGACY_PARTITION}"`),
      );
      await tx.execute(sql.raw(`ALTER TABLE "${LEGACY_PARTITION}" DROP CONSTRAINT "${LEGACY_BOUND_CHECK}"`));
      await addBoundCheck(tx, dayStart(Math.max(bound, (newest ?? 0) + DAY_MS)) + DAY_MS);
    });
    return adoptLegacyPartition(db, now);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
    if (!(await isDefault(tx))) return null;
    const to = (await checkBound(tx))!;
    await tx.execute(sql.raw(`ALTER TABLE "device_readings" DETACH PARTITION "${LEGACY_PARTITION}"`));
    await tx.execute(
      sql.raw(`ALTER TABLE "device_readings" ATTACH PARTITION "${LEGACY_PARTITION}" FOR VALUES FROM (MINVALUE) TO ('${new Date(to).toISOString()}')`),
    );
    return to;
  });
}

async function addBoundCheck(tx: Db, bound: number): Promise<void> {
  await tx.execute(
    sql.raw(`ALTER TABLE "${LEGACY_PARTITION}" ADD CONSTRAINT "${LEGACY_BOUND_CHECK}" CHECK ("at" < '${new Date(bound).toISOString()}') NOT VALID`),
  );
}

/** The bound of the legacy table's CHECK (epoch ms), or null when it has none. */
async function checkBound(tx: Db): Promise<number | null> {
  const found = await rows<{ bound: number }>(
    tx,
    sql`SELECT floor(extract(epoch FROM (regexp_match(pg_get_constraintdef(oid), '''([^'']+)''', ''))[1]::timestamptz) * 1000)::float8 AS "bound"
      FROM pg_constraint WHERE conrelid = ${LEGACY_PARTITION}::regclass AND conname = ${LEGACY_BOUND_CHECK}`,
  );
  return found[0]?.bound ?? null;
}

/**
 * Drops the partitions whose every time is older than `since` (the raw retention). A partition with hours still
 * waiting for their roll-up (reading_rollup_pending, migration 0031, where it exists) is kept until the next run:
 * the hourly rollups the charts of older windows draw from must be complete first. Returns the partitions dropped.
 */
export async function retireReadings(db: Db, since: Date): Promise<{ dropped: string[]; waiting: string[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
    const [{ pending }] = await rows<{ pending: boolean }>(tx, sql`SELECT to_regclass('reading_rollup_pending') IS NOT NULL AS "pending"`);
    const dropped: string[] = [];
    const waiting: string[] = [];
    for (const partition of await listPartitions(tx)) {
      if (partition.isDefault || partition.to === null || partition.to > since.getTime()) continue;
      if (pending && (await hasPendingRollups(tx, partition))) {
        waiting.push(partition.name);
        continue;
      }
      await tx.execute(sql.raw(`DROP TABLE "${partition.name}"`));
      dropped.push(partition.name);
    }
    return { dropped, waiting };
  });
}

async function hasPendingRollups(tx: Db, partition: ReadingPartition): Promise<boolean> {
  const from = partition.from === null ? '-infinity' : new Date(partition.from).toISOString();
  const to = new Date(partition.to!).toISOString();
  const found = await rows(tx, sql`SELECT 1 FROM "reading_rollup_pending" WHERE "hour" >= ${from}::timestamptz AND "hour" < ${to}::timestamptz LIMIT 1`);
  return found.length > 0;
}

export interface MaintenanceRun {
  adopted: number | null;
  created: string[];
  dropped: string[];
  waiting: string[];
}

/** One run: the legacy table adopted (once), today's and PARTITION_AHEAD_DAYS' partitions made, old ones retired. */
export async function maintainReadingPartitions(db: Db, now: Date, retentionDays: number): Promise<MaintenanceRun> {
  const adopted = await adoptLegacyPartition(db, now);
  const today = dayStart(now.getTime());
  const created = await ensureDayPartitions(db, Array.from({ length: PARTITION_AHEAD_DAYS + 1 }, (_, i) => today + i * DAY_MS));
  const since = new Date(now.getTime() - retentionDays * DAY_MS);
  // A silent device's live values are in its newest reading only (devices/liveValues.ts): into its fields first.
  await settleLiveValues(db, since);
  const { dropped, waiting } = await retireReadings(db, since);
  if (dropped.length) forgetCoveredDays(db);
  // docs/product/alarm-log.md: the alarm log is kept as long as the raw readings.
  await retireAlarmLog(db, since);
  // docs/product/webhooks.md: and so is the webhooks' delivery log.
  await retireWebhookDeliveries(db, since);
  return { adopted, created, dropped, waiting };
}

/**
 * Runs the maintenance once now (so the partitions ahead exist before ingest starts) and then every
 * PARTITION_MAINTENANCE_MS; on every instance (each step is serialized by the advisory lock). `now` is the server's
 * clock (config.now), which ingest and charts use for the retention as well.
 */
export async function startReadingMaintenance(options: {
  db: Db;
  now: () => Date;
  retentionDays: number;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): Promise<JobLoop> {
  const { db, now, retentionDays, log } = options;
  Object.assign(settingsOf(db), { retentionDays, now });
  const run = async () => {
    const result = await maintainReadingPartitions(db, now(), retentionDays);
    if (result.adopted !== null) log.info({ bound: new Date(result.adopted).toISOString() }, 'readings: the legacy table is now a partition of device_readings');
    if (result.created.length || result.dropped.length) log.info({ created: result.created, dropped: result.dropped }, 'readings: partitions maintained');
    if (result.waiting.length) log.warn({ waiting: result.waiting }, 'readings: partitions past the retention kept until their hours are rolled up');
  };
  await run();
  return startJobLoop({ intervalMs: options.intervalMs ?? PARTITION_MAINTENANCE_MS, log, failure: 'readings: partition maintenance failed', work: run });
}
