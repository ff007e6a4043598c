// Delivers the alarm notification jobs (and the trial reminders, billing/trialReminders.ts, the sharing mails,
// devices/shareInvites.ts, and the e-mail reports, reports/schedule.ts): e-mail through the
// mailer, SMS through the provider (one SMS paid from the user's balance), push to one registered browser. Checked again at delivery: the user still exists, is still in
// the device's Access list and still has the channel on, for that device and in the account. A transport failure
// leaves the job for a retry with back-off (jobs/queue.ts); a browser whose push service says it is gone loses its token.
import { randomUUID } from 'node:crypto';
import {
  FALLBACK_LOCALE,
  dashboardPath,
  devicePath,
  isLocale,
  isProductId,
  isFcmEndpoint,
  parseFcmToken,
  parseWebPushToken,
  withoutFcmEndpoint,
  withoutPushEndpoint,
  type AlarmUnit,
} from '@paddock/shared/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deliverTrialReminder, TRIAL_REMINDER_JOB, type TrialReminderPayload } from '../billing';
import { deliverShareInvite, SHARE_INVITE_JOB, type ShareInvitePayload } from '../devices';
import { deliverReport, REPORT_JOB, type ReportPayload } from '../reports';
import type { Db } from '../db/client';
import { devices, jobs, users, type JobRow } from '../db/schema';
import { appLink, deviceLink } from '../http/publicLinks';
import { claimPass, startJobLoop, type JobLoop, type PassBound } from '../jobs/loop';
import { claimJobs, completeJob, failJob } from '../jobs/queue';
import { deliveryAcknowledged, deliveryRetrying, finishDelivery } from '../alarms';
import { deliverWebhookJob, WEBHOOK_JOB, type TargetRules } from '../webhooks';
import { alarmMail, alarmPush, alarmSmsText, type AlarmNotice } from './alarmMessages';
import { ownerTimeZone } from './ownerTime';
import { alarmChannelChoice } from './alarmChannels';
import { ALARM_JOB, type AlarmJobPayload } from './alarmNotices';
import type { Mailer } from './mail';
import type { PushTransport } from './push';
import type { SmsProvider } from './sms';

const BATCH = 10;
/**
 * What one pass delivers at most, so it stays well under a second whatever the backlog (an outage that set off
 * thousands of alarms): this many jobs, and no new batch after WORKER_PASS_MS. The loop runs the next pass at once
 * while more are due (docs/architecture/README.md#fleet-scale).
 */
export const WORKER_PASS_JOBS = 200;
export const WORKER_PASS_MS = 400;

export interface WorkerDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsProvider;
  push: PushTransport;
  now: () => Date;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: the origin of the device links in mails and SMS. */
  publicUrl: string;
  /** Where webhooks may be sent (WEBHOOK_PRIVATE_TARGETS); default public https addresses only. */
  webhookRules?: TargetRules;
  /** Identifies this worker's leases (default: a fresh id). */
  id?: string;
}

const PUBLIC_ONLY: TargetRules = { allowPrivateTargets: false };

class LeaseLost extends Error {}

/** Pays one SMS from the balance and marks the job paid, together; false when the balance is empty. */
async function charge(db: Db, job: JobRow, worker: string, payload: AlarmJobPayload): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(users)
      .set({ smsBalance: sql`${users.smsBalance} - 1` })
      .where(and(eq(users.id, payload.userId), gt(users.smsBalance, 0)))
      .returning({ id: users.id });
    if (!paid) return false;
    const [held] = await tx
      .update(jobs)
      .set({ payload: { ...payload, charged: true } })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker)))
      .returning({ id: jobs.id });
    // Another worker took the job over (our lease ran out): it delivers, we pay nothing.
    if (!held) throw new LeaseLost();
    payload.charged = true;
    return true;
  });
}

async function refund(db: Db, payload: AlarmJobPayload): Promise<void> {
  if (payload.charged)
    await db
      .update(users)
      .set({ smsBalance: sql`${users.smsBalance} + 1` })
      .where(eq(users.id, payload.userId));
}

/** Forgets a browser the push service no longer knows (read and written under the user's row lock). */
async function dropPushEndpoint(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ pushTokens: users.pushTokens }).from(users).where(eq(users.id, userId)).for('update');
    if (row)
      await tx
        .update(users)
        .set({ pushTokens: (isFcmEndpoint(endpoint) ? withoutFcmEndpoint : withoutPushEndpoint)(row.pushTokens, endpoint) })
        .where(eq(users.id, userId));
  });
}

