// The support pages the registration pages' help icon links to (docs/product/screens.md); the same site as the shell's
// Support link: the one of the page's branded variant (docs/product/overview.md#branded-variants).
import { VARIANTS, type BrandVariant } from '@paddock/shared/domain';

/** The help page about registering a product, on the support site of `variant` (useVariant()). */
export function registerHelpUrl(variant: BrandVariant, product?: string): string {
  const site = VARIANTS[variant].supportUrl;
  return product ? `${site}register/${product}` : `${site}register`;
}
