// The support pages the registration pages' help icon links to (docs/product/screens.md); the same site as the shell's Support link.
export const SUPPORT_URL = 'https://support.paddock.farm/';

/** The help page about registering a product. */
export function registerHelpUrl(product?: string): string {
  return product ? `${SUPPORT_URL}register/${product}` : `${SUPPORT_URL}register`;
}
