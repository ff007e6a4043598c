import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { forgetRemoteSections } from '../federation/RemoteSection';
import { currentLocation, renderInShell, resetShellState, signInAs } from '../testing';
import { AppRoutes } from './AppRoutes';

// Each remote's App stands in as a line that names the remote and the path it got.
jest.mock('../federation/remotes', () => ({
  loadRemoteApp: jest.fn(async (name: string) => ({
    default: function StubApp(_props: RemoteAppProps) {
      const { pathname } = useLocation();
      return <p>{`${name} remote at ${pathname}`}</p>;
    },
  })),
  resetRemote: jest.fn(),
}));

beforeEach(() => {
  resetShellState();
  forgetRemoteSections();
});

test('a signed-out user on / lands on the account remote’s /sign-in', async () => {
  renderInShell(<AppRoutes />, { path: '/' });
  expect(await screen.findByText('account remote at /sign-in')).toBeInTheDocument();
});

test('a signed-in user on /sign-in goes to /devices?id={stored id}', async () => {
  signInAs('user');
  localStorage.setItem('paddock.lastDeviceId', '"356938035643809"');
  renderInShell(<AppRoutes />, { path: '/sign-in' });
  expect(await screen.findByText('devices remote at /devices')).toBeInTheDocument();
  expect(currentLocation()).toBe('/devices?id=356938035643809');
});

test('the owning remote renders each section', async () => {
  signInAs('admin');
  renderInShell(<AppRoutes />, { path: '/smartplug/42/logs' });
  expect(await screen.findByText('devices remote at /smartplug/42/logs')).toBeInTheDocument();
});

test('/farm-cam-sim/{imsi} opens the FarmCam SIM’s page at its own address, not "Page not found"', async () => {
  signInAs('user');
  renderInShell(<AppRoutes />, { path: '/farm-cam-sim/240071234567890/logs' });
  expect(await screen.findByText('devices remote at /farmcam-sim/240071234567890/logs')).toBeInTheDocument();
  expect(currentLocation()).toBe('/farmcam-sim/240071234567890/logs');
});

test('admin pages are "Page not found" for a user; Back goes back', async () => {
  const user = userEvent.setup();
  signInAs('user');
  renderInShell(<AppRoutes />, { path: '/admin/user/7' });
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByText('devices remote at /devices')).toBeInTheDocument();
});

test('an unknown path is "Page not found" (in the user’s language)', () => {
  signInAs('user');
  renderInShell(<AppRoutes />, { path: '/no/such/page', locale: 'de-DE' });
  expect(screen.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
});

test('/connection-error shows the connection-failure page to anyone', () => {
  renderInShell(<AppRoutes />, { path: '/connection-error' });
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
