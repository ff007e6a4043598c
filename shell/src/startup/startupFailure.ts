import { atom } from 'jotai';
import { SHELL_ROUTES } from '@paddock/shared/federation';

/** Set when something the app needs at start could not be loaded (remotes.json, the session check). */
export const startupFailedAtom = atom(false);

/** Before the router exists: start on /connection-error instead of the requested page. */
export function startOnConnectionError(win: Window = window): void {
  if (win.location.pathname !== SHELL_ROUTES.connectionError) {
    win.history.replaceState(null, '', SHELL_ROUTES.connectionError);
  }
}
