import { BRAND_VARIANTS, offeredProducts, type BrandVariant, type ProductId } from '@paddock/shared/domain';

/** The branded variant the host chose (docs/product/overview.md): the shell marks it on <html data-variant>; default otherwise. */
export function currentVariant(): BrandVariant {
  const value = typeof document !== 'undefined' ? document.documentElement.dataset.variant : undefined;
  return (BRAND_VARIANTS as readonly string[]).includes(value ?? '') ? (value as BrandVariant) : 'default';
}

/** The products this host offers for registration. */
export function productsOffered(): readonly ProductId[] {
  return offeredProducts(currentVariant());
}
