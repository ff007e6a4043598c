// Trial reminders (docs/product/billing.md "Trial reminders", issue 30): the owner of a device whose trial ends with no
// plan chosen is told 7 days and 1 day before the end, and at the end, by e-mail (with the end in the owner's time
// and a link to the settings page where a plan is chosen) and on the browsers and phones with push on. In the app the
// card says it too (shared/src/domain/deviceStatus.ts trialEndsAt, alarmsPaused).
//
// Exactly once per device, trial and stage, whatever the number of instances, reruns or restarts: the reminder's row
// in trial_reminders (migration 0036) is inserted in the transaction that enqueues its job (the jobs outbox, delivered
// by notify/worker.ts), and a row already there means sent. The 7- and 1-day reminders are found by the renewal job's
// loop (renewals.ts startRenewals) under FOR UPDATE SKIP LOCKED; the end's is enqueued by the renewal job in the
// transaction that ends the trial.
import {
  devicePath,
  FALLBACK_LOCALE,
  isLocale,
  isProductId,
  parseFcmToken,
  parseWebPushToken,
  PRODUCTS,
  trialEndingSoon,
} from '@paddock/shared/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { devices, trialReminders, users, type DeviceRow, type UserRow } from '../db/schema';
import { deviceLink } from '../http/publicLinks';
import { translate } from '../i18n/messages';
import { enqueueJob } from '../jobs/queue';
import { formatOwnerTime, ownerTimeZone, safeDeviceName, type Mailer, type PushTransport } from '../notify';

export const TRIAL_REMINDER_JOB = 'trial-reminder';

/** 7 and 1 day before the end, and at the end. */
export type TrialReminderStage = '7d' | '1d' | 'end';

export interface TrialReminderPayload {
  userId: string;
  key: string;
  /** The trial's end, as the subscription holds it: names the trial. */
  expiresAt: string;
  stage: TrialReminderStage;
}

const DAY_MS = 86_400_000;
const BATCH = 100;

/** The reminder due now for a trial ending soon with no plan (trialEndingSoon), or null. */
export function dueStage(subscription: DeviceRow['subscription'], now: Date): '7d' | '1d' | null {
  const end = trialEndingSoon(subscription, now);
  if (!end) return null;
  return end.getTime() - now.getTime() <= DAY_MS ? '1d' : '7d';
}

/**
 * Marks reminder `stage` of the device's trial ending at `expiresAt` as sent and enqueues it, in `tx` (the caller's
 * transaction); false, and nothing enqueued, when it was sent already.
 */
export async function enqueueTrialReminder(
  tx: Db,
  device: Pick<DeviceRow, 'key' | 'ownerId'>,
  expiresAt: string,
  stage: TrialReminderStage,
  now: Date,
): Promise<boolean> {
  const marked = await tx
    .insert(trialReminders)
    .values({ deviceKey: device.key, expiresAt, stage, sentAt: now })
    .onConflictDoNothing()
    .returning({ key: trialReminders.deviceKey });
  if (!marked.length) return false;
  const payload: TrialReminderPayload = { userId: device.ownerId, key: device.key, expiresAt, stage };
  await enqueueJob(tx, TRIAL_REMINDER_JOB, { ...payload }, now);
  return true;
}

const expiresAt = sql`${devices.subscription}->>'ExpiresAt'`;

/**
 * One batch: trials ending within 7 days with no plan chosen whose reminder of the stage due is not sent yet, claimed
 * with FOR UPDATE SKIP LOCKED (another instance takes others), marked and enqueued together. Returns the devices.
 */
async function remindBatch(db: Db, now: Date): Promise<{ claimed: number; reminded: string[] }> {
  const dayAhead = new Date(now.getTime() + DAY_MS).toISOString();
  const weekAhead = new Date(now.getTime() + 7 * DAY_MS).toISOString();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ key: devices.key, ownerId: devices.ownerId, subscription: devices.subscription })
      .from(devices)
      .where(
        and(
          // The predicate of devices_subscription_expires_idx (0010_subscriptions.sql), so the index serves the range.
          sql`(${devices.subscription}->'PriceIds'->>'Current' <> '' OR ${devices.subscription}->'PriceIds'->>'Next' <> '' OR ${devices.subscription}->>'Trialing' = 'true')`,
          sql`${devices.subscription}->>'Trialing' = 'true'`,
          sql`${devices.subscription}->'PriceIds'->>'Next' = ''`,
          sql`${expiresAt} > ${now.toISOString()}`,
          sql`${expiresAt} <= ${weekAhead}`,
          sql`NOT EXISTS (SELECT 1 FROM ${trialReminders} r WHERE r.device_key = ${devices.key} AND r.expires_at = ${expiresAt}
                AND r.stage = CASE WHEN ${expiresAt} <= ${dayAhead} THEN '1d' ELSE '7d' END)`,
        ),
      )
      .limit(BATCH)
      .for('update', { of: devices, skipLocked: true });
    const reminded: string[] = [];
    for (const row of rows) {
      const stage = dueStage(row.subscription, now);
      if (stage && (await enqueueTrialReminder(tx, row, row.subscription.ExpiresAt, stage, now))) reminded.push(row.key);
    }
    return { claimed: rows.length, reminded };
  });
}

