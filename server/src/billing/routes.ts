// Purchases (docs/product/api.md): POST /users/{id}/sms buys the SMS bundle for the account, paid through the payment provider.
import { randomUUID } from 'node:crypto';
import { User, UserIdParams } from '@paddock/shared/contract';
import { SMS_BUNDLE } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { AppError, notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { toUser } from '../users/store';
import { PaymentDeclinedError, type PaymentProvider } from './payments';
import { buySmsBundle } from './smsBundle';

export const billingRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; payments: PaymentProvider }> = async (app, { ctx, payments }) => {
  app.post(
    '/users/:id/sms',
    {
      schema: {
        tags: ['billing'],
        summary: `Buys the SMS bundle (${SMS_BUNDLE.Count} SMS, price ex VAT in SEK when the account's country is SE, else EUR) and returns the account with the new balance`,
        security: bearerAuth,
        params: UserIdParams,
        response: { 200: User, ...errorReplies(400, 401, 402, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      authorize(request, 'user:buy', { userId: id });
      const purchaseKey = request.headers['idempotency-key'];
      const user = await buySmsBundle(ctx.db, payments, id, typeof purchaseKey === 'string' && purchaseKey ? purchaseKey : randomUUID()).catch((error: unknown) => {
        if (!(error instanceof PaymentDeclinedError)) throw error;
        request.log.warn({ userId: id, item: SMS_BUNDLE.Id, err: error }, 'payment declined');
        throw new AppError(402, 'payment_declined');
      });
      if (!user) throw notFound();
      request.log.info({ userId: id, item: SMS_BUNDLE.Id, balance: user.smsBalance }, 'SMS bundle bought');
      return toUser(user);
    },
  );
};
