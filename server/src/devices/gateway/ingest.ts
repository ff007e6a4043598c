// What the server does with each uplink (docs/protocol.md, Behaviour): status, reading and config
// reports change the device's row; the rules themselves are pure functions in @paddock/shared/domain. Uplinks are
// applied in batches (docs/architecture/README.md#ingest): one transaction locks the batch's devices, applies each
// device's messages in order in memory, and writes one multi-row history insert and one update of the devices.
// Every change is idempotent, so a message delivered again (after a crash, or to two instances) leaves the same
// state: the history insert ignores a (key, At) it already has, and applying the same report twice changes nothing.
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
  liveValues,
  offlineDeadline,
  offlinePatch,
  readingPatch,
  readingTime,
  type FieldsPatch,
  type ReadingOf,
  type ProductId,
} from '@paddock/shared/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceReadings, devices, type DeviceRow } from '../../db/schema';
import { coverReadingDays, forgetCoveredDays, rawReadingsSince } from '../../readings';
import { deepMerge } from '../changes';
import { SERVER_PRODUCTS } from '../products';
import { newestReadingAt } from '../liveValues';
import { changedRow, type DeviceChange } from '../store';
import { DEFAULT_NOTICE_SETTINGS, noticeAlarms, type NoticeSettings } from '../../notify';
import type { UplinkDropReason } from '../../observability';
import { knownFields, parsePayload } from './payloads';

export type IngestResult =
  /** fotaEnded: a firmware update ended (done or failed), so its retained request can go. */
  | { outcome: 'applied'; fotaEnded?: boolean }
  | { outcome: 'unregistered' }
  /** drop: the reason as the metrics count it; reason: the detail for the log. */
  | { outcome: 'invalid'; reason: string; drop: UplinkDropReason }
  | { outcome: 'ignored'; reason: string; drop: UplinkDropReason }
  /** skipLocked: the device's row was held by another transaction, nothing of it applied; submit it again later. */
  | { outcome: 'locked' };

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

/** What one uplink does to its device's row, worked out without the database. */
interface Step {
  result: IngestResult;
  /** The columns to set (null: nothing), as changeDevice's `change` would return them. */
  changes: DeviceChange | null;
  /** The reading for the history, with what the server derives at ingest. */
  history?: { at: Date; data: Record<string, unknown> };
  /** The live values the reading set (ProductRules.liveValues): when it was measured, and which fields they are. */
  live?: { at: Date; fields: string[] };
}

const TOPICS = new Set(['status', 'reading', 'config', 'fota']);

/** Applies one uplink of a device; never throws for a bad payload (the result says why it was dropped). */
export async function ingestUplink(db: Db, uplink: Uplink, notices: NoticeSettings = DEFAULT_NOTICE_SETTINGS): Promise<IngestResult> {
  return (await ingestBatch(db, [uplink], notices))[0];
}

/**
 * Applies uplinks of any devices in one transaction, each device's in the order given, exactly as one by one: an
 * alarm a message sets or clears enqueues its notifications in the same transaction (notify/alarmNotices.ts).
 * The devices are locked in key order (SELECT … FOR UPDATE), so batches on several servers never deadlock. With
 * `skipLocked` (the gateway's batches) a device whose row another transaction holds is skipped (SKIP LOCKED): its
 * uplinks come back `locked`, and the rest of the batch does not wait for it (docs/architecture/README.md#ingest).
 * Returns each uplink's result; throws only when the database fails (then nothing of the batch is stored).
 */
