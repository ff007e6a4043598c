// The route parameters of the pages that need one (docs/product/screens.md) and the route guards of
// docs/product/errors.md, for the device pages and the admin pages alike.
import { PRODUCT_INFO } from '../products/catalogue';
import type { ProductId } from '../products/ids';

export type RouteParamName = 'id' | 'imei' | 'imsi';

/** The route parameter that carries a product's key: imsi for FarmCam SIM, imei for the others. */
export function keyParamOf(product: ProductId): 'imsi' | 'imei' {
  return PRODUCT_INFO[product].keyField === 'Imsi' ? 'imsi' : 'imei';
}

/** Route guard: the parameter's value, or 'missing ctx.data.{name}' when the link has none. */
export function requireRouteParam(params: Readonly<Record<string, string | undefined>>, name: RouteParamName): string {
  const value = params[name]?.trim();
  if (!value) throw new Error(`missing ctx.data.${name}`);
  return value;
}

/** Route guard of a device page: its key, or 'missing ctx.data.imsi' / 'missing ctx.data.imei'. */
export function requireDeviceKey(product: ProductId, params: Readonly<Record<string, string | undefined>>): string {
  return requireRouteParam(params, keyParamOf(product));
}
