// Staff review of warranty claims (docs/product/admin.md "Warranty claims", issue 26 "Warranty serial squatting"): the
// products and serials several accounts claim, each claim with its proof; accepting one makes it the registration and
// rejects the others, rejecting one leaves the registration. Each claimant decided on is told by e-mail.
import { WarrantyClaim, WarrantyClaimParams, WarrantyDisputeList } from '@paddock/shared/contract';
import { FALLBACK_LOCALE, isLocale } from '@paddock/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { appLink } from '../http/publicLinks';
import { bearerAuth, errorReplies } from '../http/schemas';
import { translate } from '../i18n/messages';
import type { Mail } from '../notify';
import { decideClaim, DISPUTES_LIST_MAX, listDisputes, toClaim, type DecidedClaim } from './store';

/** The mail telling a claimant the staff's decision, in their language, with a link to their warranties. */
export function decisionMail(ctx: Pick<AppContext, 'config'>, { claim, outcome }: DecidedClaim): Mail {
  const locale = isLocale(claim.locale) ? claim.locale : FALLBACK_LOCALE;
  const values = { product: claim.product, serial: claim.serialNumber, link: appLink(ctx.config, '/warranties') };
  return {
    to: claim.email,
    subject: translate(locale, `warranty_${outcome}_subject`, values),
    text: translate(locale, `warranty_${outcome}_text`, values),
  };
}

/** Sends each mail; a failure is logged, not raised: the decision is stored and the claimant sees it in the app. */
async function tellClaimants(ctx: AppContext, decided: DecidedClaim[], log: FastifyBaseLogger): Promise<void> {
  for (const entry of decided) {
    const mail = decisionMail(ctx, entry);
    await ctx.mailer
      .send(mail)
      .catch((error: unknown) => log.error({ err: error, to: mail.to }, 'could not send a warranty decision mail'));
  }
}

export const warrantyReviewRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/warranty-claims',
    {
      schema: {
        tags: ['admin'],
        summary: `Admin: every product and serial with a claim in review (at most ${DISPUTES_LIST_MAX}, the oldest first), each with all its open claims: the registration first, each with its claimant and the path of its proof`,
        security: bearerAuth,
        response: { 200: WarrantyDisputeList, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'warranty:review');
      return listDisputes(ctx.db);
    },
  );

  for (const decision of ['accept', 'reject'] as const) {
    app.post(
      `/admin/warranty-claims/:id/${decision}`,
      {
        config: { audit: decision === 'accept' ? 'warranty.accept' : 'warranty.reject' },
        schema: {
          tags: ['admin'],
          summary:
            decision === 'accept'
              ? 'Admin: makes the claim the registration of its product and serial and rejects every other open claim of it; each claimant is mailed. 409 warranty_claim_decided when nothing is in review'
              : 'Admin: rejects a claim in review; the registration stays; the claimant is mailed. 409 warranty_claim_decided when the claim is not in review',
          security: bearerAuth,
          params: WarrantyClaimParams,
          response: { 200: WarrantyClaim, ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        authorize(request, 'warranty:review');
        const decided = await decideClaim(ctx.db, request.params.id, decision, ctx.config.now());
        request.log.info({ claim: request.params.id, decision, claims: decided.length }, 'warranty claim decided');
        await tellClaimants(ctx, decided, request.log);
        return toClaim(decided[0].claim);
      },
    );
  }
};
