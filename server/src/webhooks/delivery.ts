// Webhook deliveries (docs/product/webhooks.md "Deliveries"): an alarm or offline event of a device becomes one
// delivery per enabled webhook of each account that is told of the device's alarms, enqueued in the transaction that
// changes the device (notify/alarmNotices.ts); the notification worker sends it (notify/worker.ts) and retries a
// failure with the job queue's back-off (jobs/queue.ts) until MAX_ATTEMPTS, recording every attempt in the log.
import { randomUUID } from 'node:crypto';
import type { NotifiedAlarm, WebhookDeliveryEvent, WebhookEvent } from '@paddock/shared/domain';
import { and, arrayContains, eq, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices, users, webhookDeliveries, webhooks, type JobRow, type WebhookDeliveryRow, type WebhookRow } from '../db/schema';
import { enqueueJob, MAX_ATTEMPTS, retryDelayMs } from '../jobs/queue';
import { signatureHeader } from './signature';
import { postTo, type TargetRules } from './targets';

export const WEBHOOK_JOB = 'webhook-delivery';

export interface WebhookJobPayload {
  deliveryId: string;
}

/** What notify tells of: an alarm of a device raised (`triggered`) or cleared; reminders are not webhook events. */
export interface AlarmEventNotice {
  alarm: NotifiedAlarm;
  event: 'triggered' | 'cleared' | 'reminder';
  value: number | null;
  unit: string | null;
  limit?: number | null;
  /** When it happened (ISO). */
  at: string;
}

/** The offline alarm is the device going offline and coming back; every other alarm is raised and cleared. */
export function webhookEventOf(notice: Pick<AlarmEventNotice, 'alarm' | 'event'>): WebhookEvent | null {
  if (notice.event === 'reminder') return null;
  if (notice.alarm === 'offline') return notice.event === 'triggered' ? 'device.offline' : 'device.online';
  return notice.event === 'triggered' ? 'alarm.raised' : 'alarm.cleared';
}

/** The JSON body of a delivery (docs/product/webhooks.md "The request"). */
export interface WebhookBody {
  id: string;
  type: WebhookDeliveryEvent;
  /** Unix seconds. */
  created: number;
  data: Record<string, unknown>;
}

async function addDelivery(tx: Db, webhookId: string, type: WebhookDeliveryEvent, data: Record<string, unknown>, now: Date) {
  const id = randomUUID();
  const body: WebhookBody = { id, type, created: Math.floor(now.getTime() / 1000), data };
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ id, webhookId, event: type, payload: { ...body }, attempts: 0, status: 'pending', nextAttemptAt: now, createdAt: now })
    .returning();
  return row;
}

/**
 * Enqueues the deliveries of one alarm transition of `device`: to the enabled webhooks, taking that event, of the
 * accounts on its Notify list that are still in its Access list (the alarm notifications' recipients).
 */
export async function enqueueWebhookEvents(
  tx: Db,
  device: { key: string; product: string; notify: string[]; access: string[] },
  notice: AlarmEventNotice,
  now: Date,
): Promise<number> {
  const type = webhookEventOf(notice);
  const emails = device.notify.filter((email) => device.access.includes(email));
  if (!type || !emails.length) return 0;
  const targets = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .innerJoin(users, eq(users.id, webhooks.userId))
    .where(and(inArray(users.email, emails), eq(webhooks.enabled, true), arrayContains(webhooks.events, [type])));
  if (!targets.length) return 0;
  const [named] = await tx.select({ name: devices.name }).from(devices).where(eq(devices.key, device.key));
  const data = {
    device: { key: device.key, product: device.product, name: named?.name ?? '' },
    alarm: notice.alarm,
    value: notice.value,
    unit: notice.unit,
    ...(notice.limit !== undefined && { limit: notice.limit }),
    at: notice.at,
  };
  for (const target of targets) {
    const delivery = await addDelivery(tx, target.id, type, data, now);
    await enqueueJob(tx, WEBHOOK_JOB, { deliveryId: delivery.id } satisfies WebhookJobPayload, now);
  }
  return targets.length;
}

