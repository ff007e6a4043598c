// FenceAlarm2 firmware update over the air (docs/product/screens.md admin FOTA, §7 {Url, Checksum}). Bounds chosen here.
import type { FieldError } from './account';

/** docs/product/screens.md: the URL field starts with a CoAP-scheme placeholder. */
export const FOTA_URL_PLACEHOLDER = 'coap://';
/** Where the device fetches the image (issue 4: coap://, coaps:// or https://), with a host. */
export const FOTA_URL_PATTERN = '^(?:coaps?|https)://[^\\s/]+(?:/\\S*)?$';
export const FOTA_URL_MAX_LENGTH = 2048;
/** A hexadecimal checksum of 8 (CRC-32) to 128 (SHA-512) digits. */
export const FOTA_CHECKSUM_PATTERN = '^[0-9a-fA-F]{8,128}$';

/** FOTA URL: required, coap://, coaps:// or https:// with a host. */
export function checkFotaUrl(input: string): FieldError {
  const value = input.trim();
  if (!value || value === FOTA_URL_PLACEHOLDER) return 'required';
  if (value.length > FOTA_URL_MAX_LENGTH) return 'tooLong';
  return new RegExp(FOTA_URL_PATTERN).test(value) ? null : 'invalid';
}

/** FOTA checksum: required, 8 to 128 hexadecimal digits. */
export function checkFotaChecksum(input: string): FieldError {
  const value = input.trim();
  if (!value) return 'required';
  return new RegExp(FOTA_CHECKSUM_PATTERN).test(value) ? null : 'invalid';
}
