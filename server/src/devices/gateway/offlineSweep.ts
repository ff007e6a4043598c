// The offline sweep (docs/protocol.md, Offline): devices silent past their deadline (three reporting
// intervals after they were last heard from) are marked offline. Rows are claimed with FOR UPDATE SKIP LOCKED, so
// any number of server instances can sweep at once without marking a device twice or waiting on each other.
// Marking a device offline enqueues its offline notifications in the same transaction, and each sweep also sends
// the reminders of devices still offline (notify/alarmNotices.ts).
import { isConfiguredProduct, offlinePatch, isProductId } from '@paddock/shared/domain';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { deviceSweep, devices } from '../../db/schema';
import { claimPass, startJobLoop, type JobLoop, type PassBound } from '../../jobs/loop';
import { DEFAULT_NOTICE_SETTINGS, noticeAlarms, releaseHeldTriggers, remindOffline, type NoticeSettings } from '../../notify';
import { deepMerge } from '../changes';

/** Devices claimed (and their notifications enqueued) per transaction; reminders and held alarms too. */
const BATCH = 25;
/**
 * What one pass does at most, so it stays well under a second however many devices fall silent at once (a broker or
 * network outage): this many devices, and no new batch after SWEEP_PASS_MS. The loop runs the next pass at once while
 * more are due (docs/architecture/README.md#fleet-scale).
 */
export const SWEEP_PASS_DEVICES = 500;
export const SWEEP_PASS_MS = 400;

/** Marks the devices whose deadline has passed offline, oldest first, within `bound`; returns their keys. */
export async function sweepOffline(
  db: Db,
  now: Date,
  notices: NoticeSettings = DEFAULT_NOTICE_SETTINGS,
  bound: PassBound = { max: SWEEP_PASS_DEVICES },
): Promise<string[]> {
  return (await markSilent(db, now, notices, bound)).rows;
}

/** Sweep bounds moved up per pass at most (one statement, ~0.25 s at 2,000; the rest in the next pass, at once). */
export const SWEEP_PASS_BOUNDS = 2000;

/**
 * The devices heard from since their sweep bound (device_sweep, migration 0027) was set: each bound moves up to the
 * device's deadline, in one statement and without locking a device. A bound that changed meanwhile (its row has a
 * new xmin: a deadline moved earlier, the device marked offline) is left as the other transaction made it, so a
 * bound never passes its deadline. Returns how many moved.
 */
async function moveBounds(db: Db, now: Date, limit = SWEEP_PASS_BOUNDS): Promise<number> {
  const moved = await db.execute(sql`
    UPDATE ${deviceSweep} AS s SET sweep_at = v.offline_at
    FROM (SELECT s.key, s.xmin AS seen, d.offline_at FROM ${deviceSweep} s JOIN ${devices} d ON d.key = s.key
          WHERE s.sweep_at <= ${now} AND NOT d.offline AND (d.offline_at > ${now} OR d.offline_at IS NULL) LIMIT ${limit}) v
    WHERE s.key = v.key AND s.xmin = v.seen
    RETURNING 1`);
  return (moved as unknown as { rows: unknown[] }).rows.length;
}

/**
 * sweepOffline's batches (jobs/loop.ts claimPass): the keys, and whether it stopped at its bound. The bounds of
 * devices heard from since go up first; then a batch claims, through device_sweep's index, the devices whose bound
 * and deadline have both passed (FOR UPDATE rechecks the deadline on the row as it is when locked).
 */
async function markSilent(db: Db, now: Date, notices: NoticeSettings, bound: PassBound): Promise<{ rows: string[]; more: boolean }> {
  const moved = await moveBounds(db, now);
  const pass = await claimPass(
    BATCH,
    (limit) =>
      db.transaction(async (tx) => {
        const rows = await tx
          .select({
            key: devices.key,
            product: devices.product,
            fields: devices.fields,
            updatedAt: devices.updatedAt,
            notify: devices.notify,
            access: devices.access,
            ownerId: devices.ownerId,
            subscription: devices.subscription,
          })
          .from(deviceSweep)
          .innerJoin(devices, eq(devices.key, deviceSweep.key))
          .where(and(lte(deviceSweep.sweepAt, now), eq(devices.offline, false), lte(devices.offlineAt, now)))
          .orderBy(asc(deviceSweep.sweepAt))
          .limit(limit)
          .for('update', { of: devices, skipLocked: true });
        for (const row of rows) {
          const patch = isProductId(row.product) ? offlinePatch(row.product, true) : {};
          const fields = deepMerge(row.fields, patch);
          // A configured product shows Connection.Offline (docs/product/devices.md), so its ETag always moves.
          const visible = JSON.stringify(fields) !== JSON.stringify(row.fields) || (isProductId(row.product) && isConfiguredProduct(row.product));
          await tx
            .update(devices)
            .set({ offline: true, fields, ...(visible ? { updatedAt: new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1)) } : {}) })
            .where(eq(devices.key, row.key));
          await noticeAlarms(tx, row, fields, now, notices);
        }
        return rows.map((row) => row.key);
      }),
    bound,
  );
  return { rows: pass.rows, more: pass.more || moved === SWEEP_PASS_BOUNDS };
}

/**
 * One pass of the sweep, within SWEEP_PASS_MS (plus one batch): marks silent devices, then enqueues the reminders of
 * devices still offline and the alarms the quiet period held (notify/alarmNotices.ts), a batch at a time while time
 * is left. `more`: a part stopped at its bound with work possibly still due.
 */
export async function offlineSweepPass(db: Db, now: Date, notices: NoticeSettings = DEFAULT_NOTICE_SETTINGS, bound: PassBound = {}) {
  const until = bound.until ?? performance.now() + SWEEP_PASS_MS;
  const marked = await markSilent(db, now, notices, { max: bound.max ?? SWEEP_PASS_DEVICES, until });
  const left = () => performance.now() < until;
  const none = { rows: [], more: false };
  const reminded = left() ? await claimPass(BATCH, (limit) => remindOffline(db, now, notices, limit), { until }) : none;
  const released = left() ? await claimPass(BATCH, (limit) => releaseHeldTriggers(db, now, notices, limit), { until }) : none;
  return { marked: marked.rows, reminded: reminded.rows, released: released.rows, more: marked.more || reminded.more || released.more };
}

/** A pass every `intervalMs` (jobs/loop.ts), at once again while devices are left due. */
export function startOfflineSweep(options: {
  db: Db;
  now: () => Date;
  intervalMs: number;
  log: FastifyBaseLogger;
  notices?: NoticeSettings;
}): JobLoop {
  const notices = options.notices ?? DEFAULT_NOTICE_SETTINGS;
  return startJobLoop({
    intervalMs: options.intervalMs,
    log: options.log,
    failure: 'offline sweep failed',
    work: async () => {
      const { marked, reminded, released, more } = await offlineSweepPass(options.db, options.now(), notices);
      if (marked.length) options.log.info({ devices: marked.length }, 'devices marked offline');
      if (reminded.length) options.log.info({ devices: reminded.length }, 'offline reminders enqueued');
      if (released.length) options.log.info({ devices: released.length }, 'alarms held by the quiet period enqueued');
      return more;
    },
  });
}
