// The built-in payment portal's pages (docs/product/billing.md), served by Paddock under /api but not API calls (hidden from OpenAPI): the link from
// GET /api/users/{id}/billing (portalLink.ts) is their only authorization. The page shows the card on file and a
// test card form, the invoices with their PDFs, and the way back to Paddock. Nothing here is cached or indexed.
import { FALLBACK_LOCALE, isLocale, type Locale } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditPortalChange, portalStaff } from '../../audit';
import type { AppContext } from '../../context';
import type { PaymentMethodRow, UserRow } from '../../db/schema';
import { localeFromAcceptLanguage } from '../../i18n/locale';
import { findUserById } from '../../users';
import { findInvoice, invoicesOf } from './invoices';
import { renderInvoicePdf } from './invoicePdf';
import { cardOnFile, saveCard } from './paymentMethods';
import { grantStillHolds, PORTAL_PATH, verifyPortalToken, type PortalGrant } from './portalLink';
import { renderInvalidLinkPage, renderPortalPage } from './portalPage';
import { readTestCard } from './testCards';

const Token = Type.String({ minLength: 1, maxLength: 2048 });
const FORM = 'application/x-www-form-urlencoded';

/** The card as the audit log keeps it: what the portal page shows, never the number or the CVC (not stored anyway). */
const shownCard = ({ brand, last4, expMonth, expYear, declines }: PaymentMethodRow) => ({ brand, last4, expMonth, expYear, declines });

const localeOf = (user: UserRow): Locale => (isLocale(user.locale) ? user.locale : FALLBACK_LOCALE);

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);

export const builtinPortalRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  // The card form posts as an HTML form does; only this plugin's routes read such bodies.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** The link's grant and its account; null (after answering 403) when the link is not good. */
  async function grantOf(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
  ): Promise<{ grant: PortalGrant; user: UserRow } | null> {
    const grant = await verifyPortalToken(db, token, config.now());
    const user = grant && (await findUserById(db, grant.userId));
    // A link ends with the session that asked for it and with the password it was asked under (portalLink.ts).
    if (grant && user && (await grantStillHolds(db, grant, user, config.now()))) return { grant, user };
    await html(reply, 403, renderInvalidLinkPage(localeFromAcceptLanguage(request.headers['accept-language'])));
    return null;
  }

  async function portalPage(
    user: UserRow,
    grant: PortalGrant,
    token: string,
    extra: { saved?: boolean; problem?: Parameters<typeof renderPortalPage>[0]['problem'] },
  ) {
    return renderPortalPage({
      locale: localeOf(user),
      token,
      returnUrl: grant.returnUrl,
      card: await cardOnFile(db, user.id),
      invoices: await invoicesOf(db, user.id),
      ...extra,
    });
  }

  app.get(
    PORTAL_PATH,
    { schema: { hide: true, querystring: Type.Object({ token: Token, saved: Type.Optional(Type.Literal('1')) }) } },
    async (request, reply) => {
      const { token, saved } = request.query;
      const granted = await grantOf(request, reply, token);
      if (!granted) return reply;
      return html(reply, 200, await portalPage(granted.user, granted.grant, token, { saved: saved === '1' }));
    },
  );

  app.post(
    `${PORTAL_PATH}/payment-method`,
    {
      schema: {
        hide: true,
        body: Type.Object({
          token: Token,
          number: Type.String({ maxLength: 40 }),
          expiry: Type.String({ maxLength: 20 }),
          cvc: Type.String({ maxLength: 20 }),
        }),
      },
    },
    async (request, reply) => {
      const { token, ...form } = request.body;
      const granted = await grantOf(request, reply, token);
      if (!granted) return reply;
      const { user, grant } = granted;
      // A link an admin's session asked for: the change is the admin's, and the API's audit hook does not see this page.
      const staff = await portalStaff(db, grant.sessionId, user);
      const before = staff && (await cardOnFile(db, user.id));
      const audit = async (status: number) => {
        if (!staff) return;
        try {
          await auditPortalChange(db, request, {
            staff,
            customer: user,
            action: 'billing.portal-card',
            status,
            before: before && shownCard(before),
            after: status < 400 ? shownCard((await cardOnFile(db, user.id))!) : before && shownCard(before),
            at: config.now(),
          });
        } catch (error) {
          // As the audit hook does: the change has happened; a lost entry must be loud in the server's log.
          request.log.error({ err: error, action: 'billing.portal-card' }, 'audit entry not written');
        }
      };
      const card = readTestCard(form, config.now());
      if (typeof card === 'string') {
        await audit(400);
        return html(reply, 400, await portalPage(user, grant, token, { problem: card }));
      }
      await saveCard(db, user.id, card, config.now());
      request.log.info({ userId: user.id, last4: card.last4 }, 'payment method saved');
      await audit(303);
      // Post/redirect/get: a reload shows the page, it does not send the form again.
      return reply.redirect(`${PORTAL_PATH}?token=${encodeURIComponent(token)}&saved=1`, 303);
    },
  );

  app.get(
    `${PORTAL_PATH}/invoices/:invoiceId/pdf`,
    {
      schema: {
        hide: true,
        params: Type.Object({ invoiceId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({ token: Token }),
      },
    },
    async (request, reply) => {
      const granted = await grantOf(request, reply, request.query.token);
      if (!granted) return reply;
      const invoice = await findInvoice(db, granted.user.id, request.params.invoiceId);
      if (!invoice) return html(reply, 404, renderInvalidLinkPage(localeOf(granted.user)));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(await renderInvoicePdf(invoice, localeOf(granted.user)));
    },
  );
};
