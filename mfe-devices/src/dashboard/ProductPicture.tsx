import type { ProductId } from '@paddock/shared/domain';
import { DEVICE_PRODUCTS } from '../products';

// A small drawing of each product on its card (docs/product/screens.md /devices), from its folder
// (products/<id>/picture.tsx): told apart at a glance, the two generations of fence alarm and of plug too. Inline SVG
// in the card's colours: no image request, a few hundred bytes each (the /devices budget, docs/architecture/README.md#budgets).
export function ProductPicture({ product }: { product: ProductId }) {
  return (
    <svg className="pd-picture" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" data-product={product}>
      {DEVICE_PRODUCTS[product].picture}
    </svg>
  );
}
