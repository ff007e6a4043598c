// The navbar asks before leaving a page with unsaved changes (docs/product/screens.md Unsaved changes): the language
// switch (which reloads the page) and Sign out go through useLeave.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@paddock/shared/i18n';
import { paddockStore, signOut } from '@paddock/shared/session';
import { unsavedChangesAtom } from '@paddock/shared/ui';
import { renderInShell, resetShellState, signInAs } from '../testing';
import { Navbar } from './Navbar';

jest.mock('@paddock/shared/i18n', () => ({ ...jest.requireActual('@paddock/shared/i18n'), changeLocale: jest.fn() }));
jest.mock('@paddock/shared/session', () => ({ ...jest.requireActual('@paddock/shared/session'), signOut: jest.fn() }));

beforeEach(() => {
  resetShellState();
  jest.clearAllMocks();
});
afterEach(() => paddockStore.set(unsavedChangesAtom, null));

test('with unsaved changes, the language switch and Sign out ask the page first and wait for its answer', async () => {
  signInAs('user');
  let agree: (() => void) | null = null;
  const ask = jest.fn((leave: () => void) => (agree = leave));
  paddockStore.set(unsavedChangesAtom, { ask, pop: () => false });
  renderInShell(<Navbar />, { path: '/fencealarm/356938035643801' });
  const user = userEvent.setup();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'sv-SE');
  expect(ask).toHaveBeenCalledTimes(1);
  expect(changeLocale).not.toHaveBeenCalled();
  expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en-GB');
  agree!();
  expect(changeLocale).toHaveBeenCalledWith('sv-SE');

  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(ask).toHaveBeenCalledTimes(2);
  expect(signOut).not.toHaveBeenCalled();
});

test('without unsaved changes they act at once', async () => {
  signInAs('user');
  renderInShell(<Navbar />, { path: '/devices' });
  await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de-DE');
  expect(changeLocale).toHaveBeenCalledWith('de-DE');
});
