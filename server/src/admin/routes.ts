// Admin tools that are not about one user: the built-in mailbox and SMS outbox, and faults for the device simulator.
// The mailbox and outbox are a development tool (docs/product/admin.md "Mailbox"): ADMIN_MAILBOX off (the production
// default) answers them 404; on, a code in a mail to anyone but the admin is masked, so the mailbox shows that a mail
// went out without being a way into someone's account (issue 26).
import { AdminPaymentProvider, MailboxMessage, MailboxQuery, SimulateFault, SimulatorKeyParams, SmsOutboxMessage } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { desc, eq, sql } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { mailbox, smsOutbox } from '../db/schema';
import { findInventory } from '../devices';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';
import { deviceSearchRoutes } from './deviceSearch';
import { impersonationRoutes } from './impersonate';

const MAILBOX_LIMIT = 100;

/** What a masked code shows instead (docs/product/admin.md "Mailbox"). */
export const MASKED_CODE = '••••••';

/**
 * A mail's text as an admin may read it: to the admin's own address unchanged; to anyone else with its one-time codes
 * (six digits standing alone: verification, reset, e-mail change) and any link's `token=` masked.
 */
export function mailTextFor(adminEmail: string, toEmail: string, text: string): string {
  if (normalizeEmail(toEmail) === normalizeEmail(adminEmail)) return text;
  return text.replace(/(?<![0-9])[0-9]{6}(?![0-9])/g, MASKED_CODE).replace(/([?&#]token=)[^&#\s]+/gi, `$1${MASKED_CODE}`);
}

export const adminRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(impersonationRoutes, { ctx });
  await app.register(deviceSearchRoutes, { ctx });

  app.get(
    '/admin/payment-provider',
    {
      // A setting of the installation, no one's data: not audited (audit/routeConfig.ts).
      config: { showsNoUserData: true },
      schema: {
        tags: ['admin'],
        summary: 'Admin: the payment provider (PAYMENT_PROVIDER), builtin or stripe; the user page links to the Stripe dashboard only with stripe',
        security: bearerAuth,
        response: { 200: AdminPaymentProvider, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'user:search');
      return { Provider: ctx.config.payments.provider };
    },
  );

  app.get(
    '/admin/mailbox',
    {
      schema: {
        tags: ['admin'],
        summary: `Admin: the built-in mailbox, newest first (at most ${MAILBOX_LIMIT}), optionally for one recipient; codes in mails to others are masked; 404 with ADMIN_MAILBOX off`,
        security: bearerAuth,
        querystring: MailboxQuery,
        response: { 200: Type.Array(MailboxMessage), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user: admin } = authorize(request, 'mailbox:read');
      if (!ctx.config.adminMailbox) throw notFound();
      const to = request.query.to?.trim();
      const rows = await ctx.db
        .select()
        .from(mailbox)
        .where(to ? eq(mailbox.toEmail, normalizeEmail(to)) : undefined)
        .orderBy(desc(mailbox.sentAt))
        .limit(MAILBOX_LIMIT);
      return rows.map((row) => ({
        To: row.toEmail,
        Subject: row.subject,
        Text: mailTextFor(admin.email, row.toEmail, row.body),
        SentAt: row.sentAt.toISOString(),
      }));
    },
  );

  app.get(
    '/admin/sms-outbox',
    {
      schema: {
        tags: ['admin'],
        summary: `Admin: the built-in SMS outbox, newest first (at most ${MAILBOX_LIMIT}), optionally for one phone number or account e-mail; 404 with ADMIN_MAILBOX off`,
        security: bearerAuth,
        querystring: MailboxQuery,
        response: { 200: Type.Array(SmsOutboxMessage), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // Same readers, the same setting and the same masking as the mailbox.
      const { user: admin } = authorize(request, 'mailbox:read');
      if (!ctx.config.adminMailbox) throw notFound();
      const to = request.query.to?.trim();
      // An e-mail finds the account's SMS; a number matches whatever spaces or dashes it was written with.
      const filter = !to
        ? undefined
        : to.includes('@')
          ? eq(smsOutbox.toEmail, normalizeEmail(to))
          : eq(sql`regexp_replace(${smsOutbox.toPhone}, '[^0-9+]', '', 'g')`, to.replace(/[^0-9+]/g, ''));
      const rows = await ctx.db.select().from(smsOutbox).where(filter).orderBy(desc(smsOutbox.sentAt)).limit(MAILBOX_LIMIT);
      return rows.map((row) => ({ To: row.toPhone, Text: mailTextFor(admin.email, row.toEmail, row.text), SentAt: row.sentAt.toISOString() }));
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
