// The branded variants of the app and the products each offers (docs/product/overview.md).
import type { ProductId } from '../products/ids';

/** The branded variants (docs/product/overview.md). */
export const BRAND_VARIANTS = ['default', 'partner'] as const;
export type BrandVariant = (typeof BRAND_VARIANTS)[number];

/** Products each variant offers (docs/product/overview.md): the partner variant has no FarmCam SIM. */
export const VARIANT_PRODUCTS: Readonly<Record<BrandVariant, readonly ProductId[]>> = {
  default: ['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'],
  partner: ['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'],
};

/** docs/product/overview.md: which products a variant offers (the register chooser shows one card each). */
export function offeredProducts(variant: BrandVariant): readonly ProductId[] {
  return VARIANT_PRODUCTS[variant];
}

/** docs/product/overview.md: whether a variant offers a product. */
export function isOffered(variant: BrandVariant, product: ProductId): boolean {
  return VARIANT_PRODUCTS[variant].includes(product);
}
