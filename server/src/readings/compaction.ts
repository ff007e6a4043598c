// Compaction of completed days (docs/architecture/readings.md "Store", docs/operations/readings.md): devices write
// interleaved, so in a day's partition one device's readings sit one a heap page. Once a day is over and past the
// late-reading window, its partition is rewritten in (key, at) order into a new table with the day's CHECK, its primary
// key built after, and swapped in, so a device's day is read from a few pages. Every instance runs the job; the
// instance_leases row `readings-compaction` (jobs/lease.ts) lets one compact at a time, and the swap re-checks under
// the partitions' advisory lock (partitions.ts), so a partition is never swapped twice nor dropped under a swap.
//
// No reading is lost or doubled: a row trigger on the partition (migration 0034) copies each reading inserted from
// before the copy on into a side table, and the swap, holding the parent's lock for a few ms, adds those to the new
// table (ON CONFLICT DO NOTHING: one the copy already saw is there once). Ingest waits only for the trigger's creation
// and the swap (each under lock_timeout, the swap retried), never for the copy or the index build.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimLease, releaseLease, renewPeriodMs } from '../jobs/lease';
import { startJobLoop, type JobLoop } from '../jobs/loop';
import { rows } from '../db/rows';
import { DAY_MS, listPartitions, PARTITION_LOCK, rawReadingsSince, type ReadingPartition } from './partitions';

export const COMPACTION_LEASE = 'readings-compaction';
/** A day is compacted once it has been over this long: readings a device buffered offline mostly arrive by then. */
export const LATE_READINGS_MS = DAY_MS;
/** How often an idle job looks for a day to compact (one partition a run; the next at once while any is due). */
export const COMPACTION_INTERVAL_MS = 3_600_000;
/** Longer than a copy's pause between renewals could be; a dead holder's compaction moves after this. */
export const COMPACTION_LEASE_TTL_MS = 300_000;
/** The longest ingest may wait behind the trigger's creation or the swap; a swap that does not get its lock retries. */
const LOCK_TIMEOUT_MS = 1_000;
const SWAP_ATTEMPTS = 20;
const SWAP_RETRY_MS = 3_000;
/** The comment a compacted partition carries (dropped with it by the retention). */
const COMPACTED = 'paddock: compacted';

export interface CompactionHooks {
  /** Inside the copy's transaction, after the copy statement (tests: ingest going on meanwhile). */
  copying?: () => Promise<void>;
  /** After the copy committed, before the index build and the swap. */
  copied?: () => Promise<void>;
}

export interface Compaction {
  partition: string;
  /** Readings copied, and late ones taken over at the swap. */
  copied: number;
  late: number;
  ms: number;
}

