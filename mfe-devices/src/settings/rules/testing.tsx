// Test helper for the rule editors: render a component inside the providers the shell gives a page (the jotai
// store, the locale's IntlProvider with the rules' texts).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import type { Locale } from '@paddock/shared/domain';
import { LocaleProvider, Translations } from '@paddock/shared/i18n';
import { localeAtom, paddockStore } from '@paddock/shared/session';
import { rulesTexts } from './messages';

const TRANSLATIONS = [rulesTexts];

export function renderInLocale(ui: ReactElement, locale: Locale = 'en-GB') {
  paddockStore.set(localeAtom, locale);
  const user = userEvent.setup();
  const result = render(
    <Provider store={paddockStore}>
      <LocaleProvider>
        <Translations translations={TRANSLATIONS}>{ui}</Translations>
      </LocaleProvider>
    </Provider>,
  );
  return { user, ...result };
}

/**
 * Puts the browser in an IANA time zone for a test (what Intl reports, which browserTimeZone reads); the wall-clock
 * arithmetic itself still uses the real zone data. Undo with jest.restoreAllMocks().
 */
export function mockBrowserTimeZone(timeZone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  return jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone };
  });
}
