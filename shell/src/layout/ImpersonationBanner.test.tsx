import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminApi, noticesApi } from '@paddock/shared/api';
import { impersonationAtom, paddockStore } from '@paddock/shared/session';
import { unsavedChangesAtom } from '@paddock/shared/ui';
import { currentLocation, renderInShell, resetShellState, sampleUser, signInAs } from '../testing';
import { ImpersonationBanner } from './ImpersonationBanner';
import { ShellLayout } from './ShellLayout';

const owner = { ...sampleUser, Id: 'owner7', Email: 'owner@farm.se' };
const impersonate = () => paddockStore.set(impersonationAtom, { User: owner, ReturnTo: '/admin/user/owner7' });

beforeEach(() => {
  jest.restoreAllMocks();
  resetShellState();
  jest.spyOn(noticesApi, 'listPublic').mockResolvedValue([]);
});

test('"Viewing as {email}" above every page while an admin impersonates', async () => {
  signInAs('admin');
  impersonate();
  renderInShell(<ShellLayout>the page</ShellLayout>, { path: '/billing' });
  const banner = await screen.findByRole('status'); // loaded when it applies
  expect(banner).toHaveTextContent('Viewing as owner@farm.se');
  // Above the page: before <main> in the document.
  expect(banner.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  await act(async () => undefined); // the notices' background fetch settles
});

test('not shown without impersonation, nor to someone who is not an admin', () => {
  signInAs('admin');
  const { unmount } = renderInShell(<ImpersonationBanner />);
  expect(screen.queryByText(/Viewing as/)).toBeNull();
  unmount();
  signInAs('user');
  impersonate();
  renderInShell(<ImpersonationBanner />);
  expect(screen.queryByText(/Viewing as/)).toBeNull();
});

test('its Stop impersonating tells the server and returns to the user’s admin page', async () => {
  const user = userEvent.setup();
  const stop = jest.spyOn(adminApi, 'stopImpersonating').mockResolvedValue(undefined);
  signInAs('admin');
  impersonate();
  renderInShell(<ImpersonationBanner />, { path: '/devices' });
  await user.click(screen.getByRole('button', { name: 'Stop impersonating' }));
  await waitFor(() => expect(currentLocation()).toBe('/admin/user/owner7'));
  expect(stop).toHaveBeenCalledWith('owner7', expect.objectContaining({ asSelf: true }));
  expect(screen.queryByText(/Viewing as/)).toBeNull();
});

test('with unsaved changes on the page, Stop impersonating asks first and waits for the answer', async () => {
  const user = userEvent.setup();
  const stop = jest.spyOn(adminApi, 'stopImpersonating').mockResolvedValue(undefined);
  signInAs('admin');
  impersonate();
  let agree: (() => void) | null = null;
  const ask = jest.fn((leave: () => void) => (agree = leave));
  paddockStore.set(unsavedChangesAtom, { ask, pop: () => false });
  try {
    renderInShell(<ImpersonationBanner />, { path: '/smartplug/356938035643801' });
    await user.click(screen.getByRole('button', { name: 'Stop impersonating' }));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/smartplug/356938035643801');
    await act(async () => agree!());
    await waitFor(() => expect(currentLocation()).toBe('/admin/user/owner7'));
    expect(stop).toHaveBeenCalledTimes(1);
  } finally {
    act(() => paddockStore.set(unsavedChangesAtom, null));
  }
});

test.each([
  ['de-DE', 'Ansicht als owner@farm.se', 'Stellvertretung beenden'],
  ['fr-FR', 'Vue en tant que owner@farm.se', 'Quitter l’emprunt d’identité'],
  ['sv-SE', 'Visar som owner@farm.se', 'Sluta agera som användaren'],
] as const)('in %s', (locale, text, stop) => {
  signInAs('admin');
  impersonate();
  renderInShell(<ImpersonationBanner />, { locale });
  expect(screen.getByText(text)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: stop })).toBeInTheDocument();
});
