// Admin tools that are not about one user: the built-in mailbox.
import { MailboxMessage, MailboxQuery } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { desc, eq } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { mailbox } from '../db/schema';
import { bearerAuth, errorReplies } from './schemas';

const MAILBOX_LIMIT = 100;

export const adminRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
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
};