const isLockTimeout = (error: unknown) =>
  (error as { code?: string }).code === '55P03' || (error as { cause?: { code?: string } }).cause?.code === '55P03';
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The partitions compacted so far (their comment). */
export async function compactedPartitions(db: Db): Promise<Set<string>> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS "name" FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'device_readings'::regclass AND obj_description(c.oid, 'pg_class') LIKE ${`${COMPACTED}%`}`,
  );
  return new Set(found.map((row) => row.name));
}

/**
 * The day partitions due at `now`, oldest first: over for LATE_READINGS_MS, not compacted yet, and not past the
 * retention (the next maintenance run drops those). The legacy partition (no lower bound) is left as it is.
 */
export async function compactionDue(db: Db, now: Date, retentionDays: number): Promise<ReadingPartition[]> {
  const done = await compactedPartitions(db);
  const retiredBefore = now.getTime() - retentionDays * DAY_MS;
  return (await listPartitions(db)).filter((partition) => isDue(partition, done, now, retiredBefore));
}

const isDue = (partition: ReadingPartition, done: Set<string>, now: Date, retiredBefore: number) =>
  !partition.isDefault &&
  partition.from !== null &&
  partition.to !== null &&
  partition.to + LATE_READINGS_MS <= now.getTime() &&
  partition.to > retiredBefore &&
  !done.has(partition.name);

/**
 * What the readings' jobs have left undone at `now` (the metrics of docs/operations/monitor.md "Readings"): day
 * partitions due for compaction, and partitions wholly past the raw retention that the maintenance has not dropped.
 * Each is 0 or briefly 1 when the jobs keep up (a day falls due once a day, and both jobs run every hour).
 */
export async function readingsBacklog(
  db: Db,
  now: Date,
  retentionDays?: number,
): Promise<{ awaitingCompaction: number; pastRetention: number }> {
  // The server's setting (startReadingMaintenance) unless told.
  const retiredBefore = retentionDays === undefined ? rawReadingsSince(db, now).getTime() : now.getTime() - retentionDays * DAY_MS;
  const [partitions, done] = await Promise.all([listPartitions(db), compactedPartitions(db)]);
  return {
    awaitingCompaction: partitions.filter((partition) => isDue(partition, done, now, retiredBefore)).length,
    pastRetention: partitions.filter(({ isDefault, to }) => !isDefault && to !== null && to <= retiredBefore).length,
  };
}

/** Still attached to device_readings with the same bounds, and not compacted. */
async function stillDue(tx: Db, partition: ReadingPartition): Promise<boolean> {
  const now = (await listPartitions(tx)).find((found) => found.name === partition.name);
  return !!now && now.from === partition.from && now.to === partition.to && !(await compactedPartitions(tx)).has(partition.name);
}

/** Tables and triggers an earlier, unfinished compaction of `name` left (its process died, or it gave up). */
async function dropLeftovers(tx: Db, name: string): Promise<void> {
  const triggers = await rows<{ tgname: string }>(
    tx,
    sql`SELECT tgname FROM pg_trigger WHERE tgrelid = to_regclass(${`"${name}"`}) AND tgname LIKE 'compaction_late_%'`,
  );
  for (const { tgname } of triggers) await tx.execute(sql.raw(`DROP TRIGGER "${tgname}" ON "${name}"`));
  const tables = await rows<{ relname: string }>(
    tx,
    sql`SELECT relname FROM pg_class WHERE relkind = 'r' AND relname ~ ${`^${name}_[cl][0-9a-f]{6}$`} AND NOT relispartition`,
  );
  for (const { relname } of tables) await tx.execute(sql.raw(`DROP TABLE "${relname}"`));
}

/**
 * Rewrites one day partition in (key, at) order and swaps it in. `holder`: the lease holder the swap must still be
 * (null: no lease, e.g. a tool on a database no server uses). Returns null when it was not due any more (compacted or
 * dropped meanwhile, or the lease lost); throws when the swap never got its lock, having removed what it made.
 */
export async function compactPartition(
  db: Db,
  partition: ReadingPartition,
  holder: string | null,
  hooks: CompactionHooks = {},
): Promise<Compaction | null> {
  const started = performance.now();
  const { name } = partition;
  const suffix = randomBytes(3).toString('hex');
  const [target, late, trigger] = [`${name}_c${suffix}`, `${name}_l${suffix}`, `compaction_late_${suffix}`];
  const [from, to] = [new Date(partition.from!).toISOString(), new Date(partition.to!).toISOString()];

  // 1. The new table, the side table and the trigger filling it: catalog changes, ingest waits at most the lock timeout.
  const prepared = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
    await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`));
    if (!(await stillDue(tx, partition))) return false;
    await dropLeftovers(tx, name);
    // The CHECK of the day's range lets ATTACH skip its scan (readings.md "Store"); dropped once attached.
    await tx.execute(
      sql.raw(
        `CREATE TABLE "${target}" (LIKE "device_readings", CONSTRAINT "${target}_range" CHECK ("at" >= '${from}' AND "at" < '${to}'))`,
      ),
    );
    await tx.execute(sql.raw(`CREATE TABLE "${late}" (LIKE "device_readings")`));
    await tx.execute(
      sql.raw(
        `CREATE TRIGGER "${trigger}" AFTER INSERT ON "${name}" FOR EACH ROW EXECUTE FUNCTION "device_readings_compaction_late"('${late}')`,
      ),
    );
    return true;
  });
  if (!prepared) return null;

  const cleanUp = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`));
      // The trigger first: ingest must never find it pointing at a dropped table.
      if ((await rows(tx, sql`SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(${`"${name}"`}) AND tgname = ${trigger}`)).length)
        await tx.execute(sql.raw(`DROP TRIGGER "${trigger}" ON "${name}"`));
      await tx.execute(sql.raw(`DROP TABLE IF EXISTS "${late}"`));
      await tx.execute(sql.raw(`DROP TABLE IF EXISTS "${target}"`));
    });

  try {
    // 2. The copy, in (key, at) order: a read of the partition that holds back no insert (ACCESS SHARE).
    const copied = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      const result = await tx.execute(
        sql.raw(`INSERT INTO "${target}" ("key", "at", "data") SELECT "key", "at", "data" FROM "${name}" ORDER BY "key", "at"`),
      );
      await hooks.copying?.();
      return Number(
        (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
          (result as { affectedRows?: number }).affectedRows ??
          0,
      );
    });
    await hooks.copied?.();
    // 3. The primary key after the rows (one sorted build), and statistics, on a table no one else uses yet.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(sql.raw(`ALTER TABLE "${target}" ADD CONSTRAINT "${target}_pkey" PRIMARY KEY ("key", "at")`));
      await tx.execute(sql.raw(`ANALYZE "${target}"`));
    });
    // 4. The swap, retried while the parent's lock is not to be had within the timeout.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const lateRows = await swap(db, partition, { target, late, holder });
        if (lateRows === null) {
          await cleanUp();
          return null;
        }
        return { partition: name, copied, late: lateRows, ms: performance.now() - started };
      } catch (error) {
        if (!isLockTimeout(error) || attempt >= SWAP_ATTEMPTS) throw error;
        await pause(SWAP_RETRY_MS);
      }
    }
  } catch (error) {
    await cleanUp().catch(() => undefined); // what is left is dropped by the next attempt at this day
    throw error;
  }
}

/**
 * Under the partitions' lock and the parent's ACCESS EXCLUSIVE lock (no insert or read of device_readings in flight,
 * so the side table is complete): the late readings added, the old partition detached and dropped, the new one
 * renamed and attached (its CHECK proves the bound without a scan; its primary key becomes the parent index's
 * partition). One transaction: a reader sees the old partition or the new one, never neither. Null: not due any more.
 */
async function swap(
  db: Db,
  partition: ReadingPartition,
  { target, late, holder }: { target: string; late: string; holder: string | null },
): Promise<number | null> {
  const { name } = partition;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
    await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`));
    // A lease that changed hands: the new holder may compact this day too (the row names its holder until another claims it).
    if (
      holder !== null &&
      !(await rows(tx, sql`SELECT 1 FROM instance_leases WHERE name = ${COMPACTION_LEASE} AND holder = ${holder}`)).length
    )
      return null;
    if (!(await stillDue(tx, partition))) return null;
    // Parent first, as inserts and the retention's DROP lock it, so no deadlock with them.
    await tx.execute(sql`LOCK TABLE ONLY "device_readings" IN ACCESS EXCLUSIVE MODE`);
    const added = await tx.execute(
      sql.raw(
        `INSERT INTO "${target}" ("key", "at", "data") SELECT "key", "at", "data" FROM "${late}" ORDER BY "key", "at" ON CONFLICT DO NOTHING`,
      ),
    );
    const lateRows = Number(
      (added as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (added as { affectedRows?: number }).affectedRows ?? 0,
    );
    const [from, to] = [new Date(partition.from!).toISOString(), new Date(partition.to!).toISOString()];
    await tx.execute(sql.raw(`ALTER TABLE "device_readings" DETACH PARTITION "${name}"`));
    await tx.execute(sql.raw(`DROP TABLE "${name}"`)); // its trigger with it
    await tx.execute(sql.raw(`DROP TABLE "${late}"`));
    await tx.execute(sql.raw(`ALTER TABLE "${target}" RENAME TO "${name}"`));
    await tx.execute(sql.raw(`ALTER TABLE "${name}" RENAME CONSTRAINT "${target}_pkey" TO "${name}_pkey"`));
    await tx.execute(sql.raw(`ALTER TABLE "device_readings" ATTACH PARTITION "${name}" FOR VALUES FROM ('${from}') TO ('${to}')`));
    await tx.execute(sql.raw(`ALTER TABLE "${name}" DROP CONSTRAINT "${target}_range"`));
    await tx.execute(sql.raw(`COMMENT ON TABLE "${name}" IS '${COMPACTED} ${new Date().toISOString()}'`));
    return lateRows;
  });
}

