import { LOCALES, type Locale } from '../domain/account';
import { usersApi } from '../api/users';
import { localeAtom, paddockStore, signedInAtom, userAtom } from '../session/store';

/** Each language by its own name, as a language menu shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-GB': 'English',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'sv-SE': 'Svenska',
};

/** The short interface codes of docs/product/limits.md. */
export const INTERFACE_CODES: Record<Locale, string> = { 'en-GB': 'en', 'de-DE': 'de', 'fr-FR': 'fr', 'sv-SE': 'sv' };

/**
 * Stores the chosen language (on the user when signed in, locally always) and reloads the page (docs/product/states.md).
 * A failed save on the server keeps the local choice and still reloads; the failure toast was shown.
 */
export async function changeLocale(locale: Locale, store = paddockStore, reload = () => window.location.reload()): Promise<void> {
  if (!LOCALES.includes(locale)) return;
  store.set(localeAtom, locale);
  const user = store.get(userAtom);
  if (store.get(signedInAtom) && user && user.Locale !== locale) {
    try {
      const updated = await usersApi.update(user.Id, { Locale: locale });
      store.set(userAtom, updated);
    } catch {
      // shown by the failure handler; the local choice stands
    }
  }
  reload();
}
