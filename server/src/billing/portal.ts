// "Manage payment" (docs/product/api.md): GET /users/{id}/billing?return-url= gives the payment provider's portal
// address for the account. The link and its way back are on PUBLIC_URL, never on the request's Host (which a caller
// writes), except a configured branded variant host (VARIANT_HOSTS): return-url must be on that origin, so a real
// Paddock portal page cannot send the customer elsewhere.
import { BillingPortal, BillingPortalQuery, UserIdParams } from '@paddock/shared/contract';
import { VARIANTS } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { publicOriginFor } from '../http/publicLinks';
import { bearerAuth, errorReplies } from '../http/schemas';
import { findUserById } from '../users';
import type { PaymentProvider } from './payments';
import { requestVariant } from '../variants';
import { purchaseLimits } from './purchases';

/** Where the shell shows billing: the default way back from the portal (the variant table's, on PUBLIC_URL). */
const BILLING_PAGE = VARIANTS.default.billingReturnPath;

const invalidReturnUrl = () => badRequest('invalid_field', 'return-url', { field: 'return-url' });

/** The return address if it is on Paddock's origin (http or https), else 400 naming return-url. */
export function checkReturnUrl(returnUrl: string | undefined, origin: string, billingPage: string = BILLING_PAGE): string {
  if (returnUrl === undefined) return `${origin}${billingPage}`;
  const url = URL.canParse(returnUrl) ? new URL(returnUrl) : null;
  if (!url || url.origin !== origin || url.username || url.password) throw invalidReturnUrl();
  return url.href;
}

export const portalRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; payments: PaymentProvider }> = async (app, { ctx, payments }) => {
  app.get(
    '/users/:id/billing',
    {
      schema: {
        tags: ['billing'],
        summary:
          "The payment provider's customer portal for the account ({Url}; the built-in one is signed and valid for 15 minutes). return-url: where the portal links back to, one of Paddock's own addresses (default: its /billing page)",
        security: bearerAuth,
        params: UserIdParams,
        querystring: BillingPortalQuery,
        response: { 200: BillingPortal, ...errorReplies(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user: caller, tokenHash } = authorize(request, 'user:buy', { userId: id });
      // Each link is a signed credential: counted like a purchase, so they cannot be minted without end.
      await ctx.limiter.take(purchaseLimits(ctx.config, caller.id, request));
      // PUBLIC_URL, or a configured variant host on PUBLIC_URL's scheme and port: a Host header is the caller's to write.
      const origin = publicOriginFor(ctx.config, request.host);
      // docs/product/overview.md#branded-variants: a partner host's portal comes back to the partner's billing page.
      const returnUrl = checkReturnUrl(
        request.query['return-url'],
        origin,
        VARIANTS[requestVariant(request, ctx.config)].billingReturnPath,
      );
      const user = await findUserById(ctx.db, id);
      if (!user) throw notFound();
      return { Url: await payments.portalUrl(ctx.db, user, { returnUrl, origin, tokenHash }) };
    },
  );
};
