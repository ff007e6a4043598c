// The registry of device products: one module per product (products/<id>), and everything that is derived from
// the list — the Device union, the device list, the schemas by product, and the rules that take any device.
// Adding a product: its folder and one line in PRODUCTS (plus its id in ids.ts); the type of PRODUCTS fails
// until the module is complete.
//
// Layers: the modules import only leaf parts of contract/ and domain/; this file imports the modules; the domain
// rules that look a product up (reporting, tags, dashboard, device settings) import this file. No cycles.
import { Type, type Static, type TArray, type TObject } from '@sinclair/typebox';
import { transitionsBetween, alarmStateIn, type AlarmTransition, type NotifiedAlarm } from '../domain/alarmNotifications';
import type { FieldsPatch } from '../domain/alarmState';
import type { HistoryMeasure } from '../domain/logs';
import type { WarningCode } from '../domain/warnings';
import { ConfigVersion } from '../contract/deviceProtocol';
import { farmcamSim } from './farmcamSim';
import { fencealarm } from './fencealarm';
import { fencealarm2 } from './fencealarm2';
import { PRODUCT_IDS, type ProductId as ProductIdOf } from './ids';
import type { ProductModule } from './module';
import { smartplug } from './smartplug';
import { smartplug2 } from './smartplug2';

export * from './catalogue';

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
export type { PowerSwitch, ProductInfo, ProductModule } from './module';

/** Every product's module, by id, in PRODUCT_IDS order. */
export const PRODUCTS = {
  'farmcam-sim': farmcamSim,
  fencealarm,
  fencealarm2,
  smartplug,
  smartplug2,
} as const satisfies { readonly [P in ProductId]: ProductModule<P> };

type Modules = typeof PRODUCTS;

/** The representation of one product (docs/product/devices.md). */
export type DeviceOf<P extends ProductId> = Static<Modules[P]['schema']>;
/** The `up/reading` payload of each product. */
export type ReadingOf = { [P in ProductId]: Static<Modules[P]['readingSchema']> };
/** The products that take a configuration (a FarmCam SIM has none). */
export type ConfiguredProductId = { [P in ProductId]: Modules[P]['configSchema'] extends TObject ? P : never }[ProductId];
/** The configuration each configured product runs (`down/config`). */
export type DeviceConfigOf = { [P in ConfiguredProductId]: Static<NonNullable<Modules[P]['configSchema']>> };
/** The array of the device-list reply that holds a product's devices (docs/product/devices.md). */
export type DeviceListKey = Modules[ProductId]['listKey'];

/**
 * The registry seen through each module's own types: what the rules below call, so a call needs no narrowing.
 * `config` answers any product's configuration, so its result reads as one type for all.
 */
const MODULES: {
  readonly [P in ProductId]: Omit<
    ProductModule<P, Modules[P]['listKey'], Modules[P]['schema'], Modules[P]['readingSchema'], Modules[P]['configSchema']>,
    'config'
  > & { config(device: DeviceOf<P>): DeviceConfig | null };
} = PRODUCTS;

/** One entry per product, in PRODUCT_IDS order; `Out` is what the entries add up to (stated by each caller). */
function byProduct<Out>(entry: (product: ProductId) => [string, unknown], products: readonly ProductId[] = PRODUCT_IDS): Out {
  return Object.fromEntries(products.map(entry)) as Out;
}

// ---- Wire schemas derived from the modules (docs/product/devices.md) -----------------------------------------------------------

/** Any device; narrow on `Product`. */
export const Device = Type.Union(PRODUCT_IDS.map((product) => MODULES[product].schema));
export type Device = DeviceOf<ProductId>;

/** The arrays of the device-list reply (docs/product/devices.md), in product order. */
export const DEVICE_LIST_KEYS: readonly DeviceListKey[] = PRODUCT_IDS.map((product) => MODULES[product].listKey);

/** GET /users/{id}/devices (docs/product/devices.md, docs/product/api.md): one array per product. */
export const DeviceList = Type.Object(
  byProduct<{ [P in ProductId as Modules[P]['listKey']]: TArray<Modules[P]['schema']> }>((product) => [
    MODULES[product].listKey,
    Type.Array(MODULES[product].schema),
  ]),
);
export type DeviceList = Static<typeof DeviceList>;

/** A device list with no devices. */
export function emptyDeviceList(): DeviceList {
  return byProduct<DeviceList>((product) => [MODULES[product].listKey, []]);
}

/** The `up/reading` schema of each product. */
export const READING_SCHEMAS = byProduct<{ readonly [P in ProductId]: Modules[P]['readingSchema'] }>((product) => [
  product,
  MODULES[product].readingSchema,
]);
export type DeviceReading = ReadingOf[ProductId];

