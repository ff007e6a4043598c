// The product registry without schemas: every product's facts and rules, and the rules over any device that are
// derived from them (the device list, warnings, readings, alarms, configuration). The dashboard and the server's
// rules use this; the wire schemas are in index.ts, which re-exports all of this. Kept free of TypeBox so that the
// dashboard's JS stays within its budget (docs/architecture/README.md#budgets).
import { transitionsBetween, alarmStateIn, type AlarmTransition, type NotifiedAlarm } from '../domain/alarmNotifications';
import type { FieldsPatch } from '../domain/alarmState';
import type { HistoryMeasure } from '../domain/logs';
import type { WarningCode } from '../domain/warnings';
import { farmcamSimInfo } from './farmcamSim/info';
import { farmcamSimRules } from './farmcamSim/rules';
import { fencealarmInfo } from './fencealarm/info';
import { fencealarmRules } from './fencealarm/rules';
import { fencealarm2Info } from './fencealarm2/info';
import { fencealarm2Rules } from './fencealarm2/rules';
import { PRODUCT_IDS, type ProductId } from './ids';
import type { ProductInfo, ProductRules } from './module';
import { smartplugInfo } from './smartplug/info';
import { smartplugRules } from './smartplug/rules';
import { smartplug2Info } from './smartplug2/info';
import { smartplug2Rules } from './smartplug2/rules';
import type { RegisterImeiBody } from '../contract/devices';
import type { FarmcamSim, FarmcamSimReading, RegisterFarmcamSimBody, UpdateFarmcamSimBody } from './farmcamSim/contract';
import type { Fencealarm, FencealarmDeviceConfig, FencealarmReading, UpdateFencealarmBody } from './fencealarm/contract';
import type { Fencealarm2, Fencealarm2DeviceConfig, Fencealarm2Reading, UpdateFencealarm2Body } from './fencealarm2/contract';
import type { Smartplug, SmartplugDeviceConfig, SmartplugReading, UpdateSmartplugBody } from './smartplug/contract';
import type { RegisterSmartplug2Body, Smartplug2, Smartplug2DeviceConfig, Smartplug2Reading, UpdateSmartplug2Body } from './smartplug2/contract';

/**
 * What each product's rules are written for, as its contract types them: its representation, its `up/reading`, the
 * configuration it runs (null: none) and its registration and update bodies. An interface, so that a rule over any
 * product P reads these as the union of all products' types until P is known.
 */
interface ProductTypes {
  'farmcam-sim': { device: FarmcamSim; reading: FarmcamSimReading; config: null; register: RegisterFarmcamSimBody; update: UpdateFarmcamSimBody };
  fencealarm: { device: Fencealarm; reading: FencealarmReading; config: FencealarmDeviceConfig; register: RegisterImeiBody; update: UpdateFencealarmBody };
  fencealarm2: { device: Fencealarm2; reading: Fencealarm2Reading; config: Fencealarm2DeviceConfig; register: RegisterImeiBody; update: UpdateFencealarm2Body };
  smartplug: { device: Smartplug; reading: SmartplugReading; config: SmartplugDeviceConfig; register: RegisterImeiBody; update: UpdateSmartplugBody };
  smartplug2: { device: Smartplug2; reading: Smartplug2Reading; config: Smartplug2DeviceConfig; register: RegisterSmartplug2Body; update: UpdateSmartplug2Body };
}

/** Every product's facts and rules, by id, in PRODUCT_IDS order (index.ts adds each one's schemas). */
export const PRODUCT_RULES = {
  'farmcam-sim': { ...farmcamSimInfo, ...farmcamSimRules },
  fencealarm: { ...fencealarmInfo, ...fencealarmRules },
  fencealarm2: { ...fencealarm2Info, ...fencealarm2Rules },
  smartplug: { ...smartplugInfo, ...smartplugRules },
  smartplug2: { ...smartplug2Info, ...smartplug2Rules },
} as const satisfies {
  readonly [P in ProductId]: ProductInfo<P> & ProductRules<ProductTypes[P]['device'], ProductTypes[P]['reading'], ProductTypes[P]['config']>;
};

type Rules = typeof PRODUCT_RULES;
type TypesOf<P extends ProductId> = ProductTypes[P];

/** The representation of one product (docs/product/devices.md). */
export type DeviceOf<P extends ProductId> = TypesOf<P>['device'];
/** The registration body of each product (docs/product/api.md). */
export type RegisterBodies = { [P in ProductId]: TypesOf<P>['register'] };
/** The update body of each product (docs/product/api.md). */
export type UpdateBodies = { [P in ProductId]: TypesOf<P>['update'] };
/** Any device; narrow on `Product`. */
export type Device = DeviceOf<ProductId>;
/** The `up/reading` payload of each product. */
export type ReadingOf = { [P in ProductId]: TypesOf<P>['reading'] };
export type DeviceReading = ReadingOf[ProductId];
/** The products that take a configuration (a FarmCam SIM has none). */
export type ConfiguredProductId = { [P in ProductId]: TypesOf<P>['config'] extends null ? never : P }[ProductId];
/** The configuration each configured product runs (`down/config`). */
export type DeviceConfigOf = { [P in ConfiguredProductId]: TypesOf<P>['config'] };
export type DeviceConfig = DeviceConfigOf[ConfiguredProductId];
/** `down/config`, retained: the whole configuration and its Version. */
export type DeviceConfigMessage = DeviceConfig & { Version: number };
/** The array of the device-list reply that holds a product's devices (docs/product/devices.md). */
export type DeviceListKey = Rules[ProductId]['listKey'];
/** GET /users/{id}/devices (docs/product/devices.md, docs/product/api.md): one array per product. */
export type DeviceList = { [P in ProductId as Rules[P]['listKey']]: DeviceOf<P>[] };

