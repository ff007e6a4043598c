import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Locale } from '@paddock/shared/domain';
import { LocaleProvider } from '@paddock/shared/i18n';
import { localeAtom, paddockStore } from '@paddock/shared/session';
import App from './App';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function renderDevices(path: string, locale: Locale = 'en-GB') {
  paddockStore.set(localeAtom, locale);
  return render(
    <Provider store={paddockStore}>
      <MemoryRouter initialEntries={[path]}>
        <LocaleProvider>
          <App />
          <Where />
        </LocaleProvider>
      </MemoryRouter>
    </Provider>,
  );
}

test('/devices shows the (empty) dashboard with the add-circle button to /devices/register', async () => {
  const user = userEvent.setup();
  renderDevices('/devices');
  expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
  expect(screen.getByText('No devices yet')).toBeInTheDocument();
  await user.click(screen.getAllByRole('button', { name: 'Register a device' })[0]);
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/devices/register'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Register a device' })).toBeInTheDocument();
});

test('in German', () => {
  renderDevices('/devices', 'de-DE');
  expect(screen.getByRole('heading', { level: 1, name: 'Geräte' })).toBeInTheDocument();
});

test.each(['/devices/unknown', '/devices/register/no-such-product/x', '/fencealarm/123/events'])(
  '%s is "Page not found"; Back on a first visit goes to the start',
  async (path) => {
    const user = userEvent.setup();
    renderDevices(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  },
);

test('"Page not found" in the user’s language', () => {
  renderDevices('/devices/unknown', 'fr-FR');
  expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
});
