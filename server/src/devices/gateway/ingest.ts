// What the server does with each uplink (docs/protocol.md, Behaviour): status, reading and config
// reports change the device's row; the rules themselves are pure functions in @paddock/shared/domain. Every
// change is idempotent, so several server instances that all receive the same message leave the same state:
// the history insert ignores a (key, At) it already has, and applying the same report twice changes nothing.
import {
  configReportSchema,
  DeviceStatus,
  FotaReport,
  READING_SCHEMAS,
  type ConfigReport,
  type DeviceReading,
  type DeviceStatus as Status,
} from '@paddock/shared/contract';
import {
  isConfiguredProduct,
  isProductId,
  PRODUCT_INFO,
  lastReadingTime,
  offlineDeadline,
  offlinePatch,
  readingPatch,
  readingTime,
  type FieldsPatch,
  type ProductId,
} from '@paddock/shared/domain';
import type { Db } from '../../db/client';
import { deviceReadings, type DeviceRow } from '../../db/schema';
import { deepMerge } from '../changes';
import { SERVER_PRODUCTS } from '../products';
import { changeDevice, registeredProduct, type DeviceChange } from '../store';
import { DEFAULT_NOTICE_SETTINGS, withAlarmNotices, type NoticeSettings } from '../../notify/alarmNotices';
import { knownFields, parsePayload } from './payloads';

export type IngestResult =
  /** fotaEnded: a firmware update ended (done or failed), so its retained request can go. */
  | { outcome: 'applied'; fotaEnded?: boolean }
  | { outcome: 'unregistered' }
  | { outcome: 'invalid'; reason: string }
  | { outcome: 'ignored'; reason: string };

export interface Uplink {
  key: string;
  /** The topic's last level: status, reading or config (acks are answered in memory, see commands.ts). */
  name: string;
  payload: Buffer;
  /** Delivered from the broker's retained store (an old status), not sent just now. */
  retained: boolean;
  receivedAt: Date;
}

/** Heard from just now: online, and offline again only after three more silent intervals. */
function seen(product: ProductId, row: DeviceRow, now: Date, reportingSeconds = row.reportingSeconds): DeviceChange {
  return { lastSeenAt: now, reportingSeconds, offline: false, offlineAt: offlineDeadline(product, now, reportingSeconds) };
}

/** A device that answered (an ack) is online: its columns and fields, with `patch` merged into the fields. */
export function heardFrom(product: ProductId, row: DeviceRow, now: Date, patch: FieldsPatch): DeviceChange {
  return { fields: withFields(row, patch, offlinePatch(product, false)), ...seen(product, row, now) };
}

const withFields = (row: DeviceRow, ...patches: FieldsPatch[]) => patches.reduce((fields, patch) => deepMerge(fields, patch), row.fields);

/**
 * Applies one uplink of a device; never throws for a bad payload (the result says why it was dropped). An alarm
 * it sets or clears enqueues the notifications in the same transaction (notify/alarmNotices.ts).
 */
export async function ingestUplink(db: Db, uplink: Uplink, notices: NoticeSettings = DEFAULT_NOTICE_SETTINGS): Promise<IngestResult> {
  const { key, name, payload, receivedAt: now } = uplink;
  if (name !== 'status' && name !== 'reading' && name !== 'config' && name !== 'fota')
    return { outcome: 'ignored', reason: `unknown topic up/${name}` };
  const product = await registeredProduct(db, key);
  if (!product) return { outcome: 'unregistered' };
  if (!isProductId(product)) return { outcome: 'ignored', reason: `unknown product ${product}` };

  switch (name) {
    case 'status': {
      const status = parsePayload<Status>(DeviceStatus, payload);
      if (!status.ok) return { outcome: 'invalid', reason: status.reason };
      await applyStatus(db, key, product, status.value, uplink.retained, now, notices);
      return { outcome: 'applied' };
    }
    case 'reading': {
      const schema = READING_SCHEMAS[product];
      const reading = parsePayload<DeviceReading & { At?: string }>(schema, payload);
      if (!reading.ok) return { outcome: 'invalid', reason: reading.reason };
      const at = readingTime(reading.value.At, now);
      const { At: _measured, ...values } = knownFields(schema, reading.value);
      let history: Record<string, unknown> = values;
      await changeDevice(
        db,
        key,
        now,
        (row) => {
          // An older reading arriving late goes to the history but does not turn the live values back.
          const newest = lastReadingTime(product, row.fields);
          const live = newest && at < newest ? {} : readingPatch(product, row.fields, reading.value, at);
          const fields = withFields(row, live, offlinePatch(product, false));
          // What the server derives at ingest goes into the history with the reading (a FarmCam SIM's data left).
          history = { ...values, ...SERVER_PRODUCTS[product].readingHistory?.(fields, values) };
          return { fields, ...seen(product, row, now) };
        },
        withAlarmNotices(now, notices, async (tx) => {
          await tx.insert(deviceReadings).values({ key, at, data: history }).onConflictDoNothing();
        }),
      );
      return { outcome: 'applied' };
    }
    case 'fota':
      return applyFota(db, key, product, payload, now, notices);
    case 'config': {
      if (!isConfiguredProduct(product)) return { outcome: 'ignored', reason: `${product} has no configuration` };
      const report = parsePayload<ConfigReport>(configReportSchema(product), payload);
      if (!report.ok) return { outcome: 'invalid', reason: report.reason };
      const { Version } = report.value;
      await changeDevice(
        db,
        key,
        now,
        (row) => {
          const sync = row.fields.ConfigSync as { Pending: boolean; AppliedAt: string | null } | undefined;
          // The configuration last sent (or a newer one) is running now; an older version changes nothing.
          const applied = Version >= row.configVersion && (sync?.Pending !== false || !sync.AppliedAt);
          const confirmed: FieldsPatch = applied
            ? { ConfigSync: { Pending: false, AppliedAt: now.toISOString() }, ...SERVER_PRODUCTS[product].confirmedConfig?.(report.value) }
            : {};
          return { fields: withFields(row, confirmed, offlinePatch(product, false)), ...seen(product, row, now) };
        },
        withAlarmNotices(now, notices),
      );
      return { outcome: 'applied' };
    }
  }
}

