import { ERROR_CODES } from '@paddock/shared/contract';
import { LOCALES } from '@paddock/shared/domain';
import { formatMinutes, MESSAGES, translate } from './messages';
import { acceptedLocale, localeFromAcceptLanguage } from './locale';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server message catalogue', () => {
  it.each(Object.entries(MESSAGES))('%s has a text in every locale with the same placeholders', (_key, texts) => {
    const byLocale = texts as Record<string, string>;
    expect(Object.keys(byLocale).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(byLocale[locale].trim()).not.toBe('');
    for (const locale of LOCALES) expect(placeholders(byLocale[locale])).toEqual(placeholders(byLocale['en-GB']));
  });

  it('has a message for every error code', () => {
    for (const code of ERROR_CODES) expect(MESSAGES).toHaveProperty(code);
  });

  it('fills in placeholders', () => {
    expect(translate('de-DE', 'missing_field', { field: 'Email' })).toBe('Email ist erforderlich.');
    expect(translate('en-GB', 'rate_limited', { duration: formatMinutes('en-GB', 1) })).toBe('Too many attempts, try again in 1 minute.');
    expect(formatMinutes('sv-SE', 5)).toBe('5 minuter');
    expect(formatMinutes('de-DE', 5)).toBe('5 Minuten');
  });

  it.each(Object.keys(MESSAGES) as (keyof typeof MESSAGES)[])('%s reads as written, its placeholders filled in', (key) => {
    for (const locale of LOCALES) {
      const text: string = MESSAGES[key][locale];
      const values = Object.fromEntries(placeholders(text).map((name) => [name, `<${name}>`]));
      expect(translate(locale, key, values)).toBe(text.replace(/\{(\w+)\}/g, (_whole, name: string) => `<${name}>`));
    }
  });

  it('keeps a placeholder without a value visible and writes numbers as given', () => {
    expect(translate('en-GB', 'missing_field')).toBe('{field} is required.');
    expect(translate('de-DE', 'too_long', { field: 'Url', max: 4096 })).toBe(translate('de-DE', 'too_long', { field: 'Url', max: '4096' }));
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en-GB'],
    ['', 'en-GB'],
    ['sv-SE', 'sv-SE'],
    ['de-CH,de;q=0.9,en;q=0.8', 'de-DE'],
    ['en;q=0.5, fr;q=0.9', 'fr-FR'],
    ['ja, *;q=0.1', 'en-GB'],
    ['fr;q=0, sv', 'sv-SE'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('acceptedLocale', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['ja, *;q=0.1', null],
    ['en-GB', 'en-GB'],
    ['ja, sv;q=0.5', 'sv-SE'],
  ])('%s → %s (null: the header names no language of ours)', (header, locale) => {
    expect(acceptedLocale(header)).toBe(locale);
  });
});
