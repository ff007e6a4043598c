import { render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import type { Locale } from '@paddock/shared/domain';
import { LocaleProvider } from '@paddock/shared/i18n';
import { localeAtom, paddockStore } from '@paddock/shared/session';
import App from './App';

function renderAdmin(path: string, locale: Locale = 'en-GB') {
  paddockStore.set(localeAtom, locale);
  return render(
    <Provider store={paddockStore}>
      <MemoryRouter initialEntries={[path]}>
        <LocaleProvider>
          <App />
        </LocaleProvider>
      </MemoryRouter>
    </Provider>,
  );
}

test('/admin has the menu buttons of SPEC §2', () => {
  renderAdmin('/admin');
  const menu = screen.getByRole('navigation', { name: 'Admin areas' });
  const links = within(menu).getAllByRole('link');
  expect(links.map((l) => l.textContent)).toEqual(['User', 'FarmCam SIM', 'FenceAlarm', 'FenceAlarm2', 'SmartPlug', 'Notices', 'Stats']);
  expect(links.map((l) => l.getAttribute('href'))).toEqual([
    '/admin/user',
    '/admin/farmcam-sim',
    '/admin/fencealarm',
    '/admin/fencealarm2',
    '/admin/smartplug',
    '/admin/notices',
    '/admin/stats',
  ]);
});

test('in Swedish', () => {
  renderAdmin('/admin', 'sv-SE');
  expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Användare' })).toBeInTheDocument();
});

test('pages below /admin that are not built yet', () => {
  renderAdmin('/admin/notices');
  expect(screen.getByText('This admin page is not ready yet.')).toBeInTheDocument();
});
