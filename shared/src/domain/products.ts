// The five device products: identifiers, keys, names, paths, list keys and the variants that offer them
// (SPEC §1, §2, §3). Brand names are not translated.
import type { Device, DeviceList } from '../contract/devices';
import type { FieldError } from './account';

export const PRODUCT_IDS = ['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'] as const;
/** The data key of a product (SPEC §1): used in paths, in the wire `Product` field and everywhere else. */
export type ProductId = (typeof PRODUCT_IDS)[number];

/** The key field of a device: FarmCam SIM by IMSI, the others by IMEI (SPEC §1). */
export type DeviceKeyField = 'Imsi' | 'Imei';
/** The arrays of the device-list reply (SPEC §3). */
export const DEVICE_LIST_KEYS = ['FarmcamSims', 'Fencealarms', 'Fencealarm2s', 'Smartplugs', 'Smartplug2s'] as const;
export type DeviceListKey = (typeof DEVICE_LIST_KEYS)[number];

/** IMEI: 15 digits (no check-digit test, so test and pre-series devices register). */
export const IMEI_PATTERN = '^[0-9]{15}$';
/** IMSI: 15 digits. */
export const IMSI_PATTERN = '^[0-9]{15}$';
export const DEVICE_NAME_MAX_LENGTH = 64;
/** A device name has at least one non-blank character. */
export const DEVICE_NAME_PATTERN = '\\S';

export interface ProductInfo {
  id: ProductId;
  /** Route-card id (SPEC §1: farm-cam-sim for the SIM, else the data key). */
  routeId: string;
  /** Brand name shown on cards and titles. */
  name: string;
  keyField: DeviceKeyField;
  listKey: DeviceListKey;
  /** The product-type tag the client adds to a device's tags (SPEC §3). */
  typeTag: string;
  /** The API collection: /farmcam-sims/{imsi}, /fencealarms/{imei}, … (SPEC §7). */
  apiCollection: string;
}

export const PRODUCTS: Readonly<Record<ProductId, ProductInfo>> = {
  'farmcam-sim': {
    id: 'farmcam-sim',
    routeId: 'farm-cam-sim',
    name: 'FarmCam SIM',
    keyField: 'Imsi',
    listKey: 'FarmcamSims',
    typeTag: 'FarmCam SIM',
    apiCollection: 'farmcam-sims',
  },
  fencealarm: {
    id: 'fencealarm',
    routeId: 'fencealarm',
    name: 'FenceAlarm',
    keyField: 'Imei',
    listKey: 'Fencealarms',
    typeTag: 'FenceAlarm',
    apiCollection: 'fencealarms',
  },
  fencealarm2: {
    id: 'fencealarm2',
    routeId: 'fencealarm2',
    name: 'FenceAlarm2',
    keyField: 'Imei',
    listKey: 'Fencealarm2s',
    typeTag: 'FenceAlarm2',
    apiCollection: 'fencealarm2s',
  },
  smartplug: {
    id: 'smartplug',
    routeId: 'smartplug',
    name: 'SmartPlug',
    keyField: 'Imei',
    listKey: 'Smartplugs',
    typeTag: 'SmartPlug',
    apiCollection: 'smartplugs',
  },
  smartplug2: {
    id: 'smartplug2',
    routeId: 'smartplug2',
    name: 'SmartPlug2',
    keyField: 'Imei',
    listKey: 'Smartplug2s',
    // SPEC §5's system-tag list stops at SmartPlug; the second generation gets its own tag (also a system tag).
    typeTag: 'SmartPlug2',
    apiCollection: 'smartplug2s',
  },
};

/** The branded variants (SPEC §1). */
export const BRAND_VARIANTS = ['default', 'partner'] as const;
export type BrandVariant = (typeof BRAND_VARIANTS)[number];

/** Products each variant offers (SPEC §1): the partner variant has no FarmCam SIM. */
export const VARIANT_PRODUCTS: Readonly<Record<BrandVariant, readonly ProductId[]>> = {
  default: ['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'],
  partner: ['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'],
};

