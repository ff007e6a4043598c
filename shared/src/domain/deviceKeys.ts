// A device's key and name as typed, scanned and sent (docs/product/overview.md, docs/product/screens.md): IMEI or IMSI, and the rules of a device name.
import type { FieldError } from './account';

/** The key field of a device: FarmCam SIM by IMSI, the others by IMEI (docs/product/overview.md). */
export type DeviceKeyField = 'Imsi' | 'Imei';

/** IMEI: 15 digits (no check-digit test, so test and pre-series devices register). */
export const IMEI_PATTERN = '^[0-9]{15}$';
/** IMSI: 15 digits. */
export const IMSI_PATTERN = '^[0-9]{15}$';
export const DEVICE_NAME_MAX_LENGTH = 64;
/** A device name has at least one non-blank character. */
export const DEVICE_NAME_PATTERN = '\\S';

/** docs/product/overview.md: whitespace is dropped from a typed or scanned IMEI/IMSI. */
export function normalizeDeviceKey(input: string): string {
  return input.replace(/\s+/g, '');
}

/** docs/product/overview.md: IMEI is 15 digits; returns a field error code. */
export function checkImei(input: string): FieldError {
  const value = normalizeDeviceKey(input);
  if (!value) return 'required';
  return new RegExp(IMEI_PATTERN).test(value) ? null : 'invalid';
}

/** docs/product/overview.md: IMSI is 15 digits; returns a field error code. */
export function checkImsi(input: string): FieldError {
  const value = normalizeDeviceKey(input);
  if (!value) return 'required';
  return new RegExp(IMSI_PATTERN).test(value) ? null : 'invalid';
}

/** docs/product/screens.md registration: the device name is required and at most 64 characters. */
export function checkDeviceName(input: string): FieldError {
  const value = input.trim();
  if (!value) return 'required';
  return value.length > DEVICE_NAME_MAX_LENGTH ? 'tooLong' : null;
}

/** The key (IMSI or IMEI) of any device. */
export function deviceKey(device: { Imsi: string } | { Imei: string }): string {
  return 'Imsi' in device ? device.Imsi : device.Imei;
}