/** Enqueues every reminder due (7 days or 1 day before a trial's end), batch after batch; returns the devices reminded. */
export async function remindEndingTrials(db: Db, now: Date): Promise<string[]> {
  const reminded: string[] = [];
  for (;;) {
    const batch = await remindBatch(db, now);
    reminded.push(...batch.reminded);
    // A full batch of which none was due (the SQL and dueStage disagree at a boundary instant) would be claimed again.
    if (batch.claimed < BATCH || !batch.reminded.length) return reminded;
  }
}

export interface TrialReminderDeps {
  db: Db;
  mailer: Mailer;
  push: PushTransport;
  /** PUBLIC_URL: the origin of the link to the settings page. */
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The reminder still applies: same owner and trial; before the end still a trial without a plan, at the end ended. */
function stillDue(payload: TrialReminderPayload, device: DeviceRow): boolean {
  const { subscription } = device;
  if (device.ownerId !== payload.userId || subscription.ExpiresAt !== payload.expiresAt) return false;
  if (payload.stage === 'end') return subscription.PriceIds.Current === '' && subscription.PriceIds.Next === '';
  return subscription.Trialing && subscription.PriceIds.Next === '';
}

/** The reminder's subject and text in the owner's language. */
export function trialReminderTexts(
  owner: Pick<UserRow, 'locale' | 'country'>,
  device: DeviceRow,
  stage: TrialReminderStage,
  link: string,
  now: Date,
) {
  const locale = isLocale(owner.locale) ? owner.locale : FALLBACK_LOCALE;
  const end = new Date(Date.parse(device.subscription.ExpiresAt));
  const values = {
    device: safeDeviceName(device.name),
    date: formatOwnerTime(locale, end, ownerTimeZone(owner, device.fields)),
    link,
    // The days really left (a trial staff shortened or a late run says so), at least 1.
    days: Math.max(1, Math.round((end.getTime() - now.getTime()) / DAY_MS)),
  };
  const [subject, text, push] =
    stage === 'end'
      ? (['trial_ended_subject', 'trial_ended_text', 'trial_ended_push'] as const)
      : ([values.days === 1 ? 'trial_ending_subject_day' : 'trial_ending_subject', 'trial_ending_text', 'trial_ending_push'] as const);
  return {
    locale,
    subject: translate(locale, subject, values),
    text: translate(locale, text, values),
    push: translate(locale, push, values),
  };
}

/** Delivers one reminder job (notify/worker.ts): the mail (with billing mails on) and push, best effort, to each browser. */
export async function deliverTrialReminder(deps: TrialReminderDeps, payload: TrialReminderPayload): Promise<void> {
  const [device] = await deps.db.select().from(devices).where(eq(devices.key, payload.key));
  const [owner] = await deps.db.select().from(users).where(eq(users.id, payload.userId));
  if (!device || !owner || !isProductId(device.product) || !stillDue(payload, device)) return;
  const link = deviceLink({ publicUrl: deps.publicUrl }, device.product, device.key);
  const texts = trialReminderTexts(owner, device, payload.stage, link, deps.now());
  if (owner.emailBilling) await deps.mailer.send({ to: owner.email, subject: texts.subject, text: texts.text });
  if (!owner.pushEnabled) return;
  const Data = { Device: device.product, [PRODUCTS[device.product].keyField]: device.key };
  for (const text of owner.pushTokens) {
    const token = parseWebPushToken(text) ?? parseFcmToken(text);
    if (!token) continue;
    // Best effort: a push service's failure must not send the mail again (the job would be retried).
    await deps.push
      .send(token, {
        Title: texts.subject,
        Body: texts.push,
        Tag: `${device.key}:trial`,
        Data,
        Url: devicePath(device.product, device.key),
      })
      .catch((error: unknown) => deps.log.warn({ err: error, device: device.key }, 'trial reminder push failed'));
  }
}