export async function ingestBatch(
  db: Db,
  uplinks: readonly Uplink[],
  notices: NoticeSettings = DEFAULT_NOTICE_SETTINGS,
  { skipLocked = false }: { skipLocked?: boolean } = {},
): Promise<IngestResult[]> {
  const results: IngestResult[] = uplinks.map((uplink) =>
    TOPICS.has(uplink.name) ? { outcome: 'unregistered' } : { outcome: 'ignored', reason: `unknown topic up/${uplink.name}`, drop: 'unknown_topic' },
  );
  const keys = [...new Set(uplinks.filter((uplink) => TOPICS.has(uplink.name)).map((uplink) => uplink.key))].sort();
  if (!keys.length) return results;
  await db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(devices)
      .where(inArray(devices.key, keys))
      .orderBy(devices.key)
      .for('update', skipLocked ? { skipLocked: true } : {});
    const rows = new Map(locked.map((row) => [row.key, { before: row, row, now: null as Date | null, live: null as Step['live'] | null }]));
    if (locked.length < keys.length && skipLocked) {
      // Missing: not registered, or held by another transaction (then later, not now).
      const missing = keys.filter((key) => !rows.has(key));
      const held = new Set((await tx.select({ key: devices.key }).from(devices).where(inArray(devices.key, missing))).map((row) => row.key));
      for (const [i, uplink] of uplinks.entries()) if (held.has(uplink.key) && TOPICS.has(uplink.name)) results[i] = { outcome: 'locked' };
    }
    const history: { key: string; at: Date; data: Record<string, unknown> }[] = [];
    for (const [i, uplink] of uplinks.entries()) {
      const device = TOPICS.has(uplink.name) ? rows.get(uplink.key) : undefined;
      if (!device) continue;
      const { product } = device.row;
      if (!isProductId(product)) {
        results[i] = { outcome: 'ignored', reason: `unknown product ${product}`, drop: 'not_supported' };
        continue;
      }
      const step = stepOf(product, device.row, uplink);
      // Past the raw retention there is no partition to store it in (docs/architecture/readings.md "Arrive").
      if (step.history && step.history.at < rawReadingsSince(db, uplink.receivedAt)) {
        results[i] = {
          outcome: 'ignored',
          reason: `reading of ${step.history.at.toISOString()} is older than the raw retention (READINGS_RETENTION_DAYS)`,
          drop: 'past_retention',
        };
        continue;
      }
      results[i] = step.result;
      if (step.result.outcome !== 'applied') continue;
      if (step.history) history.push({ key: uplink.key, ...step.history });
      if (step.changes?.fields) await noticeAlarms(tx, device.row, step.changes.fields, uplink.receivedAt, notices);
      if (step.changes) device.row = { ...device.row, ...step.changes };
      if (step.live) device.live = step.live;
      device.now = uplink.receivedAt;
    }
    if (history.length) {
      // Every day of the batch has its partition before the insert: a missing one would fail the whole batch.
      await coverReadingDays(db, history.map((reading) => reading.at), tx);
      try {
        await insertHistory(tx, history);
      } catch (error) {
        forgetCoveredDays(db); // a partition dropped or missing after all: the next batch asks the catalog again
        throw error;
      }
    }
    // Compared with the row as locked once per device and batch (updatedAt as changeDevice moves it).
    const changed = [...rows.values()].flatMap(({ before, row, now, live }) => {
      if (!now || row === before) return [];
      const { fields, lastSeenAt, reportingSeconds, offlineAt, offline } = row;
      // A reading older than the newest applied sets no live values (stepOf), so `live` is the newest.
      const readingAt = live ? live.at : before.readingAt;
      const next = changedRow(before, { fields, lastSeenAt, reportingSeconds, offlineAt, offline, readingAt }, now);
      if (next === before) return [];
      // A reading that changed only live values leaves `fields`: the representation reads them from the reading
      // (devices/liveValues.ts), and the update stays in the row's last few bytes (migration 0037).
      return [{ row: next, fields: !live || !sameBut(before.fields, fields, live.fields) }];
    });
    if (changed.length) await updateGatewayColumns(tx, changed);
  });
  return results;
}

/**
 * One multi-row INSERT, its rows as one JSON parameter (cheaper to build than a parameter per value). A (key, At)
 * already stored is left out by NOT EXISTS rather than ON CONFLICT DO NOTHING: a speculative insertion writes a
 * confirmation record too (~48 B of WAL a reading, docs/architecture/readings.md "Arrive"). That is race-free only
 * because the batch holds its devices' rows (FOR UPDATE above) while it inserts their readings, as every writer of
 * device_readings does; the batch's own repeats go in JS, first one kept, as ON CONFLICT kept it. The time bounds
 * are the batch's, so only its days' partitions are read.
 */