/**
 * The registry seen through each product's own types: what the rules below call, so a call needs no narrowing.
 * `config` answers any product's configuration, so its result reads as one type for all.
 */
const RULES: {
  readonly [P in ProductId]: ProductInfo<P, Rules[P]['listKey']> &
    Omit<ProductRules<DeviceOf<P>, ReadingOf[P], TypesOf<P>['config']>, 'config'> & { config(device: DeviceOf<P>): DeviceConfig | null };
} = PRODUCT_RULES;

/** One entry per product, in PRODUCT_IDS order; `Out` is what the entries add up to (stated by each caller). */
export function byProduct<Out>(entry: (product: ProductId) => [string, unknown], products: readonly ProductId[] = PRODUCT_IDS): Out {
  return Object.fromEntries(products.map(entry)) as Out;
}

/** The arrays of the device-list reply (docs/product/devices.md), in product order. */
export const DEVICE_LIST_KEYS: readonly DeviceListKey[] = PRODUCT_IDS.map((product) => RULES[product].listKey);

/** A device list with no devices. */
export function emptyDeviceList(): DeviceList {
  return byProduct<DeviceList>((product) => [RULES[product].listKey, []]);
}

// ---- Product facts by id (docs/product/overview.md, docs/product/screens.md, docs/product/devices.md, docs/product/api.md) -----------------------------------------------------------------

/** docs/product/devices.md: the device-list array that holds a product's devices. */
export function listKeyOf<P extends ProductId>(product: P): Rules[P]['listKey'] {
  return RULES[product].listKey;
}

/** docs/product/screens.md: the charts of each product's log page, in page order. */
export const PRODUCT_HISTORIES = byProduct<Readonly<Record<ProductId, readonly HistoryMeasure[]>>>((product) => [
  product,
  RULES[product].histories,
]);

/** A product's reporting interval (s) while its device has not announced one in its status. */
export const DEFAULT_REPORTING_SECONDS = byProduct<Readonly<Record<ProductId, number>>>((product) => [
  product,
  RULES[product].defaultReportingSeconds,
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
  return RULES[product].readingPatch(storedAs(product, device), reading, at);
}

/**
 * What a stored reading (its data, measured at `at`) alone sets on a device (ProductRules.liveValues); null for a
 * product whose every reading writes the device's fields.
 */
export function liveValues<P extends ProductId>(product: P, reading: ReadingOf[P], at: Date): FieldsPatch | null {
  const live = RULES[product].liveValues;
  return live ? live(reading, at) : null;
}

/** When the newest reading already applied was measured (null: none yet, or the product keeps no time). */
export function lastReadingTime<P extends ProductId>(product: P, device: StoredFields): Date | null {
  const stamp = RULES[product].lastReadingAt(storedAs(product, device));
  const time = stamp ? Date.parse(stamp) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
}

/** Offline as the product shows it: OfflineAlarm.Triggered (FenceAlarm, SmartPlug), ConnectionLost (SmartPlug2), nothing for the others. */
export function offlinePatch(product: ProductId, offline: boolean): FieldsPatch {
  return RULES[product].offlinePatch(offline);
}

/** The configuration of a device with the stored representation `device`; null for a FarmCam SIM. */
export function deviceConfigOf<P extends ProductId>(product: P, device: StoredFields): DeviceConfig | null {
  return RULES[product].config(storedAs(product, device));
}

/** docs/product/screens.md, docs/product/states.md: the warnings of any device (the card's flashing icon shows when the list is not empty). */
export function deviceWarnings(device: Device, now: Date): WarningCode[] {
  return warningsOf(device.Product, device, now);
}
/** The device and its product as one type parameter, so the product's own rule takes the device as it is. */
function warningsOf<P extends ProductId>(product: P, device: DeviceOf<P>, now: Date): WarningCode[] {
  return RULES[product].warnings(device, now);
}

/** The alarms of `product` whose Triggered differs between two versions of the device's fields. */
export function alarmTransitions(product: ProductId, before: StoredFields, after: StoredFields): AlarmTransition[] {
  return transitionsBetween(RULES[product].notifiedAlarms, before, after);
}

/** One alarm's state in a device's fields now (null: the product has no such alarm). */
export function currentAlarm(product: ProductId, fields: StoredFields, alarm: NotifiedAlarm): Omit<AlarmTransition, 'alarm'> | null {
  return alarmStateIn(RULES[product].notifiedAlarms, fields, alarm);
}
