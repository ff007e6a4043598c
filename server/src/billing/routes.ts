// Purchases (docs/product/api.md): POST /users/{id}/sms buys the SMS bundle for the account, paid through the payment
// provider, charged once per Idempotency-Key, at most RATE_LIMIT_PURCHASE times per window per caller; the other billing calls register here too (extra data, invoices, portal).
import { PurchaseHeaders, User, UserIdParams } from '@paddock/shared/contract';
import { SMS_BUNDLE } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { toUser } from '../users';
import { extraDataRoutes } from './extraData';
import { invoiceRoutes } from './invoices';
import type { PaymentProvider } from './payments';
import { portalRoutes } from './portal';
import { declinedAsPaymentRequired, purchaseKeyOf, purchaseLimits } from './purchases';
import { buySmsBundle } from './smsBundle';

export const billingRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; payments: PaymentProvider }> = async (app, { ctx, payments }) => {
  app.post(
    '/users/:id/sms',
    {
      schema: {
        tags: ['billing'],
        summary: `Buys the SMS bundle (${SMS_BUNDLE.Count} SMS at the catalogue's Sms price ex VAT, in SEK when the account's country is SE, else EUR) and returns the account with the new balance; charged once per Idempotency-Key`,
        security: bearerAuth,
        params: UserIdParams,
        headers: PurchaseHeaders,
        response: { 200: User, ...errorReplies(400, 401, 402, 403, 404, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user: caller } = authorize(request, 'user:buy', { userId: id });
      await ctx.limiter.take(purchaseLimits(ctx.config, caller.id, request));
      const user = await buySmsBundle(ctx.db, payments, id, purchaseKeyOf(request)).catch(declinedAsPaymentRequired(request, 'Sms'));
      if (!user) throw notFound();
      request.log.info({ userId: id, item: 'Sms', balance: user.smsBalance }, 'SMS bundle bought');
      return toUser(user);
    },
  );
  await app.register(extraDataRoutes, { ctx, payments });
  await app.register(invoiceRoutes, { ctx, payments });
  await app.register(portalRoutes, { ctx, payments });
};
