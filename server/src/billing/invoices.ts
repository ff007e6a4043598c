// The account's invoices (docs/product/api.md): the list and each invoice's PDF, from the payment provider. The
// account's owner or an admin (docs/product/roles.md, like the account itself); an invoice of another account is 404.
import { Invoice, InvoicePdfParams, UserIdParams } from '@paddock/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { findUserById } from '../users';
import type { PaymentProvider } from './payments';

export const invoiceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; payments: PaymentProvider }> = async (app, { ctx, payments }) => {
  const { db } = ctx;
  const tags = ['billing'];

  /** The account, once the caller may read it (else 401/403); 404 when there is none. */
  const account = async (request: Parameters<typeof authorize>[0], userId: string) => {
    authorize(request, 'user:read', { userId });
    const user = await findUserById(db, userId);
    if (!user) throw notFound();
    return user;
  };

  app.get(
    '/users/:id/invoices',
    {
      schema: {
        tags,
        summary: "The account's invoices, newest first: net, VAT and gross in minor units, and where to download each PDF",
        security: bearerAuth,
        params: UserIdParams,
        response: { 200: Type.Array(Invoice), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => payments.invoices(db, await account(request, request.params.id)),
  );

  app.get(
    '/users/:id/invoices/:invoiceId/pdf',
    {
      schema: {
        tags,
        summary: "One of the account's invoices as a PDF download (in the account's language)",
        security: bearerAuth,
        params: InvoicePdfParams,
        response: {
          // Widened: the handler sends the PDF's bytes (which Fastify sends unserialized).
          200: { description: 'The invoice', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } } as {
            description: string;
            content: Record<string, { schema: TSchema }>;
          },
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const user = await account(request, request.params.id);
      const pdf = await payments.invoicePdf(db, user, request.params.invoiceId);
      if (!pdf) throw notFound();
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${request.params.invoiceId}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