export interface WebhookSendDeps {
  db: Db;
  now: () => Date;
  rules: TargetRules;
}

/** One POST of a delivery, signed now; records how it went. Returns the row after it. */
async function attempt(
  deps: WebhookSendDeps,
  webhook: WebhookRow,
  delivery: WebhookDeliveryRow,
  attempts: number,
  /** Whether a failure is tried again (the test ping is tried once). */
  retried: boolean,
): Promise<WebhookDeliveryRow> {
  const body = JSON.stringify(delivery.payload);
  const result = await postTo(webhook.url, body, { 'Paddock-Signature': signatureHeader(webhook.secret, body, deps.now()) }, deps.rules);
  const now = deps.now();
  const delivered = 'status' in result && result.status >= 200 && result.status < 300;
  // An address that is not public is never retried: it will not become one by waiting.
  const givenUp = !delivered && (!retried || attempts >= MAX_ATTEMPTS || ('refused' in result && result.refused));
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({
      attempts,
      status: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
      statusCode: 'status' in result ? result.status : null,
      error: 'error' in result ? result.error : delivered ? null : `answered ${result.status}`,
      nextAttemptAt: delivered || givenUp ? null : new Date(now.getTime() + retryDelayMs(attempts)),
      doneAt: delivered || givenUp ? now : null,
    })
    .where(eq(webhookDeliveries.id, delivery.id))
    .returning();
  return row ?? delivery;
}

export class WebhookAttemptFailed extends Error {}

/**
 * Delivers one webhook job (the notification worker's). Throws when the attempt failed and is to be retried, so the
 * queue's back-off (jobs/queue.ts failJob) takes it on; the job's claim count is the attempt's number.
 */
export async function deliverWebhookJob(deps: WebhookSendDeps, job: JobRow): Promise<void> {
  const { deliveryId } = job.payload as unknown as WebhookJobPayload;
  const [found] = await deps.db
    .select({ delivery: webhookDeliveries, webhook: webhooks, email: users.email })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .innerJoin(users, eq(users.id, webhooks.userId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Deleted with its webhook or account, or already done (a job retried after its worker died).
  if (!found || found.delivery.status !== 'pending') return;
  const { delivery, webhook } = found;
  // Checked again at sending: the webhook is still on, and its account still has the device (docs/product/webhooks.md).
  const key = (delivery.payload.data as { device?: { key?: string } } | undefined)?.device?.key;
  const [device] = key ? await deps.db.select({ access: devices.access }).from(devices).where(eq(devices.key, key)) : [];
  const stillShared = key === undefined || (device?.access.includes(found.email) ?? false);
  if (!webhook.enabled || !stillShared) {
    await deps.db
      .update(webhookDeliveries)
      .set({
        status: 'failed',
        error: webhook.enabled ? 'the device is no longer shared with the account' : 'the webhook is off',
        nextAttemptAt: null,
        doneAt: deps.now(),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const row = await attempt(deps, webhook, delivery, job.attempts, true);
  if (row.status === 'pending') throw new WebhookAttemptFailed(`webhook ${webhook.id}: ${row.error ?? 'failed'}`);
}

/** "Send test": a `ping` to the webhook now, tried once, recorded in its log like any delivery. */
export async function sendPing(deps: WebhookSendDeps, webhook: WebhookRow): Promise<WebhookDeliveryRow> {
  const delivery = await addDelivery(deps.db, webhook.id, 'ping', { webhook: webhook.id }, deps.now());
  return attempt(deps, webhook, delivery, 1, false);
}

/**
 * Deletes the finished deliveries made before `since` (the raw readings' retention, readings/partitions.ts): the
 * delivery log is kept as long as the alarm log (docs/product/webhooks.md). Returns how many.
 */
export async function retireWebhookDeliveries(db: Db, since: Date): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, since), ne(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}
