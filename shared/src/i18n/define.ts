import type { MessageDescriptor } from 'react-intl';
import { LOCALES, type Locale } from '../domain/account';

/** One text in every interface language. The type makes a missing translation a compile error. */
export type Translated = Record<Locale, string>;

export interface TranslationSet<K extends string> {
  /** react-intl descriptors, id = `${prefix}.${key}`, defaultMessage = the en-GB text. */
  messages: Record<K, MessageDescriptor & { id: string; defaultMessage: string }>;
  /** Flat catalogues per locale, for an IntlProvider. */
  catalogs: Record<Locale, Record<string, string>>;
  /** The raw definitions, for the completeness test. */
  definitions: Record<K, Translated>;
}

/** Declares a feature's texts beside the feature: `defineTranslations('account.signIn', { title: { 'en-GB': … } })`. */
export function defineTranslations<K extends string>(prefix: string, definitions: Record<K, Translated>): TranslationSet<K> {
  const messages = {} as TranslationSet<K>['messages'];
  const catalogs = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Record<string, string>>;
  for (const key of Object.keys(definitions) as K[]) {
    const id = `${prefix}.${key}`;
    messages[key] = { id, defaultMessage: definitions[key]['en-GB'] };
    for (const locale of LOCALES) catalogs[locale][id] = definitions[key][locale];
  }
  return { messages, catalogs, definitions };
}

/** Merges several sets' catalogues for one locale. */
export function mergeCatalogs(sets: readonly Pick<TranslationSet<string>, 'catalogs'>[], locale: Locale): Record<string, string> {
  return Object.assign({}, ...sets.map((s) => s.catalogs[locale]));
}

/** Problems of a set: empty texts and placeholders that differ between locales. Used by the i18n tests. */
export function translationProblems(set: Pick<TranslationSet<string>, 'definitions'>): string[] {
  const problems: string[] = [];
  const placeholders = (text: string) => [...text.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]).sort().join(',');
  for (const [key, texts] of Object.entries(set.definitions)) {
    const reference = placeholders(texts['en-GB'] ?? '');
    for (const locale of LOCALES) {
      const text = texts[locale];
      if (typeof text !== 'string' || !text.trim()) problems.push(`${key}: missing ${locale}`);
      else if (placeholders(text) !== reference) problems.push(`${key}: ${locale} placeholders differ from en-GB`);
    }
  }
  return problems;
}
