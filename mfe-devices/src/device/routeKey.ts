import { PRODUCTS, type ProductId } from '@paddock/shared/domain';

/** The route parameter that carries a product's key: imsi for FarmCam SIM, imei for the others (docs/product/screens.md). */
export function keyParamOf(product: ProductId): 'imsi' | 'imei' {
  return PRODUCTS[product].keyField === 'Imsi' ? 'imsi' : 'imei';
}

/** docs/product/errors.md route guards: a settings page without its key fails with 'missing ctx.data.imsi' or 'missing ctx.data.imei'. */
export function requireDeviceKey(product: ProductId, params: Readonly<Record<string, string | undefined>>): string {
  const param = keyParamOf(product);
  const key = params[param]?.trim();
  if (!key) throw new Error(`missing ctx.data.${param}`);
  return key;
}
