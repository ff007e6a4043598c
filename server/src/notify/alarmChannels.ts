// Each user's own choice of channels for one device's alarms (consent): only the user sets it, so an owner who puts
// someone on a device's notify list cannot sign them up for SMS (paid from their balance) or push. Without a row,
// the defaults of shared/domain: the owner every channel, anyone else e-mail only.
import { defaultAlarmChannels, type AlarmChannelChoice } from '@paddock/shared/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alarmChannels, type DeviceRow } from '../db/schema';

type DeviceIds = Pick<DeviceRow, 'key' | 'ownerId'>;

const choiceOf = (row: { email: boolean; sms: boolean; push: boolean }): AlarmChannelChoice => ({ email: row.email, sms: row.sms, push: row.push });

/** The choices of these users for the device, each user's own or the default. */
export async function alarmChannelChoices(db: Db, device: DeviceIds, userIds: readonly string[]): Promise<Map<string, AlarmChannelChoice>> {
  const choices = new Map(userIds.map((id) => [id, defaultAlarmChannels(id === device.ownerId)]));
  if (!userIds.length) return choices;
  const rows = await db
    .select()
    .from(alarmChannels)
    .where(and(eq(alarmChannels.key, device.key), inArray(alarmChannels.userId, [...userIds])));
  for (const row of rows) choices.set(row.userId, choiceOf(row));
  return choices;
}

export async function alarmChannelChoice(db: Db, device: DeviceIds, userId: string): Promise<AlarmChannelChoice> {
  return (await alarmChannelChoices(db, device, [userId])).get(userId)!;
}

/** Saves the user's own choice for the device. */
export async function saveAlarmChannels(db: Db, key: string, userId: string, choice: AlarmChannelChoice, now: Date): Promise<AlarmChannelChoice> {
  const values = { ...choice, updatedAt: now };
  await db
    .insert(alarmChannels)
    .values({ key, userId, ...values })
    .onConflictDoUpdate({ target: [alarmChannels.key, alarmChannels.userId], set: values });
  return choice;
}

