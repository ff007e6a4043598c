import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl, type MessageDescriptor } from 'react-intl';
import { FALLBACK_LOCALE, type Locale } from '../domain/account';
import { localeAtom } from '../session/store';
import { apiTexts } from '../api/messages';
import { leaveTexts, uiTexts } from '../ui/messages';
import { catalogsReady, loadCatalogs, mergeCatalogs, type TextCatalogs } from './define';

// The shared UI kit's catalogues every page needs, so its texts show in the language chosen, not in en-GB. Texts only
// some apps show come with those apps (renewalTexts) or with their component (fieldMessages.ts): every page's start
// carries these (docs/architecture/README.md#budgets).
const sharedSets: TextCatalogs[] = [apiTexts, uiTexts, leaveTexts];

/**
 * The language to show `sets` in: `locale` once all their catalogues are in place (a production build loads the
 * languages other than en-GB when they are first shown, docs/architecture/README.md#budgets); while they load, the
 * language shown before, or null at first. A language whose texts cannot be loaded shows in en-GB, which every
 * module has; it is tried again when it is chosen again.
 */
function useShownLocale(sets: readonly TextCatalogs[], locale: Locale): Locale | null {
  const shown = useRef<Locale | null>(null);
  const [failed, setFailed] = useState<Locale | null>(null);
  const [, setLoaded] = useState(0);
  const ready = catalogsReady(sets, locale);
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadCatalogs(sets, locale).then(
      () => current && setLoaded((n) => n + 1),
      (error: unknown) => {
        console.error(`[paddock] could not load the ${locale} texts`, error);
        if (current) setFailed(locale);
      },
    );
    return () => {
      current = false;
    };
  }, [sets, locale, ready]);
  if (ready) shown.current = locale;
  else if (failed === locale) shown.current = FALLBACK_LOCALE;
  return shown.current;
}

/** The app-wide IntlProvider for the current locale, with the shared package's own texts. */
export function LocaleProvider({ children, translations = [] }: { children: ReactNode; translations?: TextCatalogs[] }) {
  const locale = useAtomValue(localeAtom);
  const sets = useMemo(() => [...sharedSets, ...translations], [translations]);
  const shown = useShownLocale(sets, locale);
  const messages = useMemo(() => (shown ? mergeCatalogs(sets, shown) : null), [sets, shown]);
  // Nothing until the first language's texts are in (the start-up splash covers the moment).
  if (!shown || !messages) return null;
  return (
    <IntlProvider locale={shown} defaultLocale={FALLBACK_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}

/** Adds a section's texts to the surrounding IntlProvider (each remote brings its own catalogues). */
export function Translations({ translations, children }: { translations: TextCatalogs[]; children: ReactNode }) {
  const parent = useIntl();
  const locale = parent.locale as Locale;
  const shown = useShownLocale(translations, locale);
  const messages = useMemo(
    () => (shown ? { ...(parent.messages as Record<string, string>), ...mergeCatalogs(translations, shown) } : null),
    [parent.messages, translations, shown],
  );
  if (!shown || !messages) return null;
  return (
    <IntlProvider locale={locale} defaultLocale={FALLBACK_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}

/** `const t = useT(); t(messages.title, { name })` */
export function useT() {
  const intl = useIntl();
  return (descriptor: MessageDescriptor, values?: Record<string, string | number | Date>) => intl.formatMessage(descriptor, values);
}
