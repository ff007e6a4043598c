import { useAtomValue } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl, type MessageDescriptor } from 'react-intl';
import { FALLBACK_LOCALE, type Locale } from '../domain/account';
import { localeAtom } from '../session/store';
import { apiTexts } from '../api/messages';
import { uiTexts } from '../ui/messages';
import { mergeCatalogs, type TranslationSet } from './define';

type AnySet = Pick<TranslationSet<string>, 'catalogs'>;
const sharedSets: AnySet[] = [apiTexts, uiTexts];

/** The app-wide IntlProvider for the current locale, with the shared package's own texts. */
export function LocaleProvider({ children, translations = [] }: { children: ReactNode; translations?: AnySet[] }) {
  const locale = useAtomValue(localeAtom);
  const messages = useMemo(() => mergeCatalogs([...sharedSets, ...translations], locale), [locale, translations]);
  return (
    <IntlProvider locale={locale} defaultLocale={FALLBACK_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}

/** Adds a section's texts to the surrounding IntlProvider (each remote brings its own catalogues). */
export function Translations({ translations, children }: { translations: AnySet[]; children: ReactNode }) {
  const parent = useIntl();
  const locale = parent.locale as Locale;
  const messages = useMemo(
    () => ({ ...(parent.messages as Record<string, string>), ...mergeCatalogs(translations, locale) }),
    [parent.messages, translations, locale],
  );
  return (
    <IntlProvider locale={locale} defaultLocale={FALLBACK_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}

/** `const t = useT(); t(messages.title, { name })` */
export function useT() {
  const intl = useIntl();
  return (descriptor: MessageDescriptor, values?: Record<string, string | number | Date>) =>
    intl.formatMessage(descriptor, values);
}
