// The offline sweep (docs/protocol.md, Offline): devices silent past their deadline (three reporting
// intervals after they were last heard from) are marked offline. Rows are claimed with FOR UPDATE SKIP LOCKED, so
// any number of server instances can sweep at once without marking a device twice or waiting on each other.
// Marking a device offline enqueues its offline notifications in the same transaction, and each sweep also sends
// the reminders of devices still offline (notify/alarmNotices.ts).
import { isConfiguredProduct, offlinePatch, isProductId } from '@paddock/shared/domain';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { drainBatches, startJobLoop, type JobLoop } from '../../jobs/loop';
import { DEFAULT_NOTICE_SETTINGS, noticeAlarms, releaseHeldTriggers, remindOffline, type NoticeSettings } from '../../notify/alarmNotices';
import { deepMerge } from '../changes';

const BATCH = 200;

/** Marks every device whose deadline has passed offline; returns their keys. */
export function sweepOffline(db: Db, now: Date, notices: NoticeSettings = DEFAULT_NOTICE_SETTINGS): Promise<string[]> {
  return drainBatches(BATCH, () =>
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
        .from(devices)
        .where(and(eq(devices.offline, false), lte(devices.offlineAt, now)))
        .orderBy(asc(devices.offlineAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
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
  );
}

/** Sweeps every `intervalMs` (jobs/loop.ts), then enqueues the reminders and the alarms the quiet period held. */
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
      const keys = await sweepOffline(options.db, options.now(), notices);
      if (keys.length) options.log.info({ devices: keys.length }, 'devices marked offline');
      const reminded = await remindOffline(options.db, options.now(), notices);
      if (reminded.length) options.log.info({ devices: reminded.length }, 'offline reminders enqueued');
      const released = await releaseHeldTriggers(options.db, options.now(), notices);
      if (released.length) options.log.info({ devices: released.length }, 'alarms held by the quiet period enqueued');
    },
  });
}
