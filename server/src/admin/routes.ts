// Admin tools that are not about one user: the built-in mailbox and SMS outbox, and faults for the device simulator.
import { MailboxMessage, MailboxQuery, SimulateFault, SimulatorKeyParams, SmsOutboxMessage } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { desc, eq, sql } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { mailbox, smsOutbox } from '../db/schema';
import { findInventory } from '../devices/store';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';
import { deviceSearchRoutes } from './deviceSearch';
import { impersonationRoutes } from './impersonate';

const MAILBOX_LIMIT = 100;

export const adminRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(impersonationRoutes, { ctx });
  await app.register(deviceSearchRoutes, { ctx });

  app.get(
    '/admin/mailbox',
    {
      schema: {
        tags: ['admin'],
        summary: `Admin: the built-in mailbox, newest first (at most ${MAILBOX_LIMIT}), optionally for one recipient`,
        security: bearerAuth,
        querystring: MailboxQuery,
        response: { 200: Type.Array(MailboxMessage), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'mailbox:read');
      const to = request.query.to?.trim();
      const rows = await ctx.db
        .select()
        .from(mailbox)
        .where(to ? eq(mailbox.toEmail, normalizeEmail(to)) : undefined)
        .orderBy(desc(mailbox.sentAt))
        .limit(MAILBOX_LIMIT);
      return rows.map((row) => ({ To: row.toEmail, Subject: row.subject, Text: row.body, SentAt: row.sentAt.toISOString() }));
    },
  );

  app.get(
    '/admin/sms-outbox',
    {
      schema: {
        tags: ['admin'],
        summary: `Admin: the built-in SMS outbox, newest first (at most ${MAILBOX_LIMIT}), optionally for one phone number or account e-mail`,
        security: bearerAuth,
        querystring: MailboxQuery,
        response: { 200: Type.Array(SmsOutboxMessage), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      // Same readers as the mailbox: admins.
      authorize(request, 'mailbox:read');
      const to = request.query.to?.trim();
      // An e-mail finds the account's SMS; a number matches whatever spaces or dashes it was written with.
      const filter = !to
        ? undefined
        : to.includes('@')
          ? eq(smsOutbox.toEmail, normalizeEmail(to))
          : eq(sql`regexp_replace(${smsOutbox.toPhone}, '[^0-9+]', '', 'g')`, to.replace(/[^0-9+]/g, ''));
      const rows = await ctx.db.select().from(smsOutbox).where(filter).orderBy(desc(smsOutbox.sentAt)).limit(MAILBOX_LIMIT);
      return rows.map((row) => ({ To: row.toPhone, Text: row.text, SentAt: row.sentAt.toISOString() }));
    },
  );

  app.put(
    '/admin/simulator/:key',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin: makes a simulated device play a fault (offline, power failure, low voltage) or stop (none), and sets its clock (Clock); real devices ignore it',
        security: bearerAuth,
        params: SimulatorKeyParams,
        body: SimulateFault,
        response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      authorize(request, 'simulator:control');
      if (!(await findInventory(ctx.db, request.params.key))) throw notFound();
      ctx.gateway.simulate(request.params.key, request.body);
      return sendNoContent(reply);
    },
  );
};
