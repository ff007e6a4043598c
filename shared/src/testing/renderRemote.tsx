// Test helpers for the remotes and the shell: render inside the providers the shell gives (the one jotai store, the
// locale's IntlProvider, a router at `path`), with a probe that tells where the router is.
import type { ComponentType, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Locale } from '../domain';
import { LocaleProvider } from '../i18n';
import { localeAtom, paddockStore } from '../session';

function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {location.pathname + location.search}
    </div>
  );
}

export interface RenderWithProvidersOptions {
  path?: string;
  locale?: Locale;
  /** Texts besides the shared ones, as the shell's LocaleProvider gets them. */
  translations?: Parameters<typeof LocaleProvider>[0]['translations'];
}

/** Renders `ui` inside the shell's providers, with the router at `path`. */
export function renderWithProviders(ui: ReactNode, { path = '/', locale = 'en-GB', translations }: RenderWithProvidersOptions = {}) {
  paddockStore.set(localeAtom, locale);
  return render(
    <Provider store={paddockStore}>
      <LocaleProvider translations={translations}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </LocaleProvider>
    </Provider>,
  );
}

export interface RenderRemoteOptions {
  locale?: Locale;
  /** userEvent drives jest's fake timers. */
  fakeTimers?: boolean;
}

/** Renders `App` at `path` as the shell hosts it; returns the userEvent instance with the render result. */
export function renderRemote(App: ComponentType, path: string, { locale, fakeTimers = false }: RenderRemoteOptions = {}) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  return { user, ...renderWithProviders(<App />, { path, locale }) };
}

/** Where the router is now: pathname plus query. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