/** A firmware update in progress as stored (Id is the server's, not shown in the representation). */
interface PendingFota {
  Id: string;
  Status: string;
  Progress: number;
}

/**
 * `up/fota` of the update under way (an Id of an older or unknown request changes nothing): progress while it
 * runs; done sets the version now running; failed keeps the reason. Either end clears Pending.
 */
async function applyFota(
  db: Db,
  key: string,
  product: ProductId,
  payload: Buffer,
  now: Date,
  notices: NoticeSettings,
): Promise<IngestResult> {
  if (!PRODUCT_INFO[product].firmwareUpdates) return { outcome: 'ignored', reason: `${product} has no firmware updates` };
  const report = parsePayload<FotaReport>(FotaReport, payload);
  if (!report.ok) return { outcome: 'invalid', reason: report.reason };
  const { Id, Status, Progress, Version, Error: failure } = report.value;
  let ended = false;
  await changeDevice(
    db,
    key,
    now,
    (row) => {
      const firmware = (row.fields.Firmware ?? { Version: '', Pending: null }) as { Version: string; Pending: PendingFota | null };
      if (!firmware.Pending || firmware.Pending.Id !== Id) return seen(product, row, now);
      ended = Status === 'done' || Status === 'failed';
      const next =
        Status === 'done'
          ? { Version: Version ?? firmware.Version, Pending: null, LastError: null }
          : Status === 'failed'
            ? { Pending: null, LastError: failure ?? 'failed' }
            : { Pending: { Status, Progress } };
      return { fields: withFields(row, { Firmware: next }, offlinePatch(product, false)), ...seen(product, row, now) };
    },
    withAlarmNotices(now, notices),
  );
  return { outcome: 'applied', fotaEnded: ended };
}

async function applyStatus(
  db: Db,
  key: string,
  product: ProductId,
  status: Status,
  retained: boolean,
  now: Date,
  notices: NoticeSettings,
): Promise<void> {
  await changeDevice(
    db,
    key,
    now,
    (row) => {
      const reportingSeconds = status.IntervalSeconds ?? null;
      if (!status.Online) {
        // The last will (or a device saying goodbye): offline at once.
        return { fields: withFields(row, offlinePatch(product, true)), offline: true, reportingSeconds };
      }
      if (retained) {
        // An old "online" kept by the broker is no sign of life: keep the interval, move the deadline with it.
        const offlineAt = row.lastSeenAt ? offlineDeadline(product, row.lastSeenAt, reportingSeconds) : row.offlineAt;
        return { reportingSeconds, offlineAt };
      }
      const firmware: FieldsPatch =
        PRODUCT_INFO[product].firmwareUpdates && status.Firmware
          ? { Firmware: { Version: status.Firmware, Pending: (row.fields.Firmware as { Pending?: unknown } | undefined)?.Pending ?? null } }
          : {};
      return { fields: withFields(row, offlinePatch(product, false), firmware), ...seen(product, row, now, reportingSeconds) };
    },
    withAlarmNotices(now, notices),
  );
}
