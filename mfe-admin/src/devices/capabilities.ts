// What the admin pages need of a product beyond the registry (PRODUCT_INFO says what staff can do to its devices:
// trialData, firmwareUpdates, consumptionReset, docs/product/admin.md).
import { IMPERSONATE_DEVICE_KEYS, productOfImpersonateKey, type ImpersonateDeviceKey } from '@paddock/shared/contract';
import { PRODUCT_IDS, type ProductId } from '@paddock/shared/domain';

/** The `key` of GET /admin/impersonate for a product's devices: its id without dashes (`farmcamsim`…). */
export function impersonateKeyOf(product: ProductId): ImpersonateDeviceKey {
  const key = IMPERSONATE_DEVICE_KEYS.find((k) => productOfImpersonateKey(k) === product);
  if (!key) throw new Error(`no impersonation key for ${product}`);
  return key;
}

/** The products with admin pages, in the registry's order. */
export const ADMIN_PRODUCTS: readonly ProductId[] = PRODUCT_IDS;
