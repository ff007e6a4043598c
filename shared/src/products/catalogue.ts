// The light registry: each product's info (ids, names, paths, key field, list key, tag, power switch) without its
// schemas and rules. The API client and the shell's federated modules use it, so TypeBox and the product rules stay
// out of the sign-in and dashboard start-up (docs/architecture/README.md#budgets).
import { farmcamSimInfo } from './farmcamSim/info';
import { fencealarmInfo } from './fencealarm/info';
import { fencealarm2Info } from './fencealarm2/info';
import { PRODUCT_IDS, type ProductId } from './ids';
import type { ProductInfo } from './module';
import { smartplugInfo } from './smartplug/info';
import { smartplug2Info } from './smartplug2/info';

export * from './ids';

export const PRODUCT_INFO = {
  'farmcam-sim': farmcamSimInfo,
  fencealarm: fencealarmInfo,
  fencealarm2: fencealarm2Info,
  smartplug: smartplugInfo,
  smartplug2: smartplug2Info,
} as const satisfies { readonly [P in ProductId]: ProductInfo<P> };

/** docs/product/overview.md: the product of a route-card id (farm-cam-sim) or a data key (farmcam-sim); null when unknown. */
export function productOfRouteId(id: string): ProductId | null {
  return PRODUCT_IDS.find((p) => PRODUCT_INFO[p].routeId === id || p === id) ?? null;
}

/** docs/product/api.md: the API collection of a product: farmcam-sims, fencealarms, fencealarm2s, smartplugs, smartplug2s. */
export function collectionOf(product: ProductId): string {
  return PRODUCT_INFO[product].apiCollection;
}

/** docs/product/api.md: FenceAlarm2 and SmartPlug2 nest metadata under `Metadata` and the plan under `Subscription`; the others are flat. */
export function nestsMetadata(product: ProductId): boolean {
  return PRODUCT_INFO[product].nestsMetadata;
}
