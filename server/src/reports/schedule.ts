// Sending the reports (docs/product/reports.md "When"): every instance runs the report job; for each subscriber it
// works out the last period that has ended on the owner's wall clock and claims it by inserting its row in
// report_sends (migration 0044) in the transaction that queues the mail (the jobs outbox, delivered by
// notify/worker.ts). The row's primary key makes the claim: a second instance, a rerun or a restart inserts nothing
// and queues nothing, so each period is mailed once (the model is billing/trialReminders.ts).
import { FALLBACK_LOCALE, isLocale } from '@paddock/shared/domain';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { reportSends, users } from '../db/schema';
import { appLink } from '../http/publicLinks';
import { translate } from '../i18n/messages';
import { startJobLoop, type JobLoop } from '../jobs/loop';
import { enqueueJob } from '../jobs/queue';
import { ownerTimeZone, type Mailer } from '../notify';
import { lastEndedPeriod, periodStarting, type ReportPeriodKind } from './period';
import { buildSummary } from './summary';
import { reportCsv, reportMail } from './texts';
import { signUnsubscribeToken, UNSUBSCRIBE_PATH } from './unsubscribeToken';

export const REPORT_JOB = 'report';

export interface ReportPayload {
  userId: string;
  frequency: ReportPeriodKind;
  /** The period's first day on the owner's wall clock. */
  periodStart: string;
}

const BATCH = 200;
/** The zone furthest ahead (UTC+14): no owner's period can have ended later than its. */
const FURTHEST_AHEAD = 'Pacific/Kiritimati';

/** A user's zone for reports: users keep none, so their country's (notify/ownerTime.ts). */
export const reportTimeZone = (user: { country: string }) => ownerTimeZone(user, {});

/**
 * Queues every report due at `now`: for each subscriber, the last period ended in their zone, unless its row in
 * report_sends is there already. Returns the reports this call queued (none of them queued by anyone else).
 */
export async function queueDueReports(db: Db, now: Date): Promise<ReportPayload[]> {
  const queued: ReportPayload[] = [];
  // Whoever has the period ended furthest ahead sent is done: each tick looks only at the others, so between the
  // rollovers (about a day a week or month) a tick reads no one.
  const latest = {
    weekly: lastEndedPeriod('weekly', now, FURTHEST_AHEAD).start,
    monthly: lastEndedPeriod('monthly', now, FURTHEST_AHEAD).start,
  };
  const done = sql`EXISTS (SELECT 1 FROM ${reportSends} s WHERE s.user_id = ${users.id} AND s.frequency = ${users.reportFrequency}
    AND s.period_start >= CASE ${users.reportFrequency} WHEN 'weekly' THEN ${latest.weekly} ELSE ${latest.monthly} END)`;
  let after = '';
  for (;;) {
    const subscribers = await db
      .select({ id: users.id, country: users.country, frequency: users.reportFrequency })
      .from(users)
      .where(and(ne(users.reportFrequency, 'none'), gt(users.id, after), sql`NOT ${done}`))
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const user of subscribers) {
      if (user.frequency === 'none') continue;
      const period = lastEndedPeriod(user.frequency, now, reportTimeZone(user));
      const payload: ReportPayload = { userId: user.id, frequency: user.frequency, periodStart: period.start };
      if (await claimReport(db, payload, now)) queued.push(payload);
    }
    if (subscribers.length < BATCH) return queued;
    after = subscribers[subscribers.length - 1].id;
  }
}

/** Inserts the period's row and queues its mail, together; false (nothing queued) when the row was there. */
async function claimReport(db: Db, payload: ReportPayload, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(reportSends)
      .values({ userId: payload.userId, frequency: payload.frequency, periodStart: payload.periodStart, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: reportSends.userId });
    if (!claimed.length) return false;
    await enqueueJob(tx, REPORT_JOB, { ...payload }, now);
    return true;
  });
}

/** Runs the report job every `intervalMs` (jobs/loop.ts) on this instance. */
export function startReports(deps: { db: Db; now: () => Date; log: FastifyBaseLogger; intervalMs: number }): JobLoop {
  return startJobLoop({
    intervalMs: deps.intervalMs,
    log: deps.log,
    failure: 'report job failed',
    work: async () => {
      const queued = await queueDueReports(deps.db, deps.now());
      if (queued.length) deps.log.info({ reports: queued.length }, 'reports queued');
    },
  });
}

export interface ReportDeliveryDeps {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: the origin of the unsubscribe and account links. */
  publicUrl: string;
  now: () => Date;
}

/** The mail of one report, ready to send; null when the user is gone or has changed their choice since it was queued. */
export async function composeReport(deps: ReportDeliveryDeps, payload: ReportPayload) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, payload.userId));
  if (!user || user.reportFrequency !== payload.frequency) return null;
  const locale = isLocale(user.locale) ? user.locale : FALLBACK_LOCALE;
  const period = periodStarting(payload.frequency, payload.periodStart, reportTimeZone(user));
  const summary = await buildSummary(deps.db, user, period);
  const token = await signUnsubscribeToken(deps.db, user.id, deps.now());
  const unsubscribe = appLink({ publicUrl: deps.publicUrl }, `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`);
  const links = { unsubscribe, account: appLink({ publicUrl: deps.publicUrl }, '/account') };
  const mail = reportMail(locale, summary, period, links);
  const csv = reportCsv(locale, summary);
  return {
    to: user.email,
    ...mail,
    attachments: [
      {
        filename: `paddock-${translate(locale, 'report_file_name')}-${payload.periodStart}.csv`,
        content: csv,
        contentType: 'text/csv; charset=utf-8',
      },
    ],
    // RFC 2369 and 8058: mail programs show their own "Unsubscribe", which POSTs to the link (reports/routes.ts).
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Delivers one report job (notify/worker.ts); a mailer failure leaves the job for a retry. */
export async function deliverReport(deps: ReportDeliveryDeps, payload: ReportPayload): Promise<void> {
  const mail = await composeReport(deps, payload);
  if (mail) await deps.mailer.send(mail);
}
