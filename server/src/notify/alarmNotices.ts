// Turns alarm transitions into notification jobs, in the transaction that changes the device (so a change and
// its notifications are committed together, and the device's row lock orders them). The quiet period and the
// offline reminders are kept per device and alarm in alarm_notices.
import {
  alarmTransitions,
  isProductId,
  isReminderDue,
  noticeDecision,
  type AlarmTransition,
  type NoticeState,
  type NotifiedAlarm,
} from '@paddock/shared/domain';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { alarmNotices, devices, users, type DeviceRow } from '../db/schema';
import type { DeviceChange } from '../devices/store';
import type { AlarmEvent } from './alarmMessages';
import { enqueueJob } from './jobs';

export interface NoticeSettings {
  /** A flapping alarm notifies at most once per this many minutes (NOTIFY_QUIET_MINUTES). */
  quietMinutes: number;
  /** An offline device is reminded of every this many hours (OFFLINE_REMINDER_HOURS). */
  reminderHours: number;
}

export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = { quietMinutes: 15, reminderHours: 24 };

export const noticeSettings = (config: Pick<Config, 'notifyQuietMinutes' | 'offlineReminderHours'>): NoticeSettings => ({
  quietMinutes: config.notifyQuietMinutes,
  reminderHours: config.offlineReminderHours,
});

export const ALARM_JOB = 'alarm-notice';

/** One notification to one user through one channel (the job's payload). */
export interface AlarmJobPayload {
  userId: string;
  channel: 'email' | 'sms';
  key: string;
  alarm: NotifiedAlarm;
  event: AlarmEvent;
  value: number | null;
  unit: string | null;
  at: string;
  /** The SMS has been paid for from the balance (a retry does not pay again). */
  charged?: boolean;
}

type DeviceParts = Pick<DeviceRow, 'key' | 'product' | 'fields' | 'notify' | 'access'>;

/** The channels of each user on the Notify list who still exists and is in the Access list. */
async function recipients(tx: Db, device: DeviceParts): Promise<{ userId: string; channel: 'email' | 'sms' }[]> {
  const emails = device.notify.filter((email) => device.access.includes(email));
  if (!emails.length) return [];
  const rows = await tx.select().from(users).where(inArray(users.email, emails));
  return rows.flatMap((user) => [
    ...(user.emailDevice ? [{ userId: user.id, channel: 'email' as const }] : []),
    // No phone or no balance: no SMS (the worker checks the balance again when it pays).
    ...(user.smsEnabled && user.phone && user.smsBalance > 0 ? [{ userId: user.id, channel: 'sms' as const }] : []),
  ]);
}

async function enqueueFor(tx: Db, device: DeviceParts, notice: Omit<AlarmJobPayload, 'userId' | 'channel' | 'key'>, now: Date): Promise<void> {
  for (const recipient of await recipients(tx, device)) {
    const payload: AlarmJobPayload = { ...recipient, key: device.key, ...notice };
    await enqueueJob(tx, ALARM_JOB, { ...payload }, now);
  }
}

async function previousNotice(tx: Db, key: string, alarm: NotifiedAlarm): Promise<NoticeState | null> {
  const [row] = await tx
    .select()
    .from(alarmNotices)
    .where(and(eq(alarmNotices.key, key), eq(alarmNotices.alarm, alarm)));
  return row ? { open: row.open, notifiedAt: row.notifiedAt } : null;
}

/**
 * Enqueues the notifications of the alarms that change between `device` and `fields` (its fields after the
 * change). Call it while holding the device's row lock, inside the transaction that writes the change.
 */
export async function noticeAlarms(tx: Db, device: DeviceParts, fields: Record<string, unknown>, now: Date, settings: NoticeSettings): Promise<AlarmTransition[]> {
  if (!isProductId(device.product)) return [];
  const told: AlarmTransition[] = [];
  for (const transition of alarmTransitions(device.product, device.fields, fields)) {
    const decision = noticeDecision(transition, await previousNotice(tx, device.key, transition.alarm), now, settings.quietMinutes * 60_000);
    if (!decision.send) continue;
    await tx
      .insert(alarmNotices)
      .values({ key: device.key, alarm: transition.alarm, ...decision.next })
      .onConflictDoUpdate({ target: [alarmNotices.key, alarmNotices.alarm], set: decision.next });
    const { alarm, value, unit } = transition;
    await enqueueFor(tx, device, { alarm, value, unit, event: transition.triggered ? 'triggered' : 'cleared', at: now.toISOString() }, now);
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

/**
 * Reminds of devices still offline `reminderHours` after they were last told about; rows are claimed with
 * FOR UPDATE SKIP LOCKED, so sweeps on several servers send each reminder once. Returns the devices' keys.
 */
export async function remindOffline(db: Db, now: Date, settings: NoticeSettings): Promise<string[]> {
  const reminderMs = settings.reminderHours * 3_600_000;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ notice: alarmNotices, device: devices })
      .from(alarmNotices)
      .innerJoin(devices, eq(devices.key, alarmNotices.key))
      .where(
        and(
          eq(alarmNotices.alarm, 'offline'),
          eq(alarmNotices.open, true),
          eq(devices.offline, true),
          lte(alarmNotices.notifiedAt, new Date(now.getTime() - reminderMs)),
        ),
      )
      .limit(200)
      .for('update', { of: alarmNotices, skipLocked: true });
    const reminded: string[] = [];
    for (const { notice, device } of due) {
      if (!isReminderDue(notice, now, reminderMs)) continue;
      await tx
        .update(alarmNotices)
        .set({ notifiedAt: now })
        .where(and(eq(alarmNotices.key, notice.key), eq(alarmNotices.alarm, notice.alarm)));
      const since = (device.lastSeenAt ?? device.registeredAt).toISOString();
      await enqueueFor(tx, device, { alarm: 'offline', event: 'reminder', value: null, unit: null, at: since }, now);
      reminded.push(device.key);
    }
    return reminded;
  });
}