export interface CompactionRun {
  compacted: Compaction[];
  /** Days still due after this run (the job runs again at once). */
  more: boolean;
  /** Another instance holds the lease: this run did nothing. */
  heldBy?: string | null;
}

/**
 * One run: takes the compaction lease (renewed while it works, released after) and compacts up to `max` due days,
 * oldest first. `holder`: this instance (instance.ts newInstanceId).
 */
export async function compactReadings(
  db: Db,
  options: { now: Date; retentionDays: number; holder: string; max?: number; ttlMs?: number; hooks?: CompactionHooks },
): Promise<CompactionRun> {
  const { now, retentionDays, holder, max = 1, ttlMs = COMPACTION_LEASE_TTL_MS } = options;
  const claim = await claimLease(db, COMPACTION_LEASE, holder, ttlMs);
  if (!claim.held) return { compacted: [], more: false, heldBy: claim.holder };
  // Renewed on a connection of its own (PostgreSQL) while the copy runs; on PGlite after it, which the swap allows for.
  const renewal = setInterval(() => void claimLease(db, COMPACTION_LEASE, holder, ttlMs).catch(() => undefined), renewPeriodMs(ttlMs));
  try {
    const due = await compactionDue(db, now, retentionDays);
    const compacted: Compaction[] = [];
    for (const partition of due.slice(0, max)) {
      const done = await compactPartition(db, partition, holder, options.hooks);
      if (done) compacted.push(done);
    }
    return { compacted, more: due.length > max };
  } finally {
    clearInterval(renewal);
    await releaseLease(db, COMPACTION_LEASE, holder).catch(() => undefined);
  }
}

/** The job (every instance; one compacts at a time): a day a run, the next at once while days are due, else hourly. */
export function startReadingCompaction(options: {
  db: Db;
  now: () => Date;
  retentionDays: number;
  holder: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): JobLoop {
  const { db, now, retentionDays, holder, log } = options;
  return startJobLoop({
    intervalMs: options.intervalMs ?? COMPACTION_INTERVAL_MS,
    log,
    failure: 'readings: compaction failed',
    work: async () => {
      const run = await compactReadings(db, { now: now(), retentionDays, holder });
      for (const done of run.compacted)
        log.info(
          { partition: done.partition, readings: done.copied + done.late, late: done.late, seconds: Math.round(done.ms / 100) / 10 },
          'readings: day compacted',
        );
      return run.more;
    },
  });
}