async function insertHistory(tx: Db, history: readonly { key: string; at: Date; data: Record<string, unknown> }[]): Promise<void> {
  const seen = new Set<string>();
  const rows = history.filter(({ key, at }) => {
    const id = `${key}\n${at.getTime()}`;
    return !seen.has(id) && !!seen.add(id);
  });
  const times = rows.map(({ at }) => at.getTime());
  const [from, to] = [new Date(Math.min(...times)).toISOString(), new Date(Math.max(...times)).toISOString()];
  await tx.execute(sql`
    INSERT INTO ${deviceReadings} (key, at, data)
    SELECT key, at, data FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(key text, at timestamptz, data jsonb)
    WHERE NOT EXISTS (SELECT FROM ${deviceReadings} s WHERE s.key = r.key AND s.at = r.at
      AND s.at BETWEEN ${from}::timestamptz AND ${to}::timestamptz)`);
}

/** Whether two devices' fields are the same but for `live` (the live values a reading sets). */
function sameBut(a: Record<string, unknown>, b: Record<string, unknown>, live: readonly string[]): boolean {
  const rest = (fields: Record<string, unknown>) => JSON.stringify(Object.entries(fields).filter(([name]) => !live.includes(name)));
  return rest(a) === rest(b);
}

/**
 * At most two UPDATEs for the devices the batch changed: the columns an uplink may change (DeviceChange of stepOf),
 * `fields` only where more than a reading's live values changed. Listing `fields` in SET would fire the alarm
 * trigger (0027) and write the whole row even when unchanged.
 */
async function updateGatewayColumns(tx: Db, rows: readonly { row: DeviceRow; fields: boolean }[]): Promise<void> {
  const values = (withFields: boolean) =>
    rows
      .filter((changed) => changed.fields === withFields)
      .map(({ row }) => ({
        key: row.key,
        ...(withFields && { fields: row.fields }),
        last_seen_at: row.lastSeenAt,
        reporting_seconds: row.reportingSeconds,
        offline_at: row.offlineAt,
        offline: row.offline,
        updated_at: row.updatedAt,
        reading_at: row.readingAt,
      }));
  const [withFields, without] = [values(true), values(false)];
  if (withFields.length)
    await tx.execute(sql`
      UPDATE ${devices} AS d SET fields = v.fields, last_seen_at = v.last_seen_at, reporting_seconds = v.reporting_seconds,
        offline_at = v.offline_at, offline = v.offline, updated_at = v.updated_at, reading_at = v.reading_at
      FROM jsonb_to_recordset(${JSON.stringify(withFields)}::jsonb) AS v(key text, fields jsonb, last_seen_at timestamptz,
        reporting_seconds integer, offline_at timestamptz, offline boolean, updated_at timestamptz, reading_at timestamptz)
      WHERE d.key = v.key`);
  if (without.length)
    await tx.execute(sql`
      UPDATE ${devices} AS d SET last_seen_at = v.last_seen_at, reporting_seconds = v.reporting_seconds,
        offline_at = v.offline_at, offline = v.offline, updated_at = v.updated_at, reading_at = v.reading_at
      FROM jsonb_to_recordset(${JSON.stringify(without)}::jsonb) AS v(key text, last_seen_at timestamptz,
        reporting_seconds integer, offline_at timestamptz, offline boolean, updated_at timestamptz, reading_at timestamptz)
      WHERE d.key = v.key`);
}

