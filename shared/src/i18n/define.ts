import type { MessageDescriptor } from 'react-intl';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../domain/account';

/** One text in every interface language. The type makes a missing translation a compile error. */
export type Translated = Record<Locale, string>;

/** A text as an IntlProvider takes it: the ICU string, or (in a production build) its compiled form. */
type Message = string | readonly unknown[];

/** One language's texts of a set, by key: what a production build loads when the language is shown. */
export type LocaleTexts = Record<string, Message>;

/**
 * How to load the languages a production build keeps out of the module (webpack/loaders/precompileMessages.js keeps
 * only en-GB in it; docs/architecture/README.md#budgets). Absent in tests and on the server, where every language is
 * in place.
 */
export type TextLoaders = Partial<Record<Locale, () => Promise<LocaleTexts>>>;

export interface TranslationSet<K extends string> {
  /** react-intl descriptors, id = `${prefix}.${key}`, defaultMessage = the en-GB text. */
  messages: Record<K, MessageDescriptor & { id: string; defaultMessage: string }>;
  /** Flat catalogues per locale, for an IntlProvider: those in the module, and those loaded since (loadCatalogs). */
  catalogs: Partial<Record<Locale, Record<string, string>>>;
  /** The raw definitions, for the completeness test. */
  definitions: Record<K, Translated>;
  /** Fills in a language's catalogue, for each language not in the module; and those under way. */
  loaders: Partial<Record<Locale, () => Promise<void>>>;
  loading: Partial<Record<Locale, Promise<void>>>;
}

/** The part of a set the providers need. */
export type TextCatalogs = Pick<TranslationSet<string>, 'catalogs' | 'loaders' | 'loading'>;

/** A catalogue of `texts`, keyed by id. */
function catalogOf(prefix: string, texts: Record<string, Message | undefined>): Record<string, string> {
  const catalog: Record<string, string> = {};
  // A compiled message goes to react-intl as it is (its type says string: the ICU source).
  for (const [key, text] of Object.entries(texts)) if (text !== undefined) catalog[`${prefix}.${key}`] = text as string;
  return catalog;
}

/**
 * Declares a feature's texts beside the feature: `defineTranslations('account.signIn', { title: { 'en-GB': … } })`.
 * `loaders` is the build's (webpack/loaders/precompileMessages.js), never written by hand.
 */
export function defineTranslations<K extends string>(prefix: string, definitions: Record<K, Translated>, loaders: TextLoaders = {}): TranslationSet<K> {
  const messages = {} as TranslationSet<K>['messages'];
  const keys = Object.keys(definitions) as K[];
  for (const key of keys) messages[key] = { id: `${prefix}.${key}`, defaultMessage: definitions[key][FALLBACK_LOCALE] };
  const catalogs: TranslationSet<K>['catalogs'] = {};
  const remaining: TranslationSet<K>['loaders'] = {};
  for (const locale of LOCALES) {
    const load = loaders[locale];
    if (load) {
      remaining[locale] = async () => {
        catalogs[locale] = catalogOf(prefix, await load());
      };
    } else {
      catalogs[locale] = catalogOf(prefix, Object.fromEntries(keys.map((key) => [key, definitions[key][locale]])));
    }
  }
  return { messages, catalogs, definitions, loaders: remaining, loading: {} };
}

/** Whether every set has its `locale` catalogue in place. */
export function catalogsReady(sets: readonly TextCatalogs[], locale: Locale): boolean {
  return sets.every((set) => set.catalogs[locale] !== undefined);
}

/**
 * Loads the `locale` catalogues the sets lack (each once; a failed load is tried again next time). Resolves when
 * all are in place.
 */
export function loadCatalogs(sets: readonly TextCatalogs[], locale: Locale): Promise<void> {
  return Promise.all(
    sets
      .filter((set) => set.catalogs[locale] === undefined)
      .map((set) => {
        const load = set.loaders[locale];
        if (!load) return Promise.reject(new Error(`no ${locale} texts to load`));
        return (set.loading[locale] ??= load().finally(() => delete set.loading[locale]));
      }),
  ).then(() => undefined);
}

/** Merges several sets' catalogues for one locale (an empty one where a set has not loaded it). */
export function mergeCatalogs(sets: readonly Pick<TranslationSet<string>, 'catalogs'>[], locale: Locale): Record<string, string> {
  return Object.assign({}, ...sets.map((s) => s.catalogs[locale] ?? {}));
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
