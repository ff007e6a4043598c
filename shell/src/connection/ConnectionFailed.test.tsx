import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectionFailedAtom } from '@paddock/shared/api';
import { paddockStore, STORAGE_KEYS } from '@paddock/shared/session';
import { ShellLayout } from '../layout/ShellLayout';
import { currentLocation, renderInShell, resetShellState, sampleUser, signInAs } from '../testing';
import { ConnectionFailed } from './ConnectionFailed';

beforeEach(() => {
  resetShellState();
  localStorage.clear();
});

const keepList = (userId: string) =>
  localStorage.setItem(
    STORAGE_KEYS.lastDeviceList,
    JSON.stringify({
      UserId: userId,
      SavedAt: 1,
      List: { FarmcamSims: [], Fencealarms: [], Fencealarm2s: [], Smartplugs: [], Smartplug2s: [] },
    }),
  );

test('shows docs/product/errors.md’s message with the support host and a "Try again" button', async () => {
  const user = userEvent.setup();
  const tryAgain = jest.fn();
  renderInShell(<ConnectionFailed onTryAgain={tryAgain} />);
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Connection to the server failed. Please verify your internet connection and try again. If you are still experiencing issues, you can contact our support at support.paddock.farm.',
  );
  expect(screen.getByRole('link', { name: 'support.paddock.farm' })).toHaveAttribute('href', 'https://support.paddock.farm/');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(tryAgain).toHaveBeenCalled();
});

test('in Swedish', () => {
  renderInShell(<ConnectionFailed />, { locale: 'sv-SE' });
  expect(screen.getByRole('alert')).toHaveTextContent('Anslutningen till servern misslyckades.');
  expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
});

test('a request time-out replaces the page content with the message; the navbar stays', () => {
  renderInShell(
    <ShellLayout>
      <p>page content</p>
    </ShellLayout>,
    { path: '/account' },
  );
  expect(screen.getByText('page content')).toBeInTheDocument();
  act(() => paddockStore.set(connectionFailedAtom, true));
  expect(screen.queryByText('page content')).toBeNull();
  expect(screen.getByRole('main')).toHaveTextContent('Connection to the server failed.');
  expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
});

test('links to the kept device list when this browser keeps one for the signed-in user', async () => {
  const user = userEvent.setup();
  signInAs();
  keepList(sampleUser.Id);
  renderInShell(<ConnectionFailed />, { path: '/account' });
  await user.click(screen.getByRole('link', { name: 'Show my last device list' }));
  expect(currentLocation()).toBe('/devices');
});

test('no link without a kept list, or with someone else’s', () => {
  signInAs();
  const { unmount } = renderInShell(<ConnectionFailed />);
  expect(screen.queryByRole('link', { name: 'Show my last device list' })).toBeNull();
  unmount();
  keepList('someone-else');
  renderInShell(<ConnectionFailed />);
  expect(screen.queryByRole('link', { name: 'Show my last device list' })).toBeNull();
});

test('a failure on one page does not replace the next: offline, Account → Devices shows the dashboard', async () => {
  const user = userEvent.setup();
  signInAs();
  renderInShell(
    <ShellLayout>
      <p>page content</p>
    </ShellLayout>,
    { path: '/account' },
  );
  act(() => paddockStore.set(connectionFailedAtom, true));
  expect(screen.queryByText('page content')).toBeNull();
  // The navbar's link to the dashboard.
  await user.click(screen.getAllByRole('link', { name: /devices/i })[0]!);
  expect(currentLocation()).toBe('/devices');
  expect(screen.getByText('page content')).toBeInTheDocument();
  expect(paddockStore.get(connectionFailedAtom)).toBe(false);
});

test('the dashboard is never replaced, even while a failure is flagged', () => {
  renderInShell(
    <ShellLayout>
      <p>page content</p>
    </ShellLayout>,
    { path: '/devices' },
  );
  act(() => paddockStore.set(connectionFailedAtom, true));
  expect(screen.getByText('page content')).toBeInTheDocument();
});
