// Branded variants: the variant of a request and the shell's page for it.
export { readVariantPage } from './page';
export { refuseUnoffered, requestVariant } from './variant';
