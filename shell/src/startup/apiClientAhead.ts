// The API client loads its transport (ky and the retry rules) with its first request (shared/src/api/client.ts,
// decision 0021), so a page that asks nothing before the user acts (/sign-in) shows without it
// (docs/architecture/README.md#js-before-the-first-page). It is loaded here at the user's first key or tap on the
// page, so the request that follows (Sign in) does not wait for it.

/** Loads the transport at the first key or tap (the same file the client loads: one request, whichever asks first). */
export function loadApiClientAtFirstUse(
  target: EventTarget = window,
  load: () => Promise<unknown> = () => import(/* webpackChunkName: "ky" */ '@paddock/shared/api/transport'),
): void {
  let asked = false;
  const once = () => {
    // Offline: the client asks again with its first request, and says so if it cannot.
    if (!asked) load().catch(() => undefined);
    asked = true;
  };
  for (const type of ['keydown', 'pointerdown']) target.addEventListener(type, once, { capture: true, passive: true, once: true });
}
