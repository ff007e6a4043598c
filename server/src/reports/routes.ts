// Reports by e-mail (docs/product/reports.md, docs/product/api.md "Reports"): the account's choice, read and set by
// the account holder or staff (GET and PUT /users/{id}/report-subscription); and the unsubscribe link of each report,
// which needs no sign-in: GET shows a page with one button (a mail scanner following the link changes nothing), its
// POST, or a mail program's one-click POST, turns the reports off. Saying so twice changes nothing.
import { ReportSubscription, ReportUnsubscribeQuery, UserIdParams } from '@paddock/shared/contract';
import { FALLBACK_LOCALE, isLocale, type Locale } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { users, type UserRow } from '../db/schema';
import { notFound } from '../http/errors';
import { appLink } from '../http/publicLinks';
import { bearerAuth, errorReplies } from '../http/schemas';
import { localeFromAcceptLanguage } from '../i18n/locale';
import { translate, type MessageKey, type MessageValues } from '../i18n/messages';
import { findUserById } from '../users';
import { escapeHtml } from './texts';
import { UNSUBSCRIBE_PATH, verifyUnsubscribeToken } from './unsubscribeToken';

export const reportRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const tags = ['reports'];

  app.get(
    '/users/:id/report-subscription',
    {
      schema: {
        params: UserIdParams,
        security: bearerAuth,
        tags,
        summary: 'The account’s e-mail reports: none, weekly (each Monday, the week before) or monthly (each 1st, the month before)',
        response: { 200: ReportSubscription, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'user:read', { userId: request.params.id });
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound();
      return { Frequency: user.reportFrequency };
    },
  );

  app.put(
    '/users/:id/report-subscription',
    {
      schema: {
        params: UserIdParams,
        body: ReportSubscription,
        security: bearerAuth,
        tags,
        summary: 'Chooses the account’s e-mail reports; the first comes within minutes, for the last whole week or month',
        response: { 200: ReportSubscription, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'user:update', { userId: request.params.id });
      const [saved] = await db
        .update(users)
        .set({ reportFrequency: request.body.Frequency })
        .where(eq(users.id, request.params.id))
        .returning({ frequency: users.reportFrequency });
      if (!saved) throw notFound();
      return { Frequency: saved.frequency };
    },
  );
};

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2a1f;background:#f5f7f2}
main{max-width:32rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0 1rem}
section{background:#fff;border-radius:8px;padding:1rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}.error{color:#a4161a;font-weight:600}
button{margin-top:.5rem;padding:.6rem 1rem;font-size:1rem;border-radius:6px;border:0;background:#2e6b30;color:#fff;cursor:pointer}a{color:#2e6b30}`;

/** A small page in `locale`: no script (the CSP allows none inline), one inline style block, every value escaped. */
function page(locale: Locale, body: string, accountUrl: string): string {
  const t = (key: MessageKey, values?: MessageValues) => escapeHtml(translate(locale, key, values));
  return `<!doctype html><html lang="${locale.slice(0, 2)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t('report_unsubscribe_title')}</title><style>${STYLE}</style></head><body><main><h1>${t('report_unsubscribe_title')}</h1><section>${body}</section><p><a href="${escapeHtml(accountUrl)}">${t('report_account_link')}</a></p></main></body></html>`;
}

const FORM = 'application/x-www-form-urlencoded';

/** The unsubscribe pages, outside the API prefix's JSON-only plugins (a form posts here), registered by app.ts. */
export const reportUnsubscribeRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  // The page's button and a mail program's one-click unsubscribe (RFC 8058) post a form; only these routes read one.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const accountUrl = appLink(config, '/account');
  const localeOf = (user: UserRow): Locale => (isLocale(user.locale) ? user.locale : FALLBACK_LOCALE);
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);

  /** The account the link names; null after answering 404 with the "not valid" page. */
  async function linkedUser(token: string, acceptLanguage: string | undefined, reply: FastifyReply): Promise<UserRow | null> {
    const userId = await verifyUnsubscribeToken(db, token, config.now());
    const user = userId ? await findUserById(db, userId) : undefined;
    if (user) return user;
    const locale = localeFromAcceptLanguage(acceptLanguage);
    await html(reply, 404, page(locale, `<p class="error">${escapeHtml(translate(locale, 'report_unsubscribe_invalid'))}</p>`, accountUrl));
    return null;
  }

  const schema = {
    querystring: ReportUnsubscribeQuery,
    tags: ['reports'],
    produces: ['text/html'],
    response: {
      200: Type.String({ description: 'the page, text/html' }),
      404: Type.String({ description: 'the link is not valid, text/html' }),
    },
  };

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        ...schema,
        summary: 'The page of a report’s unsubscribe link (no sign-in; the signed token names the account): one button stops the reports',
      },
    },
    async (request, reply) => {
      const user = await linkedUser(request.query.token, request.headers['accept-language'], reply);
      if (!user) return reply;
      const locale = localeOf(user);
      const t = (key: MessageKey, values?: MessageValues) => escapeHtml(translate(locale, key, values));
      const body =
        user.reportFrequency === 'none'
          ? `<p role="status">${t('report_unsubscribed', { email: user.email })}</p>`
          : `<p>${t('report_unsubscribe_question', { email: user.email })}</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}"><button type="submit">${t('report_unsubscribe_button')}</button></form>`;
      return html(reply, 200, page(locale, body, accountUrl));
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        ...schema,
        summary:
          'Stops the e-mail reports of the account the signed token names (no sign-in; the page’s button or a mail program’s one-click unsubscribe); again changes nothing',
      },
    },
    async (request, reply) => {
      const user = await linkedUser(request.query.token, request.headers['accept-language'], reply);
      if (!user) return reply;
      await db.update(users).set({ reportFrequency: 'none' }).where(eq(users.id, user.id));
      const locale = localeOf(user);
      return html(
        reply,
        200,
        page(locale, `<p role="status">${escapeHtml(translate(locale, 'report_unsubscribed', { email: user.email }))}</p>`, accountUrl),
      );
    },
  );
};