/** One uplink against the device's row as it is now (the batch's earlier messages applied). */
function stepOf(product: ProductId, row: DeviceRow, uplink: Uplink): Step {
  const { name, payload, receivedAt: now } = uplink;
  const applied = (changes: DeviceChange | null, extra: Partial<Step> = {}): Step => ({ result: { outcome: 'applied' }, changes, ...extra });
  const dropped = (result: IngestResult): Step => ({ result, changes: null });
  switch (name) {
    case 'status': {
      const status = parsePayload<Status>(DeviceStatus, payload);
      if (!status.ok) return dropped({ outcome: 'invalid', reason: status.reason, drop: status.problem });
      return applied(statusChange(product, row, status.value, uplink.retained, now));
    }
    case 'reading': {
      const schema = READING_SCHEMAS[product];
      const reading = parsePayload<DeviceReading & { At?: string }>(schema, payload);
      if (!reading.ok) return dropped({ outcome: 'invalid', reason: reading.reason, drop: reading.problem });
      const at = readingTime(reading.value.At, now);
      const { At: _measured, ...values } = knownFields(schema, reading.value);
      // An older reading arriving late goes to the history but does not turn the live values back.
      const newest = newestReadingAt(row);
      const late = !!newest && at < newest;
      const fields = withFields(row, late ? {} : readingPatch(product, row.fields, reading.value, at), offlinePatch(product, false));
      // What the server derives at ingest goes into the history with the reading (a FarmCam SIM's data left).
      const data = { ...values, ...SERVER_PRODUCTS[product].readingHistory?.(fields, values) };
      const live = late ? null : liveValues(product, reading.value as ReadingOf[typeof product], at);
      return applied({ fields, ...seen(product, row, now) }, { history: { at, data }, ...(live && { live: { at, fields: Object.keys(live) } }) });
    }
    case 'fota':
      return fotaStep(product, row, payload, now);
    case 'config': {
      if (!isConfiguredProduct(product)) return dropped({ outcome: 'ignored', reason: `${product} has no configuration`, drop: 'not_supported' });
      const report = parsePayload<ConfigReport>(configReportSchema(product), payload);
      if (!report.ok) return dropped({ outcome: 'invalid', reason: report.reason, drop: report.problem });
      const { Version } = report.value;
      const sync = row.fields.ConfigSync as { Pending: boolean; AppliedAt: string | null } | undefined;
      // The configuration last sent (or a newer one) is running now; an older version changes nothing.
      const confirmed = Version >= row.configVersion && (sync?.Pending !== false || !sync.AppliedAt);
      const patch: FieldsPatch = confirmed
        ? { ConfigSync: { Pending: false, AppliedAt: now.toISOString() }, ...SERVER_PRODUCTS[product].confirmedConfig?.(report.value) }
        : {};
      return applied({ fields: withFields(row, patch, offlinePatch(product, false)), ...seen(product, row, now) });
    }
    default:
      return dropped({ outcome: 'ignored', reason: `unknown topic up/${name}`, drop: 'unknown_topic' });
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
function fotaStep(product: ProductId, row: DeviceRow, payload: Buffer, now: Date): Step {
  if (!PRODUCT_INFO[product].firmwareUpdates) {
    return { result: { outcome: 'ignored', reason: `${product} has no firmware updates`, drop: 'not_supported' }, changes: null };
  }
  const report = parsePayload<FotaReport>(FotaReport, payload);
  if (!report.ok) return { result: { outcome: 'invalid', reason: report.reason, drop: report.problem }, changes: null };
  const { Id, Status, Progress, Version, Error: failure } = report.value;
  const firmware = (row.fields.Firmware ?? { Version: '', Pending: null }) as { Version: string; Pending: PendingFota | null };
  if (!firmware.Pending || firmware.Pending.Id !== Id) return { result: { outcome: 'applied', fotaEnded: false }, changes: seen(product, row, now) };
  // LastId and EndedAt (not in the representation): which request ended and when, for firmware campaigns and the
  // offline-alarm grace after an update (docs/product/firmware-campaigns.md).
  const ended = { LastId: Id, EndedAt: now.toISOString() };
  const next =
    Status === 'done'
      ? { Version: Version ?? firmware.Version, Pending: null, LastError: null, ...ended }
      : Status === 'failed'
        ? { Pending: null, LastError: failure ?? 'failed', ...ended }
        : { Pending: { Status, Progress } };
  return {
    result: { outcome: 'applied', fotaEnded: Status === 'done' || Status === 'failed' },
    changes: { fields: withFields(row, { Firmware: next }, offlinePatch(product, false)), ...seen(product, row, now) },
  };
}

function statusChange(product: ProductId, row: DeviceRow, status: Status, retained: boolean, now: Date): DeviceChange {
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
}
