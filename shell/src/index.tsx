// The shell's entry. Module Federation's asyncStartup has initialised the shared modules before this runs, so
// there is no hand-written bootstrap import (docs/architecture/README.md#module-federation-notes).
import '@paddock/shared/ui/theme.css';
import './shell.css';
import { createRoot } from 'react-dom/client';
import { paddockStore, startSession } from '@paddock/shared/session';
import { App } from './App';
import { checkSessionTolerantly } from './connection/offlineStart';
import { fetchRemotesConfig, preloadRemoteApp, registerPaddockRemotes } from './federation/remotes';
import { guardSession } from './routing/AppRoutes';
import { landingPage } from './routing/guards';
import { registerWhenIdle } from './serviceWorker/register';
import { loadApiClientAtFirstUse } from './startup/apiClientAhead';
import { askForDeviceListAhead } from './startup/deviceListAhead';
import { startOnConnectionError, startupFailedAtom } from './startup/startupFailure';
import { ensureVariant } from './startup/variant';

async function start(): Promise<void> {
  // The branded variant: already on the served page; asked for only on a page without it (dev server).
  const variantKnown = ensureVariant();

  // The stored session is checked with the server while the app renders; a server that cannot be reached sends
  // the user to /connection-error (docs/product/screens.md), except on the dashboard, which works offline and checks
  // again when the network is back (docs/product/installable-app.md). Asked at once, beside /remotes.json.
  checkSessionTolerantly(startSession, (error: unknown) => {
    console.error('[paddock] could not check the session', error);
    paddockStore.set(startupFailedAtom, true);
  });

  // The dashboard's device list is asked for at once too, beside /remotes.json and the session (its reply waits for
  // the dashboard's first poll; startup/deviceListAhead.ts).
  const landing = landingPage(window.location.pathname, window.location.search, guardSession((atom) => paddockStore.get(atom)));
  if (landing) askForDeviceListAhead(landing.pathname);

  try {
    registerPaddockRemotes(await fetchRemotesConfig());
    // The section this page shows starts loading now, while the shell renders (docs/architecture/README.md#budgets).
    // Asked again: the session check may have ended the session meanwhile.
    const section = landingPage(window.location.pathname, window.location.search, guardSession((atom) => paddockStore.get(atom)));
    if (section) preloadRemoteApp(section.remote);
  } catch (error) {
    console.error('[paddock] could not load /remotes.json', error);
    paddockStore.set(startupFailedAtom, true);
    startOnConnectionError();
  }

  await variantKnown;
  loadApiClientAtFirstUse();
  createRoot(document.getElementById('root')!).render(<App />);
  // The precache and push worker, once the page is up (docs/architecture/installable-app.md).
  registerWhenIdle();
}

void start();
