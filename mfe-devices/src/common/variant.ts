import { createContext, useContext } from 'react';
import { offeredProducts, type BrandVariant, type ProductId } from '@paddock/shared/domain';
import { currentVariant } from '@paddock/shared/ui';

/**
 * The variant an embed was mounted with (docs/product/embedding.md: each embed has its own, and the partner's page
 * has no `<html data-variant>` of Paddock's); null on Paddock's own pages, which read the page's.
 */
export const EmbedVariantContext = createContext<BrandVariant | null>(null);

/** The branded variant the screens are shown in: the embed's own, else the page's (docs/product/overview.md#branded-variants). */
export function useVariant(): BrandVariant {
  return useContext(EmbedVariantContext) ?? currentVariant();
}

/** The products this host (or embed) offers for registration (docs/product/overview.md): no FarmCam SIM for a partner. */
export function useOfferedProducts(): readonly ProductId[] {
  return offeredProducts(useVariant());
}
