// The pages of a device (docs/product/screens.md): registration, settings, logs and the dashboard scrolled to one device.
import type { ProductId } from '../products/ids';

/** docs/product/screens.md: the registration page of a product, e.g. /devices/register/farmcam-sim. */
export function registerPath(product: ProductId): string {
  return `/devices/register/${product}`;
}

/** docs/product/screens.md: a device's settings page, e.g. /farmcam-sim/{imsi} or /smartplug/{imei}. */
export function devicePath(product: ProductId, key: string): string {
  return `/${product}/${encodeURIComponent(key)}`;
}

/** docs/product/screens.md: a device's log page, e.g. /fencealarm/{imei}/logs. */
export function logsPath(product: ProductId, key: string): string {
  return `${devicePath(product, key)}/logs`;
}

/** docs/product/screens.md: the dashboard scrolled to one device (Save, Back and the log pages return here). */
export function dashboardPath(key?: string): string {
  return key ? `/devices?id=${encodeURIComponent(key)}` : '/devices';
}
