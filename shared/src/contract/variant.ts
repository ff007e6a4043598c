// GET /api/variant (docs/product/api.md): the branded variant of the host the request came to, and what it offers.
import { Type, type Static } from '@sinclair/typebox';
import { BRAND_VARIANTS } from '../domain/variants';
import { PRODUCT_IDS } from '../products/ids';

export const VariantReply = Type.Object({
  Variant: Type.Union(BRAND_VARIANTS.map((variant) => Type.Literal(variant))),
  /** The app's name in this variant (never translated). */
  Name: Type.String(),
  /** The products this host registers; the others are refused (403 product_not_offered). */
  Products: Type.Array(Type.Union(PRODUCT_IDS.map((id) => Type.Literal(id)))),
  SupportUrl: Type.String(),
  /** The variant's web app manifest, logo and favicon, on this host. */
  Manifest: Type.String(),
  Logo: Type.String(),
  /** The brand colour (manifest theme colour, icons). */
  ThemeColor: Type.String(),
});
export type VariantReply = Static<typeof VariantReply>;
