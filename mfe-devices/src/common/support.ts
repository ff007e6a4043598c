// The support pages the registration pages' help icon links to (docs/product/screens.md); the same site as the shell's
// Support link: the one of the page's branded variant (docs/product/overview.md#branded-variants).
import { VARIANTS } from '@paddock/shared/domain';
import { currentVariant } from './variant';

/** The help page about registering a product. */
export function registerHelpUrl(product?: string): string {
  const site = VARIANTS[currentVariant()].supportUrl;
  return product ? `${site}register/${product}` : `${site}register`;
}
