// Phone number rules (docs/product/validation.md Phone), apart from the other account rules so that pages without a
// phone field (sign-in) do not load the calling-code table.
import type { FieldError } from './account';

/** International phone number: optional +, then 6 to 15 digits; spaces and dashes allowed between digits. */
export const PHONE_PATTERN = '^\\+?[0-9](?:[ -]?[0-9]){5,14}$';

/** Optional field: empty is fine. */
export function checkPhone(phone: string): FieldError {
  const value = phone.trim();
  if (!value) return null;
  return new RegExp(PHONE_PATTERN).test(value) ? null : 'invalid';
}

/**
 * An SMS goes to an E.164 number (docs/product/validation.md Phone): +, a country code, then the subscriber number,
 * 8 to 15 digits in all. What a user types may carry spaces, dashes, dots and brackets between the digits.
 */
export const E164_PATTERN = '^\\+[1-9][0-9]{7,14}$';

/** A phone number as typed, without the spaces, dashes, dots and brackets people write between digits ('' stays ''). */
export function normalizePhone(phone: string): string {
  return phone.trim().replace(/[\s().-]/g, '');
}

/** Why a phone number is no E.164 number: 'noCountryCode' (no leading + or 00), 'invalid'; null when it is one or empty. */
export type PhoneError = 'noCountryCode' | 'invalid' | null;

/** Optional field: empty is fine; anything else must be E.164 once normalized (a leading 00 counts as +). */
export function checkE164Phone(phone: string): PhoneError {
  const value = normalizePhone(phone);
  if (!value) return null;
  const international = value.startsWith('00') ? `+${value.slice(2)}` : value;
  if (!international.startsWith('+')) return /^[0-9]+$/.test(international) ? 'noCountryCode' : 'invalid';
  return new RegExp(E164_PATTERN).test(international) ? null : 'invalid';
}

/** The number as stored and dialled: E.164 (+ and digits); call after checkE164Phone accepted it. */
export function toE164(phone: string): string {
  const value = normalizePhone(phone);
  return value.startsWith('00') ? `+${value.slice(2)}` : value;
}

/**
 * Country calling codes of the countries Paddock sells in and their neighbours (ITU-T E.164), for the phone field's
 * prefix picker: the account's country is offered first.
 */
export const COUNTRY_CALLING_CODES: Readonly<Record<string, string>> = {
  AT: '43',
  BE: '32',
  BG: '359',
  CH: '41',
  CY: '357',
  CZ: '420',
  DE: '49',
  DK: '45',
  EE: '372',
  ES: '34',
  FI: '358',
  FR: '33',
  GB: '44',
  GR: '30',
  HR: '385',
  HU: '36',
  IE: '353',
  IS: '354',
  IT: '39',
  LT: '370',
  LU: '352',
  LV: '371',
  MT: '356',
  NL: '31',
  NO: '47',
  PL: '48',
  PT: '351',
  RO: '40',
  SE: '46',
  SI: '386',
  SK: '421',
  US: '1',
};

/** The number with the calling code of `country` put in front of a national number (its leading 0 dropped); others unchanged. */
export function withCallingCode(phone: string, country: string): string {
  const value = normalizePhone(phone);
  const code = COUNTRY_CALLING_CODES[country.toUpperCase()];
  if (!code || !/^[0-9]+$/.test(value) || value.startsWith('00')) return phone.trim();
  return `+${code}${value.replace(/^0/, '')}`;
}
