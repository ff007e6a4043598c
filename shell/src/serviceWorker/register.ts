// Registers Paddock's one service worker, /sw.js with scope `/` (docs/architecture/installable-app.md): the precache
// that makes the app installable and usable offline, and the push messages. Only in the app's own production page:
// not in the native app (its pages come from the phone), not on the webpack dev server (a precache would hide every
// change), and after the page has loaded and gone idle, so nothing of it competes with the first screen.
import { isNativeApp } from '@paddock/shared/api';

export const SERVICE_WORKER_URL = '/sw.js';
/** Understood by shell/src/serviceWorker/precache.js. */
export const ACTIVATE_IF_ALONE = 'paddock:activate-if-alone';

export function mayRegister(win: Window = window): boolean {
  return process.env.NODE_ENV === 'production' && win.isSecureContext && 'serviceWorker' in win.navigator && !isNativeApp();
}

/**
 * Registers the worker. A new version the browser found waits (pages of the old one keep loading their own files);
 * at a start with no other Paddock page open, it is asked to take over, and this page reloads into it once, before
 * the user has done anything (docs/architecture/installable-app.md "Updates").
 */
export async function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker, reload = () => location.reload()) {
  let asked = false;
  container.addEventListener('controllerchange', () => {
    if (!asked) return;
    asked = false;
    reload();
  });
  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  if (registration.waiting && container.controller) {
    asked = true;
    registration.waiting.postMessage({ type: ACTIVATE_IF_ALONE });
  }
  return registration;
}

/** After load, when the browser is idle (or 2 s later at most). */
export function registerWhenIdle(win: Window = window): void {
  if (!mayRegister(win)) return;
  const go = () => {
    const idle = (callback: () => void) =>
      typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(callback, { timeout: 2_000 }) : setTimeout(callback, 1_000);
    idle(
      () =>
        void registerServiceWorker(win.navigator.serviceWorker).catch((error: unknown) => console.warn('[paddock] service worker', error)),
    );
  };
  if (win.document.readyState === 'complete') go();
  else win.addEventListener('load', go, { once: true });
}
