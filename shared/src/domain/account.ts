// Account field rules, used by the server (through the contract's patterns and these checks) and by the forms.
// Each check returns a machine code (null when valid); the screens turn codes into localized messages.

export const LOCALES = ['en-GB', 'de-DE', 'fr-FR', 'sv-SE'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en-GB';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const VERIFICATION_CODE_LENGTH = 6;

export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const COUNTRY_PATTERN = '^[A-Z]{2}$';
export const CODE_PATTERN = '^[0-9]{6}$';
/** International phone number: optional +, then 6 to 15 digits; spaces and dashes allowed between digits. */
export const PHONE_PATTERN = '^\\+?[0-9](?:[ -]?[0-9]){5,14}$';
/** EU VAT identification number: two-letter country prefix, then 2 to 13 letters or digits. */
export const VATIN_PATTERN = '^[A-Z]{2}[0-9A-Z]{2,13}$';

export type FieldError = 'required' | 'invalid' | 'tooShort' | 'tooLong' | null;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkEmail(email: string): FieldError {
  const value = email.trim();
  if (!value) return 'required';
  if (value.length > EMAIL_MAX_LENGTH) return 'tooLong';
  return new RegExp(EMAIL_PATTERN).test(value) ? null : 'invalid';
}

/** For a new password; the server also refuses the most common passwords (their list stays out of the browser). */
export function checkPassword(password: string): FieldError {
  // Spaces only count as nothing typed.
  if (!password.trim()) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

export function checkVerificationCode(code: string): FieldError {
  const value = code.trim();
  if (!value) return 'required';
  return new RegExp(CODE_PATTERN).test(value) ? null : 'invalid';
}

export function checkCountry(country: string): FieldError {
  if (!country) return 'required';
  return new RegExp(COUNTRY_PATTERN).test(country) ? null : 'invalid';
}

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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The supported locale of one language tag (exact, then by language), else null. */
export function matchLocale(language: string): Locale | null {
  const exact = LOCALES.find((l) => l.toLowerCase() === language.toLowerCase());
  if (exact) return exact;
  const prefix = language.slice(0, 2).toLowerCase();
  return LOCALES.find((l) => l.startsWith(prefix)) ?? null;
}

/** Picks the first supported locale from a browser's language list (exact, then by language), else en-GB. */
export function pickLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const locale = matchLocale(language);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}
