// An account's webhooks (docs/product/webhooks.md, docs/product/api.md "Webhooks"): listed, added, changed and
// deleted under /users/{id}/webhooks by the account holder or staff (anyone else 403; a webhook of another account
// 404), a test ping sent at once, and each webhook's delivery log, newest first, paged by cursor.
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  UserIdParams,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryQuery,
  WebhookList,
  WebhookParams,
} from '@paddock/shared/contract';
import { WEBHOOK_DELIVERY_PAGE_SIZE, WEBHOOKS_PER_USER, type WebhookEvent } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users, webhookDeliveries, webhooks, type WebhookDeliveryRow, type WebhookRow } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';
import { sendPing } from './delivery';
import { newWebhookSecret } from './signature';
import { targetProblem, type TargetRules } from './targets';

const toWebhook = (row: WebhookRow): Webhook => ({
  Id: row.id,
  Url: row.url,
  Events: row.events as WebhookEvent[],
  Enabled: row.enabled,
  Secret: row.secret,
  CreatedAt: row.createdAt.toISOString(),
});

const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  Id: row.id,
  Event: row.event as WebhookDelivery['Event'],
  Status: row.status,
  Attempts: row.attempts,
  StatusCode: row.statusCode,
  Error: row.error,
  NextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  CreatedAt: row.createdAt.toISOString(),
  DoneAt: row.doneAt?.toISOString() ?? null,
});

/** 400 naming Url unless the address may be a webhook's (https, public; checked again at every sending). */
async function checkUrl(url: string, rules: TargetRules): Promise<void> {
  const problem = await targetProblem(url, rules);
  if (problem === 'private') throw badRequest('webhook_target_not_public', 'Url');
  if (problem) throw badRequest('invalid_field', 'Url', { field: 'Url' });
}

export const webhookRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const rules: TargetRules = { allowPrivateTargets: config.webhookPrivateTargets };
  const tags = ['webhooks'];

  /** The account's webhook `hookId` (404 for another account's or none). */
  async function webhookOf(database: Db, userId: string, hookId: string): Promise<WebhookRow> {
    const [row] = await database
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, hookId), eq(webhooks.userId, userId)));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/users/:id/webhooks',
    {
      schema: {
        params: UserIdParams,
        security: bearerAuth,
        tags,
        summary: "The account's webhooks, oldest first, with their secrets (account holder or admin)",
        response: { 200: WebhookList, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'webhook:manage', { userId: request.params.id });
      const rows = await db
        .select()
        .from(webhooks)
        .where(eq(webhooks.userId, request.params.id))
        .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
      return { Webhooks: rows.map(toWebhook) };
    },
  );

  app.post(
    '/users/:id/webhooks',
    {
      schema: {
        params: UserIdParams,
        body: CreateWebhookBody,
        security: bearerAuth,
        tags,
        summary: `Adds a webhook: an https address at a public host, told of the chosen events; at most ${WEBHOOKS_PER_USER} an account. Its secret signs every delivery`,
        response: { 201: Webhook, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      authorize(request, 'webhook:manage', { userId: request.params.id });
      const { Url, Events, Enabled = true } = request.body;
      await checkUrl(Url, rules);
      const row = await db.transaction(async (tx) => {
        // Under the account's row lock, so two adds at once cannot pass the limit together.
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, request.params.id)).for('update');
        if (!user) throw notFound();
        const [{ n }] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, user.id));
        if (n >= WEBHOOKS_PER_USER) throw badRequest('webhook_limit_reached', 'Url', { max: WEBHOOKS_PER_USER });
        const [created] = await tx
          .insert(webhooks)
          .values({
            id: randomUUID(),
            userId: user.id,
            url: Url,
            secret: newWebhookSecret(),
            events: Events,
            enabled: Enabled,
            createdAt: config.now(),
          })
          .returning();
        return created;
      });
      return reply.code(201).send(toWebhook(row));
    },
  );

  app.patch(
    '/users/:id/webhooks/:hookId',
    {
      schema: {
        params: WebhookParams,
        body: UpdateWebhookBody,
        security: bearerAuth,
        tags,
        summary: "Changes a webhook's address, events or whether it is on (its secret stays)",
        response: { 200: Webhook, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'webhook:manage', { userId: request.params.id });
      await webhookOf(db, request.params.id, request.params.hookId);
      const { Url, Events, Enabled } = request.body;
      if (Url !== undefined) await checkUrl(Url, rules);
      const [row] = await db
        .update(webhooks)
        .set({
          ...(Url !== undefined && { url: Url }),
          ...(Events !== undefined && { events: Events }),
          ...(Enabled !== undefined && { enabled: Enabled }),
        })
        .where(and(eq(webhooks.id, request.params.hookId), eq(webhooks.userId, request.params.id)))
        .returning();
      if (!row) throw notFound();
      return toWebhook(row);
    },
  );

  app.delete(
    '/users/:id/webhooks/:hookId',
    {
      schema: {
        params: WebhookParams,
        security: bearerAuth,
        tags,
        summary: 'Deletes a webhook and its delivery log; deliveries still waiting are not sent',
        response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      authorize(request, 'webhook:manage', { userId: request.params.id });
      const gone = await db
        .delete(webhooks)
        .where(and(eq(webhooks.id, request.params.hookId), eq(webhooks.userId, request.params.id)))
        .returning({ id: webhooks.id });
      if (!gone.length) throw notFound();
      return sendNoContent(reply);
    },
  );

  app.post(
    '/users/:id/webhooks/:hookId/test',
    {
      schema: {
        params: WebhookParams,
        security: bearerAuth,
        tags,
        summary:
          'Sends a signed `ping` event to the webhook now, once (no retries), and answers how it went; it is in the delivery log too',
        response: { 200: WebhookDelivery, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'webhook:manage', { userId: request.params.id });
      const webhook = await webhookOf(db, request.params.id, request.params.hookId);
      return toDelivery(await sendPing({ db, now: config.now, rules }, webhook));
    },
  );

  app.get(
    '/users/:id/webhooks/:hookId/deliveries',
    {
      schema: {
        params: WebhookParams,
        querystring: WebhookDeliveryQuery,
        security: bearerAuth,
        tags,
        summary:
          "The webhook's delivery log, newest first: event, status (pending, delivered, failed), attempts, last HTTP status; paged by cursor (the page's Next)",
        response: { 200: WebhookDeliveryPage, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'webhook:manage', { userId: request.params.id });
      const webhook = await webhookOf(db, request.params.id, request.params.hookId);
      const { cursor, limit = WEBHOOK_DELIVERY_PAGE_SIZE } = request.query;
      const [afterMs, afterId] = cursor ? cursor.split('_') : [];
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.webhookId, webhook.id),
            cursor === undefined
              ? undefined
              : sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${new Date(Number(afterMs)).toISOString()}::timestamptz, ${afterId})`,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit + 1);
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      return { Deliveries: shown.map(toDelivery), Next: rows.length > limit && last ? `${last.createdAt.getTime()}_${last.id}` : null };
    },
  );
};