/** The configuration schema of each configured product. */
export const DEVICE_CONFIG_SCHEMAS = byProduct<{ readonly [P in ConfiguredProductId]: NonNullable<Modules[P]['configSchema']> }>(
  (product) => [product, MODULES[product].configSchema],
  PRODUCT_IDS.filter(isConfiguredProduct),
);
export type DeviceConfig = NonNullable<ReturnType<Modules[ProductId]['config']>>;
/** `down/config`, retained: the whole configuration and its Version. */
export type DeviceConfigMessage = DeviceConfig & { Version: number };

export function isConfiguredProduct(product: ProductId): product is ConfiguredProductId {
  return MODULES[product].configSchema !== null;
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

// ---- Product facts by id (docs/product/overview.md, docs/product/screens.md, docs/product/devices.md, docs/product/api.md) -----------------------------------------------------------------

/** docs/product/devices.md: the device-list array that holds a product's devices. */
export function listKeyOf<P extends ProductId>(product: P): Modules[P]['listKey'] {
  return MODULES[product].listKey;
}

/** docs/product/screens.md: the charts of each product's log page, in page order. */
export const PRODUCT_HISTORIES = byProduct<Readonly<Record<ProductId, readonly HistoryMeasure[]>>>((product) => [
  product,
  MODULES[product].histories,
]);

/** A product's reporting interval (s) while its device has not announced one in its status. */
export const DEFAULT_REPORTING_SECONDS = byProduct<Readonly<Record<ProductId, number>>>((product) => [
  product,
  MODULES[product].defaultReportingSeconds,
]);

/** docs/product/devices.md: every device of a list, in product order. */
export function allDevices(list: DeviceList): Device[] {
  return PRODUCT_IDS.flatMap((product): Device[] => list[listKeyOf(product)]);
}

/** docs/product/screens.md dashboard: devices grouped by type (in the given product order, empty groups dropped), each sorted by name. */
export function groupDevices(
  list: DeviceList,
  products: readonly ProductId[],
  locale?: string,
): { product: ProductId; devices: Device[] }[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  return products
    .map((product) => ({
      product,
      devices: [...(list[listKeyOf(product)] as Device[])].sort((a, b) => collator.compare(a.Metadata.Name, b.Metadata.Name)),
    }))
    .filter((group) => group.devices.length > 0);
}

// ---- Rules over any device (docs/product/screens.md, docs/product/devices.md, docs/product/states.md, docs/protocol.md) -----------------------------------------

/** A device as the server stores it: the fields of its representation as JSON, not typed by the database. */
export type StoredFields = Record<string, unknown>;

/**
 * The stored fields of a device of `product`, read as its representation. The server writes them only from the
 * product's own rules (initial fields, updates, readingPatch), so they have its shape; this is the one place that
 * takes stored JSON at its word.
 */
function storedAs<P extends ProductId>(_product: P, fields: StoredFields): DeviceOf<P> {
  return fields as DeviceOf<P>;
}

/**
 * The live values and alarm states one reading (measured at `at`) sets on a device whose stored representation
 * is `device` (its alarm bounds are read from there).
 */
export function readingPatch<P extends ProductId>(product: P, device: StoredFields, reading: ReadingOf[P], at: Date): FieldsPatch {
  return MODULES[product].readingPatch(storedAs(product, device), reading, at);
}

/** When the newest reading already applied was measured (null: none yet, or the product keeps no time). */
export function lastReadingTime<P extends ProductId>(product: P, device: StoredFields): Date | null {
  const stamp = MODULES[product].lastReadingAt(storedAs(product, device));
  const time = stamp ? Date.parse(stamp) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
}

/** Offline as the product shows it: OfflineAlarm.Triggered (FenceAlarm, SmartPlug), ConnectionLost (SmartPlug2), nothing for the others. */
export function offlinePatch(product: ProductId, offline: boolean): FieldsPatch {
  return MODULES[product].offlinePatch(offline);
}

/** The configuration of a device with the stored representation `device`; null for a FarmCam SIM. */
export function deviceConfigOf<P extends ProductId>(product: P, device: StoredFields): DeviceConfig | null {
  return MODULES[product].config(storedAs(product, device));
}

/** docs/product/screens.md, docs/product/states.md: the warnings of any device (the card's flashing icon shows when the list is not empty). */
export function deviceWarnings(device: Device, now: Date): WarningCode[] {
  return warningsOf(device.Product, device, now);
}
/** The device and its product as one type parameter, so the product's own rule takes the device as it is. */
function warningsOf<P extends ProductId>(product: P, device: DeviceOf<P>, now: Date): WarningCode[] {
  return MODULES[product].warnings(device, now);
}

/** The alarms of `product` whose Triggered differs between two versions of the device's fields. */
export function alarmTransitions(product: ProductId, before: StoredFields, after: StoredFields): AlarmTransition[] {
  return transitionsBetween(MODULES[product].notifiedAlarms, before, after);
}

/** One alarm's state in a device's fields now (null: the product has no such alarm). */
export function currentAlarm(product: ProductId, fields: StoredFields, alarm: NotifiedAlarm): Omit<AlarmTransition, 'alarm'> | null {
  return alarmStateIn(MODULES[product].notifiedAlarms, fields, alarm);
}
