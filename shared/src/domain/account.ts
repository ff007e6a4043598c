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