/** Delivers one alarm job: how it ended for the alarm log (skipped: nothing to send any more, failed: the browser is gone); throws when the transport fails. */
async function deliver(deps: WorkerDeps, worker: string, job: JobRow): Promise<'delivered' | 'skipped' | 'failed'> {
  const payload = job.payload as unknown as AlarmJobPayload;
  // docs/product/alarm-log.md: an acknowledged occurrence is reminded of to nobody, even by a reminder already queued.
  if (payload.event === 'reminder' && payload.deliveryId && (await deliveryAcknowledged(deps.db, payload.deliveryId))) return 'skipped';
  const [user] = await deps.db.select().from(users).where(eq(users.id, payload.userId));
  const [device] = await deps.db.select().from(devices).where(eq(devices.key, payload.key));
  if (!user || !device || !device.access.includes(user.email)) return 'skipped';
  // The user may have switched this channel off for the device since (never charged for an SMS they turned off).
  if (!payload.charged && !(await alarmChannelChoice(deps.db, device, user.id))[payload.channel]) return 'skipped';
  const locale = isLocale(user.locale) ? user.locale : FALLBACK_LOCALE;
  const notice: AlarmNotice = {
    device: device.name,
    alarm: payload.alarm,
    event: payload.event,
    value: payload.value,
    unit: payload.unit as AlarmUnit | null,
    ...(payload.limit !== undefined && { limit: payload.limit }),
    at: new Date(payload.at),
    ...(isProductId(device.product) ? { settingsPath: devicePath(device.product, device.key) } : {}),
    // Issue 26: a full link on PUBLIC_URL, not a bare path a mail client or phone cannot open.
    link: isProductId(device.product) ? deviceLink(deps, device.product, device.key) : appLink(deps, dashboardPath(device.key)),
    timeZone: ownerTimeZone(user, device.fields),
  };
  if (payload.channel === 'email') {
    if (!user.emailDevice) return 'skipped';
    await deps.mailer.send(alarmMail(user.email, locale, notice));
    return 'delivered';
  }
  if (payload.channel === 'push') {
    const token = user.pushEnabled
      ? user.pushTokens
          .map((text) => parseWebPushToken(text) ?? parseFcmToken(text))
          .find((parsed) => parsed?.endpoint === payload.endpoint)
      : undefined;
    if (!token || !isProductId(device.product)) return 'skipped';
    const result = await deps.push.send(token, alarmPush(locale, notice, { product: device.product, key: device.key }));
    if (result === 'gone') await dropPushEndpoint(deps.db, user.id, token.endpoint);
    return result === 'gone' ? 'failed' : 'delivered';
  }
  if (!user.phone || (!payload.charged && !user.smsEnabled)) return 'skipped';
  if (!payload.charged && !(await charge(deps.db, job, worker, payload))) return 'skipped';
  await deps.sms.send({ to: user.phone, email: user.email, text: alarmSmsText(locale, notice) });
  return 'delivered';
}

/**
 * One pass: claims due jobs batch after batch within `bound` (default WORKER_PASS_JOBS, WORKER_PASS_MS; jobs/loop.ts
 * claimPass) and delivers them. `more`: it stopped at its bound with jobs possibly still due.
 */
export async function workerPass(deps: WorkerDeps, worker = deps.id ?? randomUUID(), bound: PassBound = {}) {
  let delivered = 0;
  const until = bound.until ?? performance.now() + WORKER_PASS_MS;
  const pass = await claimPass(
    BATCH,
    async (limit) => {
      const claimed = await claimJobs(deps.db, worker, deps.now(), limit);
      const run = async (job: JobRow) => {
        try {
          // The trial reminders (billing/trialReminders.ts) go through the same outbox.
          if (job.kind === TRIAL_REMINDER_JOB) await deliverTrialReminder(deps, job.payload as unknown as TrialReminderPayload);
          else if (job.kind === ALARM_JOB) {
            const outcome = await deliver(deps, worker, job);
            const { deliveryId } = job.payload as unknown as AlarmJobPayload;
            if (deliveryId) await finishDelivery(deps.db, deliveryId, outcome, deps.now());
          }
          // The mails to people a device is shared with (devices/shareInvites.ts).
          else if (job.kind === SHARE_INVITE_JOB) await deliverShareInvite(deps, job.payload as unknown as ShareInvitePayload);
          // The weekly and monthly reports (reports/schedule.ts).
          else if (job.kind === REPORT_JOB) await deliverReport(deps, job.payload as unknown as ReportPayload);
          // Outbound webhooks (webhooks/delivery.ts): a failed attempt throws and is retried with the same back-off.
          else if (job.kind === WEBHOOK_JOB)
            await deliverWebhookJob({ db: deps.db, now: deps.now, rules: deps.webhookRules ?? PUBLIC_ONLY }, job);
          else throw new Error(`unknown job kind ${job.kind}`);
          await completeJob(deps.db, job, worker);
          delivered += 1;
        } catch (error) {
          if (error instanceof LeaseLost) return;
          const givenUp = await failJob(deps.db, job, worker, error, deps.now());
          if (givenUp) await refund(deps.db, job.payload as unknown as AlarmJobPayload);
          const { deliveryId } = job.kind === ALARM_JOB ? (job.payload as unknown as AlarmJobPayload) : {};
          if (deliveryId)
            await (givenUp
              ? finishDelivery(deps.db, deliveryId, 'failed', deps.now(), error)
              : deliveryRetrying(deps.db, deliveryId, error));
          deps.log[givenUp ? 'error' : 'warn'](
            { err: error, job: job.id, attempts: job.attempts },
            givenUp ? 'notification given up' : 'notification failed, retrying later',
          );
        }
      };
      // A webhook waits on someone else's server (up to 10 s, docs/product/webhooks.md): sent beside the batch, so a slow
      // target never holds back an alarm of the same batch.
      const webhooks = Promise.all(claimed.filter((job) => job.kind === WEBHOOK_JOB).map(run));
      for (const job of claimed) if (job.kind !== WEBHOOK_JOB) await run(job);
      await webhooks;
      return claimed;
    },
    { max: bound.max ?? WORKER_PASS_JOBS, until },
  );
  return { claimed: pass.rows.length, delivered, more: pass.more };
}

/** One pass (workerPass); returns how many were delivered. */
export async function runDueJobs(deps: WorkerDeps, worker = deps.id ?? randomUUID()): Promise<number> {
  return (await workerPass(deps, worker)).delivered;
}

/** A pass every `intervalMs` (jobs/loop.ts), at once again while jobs are left due. */
export function startNotifyWorker(deps: WorkerDeps & { intervalMs: number }): JobLoop {
  const worker = deps.id ?? randomUUID();
  return startJobLoop({
    intervalMs: deps.intervalMs,
    log: deps.log,
    failure: 'notification worker failed',
    work: async () => {
      const { delivered, more } = await workerPass(deps, worker);
      if (delivered) deps.log.info({ notifications: delivered }, 'notifications delivered');
      return more;
    },
  });
}
