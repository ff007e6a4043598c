import { screen, within } from '@testing-library/react';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from './App';

test('/admin has the menu buttons of docs/product/screens.md', () => {
  renderRemote(App, '/admin');
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
  renderRemote(App, '/admin', { locale: 'sv-SE' });
  expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Användare' })).toBeInTheDocument();
});

test('pages below /admin that are not built yet', () => {
  renderRemote(App, '/admin/notices');
  expect(screen.getByText('This admin page is not ready yet.')).toBeInTheDocument();
});
