// Test helper for the remotes: render a remote's App inside the providers the shell gives it (the one jotai store,
// the locale's IntlProvider, a router at `path`), with a probe that tells where the router is.
import type { ComponentType } from 'react';
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

export interface RenderRemoteOptions {
  locale?: Locale;
  /** userEvent drives jest's fake timers. */
  fakeTimers?: boolean;
}

/** Renders `App` at `path` as the shell hosts it; returns the userEvent instance with the render result. */
export function renderRemote(App: ComponentType, path: string, { locale = 'en-GB', fakeTimers = false }: RenderRemoteOptions = {}) {
  paddockStore.set(localeAtom, locale);
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const result = render(
    <Provider store={paddockStore}>
      <LocaleProvider>
        <MemoryRouter initialEntries={[path]}>
          <App />
          <LocationProbe />
        </MemoryRouter>
      </LocaleProvider>
    </Provider>,
  );
  return { user, ...result };
}

/** Where the router is now: pathname plus query. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
