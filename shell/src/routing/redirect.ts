// /redirect?uri=… (docs/product/screens.md): navigates inside the app after 100 ms. Only same-origin paths are followed, so the
// page cannot be used to send someone to another site (open redirect).

import { safeAppPath } from '@paddock/shared/domain';

export const REDIRECT_DELAY_MS = 100;
export const DEFAULT_REDIRECT_TARGET = '/devices';

/**
 * The path to go to for `uri`: a relative path starting with a single '/', without a scheme, host, backslash or
 * control character (also percent-decoded). Anything else — `//evil.example`, `/\evil.example`, `https://…`,
 * `javascript:…` — gives the default, /devices. The check is `safeAppPath`, shared with the way back after sign-in.
 */
export function safeRedirectTarget(uri: string | null | undefined, origin = 'http://paddock.invalid'): string {
  return safeAppPath(uri, origin) ?? DEFAULT_REDIRECT_TARGET;
}
