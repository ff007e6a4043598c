import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminApi } from '@paddock/shared/api';
import { PRODUCT_IDS, devicePath, logsPath } from '@paddock/shared/domain';
import { changeLocale } from '@paddock/shared/i18n';
import { impersonationAtom, paddockStore, signOut } from '@paddock/shared/session';
import { currentLocation, renderInShell, resetShellState, sampleUser, signInAs } from '../testing';
import { Navbar } from './Navbar';

jest.mock('@paddock/shared/i18n', () => ({ ...jest.requireActual('@paddock/shared/i18n'), changeLocale: jest.fn() }));
jest.mock('@paddock/shared/session', () => ({ ...jest.requireActual('@paddock/shared/session'), signOut: jest.fn() }));

beforeEach(() => {
  resetShellState();
  jest.clearAllMocks();
  jest.restoreAllMocks();
});

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
/** The links' visible texts (icons are aria-hidden and left out). */
const links = () =>
  within(nav())
    .queryAllByRole('link')
    .map((link) => {
      const copy = link.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((icon) => icon.remove());
      return copy.textContent;
    });

test('signed out: Support, the language menu and Sign in', () => {
  renderInShell(<Navbar />, { path: '/sign-in' });
  expect(links()).toEqual(['Support (opens in a new tab)', 'Sign in']);
  expect(screen.queryByRole('button', { name: /sign out/i })).toBeNull();
});

test('a user sees the sections and Sign out, but no Admin', () => {
  signInAs('user');
  renderInShell(<Navbar />, { path: '/devices' });
  expect(links()).toEqual(['Devices', 'Account', 'Billing', 'Warranties', 'Support (opens in a new tab)']);
  expect(within(nav()).queryByRole('link', { name: 'Admin' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

test('Admin shows only for account type admin', () => {
  signInAs('admin');
  renderInShell(<Navbar />, { path: '/devices' });
  expect(within(nav()).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
});

test('the current section is marked with aria-current', () => {
  signInAs('user');
  renderInShell(<Navbar />, { path: '/fencealarm2/123/logs' });
  expect(within(nav()).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav()).getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
});

test('the settings and log pages of every product belong to Devices; Warranties is not Billing', () => {
  signInAs('user');
  for (const product of PRODUCT_IDS) {
    for (const path of [devicePath(product, '123'), logsPath(product, '123')]) {
      const { unmount } = renderInShell(<Navbar />, { path });
      expect(within(nav()).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
      unmount();
    }
  }
  renderInShell(<Navbar />, { path: '/warranties' });
  expect(within(nav()).getByRole('link', { name: 'Warranties' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav()).getByRole('link', { name: 'Billing' })).not.toHaveAttribute('aria-current');
  expect(within(nav()).getByRole('link', { name: 'Devices' })).not.toHaveAttribute('aria-current');
});

test('Support opens the help site in a new tab', () => {
  renderInShell(<Navbar />);
  const support = within(nav()).getByRole('link', { name: /support/i });
  expect(support).toHaveAttribute('href', 'https://support.paddock.farm/');
  expect(support).toHaveAttribute('target', '_blank');
  expect(support).toHaveAttribute('rel', expect.stringContaining('noopener'));
});

test('the brand, logo and Support link are the variant of the page (docs/product/overview.md#branded-variants)', () => {
  const home = () => screen.getByRole('link', { name: /home$/ });
  const { unmount } = renderInShell(<Navbar />);
  expect(home()).toHaveAccessibleName('Paddock home');
  expect(home()).toHaveTextContent('Paddock');
  expect(home().querySelector('img')).toHaveAttribute('src', '/favicon.svg');
  unmount();
  document.documentElement.dataset.variant = 'partner';
  try {
    renderInShell(<Navbar />);
    expect(home()).toHaveAccessibleName('Paddock Partner home');
    expect(home()).toHaveTextContent('Paddock Partner');
    expect(home().querySelector('img')).toHaveAttribute('src', '/variants/partner/favicon.svg');
    expect(within(nav()).getByRole('link', { name: /support/i })).toHaveAttribute('href', 'https://support.partner.example/');
  } finally {
    delete document.documentElement.dataset.variant;
  }
});

test('the language menu lists the four languages by their own names and changes the language', async () => {
  const user = userEvent.setup();
  renderInShell(<Navbar />);
  const select = screen.getByRole('combobox', { name: 'Language' });
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Deutsch', 'Français', 'Svenska']);
  await user.selectOptions(select, 'Svenska');
  expect(changeLocale).toHaveBeenCalledWith('sv-SE');
});

test('Sign out signs out and goes to /sign-in', async () => {
  const user = userEvent.setup();
  signInAs('user');
  renderInShell(<Navbar />, { path: '/account' });
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(signOut).toHaveBeenCalled();
  // Navigates once signing out has settled (a promise): on a busy machine that is after the click's own events.
  await waitFor(() => expect(currentLocation()).toBe('/sign-in'));
});

test('while impersonating, Sign out is hidden and Stop impersonating tells the server and returns to the admin page', async () => {
  const user = userEvent.setup();
  const stop = jest.spyOn(adminApi, 'stopImpersonating').mockResolvedValue(undefined);
  signInAs('admin');
  paddockStore.set(impersonationAtom, { User: { ...sampleUser, Email: 'owner@example.com' }, ReturnTo: '/admin/user/u1' });
  renderInShell(<Navbar />, { path: '/devices' });
  expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Stop impersonating' }));
  await waitFor(() => expect(currentLocation()).toBe('/admin/user/u1'));
  expect(stop).toHaveBeenCalledWith('u1', expect.objectContaining({ asSelf: true }));
  expect(paddockStore.get(impersonationAtom)).toBeNull();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

test('a failed stop call still ends impersonating', async () => {
  const user = userEvent.setup();
  jest.spyOn(adminApi, 'stopImpersonating').mockRejectedValue(new Error('offline'));
  signInAs('admin');
  paddockStore.set(impersonationAtom, { User: sampleUser, ReturnTo: '/admin/user/u1' });
  renderInShell(<Navbar />, { path: '/account' });
  await user.click(screen.getByRole('button', { name: 'Stop impersonating' }));
  await waitFor(() => expect(currentLocation()).toBe('/admin/user/u1'));
  expect(paddockStore.get(impersonationAtom)).toBeNull();
});

test('a stored impersonation does not hide Sign out from someone who is not an admin', () => {
  signInAs('user');
  paddockStore.set(impersonationAtom, { User: sampleUser, ReturnTo: '/admin' });
  renderInShell(<Navbar />, { path: '/devices' });
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Stop impersonating' })).toBeNull();
});

test('the menu button opens and closes the menu (phones), Escape closes it', async () => {
  const user = userEvent.setup();
  renderInShell(<Navbar />);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveAttribute('aria-controls', nav().id);
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{Escape}');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();
});

test('texts follow the language', () => {
  signInAs('admin');
  renderInShell(<Navbar />, { locale: 'fr-FR' });
  expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Appareils' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
});
