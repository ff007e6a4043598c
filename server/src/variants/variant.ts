// The branded variant of a request (docs/product/overview.md#branded-variants): chosen by the host the request came to
// (as TRUST_PROXY lets the server see it, like the billing portal's return-url check) against VARIANT_HOSTS. The
// server tells the shell its variant in the served index.html (page.ts) and at GET /api/variant, and refuses to
// register a product the variant does not offer.
import { PRODUCTS, VARIANTS, variantForHost, variantIcons, type BrandVariant, type ProductId, isOffered } from '@paddock/shared/domain';
import { VariantReply } from '@paddock/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../http/errors';

/** The variant of the host this request reached. */
export function requestVariant(request: FastifyRequest, config: Pick<Config, 'variantHosts'>): BrandVariant {
  return variantForHost(request.host, config.variantHosts);
}

/**
 * 403 product_not_offered when the request's variant does not offer the product (docs/product/errors.md): the
 * partner variant registers no FarmCam SIM, whatever its register chooser shows.
 */
export function refuseUnoffered(request: FastifyRequest, config: Pick<Config, 'variantHosts'>, product: ProductId): void {
  const variant = requestVariant(request, config);
  if (isOffered(variant, product)) return;
  throw new AppError(403, 'product_not_offered', undefined, { product: PRODUCTS[product].name, brand: VARIANTS[variant].name });
}

export function variantReply(variant: BrandVariant): VariantReply {
  const brand = VARIANTS[variant];
  const icons = variantIcons(variant);
  return {
    Variant: variant,
    Name: brand.name,
    Products: [...brand.products],
    SupportUrl: brand.supportUrl,
    Manifest: icons.manifest,
    Logo: icons.logo,
    ThemeColor: brand.colours.brand,
  };
}

export const variantRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/variant',
    {
      config: { embed: true, showsNoUserData: true },
      schema: {
        tags: ['variants'],
        summary: 'The branded variant of the host the request came to (VARIANT_HOSTS): its name, offered products, support address and icons. Public.',
        response: { 200: VariantReply },
      },
    },
    // Public like /health: a signed-out page needs it too; it only tells what the host already shows.
    async (request, reply) => {
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Host');
      return variantReply(requestVariant(request, config));
    },
  );
};
