// Turns alarm transitions into notification jobs, in the transaction that changes the device (so a change and
// its notifications are committed together, and the device's row lock orders them). The quiet period and the
// offline reminders are kept per device and alarm in alarm_notices.
import {
  alarmTransitions,
  isProductId,
  isSubscriptionActive,
  currentAlarm,
  isFirmwareUpdateQuiet,
  isHeldTriggerDue,
  isReminderDue,
  noticeDecision,
  parseFcmToken,
  SILENT_CLEARS,
  parseWebPushToken,
  type AlarmTransition,
  type NoticeState,
  type NotifiedAlarm,
} from '@paddock/shared/domain';
import { and, eq, inArray, isNotNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { alarmNotices, devices, users, type DeviceRow } from '../db/schema';
import type { DeviceChange } from '../devices';
import { alarmChannelChoices } from './alarmChannels';
import type { AlarmEvent } from './alarmMessages';
import { enqueueJob } from '../jobs/queue';
import { clearOccurrence, openOccurrenceOf, raiseOccurrence, recordDelivery } from '../alarms';
import { enqueueWebhookEvents } from '../webhooks';

export interface NoticeSettings {
  /** A flapping alarm notifies at most once per this many minutes (NOTIFY_QUIET_MINUTES). */
  quietMinutes: number;
  /** An offline device is reminded of every this many hours (OFFLINE_REMINDER_HOURS). */
  reminderHours: number;
  /**
   * A device offline is told about once it has stayed offline this long (OFFLINE_NOTICE_DELAY_SECONDS): one back
   * within it, as after a server or broker restart, is never told (docs/operations/deploy.md#restarts-and-offline-alarms).
   */
  offlineDelaySeconds?: number;
}

/** The functions' defaults; a server takes its settings from its configuration (noticeSettings), 120 s delay included. */
export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = { quietMinutes: 15, reminderHours: 24, offlineDelaySeconds: 0 };

export const noticeSettings = (
  config: Pick<Config, 'notifyQuietMinutes' | 'offlineReminderHours' | 'offlineNoticeDelaySeconds'>,
): NoticeSettings => ({
  quietMinutes: config.notifyQuietMinutes,
  reminderHours: config.offlineReminderHours,
  offlineDelaySeconds: config.offlineNoticeDelaySeconds,
});

/** How long a trigger of `alarm` is held at least (only the offline alarm's is). */
const holdMsOf = (alarm: NotifiedAlarm, settings: NoticeSettings) => (alarm === 'offline' ? (settings.offlineDelaySeconds ?? 0) * 1000 : 0);

/**
 * An offline alarm of a device updating its firmware, or just updated, is held, not told: it restarts to install the
 * image (docs/product/firmware-campaigns.md "What owners see"). Told later if it is still offline once that is over.
 */
const heldForFirmware = (alarm: NotifiedAlarm, fields: Record<string, unknown>, now: Date) => alarm === 'offline' && isFirmwareUpdateQuiet(fields, now);

export const ALARM_JOB = 'alarm-notice';

/** One notification to one user through one channel (the job's payload). */
export type AlarmChannel = 'email' | 'sms' | 'push';

export interface AlarmJobPayload {
  userId: string;
  channel: AlarmChannel;
  /** Push: the endpoint of the browser it goes to (its keys are read from the user's tokens when it is sent). */
  endpoint?: string;
  key: string;
  alarm: NotifiedAlarm;
  event: AlarmEvent;
  value: number | null;
  unit: string | null;
  /** The limit the value passed, in its unit (an alarm with a limit the user set: SmartPlug2's daily consumption). */
  limit?: number | null;
  at: string;
  /** The SMS has been paid for from the balance (a retry does not pay again). */
  charged?: boolean;
  /** Its row in the alarm log (alarms/log.ts), which the worker marks delivered, failed or skipped. */
  deliveryId?: string;
}

type DeviceParts = Pick<DeviceRow, 'key' | 'product' | 'fields' | 'notify' | 'access' | 'ownerId' | 'subscription'>;

/** docs/product/states.md Active: while a device's subscription is not active its alarms are paused, nobody is told. */
const alarmsPaused = (device: Pick<DeviceRow, 'subscription'>, now: Date) => !isSubscriptionActive(device.subscription, now);

type Recipient = Pick<AlarmJobPayload, 'userId' | 'channel' | 'endpoint'>;

/**
 * The channels of each user on the Notify list who still exists and is in the Access list: those the user chose
 * for this device (alarmChannels.ts) and has on in the account; push once per registered browser.
 */
async function recipients(tx: Db, device: DeviceParts): Promise<Recipient[]> {
  const emails = device.notify.filter((email) => device.access.includes(email));
  if (!emails.length) return [];
  const rows = await tx.select().from(users).where(inArray(users.email, emails));
  const chosen = await alarmChannelChoices(
    tx,
    device,
    rows.map((user) => user.id),
  );
  return rows.flatMap((user): Recipient[] => {
    const choice = chosen.get(user.id)!;
    return [
      ...(choice.email && user.emailDevice ? [{ userId: user.id, channel: 'email' as const }] : []),
      // No phone or no balance: no SMS (the worker checks the balance again when it pays).
      ...(choice.sms && user.smsEnabled && user.phone && user.smsBalance > 0 ? [{ userId: user.id, channel: 'sms' as const }] : []),
      ...(choice.push && user.pushEnabled
        ? user.pushTokens.flatMap((token) => {
            const endpoint = (parseWebPushToken(token) ?? parseFcmToken(token))?.endpoint;
            return endpoint ? [{ userId: user.id, channel: 'push' as const, endpoint }] : [];
          })
        : []),
    ];
  });
}

async function enqueueFor(
  tx: Db,
  device: DeviceParts,
  notice: Omit<AlarmJobPayload, keyof Recipient | 'key' | 'deliveryId'>,
  now: Date,
  /** Its occurrence in the log (null: a clear of a trigger told before the log existed, logged nowhere). */
  occurrenceId: string | null,
): Promise<void> {
  // The same recipients' webhooks are told too (docs/product/webhooks.md), reminders excepted.
  await enqueueWebhookEvents(tx, device, notice, now);
  for (const recipient of await recipients(tx, device)) {
    // docs/product/alarm-log.md: who was told by which channel, recorded with the job that tells them.
    const deliveryId = occurrenceId
      ? await recordDelivery(tx, { occurrenceId, userId: recipient.userId, channel: recipient.channel, event: notice.event }, now)
      : undefined;
    const payload: AlarmJobPayload = { ...recipient, key: device.key, ...notice, ...(deliveryId && { deliveryId }) };
    await enqueueJob(tx, ALARM_JOB, { ...payload }, now);
  }
}

async function previousNotice(tx: Db, key: string, alarm: NotifiedAlarm): Promise<NoticeState | null> {
  const [row] = await tx
    .select()
    .from(alarmNotices)
    .where(and(eq(alarmNotices.key, key), eq(alarmNotices.alarm, alarm)));
  return row ? { open: row.open, notifiedAt: row.notifiedAt, heldSince: row.heldSince } : null;
}

/**
 * Enqueues the notifications of the alarms that change between `device` and `fields` (its fields after the
 * change). Call it while holding the device's row lock, inside the transaction that writes the change.
 */
export async function noticeAlarms(
  tx: Db,
  device: DeviceParts,
  fields: Record<string, unknown>,
  now: Date,
  settings: NoticeSettings,
): Promise<AlarmTransition[]> {
  if (!isProductId(device.product)) return [];
  const transitions = alarmTransitions(device.product, device.fields, fields);
  if (alarmsPaused(device, now)) {
    // Nobody is told, but an alarm in the log still clears (docs/product/alarm-log.md).
    for (const transition of transitions) if (!transition.triggered) await clearOccurrence(tx, device.key, transition.alarm, now);
    return [];
  }
  const told: AlarmTransition[] = [];
  for (const transition of transitions) {
    const decision = noticeDecision(
      transition,
      await previousNotice(tx, device.key, transition.alarm),
      now,
      settings.quietMinutes * 60_000,
      heldForFirmware(transition.alarm, fields, now) ? Math.max(1, holdMsOf(transition.alarm, settings)) : holdMsOf(transition.alarm, settings),
    );
    if (decision.next) {
      await tx
        .insert(alarmNotices)
        .values({ key: device.key, alarm: transition.alarm, ...decision.next })
        .onConflictDoUpdate({ target: [alarmNotices.key, alarmNotices.alarm], set: decision.next });
    }
    const { alarm, value, unit, limit } = transition;
    // The log: a told trigger opens an occurrence, any clear closes the open one (docs/product/alarm-log.md).
    const occurrenceId = transition.triggered
      ? decision.send
        ? await raiseOccurrence(tx, device.key, alarm, now, { value, unit })
        : null
      : await clearOccurrence(tx, device.key, alarm, now);
    // A silent clear is recorded above (the trigger is no longer open) and told to nobody.
    if (!decision.send || (!transition.triggered && SILENT_CLEARS.includes(transition.alarm))) continue;
    const event = transition.triggered ? 'triggered' : 'cleared';
    await enqueueFor(tx, device, { alarm, value, unit, ...(limit !== undefined && { limit }), event, at: now.toISOString() }, now, occurrenceId);
    told.push(transition);
  }
  return told;
}

/** A changeDevice `alsoDo` that enqueues the notifications of the change, after `then` (the caller's own work). */
export function withAlarmNotices(
  now: Date,
  settings: NoticeSettings,
  then?: (tx: Db, row: DeviceRow) => Promise<void>,
): (tx: Db, row: DeviceRow, changes: DeviceChange | null) => Promise<void> {
  return async (tx, row, changes) => {
    if (then) await then(tx, row);
    if (changes?.fields) await noticeAlarms(tx, row, changes.fields, now, settings);
  };
}

/** How many notices one call takes at most (the next takes the rest; the sweep's pass asks for fewer, offlineSweep.ts). */
const SWEEP_BATCH = 200;

/**
 * The notices matching `where`, with their devices, claimed together with FOR UPDATE SKIP LOCKED: a sweep never
 * waits for (or races) a change of the same device, and sweeps on several servers never take the same notice.
 */
const claimNotices = (tx: Db, where: SQL | undefined, limit: number) =>
  tx
    .select({ notice: alarmNotices, device: devices })
    .from(alarmNotices)
    .innerJoin(devices, eq(devices.key, alarmNotices.key))
    .where(where)
    .limit(limit)
    .for('update', { of: [alarmNotices, devices], skipLocked: true });

const sameNotice = (notice: { key: string; alarm: string }) => and(eq(alarmNotices.key, notice.key), eq(alarmNotices.alarm, notice.alarm));

/** Reminds of devices still offline `reminderHours` after they were last told about, once. Returns the devices' keys. */
export async function remindOffline(db: Db, now: Date, settings: NoticeSettings, limit = SWEEP_BATCH): Promise<string[]> {
  const reminderMs = settings.reminderHours * 3_600_000;
  return db.transaction(async (tx) => {
    const due = await claimNotices(
      tx,
      and(
        eq(alarmNotices.alarm, 'offline'),
        eq(alarmNotices.open, true),
        eq(devices.offline, true),
        lte(alarmNotices.notifiedAt, new Date(now.getTime() - reminderMs)),
      ),
      limit,
    );
    const reminded: string[] = [];
    for (const { notice, device } of due) {
      if (!isReminderDue(notice, now, reminderMs)) continue;
      await tx.update(alarmNotices).set({ notifiedAt: now }).where(sameNotice(notice));
      // Paused: this reminder is skipped, not postponed (it would be claimed again on every sweep).
      if (alarmsPaused(device, now)) continue;
      const sinceAt = device.lastSeenAt ?? device.registeredAt;
      // Acknowledged (docs/product/alarm-log.md): nobody is reminded of this occurrence any more.
      const open = await openOccurrenceOf(tx, device.key, 'offline');
      if (open?.acknowledgedAt) continue;
      const occurrenceId = open?.id ?? (await raiseOccurrence(tx, device.key, 'offline', sinceAt, { value: null, unit: null }));
      await enqueueFor(tx, device, { alarm: 'offline', event: 'reminder', value: null, unit: null, at: sinceAt.toISOString() }, now, occurrenceId);
      reminded.push(device.key);
    }
    return reminded;
  });
}

/**
 * Tells the triggers the quiet period held back, now that it is over, for alarms still on (and enabled); drops
 * the others, once. Returns the devices' keys told about.
 */
export async function releaseHeldTriggers(db: Db, now: Date, settings: NoticeSettings, limit = SWEEP_BATCH): Promise<string[]> {
  const quietMs = settings.quietMinutes * 60_000;
  const offlineHoldMs = holdMsOf('offline', settings);
  return db.transaction(async (tx) => {
    const due = await claimNotices(
      tx,
      and(
        isNotNull(alarmNotices.heldSince),
        lte(alarmNotices.notifiedAt, new Date(now.getTime() - quietMs)),
        // An offline trigger still within its delay is not claimed (it would come first in every batch, undue).
        or(ne(alarmNotices.alarm, 'offline'), lte(alarmNotices.heldSince, new Date(now.getTime() - offlineHoldMs))),
      ),
      limit,
    );
    const told: string[] = [];
    for (const { notice, device } of due) {
      const alarm = notice.alarm as NotifiedAlarm;
      if (!isHeldTriggerDue(notice, now, quietMs, holdMsOf(alarm, settings)) || !isProductId(device.product)) continue;
      if (heldForFirmware(alarm, device.fields, now)) {
        // Still updating: held on, looked at again after the offline delay (not at the head of every batch meanwhile).
        await tx.update(alarmNotices).set({ heldSince: now }).where(sameNotice(notice));
        continue;
      }
      const current = currentAlarm(device.product, device.fields, alarm);
      const stillOn = current !== null && current.triggered && current.enabled && !alarmsPaused(device, now);
      await tx
        .update(alarmNotices)
        .set(stillOn ? { open: true, notifiedAt: now, heldSince: null } : { heldSince: null })
        .where(sameNotice(notice));
      if (!stillOn) continue;
      const { value, unit, limit: passed } = current;
      const at = notice.heldSince!.toISOString();
      const occurrenceId = await raiseOccurrence(tx, device.key, alarm, notice.heldSince!, { value, unit });
      await enqueueFor(tx, device, { alarm, value, unit, ...(passed !== undefined && { limit: passed }), event: 'triggered', at }, now, occurrenceId);
      told.push(device.key);
    }
    return told;
  });
}
