// Test helpers for the shell: render with the shell's texts, sign the sample user or admin in, and reset what the
// shell itself shows (the loading overlay's count, the connection failure) besides the session.
import type { ReactNode } from 'react';
import { busyCountAtom, connectionFailedAtom } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { paddockStore } from '@paddock/shared/session';
import { resetSession, sampleAdmin, sampleUser, signInAs as signInSample } from '@paddock/shared/testing/fixtures';
import { renderWithProviders, type RenderWithProvidersOptions } from '@paddock/shared/testing/renderRemote';
import { SHELL_TRANSLATIONS } from './App';

export { currentLocation } from '@paddock/shared/testing/renderRemote';
export { sampleUser };

/** Signs the sample user (or, for 'admin', the sample admin) in. */
export function signInAs(accountType: User['AccountType'] = 'user'): User {
  return signInSample(accountType === 'admin' ? sampleAdmin : sampleUser);
}

/** A clean session, and neither the loading overlay nor the connection failure showing. */
export function resetShellState(): void {
  resetSession();
  paddockStore.set(busyCountAtom, 0);
  paddockStore.set(connectionFailedAtom, false);
}

/** Renders `ui` as the shell does, with the router at `path`. */
export function renderInShell(ui: ReactNode, options: Omit<RenderWithProvidersOptions, 'translations'> = {}) {
  return renderWithProviders(ui, { ...options, translations: SHELL_TRANSLATIONS });
}
