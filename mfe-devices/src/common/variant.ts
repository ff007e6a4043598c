import { offeredProducts, type ProductId } from '@paddock/shared/domain';
import { currentVariant } from '@paddock/shared/ui';

export { currentVariant };

/** The products this host offers for registration (docs/product/overview.md). */
export function productsOffered(): readonly ProductId[] {
  return offeredProducts(currentVariant());
}
