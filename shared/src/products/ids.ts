// The product ids, in the order the products are listed everywhere (docs/product/overview.md). A leaf: the modules, the registry
// (index.ts) and the rules that take a product are all typed by this union, so it cannot come from the registry
// itself; the registry's type makes it hold exactly one module for each id. No TypeBox here: the shell's route
// table imports this file (the wire schema `ProductId` is in index.ts).
export const PRODUCT_IDS = ['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'] as const;
/** The data key of a product (docs/product/overview.md): used in paths, in the wire `Product` field and everywhere else. */
export type ProductId = (typeof PRODUCT_IDS)[number];

export function isProductId(value: unknown): value is ProductId {
  return typeof value === 'string' && (PRODUCT_IDS as readonly string[]).includes(value);
}
