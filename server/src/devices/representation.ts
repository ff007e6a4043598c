// A device as the API shows it (docs/product/devices.md): the stored row plus the owner's e-mail, in the product's shape.
import type { Device, DeviceList } from '@paddock/shared/contract';
import { PRODUCTS, isConfiguredProduct, registrationTrial, type ProductId } from '@paddock/shared/domain';
import type { DeviceRow, DeviceSubscription } from '../db/schema';
import { SERVER_PRODUCTS } from './products';

/** Nothing sent to the device yet. */
const NO_CONFIG_SYNC = { Pending: false, AppliedAt: null };

/** A newly registered device's product fields: nothing reported yet, alarms off, relays on. */
export function initialFields(product: ProductId): Record<string, unknown> {
  const fields = SERVER_PRODUCTS[product].initialFields();
  return isConfiguredProduct(product) ? { ...fields, ConfigSync: NO_CONFIG_SYNC } : fields;
}

/**
 * Every registration starts a trial, so alarms can be enabled right away; no plan yet (docs/product/devices.md).
 * Its length is the server's REGISTRATION_TRIAL_DAYS setting (default the product's 30 days).
 */
export function initialSubscription(now: Date, trialDays?: number): DeviceSubscription {
  return registrationTrial(now, trialDays);
}

export type DeviceWithOwner = DeviceRow & { ownerEmail: string };

export function toDevice(row: DeviceWithOwner): Device {
  const product = row.product as ProductId;
  return {
    Product: product,
    [PRODUCTS[product].keyField]: row.key,
    // Devices registered before the gateway have no ConfigSync stored yet.
    ...(isConfiguredProduct(product) ? { ConfigSync: NO_CONFIG_SYNC } : {}),
    ...row.fields,
    // docs/product/devices.md "Connection": the cards grey out an offline device and say when it was last heard from.
    ...(isConfiguredProduct(product) ? { Connection: { Offline: row.offline, LastSeenAt: row.lastSeenAt?.toISOString() ?? null } } : {}),
    Subscription: row.subscription,
    Metadata: {
      Name: row.name,
      Tags: row.tags,
      OwnerEmail: row.ownerEmail,
      Access: row.access,
      Notify: row.notify,
      Owner: row.ownerId,
    },
  } as Device;
}

export function toDeviceList(rows: DeviceWithOwner[]): DeviceList {
  const list: DeviceList = {
    FarmcamSims: [],
    Fencealarms: [],
    Fencealarm2s: [],
    Smartplugs: [],
    Smartplug2s: [],
  };
  for (const row of rows) {
    const device = toDevice(row);
    (list[PRODUCTS[device.Product].listKey] as Device[]).push(device);
  }
  return list;
}
