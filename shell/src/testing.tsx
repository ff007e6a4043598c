// Test helpers for the shell: render inside the providers the shell sets up (the one jotai store, the router at a
// path, the locale's texts), and sign a sample user in or out.
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { busyCountAtom, connectionFailedAtom, toastsAtom } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import type { Locale } from '@paddock/shared/domain';
import { LocaleProvider } from '@paddock/shared/i18n';
import { impersonationAtom, localeAtom, paddockStore, sessionClockAtom, tokenAtom, userAtom } from '@paddock/shared/session';
import { SHELL_TRANSLATIONS } from './App';

export const sampleUser: User = {
  Id: 'u1',
  CustomerId: 'c1',
  AccountType: 'user',
  Email: 'farmer@example.com',
  Phone: '',
  Locale: 'en-GB',
  Country: 'SE',
  Verified: true,
  Name: 'Farmer',
  Addr1: '',
  Addr2: '',
  PostalCode: '',
  Town: '',
  Vatin: '',
  EmailNotifications: { Billing: true, Device: true, Marketing: false },
  PushNotifications: { Enabled: false, Tokens: [] },
  SmsNotifications: { Enabled: false, Balance: 0 },
};

export function signInAs(accountType: User['AccountType'] = 'user'): User {
  const user = { ...sampleUser, AccountType: accountType, Email: accountType === 'admin' ? 'staff@example.com' : sampleUser.Email };
  paddockStore.set(userAtom, user);
  paddockStore.set(tokenAtom, { String: 'token', ExpiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  paddockStore.set(sessionClockAtom, (n) => n + 1);
  return user;
}

export function resetShellState(): void {
  localStorage.clear();
  sessionStorage.clear();
  paddockStore.set(tokenAtom, null);
  paddockStore.set(userAtom, null);
  paddockStore.set(impersonationAtom, null);
  paddockStore.set(toastsAtom, []);
  paddockStore.set(busyCountAtom, 0);
  paddockStore.set(connectionFailedAtom, false);
  paddockStore.set(localeAtom, 'en-GB');
}

function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {location.pathname + location.search}
    </div>
  );
}

/** Renders `ui` as the shell does, with the router at `path`. */
export function renderInShell(ui: ReactNode, { path = '/', locale = 'en-GB' as Locale } = {}) {
  paddockStore.set(localeAtom, locale);
  return render(
    <Provider store={paddockStore}>
      <MemoryRouter initialEntries={[path]}>
        <LocaleProvider translations={SHELL_TRANSLATIONS}>
          {ui}
          <LocationProbe />
        </LocaleProvider>
      </MemoryRouter>
    </Provider>,
  );
}

/** Where the router is now: pathname plus query. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
