// The precache (docs/architecture/installable-app.md): one version of the whole app (shell page, shell assets,
// remotes.json and the same-origin remotes' files), installed together and switched together, so a page never mixes
// a shell of one build with remotes of another.
/* global self, caches, clients */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** The message the shell sends at start when an update waits (shell/src/serviceWorker/register.ts). */
export const ACTIVATE_IF_ALONE = 'paddock:activate-if-alone';
const PAGE = '/index.html';

// Replaced by the server with [{url, revision}, …]; absent where no server fills it in (webpack dev server): then
// this worker only shows push messages and every request goes to the network.
const manifest = self.__WB_MANIFEST;
const entries = Array.isArray(manifest) ? manifest : [];

if (entries.length > 0) {
  precacheAndRoute(entries);
  cleanupOutdatedCaches();
  // Every page path is the single-page app: the precached page of this version, also offline. The API, the
  // remotes' folders and the demo partner page (a partner's site, served on a partner host) are never its pages.
  if (entries.some((entry) => entry.url === PAGE)) {
    const denylist = [/^\/api(\/|$)/, /^\/remotes(\/|$)/, /^\/partner-demo(\/|$)/];
    registerRoute(new NavigationRoute(createHandlerBoundToURL(PAGE), { denylist }));
  }
}

// Asked when the script first runs, before this version's install starts filling its own precache.
const precachedBefore = caches.keys().then(
  (names) => names.some((name) => name.startsWith('workbox-precache')),
  () => false,
);

self.addEventListener('install', (event) => {
  // Nothing precached yet (the first install, or the push-only worker of earlier releases, which served everything
  // from the network): nobody can be left without their version, so take over at once. Otherwise wait: pages of the
  // previous version keep loading their own files until they are closed, or until the shell asks (below).
  event.waitUntil(precachedBefore.then((found) => (found ? undefined : self.skipWaiting())));
});

clientsClaim();

self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== ACTIVATE_IF_ALONE) return;
  // Sent by a page that has just started: with no other Paddock page open, switching now loses nothing, and that
  // page reloads into the new version at once.
  event.waitUntil(
    clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => (windows.length <= 1 ? self.skipWaiting() : undefined)),
  );
});
