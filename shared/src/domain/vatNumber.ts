// VAT numbers (docs/product/billing.md VAT): their form, checked at sign-up, on /account and before reverse charge.
// A module of its own, so the pages that never ask for one (sign-in) do not carry its table of formats.
import { VATIN_PATTERN, type FieldError } from './account';

/**
 * The format of each EU country's VAT number, by its prefix (Greece: EL), as the EU's VIES documents them. A number
 * with one of these prefixes must have its country's format (docs/product/billing.md VAT: reverse charge is granted on
 * a self-declared number, so at least its form is checked); other prefixes are not EU numbers and only need VATIN_PATTERN.
 */
export const EU_VAT_NUMBER_FORMATS: Readonly<Record<string, string>> = {
  AT: 'ATU\\d{8}',
  BE: 'BE[01]\\d{9}',
  BG: 'BG\\d{9,10}',
  CY: 'CY\\d{8}[A-Z]',
  CZ: 'CZ\\d{8,10}',
  DE: 'DE\\d{9}',
  DK: 'DK\\d{8}',
  EE: 'EE\\d{9}',
  EL: 'EL\\d{9}',
  ES: 'ES[0-9A-Z]\\d{7}[0-9A-Z]',
  FI: 'FI\\d{8}',
  FR: 'FR[0-9A-Z]{2}\\d{9}',
  HR: 'HR\\d{11}',
  HU: 'HU\\d{8}',
  IE: 'IE(?:\\d{7}[A-W][A-I]?|\\d[A-Z]\\d{5}[A-W])',
  IT: 'IT\\d{11}',
  LT: 'LT(?:\\d{9}|\\d{12})',
  LU: 'LU\\d{8}',
  LV: 'LV\\d{11}',
  MT: 'MT\\d{8}',
  NL: 'NL\\d{9}B\\d{2}',
  PL: 'PL\\d{10}',
  PT: 'PT\\d{9}',
  RO: 'RO[1-9]\\d{1,9}',
  SE: 'SE\\d{10}01',
  SI: 'SI\\d{8}',
  SK: 'SK\\d{10}',
};

export function normalizeVatin(vatin: string): string {
  return vatin.replace(/[\s.-]/g, '').toUpperCase();
}

/** Whether a normalized VAT number has the form its prefix asks for: its EU country's format, else VATIN_PATTERN. */
export function isWellFormedVatin(value: string): boolean {
  if (!new RegExp(VATIN_PATTERN).test(value)) return false;
  const format = EU_VAT_NUMBER_FORMATS[value.slice(0, 2)];
  return format === undefined || new RegExp(`^${format}$`).test(value);
}

/** Optional field: empty is fine; an EU number must have its country's format (SE: SE + 10 digits + 01). */
export function checkVatin(vatin: string): FieldError {
  const value = normalizeVatin(vatin);
  if (!value) return null;
  return isWellFormedVatin(value) ? null : 'invalid';
}
