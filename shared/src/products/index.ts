// The registry of device products: one module per product (products/<id>: info.ts its facts, rules.ts its rules,
// contract.ts its schemas), and everything derived from the list. registry.ts holds the facts and rules and the
// rules over any device, with no schema (the dashboard loads it without TypeBox); this file adds the wire schemas
// (the Device union, the device list, the schemas by product) and re-exports the registry.
// Adding a product: its folder and one line in PRODUCT_RULES and PRODUCTS (plus its id in ids.ts); their types fail
// until the product is complete.
//
// Layers: the products import only leaf parts of contract/ and domain/; registry.ts and this file import the
// products; the domain rules that look a product up (reporting, tags, dashboard, device settings) import
// registry.ts. No cycles.
import { Type, type TArray, type TObject } from '@sinclair/typebox';
import { ConfigVersion } from '../contract/deviceProtocol';
import { farmcamSim } from './farmcamSim';
import { fencealarm } from './fencealarm';
import { fencealarm2 } from './fencealarm2';
import { PRODUCT_IDS, type ProductId as ProductIdOf } from './ids';
import type { ProductModule } from './module';
import { byProduct, type ConfiguredProductId, type Device as AnyDevice, type DeviceConfig, type DeviceList as DeviceListOf } from './registry';
import { smartplug } from './smartplug';
import { smartplug2 } from './smartplug2';

export * from './catalogue';
export * from './registry';

/** The `Product` field on the wire; the id type keeps its name beside it. */
export const ProductId = Type.Union(PRODUCT_IDS.map((p) => Type.Literal(p)));
export type ProductId = ProductIdOf;
export {
  LOW_DATA_BYTES,
  OUT_OF_DATA_BELOW,
  DATA_ALERT_THRESHOLD_MB_DEFAULT,
  DATA_ALERT_THRESHOLD_MB_MAX,
  DATA_ALERT_THRESHOLD_MB_MIN,
  REGISTRATION_TRIAL_DATA_BYTES,
  dataAlertOf,
  dataGranted,
  initialSimData,
  parseDataAlertThreshold,
  remainingAtReading,
  settledSimData,
  type SimDataAlert,
} from './farmcamSim';
export type { PowerSwitch, ProductInfo, ProductModule, ProductRules } from './module';

/** Every product's module, by id, in PRODUCT_IDS order: its facts and rules (registry.ts) with its schemas. */
export const PRODUCTS = {
  'farmcam-sim': farmcamSim,
  fencealarm,
  fencealarm2,
  smartplug,
  smartplug2,
} as const satisfies { readonly [P in ProductId]: ProductModule<P> };

type Modules = typeof PRODUCTS;

// ---- Wire schemas derived from the modules (docs/product/devices.md) -----------------------------------------------------------

/** Any device; narrow on `Product`. */
export const Device = Type.Union(PRODUCT_IDS.map((product) => PRODUCTS[product].schema));
export type Device = AnyDevice;

/** GET /users/{id}/devices (docs/product/devices.md, docs/product/api.md): one array per product. */
export const DeviceList = Type.Object(
  byProduct<{ [P in ProductId as Modules[P]['listKey']]: TArray<Modules[P]['schema']> }>((product) => [
    PRODUCTS[product].listKey,
    Type.Array(PRODUCTS[product].schema),
  ]),
);
export type DeviceList = DeviceListOf;

/** The `up/reading` schema of each product. */
export const READING_SCHEMAS = byProduct<{ readonly [P in ProductId]: Modules[P]['readingSchema'] }>((product) => [
  product,
  PRODUCTS[product].readingSchema,
]);

/** The configuration schema of each configured product. */
export const DEVICE_CONFIG_SCHEMAS = byProduct<{ readonly [P in ConfiguredProductId]: NonNullable<Modules[P]['configSchema']> }>(
  (product) => [product, PRODUCTS[product].configSchema],
  PRODUCT_IDS.filter(isConfiguredProduct),
);

export function isConfiguredProduct(product: ProductId): product is ConfiguredProductId {
  return PRODUCTS[product].configSchema !== null;
}

/**
 * `up/config`: the configuration the device now runs. Version is required; the config fields are checked when
 * present (a device may report only the ones it knows).
 */
export function configReportSchema(product: ConfiguredProductId): TObject {
  return Type.Composite([Type.Object({ Version: ConfigVersion }), Type.Partial(DEVICE_CONFIG_SCHEMAS[product])]);
}
/** Any product's report: every config field optional (the schema above says which ones a product may send). */
export type ConfigReport = { Version: number } & Partial<UnionToIntersection<DeviceConfig>>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

