// FenceAlarm2 firmware update over the air (docs/product/screens.md admin FOTA, §7 {Url, Checksum}). Bounds chosen here.
import type { FieldError } from './account';

/** docs/product/screens.md: the URL field starts with a CoAP-scheme placeholder. */
export const FOTA_URL_PLACEHOLDER = 'coap://';
/** Where the device fetches the image (issue 4: coap://, coaps:// or https://), with a host. */
export const FOTA_URL_PATTERN = '^(?:coaps?|https)://[^\\s/]+(?:/\\S*)?$';
export const FOTA_URL_MAX_LENGTH = 2048;
/**
 * The image's SHA-256, 64 hexadecimal digits (docs/protocol.md FOTA): a CRC or a short checksum can be matched by a
 * tampered image, so nothing weaker is taken (issue 26).
 */
export const FOTA_CHECKSUM_PATTERN = '^[0-9a-fA-F]{64}$';
export const FOTA_CHECKSUM_LENGTH = 64;

/** FOTA URL: required, coap://, coaps:// or https:// with a host. */
export function checkFotaUrl(input: string): FieldError {
  const value = input.trim();
  if (!value || value === FOTA_URL_PLACEHOLDER) return 'required';
  if (value.length > FOTA_URL_MAX_LENGTH) return 'tooLong';
  return new RegExp(FOTA_URL_PATTERN).test(value) ? null : 'invalid';
}

/** FOTA checksum: required, a SHA-256 in 64 hexadecimal digits. */
export function checkFotaChecksum(input: string): FieldError {
  const value = input.trim();
  if (!value) return 'required';
  return new RegExp(FOTA_CHECKSUM_PATTERN).test(value) ? null : 'invalid';
}
