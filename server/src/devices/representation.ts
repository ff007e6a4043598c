// A device as the API shows it (docs/product/devices.md): the stored row plus the owner's e-mail, in the product's shape.
import type { Device, DeviceList, RenewalState } from '@paddock/shared/contract';
import { PRODUCTS, emptyDeviceList, isConfiguredProduct, registrationTrial, type ProductId } from '@paddock/shared/domain';
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

/** Who reads a device: a declined renewal (the owner's money) is shown to its owner and staff only (docs/product/billing.md). */
export interface DeviceViewer {
  userId: string;
  admin: boolean;
}

export const viewerOf = (user: { id: string; accountType: string }): DeviceViewer => ({
  userId: user.id,
  admin: user.accountType === 'admin',
});

/** docs/product/billing.md "A declined renewal": the next try while a declined renewal is retried, for the owner and staff. */
function renewalOf(row: DeviceRow, viewer: DeviceViewer | undefined): { Renewal?: RenewalState } {
  if (!viewer || row.renewalAttempts === 0 || !row.renewalRetryAt) return {};
  if (!viewer.admin && viewer.userId !== row.ownerId) return {};
  return { Renewal: { PaymentFailed: true, RetryAt: row.renewalRetryAt.toISOString() } };
}

/** The device as `viewer` sees it (without a viewer: nobody's private part, as in the audit log). */
export function toDevice(row: DeviceWithOwner, viewer?: DeviceViewer): Device {
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
    ...renewalOf(row, viewer),
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

/** The list of `userId`'s devices as that user sees them (an admin reading it sees what the user does). */
export function toDeviceList(rows: DeviceWithOwner[], userId?: string): DeviceList {
  const list = emptyDeviceList();
  for (const row of rows) {
    const device = toDevice(row, userId === undefined ? undefined : { userId, admin: false });
    (list[PRODUCTS[device.Product].listKey] as Device[]).push(device);
  }
  return list;
}
