// What an API key may call: the one allow-list (docs/product/api-keys.md "What a key may do"). A key is refused (403
// api_key_scope) on every route not listed here for one of its scopes, so a new route is closed to keys until it is
// added. Who may read or switch which device is still decided by the route, as for the key's user.
import type { ApiKeyScope } from '@paddock/shared/contract';
import { PRODUCT_HISTORIES, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { PLUG_PRODUCTS } from '../energy';

/** Allowed: the whole call (`true`), or an update whose body names only these fields (`Parent.Child` for a nested one). */
export type KeyPermission = true | { fields: readonly string[] };

const PRODUCT_IDS = Object.keys(PRODUCTS) as ProductId[];
/** A product's device path as Fastify names the route: /api/smartplugs/:imei. */
const devicePath = (product: ProductId) =>
  `/api/${PRODUCTS[product].apiCollection}/:${PRODUCTS[product].keyField === 'Imsi' ? 'imsi' : 'imei'}`;

/**
 * The plugs' updates a key with plugs:control may send: the timer, and the power where an update switches it
 * (SmartPlug2's OutputPower, docs/product/products/smartplug2.md). Name, sharing, alarms and plans are not a key's.
 */
const PLUG_UPDATE_FIELDS: Partial<Record<ProductId, readonly string[]>> = {
  smartplug: ['Timer'],
  smartplug2: ['OutputPower', 'DeviceConfig.OutputPower', 'Timer'],
};

const devicesRead = (): Record<string, KeyPermission> => ({
  'GET /api/users/:id/devices': true,
  'GET /api/users/:id/devices/trends': true,
  'GET /api/history/retention': true,
  'GET /api/farmcam-sims/:imsi/data': true,
  // Energy per day, week or month (docs/product/energy.md): a reading of the plugs' history.
  'GET /api/users/:id/energy': true,
  ...Object.fromEntries(PLUG_PRODUCTS.map((product) => [`GET ${devicePath(product)}/energy`, true])),
  ...Object.fromEntries(PRODUCT_IDS.map((product) => [`GET ${devicePath(product)}`, true])),
  ...Object.fromEntries(
    PRODUCT_IDS.flatMap((product) => (PRODUCT_HISTORIES[product] ?? []).map((measure) => [`GET ${devicePath(product)}/${measure}`, true])),
  ),
});

const plugsControl = (): Record<string, KeyPermission> =>
  Object.fromEntries(
    PRODUCT_IDS.flatMap((product): [string, KeyPermission][] => {
      const fields = PLUG_UPDATE_FIELDS[product];
      const path = devicePath(product);
      return [
        ...(PRODUCTS[product].power === 'command' ? [[`PUT ${path}/power-enabled`, true] as [string, KeyPermission]] : []),
        ...(fields ? (['PATCH', 'PUT'].map((method) => [`${method} ${path}`, { fields }]) as [string, KeyPermission][]) : []),
      ];
    }),
  );

export const SCOPE_ROUTES: Record<ApiKeyScope, ReadonlyMap<string, KeyPermission>> = {
  'devices:read': new Map(Object.entries(devicesRead())),
  'plugs:control': new Map(Object.entries(plugsControl())),
};

/** `METHOD /api/path` of a request's route; HEAD is its GET. */
export const routeId = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** What the scopes allow of the route (the widest of them), or null: refused. */
export function keyPermission(scopes: readonly string[], route: string): KeyPermission | null {
  let found: KeyPermission | null = null;
  for (const scope of scopes) {
    const permission = SCOPE_ROUTES[scope as ApiKeyScope]?.get(route);
    if (permission === true) return true;
    if (permission) found = found ? { fields: [...found.fields, ...permission.fields] } : permission;
  }
  return found;
}

/** The first field of a body outside `allowed` (dotted for a nested one), or null when it names only allowed ones. */
export function refusedField(body: unknown, allowed: readonly string[], parent = ''): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  for (const [name, value] of Object.entries(body)) {
    const field = parent ? `${parent}.${name}` : name;
    if (allowed.includes(field)) continue;
    const nested = allowed.some((path) => path.startsWith(`${field}.`));
    if (!nested || value === null || typeof value !== 'object' || Array.isArray(value)) return field;
    const inner = refusedField(value, allowed, field);
    if (inner) return inner;
  }
  return null;
}