export function isProductId(value: unknown): value is ProductId {
  return typeof value === 'string' && (PRODUCT_IDS as readonly string[]).includes(value);
}

/** SPEC §1: which products a variant offers (the register chooser shows one card each). */
export function offeredProducts(variant: BrandVariant): readonly ProductId[] {
  return VARIANT_PRODUCTS[variant];
}

/** SPEC §1: whether a variant offers a product. */
export function isOffered(variant: BrandVariant, product: ProductId): boolean {
  return VARIANT_PRODUCTS[variant].includes(product);
}

/** SPEC §1: the product of a route-card id (farm-cam-sim) or a data key (farmcam-sim); null when unknown. */
export function productOfRouteId(id: string): ProductId | null {
  const found = PRODUCT_IDS.find((p) => PRODUCTS[p].routeId === id || p === id);
  return found ?? null;
}

/** SPEC §2: the registration page of a product, e.g. /devices/register/farmcam-sim. */
export function registerPath(product: ProductId): string {
  return `/devices/register/${product}`;
}

/** SPEC §2: a device's settings page, e.g. /farmcam-sim/{imsi} or /smartplug/{imei}. */
export function devicePath(product: ProductId, key: string): string {
  return `/${product}/${encodeURIComponent(key)}`;
}

/** SPEC §2: a device's log page, e.g. /fencealarm/{imei}/logs. */
export function logsPath(product: ProductId, key: string): string {
  return `${devicePath(product, key)}/logs`;
}

/** SPEC §2: the dashboard scrolled to one device (Save, Back and the log pages return here). */
export function dashboardPath(key?: string): string {
  return key ? `/devices?id=${encodeURIComponent(key)}` : '/devices';
}

/** SPEC §7: the API collection of a product: farmcam-sims, fencealarms, fencealarm2s, smartplugs, smartplug2s. */
export function collectionOf(product: ProductId): string {
  return PRODUCTS[product].apiCollection;
}

/** SPEC §3: the device-list array that holds a product's devices. */
export function listKeyOf(product: ProductId): DeviceListKey {
  return PRODUCTS[product].listKey;
}

/** SPEC §1: whitespace is dropped from a typed or scanned IMEI/IMSI. */
export function normalizeDeviceKey(input: string): string {
  return input.replace(/\s+/g, '');
}

/** SPEC §1: IMEI is 15 digits; returns a field error code. */
export function checkImei(input: string): FieldError {
  const value = normalizeDeviceKey(input);
  if (!value) return 'required';
  return new RegExp(IMEI_PATTERN).test(value) ? null : 'invalid';
}

/** SPEC §1: IMSI is 15 digits; returns a field error code. */
export function checkImsi(input: string): FieldError {
  const value = normalizeDeviceKey(input);
  if (!value) return 'required';
  return new RegExp(IMSI_PATTERN).test(value) ? null : 'invalid';
}

/** SPEC §2 registration: the device name is required and at most 64 characters. */
export function checkDeviceName(input: string): FieldError {
  const value = input.trim();
  if (!value) return 'required';
  return value.length > DEVICE_NAME_MAX_LENGTH ? 'tooLong' : null;
}

/** The key (IMSI or IMEI) of any device. */
export function deviceKey(device: { Imsi: string } | { Imei: string }): string {
  return 'Imsi' in device ? device.Imsi : device.Imei;
}

/** SPEC §3: every device of a list, in product order. */
export function allDevices(list: DeviceList): Device[] {
  return PRODUCT_IDS.flatMap((product) => list[listKeyOf(product)] as Device[]);
}

/** SPEC §2 dashboard: devices grouped by type (in the given product order, empty groups dropped), each sorted by name. */
export function groupDevices(list: DeviceList, products: readonly ProductId[], locale?: string): { product: ProductId; devices: Device[] }[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  return products
    .map((product) => ({
      product,
      devices: [...(list[listKeyOf(product)] as Device[])].sort((a, b) => collator.compare(a.Metadata.Name, b.Metadata.Name)),
    }))
    .filter((group) => group.devices.length > 0);
}
