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

function hasBackslashOrControl(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Whether one reading of a path could leave the site: not a single leading '/', or a backslash or control character. */
function unsafeReading(text: string): boolean {
  // A browser drops tabs and newlines and reads '\' as '/' in URLs, so '/\t/evil' and '/\evil' would leave the site.
  return !text.startsWith('/') || text.startsWith('//') || hasBackslashOrControl(text);
}

/** How many times a path may be percent-encoded before it is refused rather than decoded further. */
const MAX_DECODINGS = 4;

/** Whether every reading of `text` stays on this site: as it is, and each time percent-decoded until nothing changes. */
function everyReadingSafe(text: string): boolean {
  let reading = text;
  for (let i = 0; i <= MAX_DECODINGS; i++) {
    if (unsafeReading(reading)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(reading);
    } catch {
      return false; // a malformed escape is no path of ours
    }
    if (decoded === reading) return true;
    reading = decoded;
  }
  return false; // still encoded after that many decodings: no path of ours
}

/**
 * docs/product/screens.md (/redirect, and the way back after sign-in): `uri` as a path of this app, or null when it could lead
 * anywhere else. Only a relative path starting with a single '/' passes: no scheme, no host, no backslash or control
 * character in any percent-decoded reading (`/%2F%2Fevil.example`, `/%5Cevil.example`), and the path it becomes once
 * the dots are resolved passes the same checks (`/a/..//evil.example`, `/./%2Fevil.example`).
 */
export function safeAppPath(uri: string | null | undefined, origin = 'http://paddock.invalid'): string | null {
  if (!uri || !everyReadingSafe(uri)) return null;
  let url: URL;
  try {
    url = new URL(uri, origin);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === new URL(origin).origin && everyReadingSafe(url.pathname) ? path : null;
}
