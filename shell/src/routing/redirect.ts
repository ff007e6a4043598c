// /redirect?uri=… (docs/product/screens.md): navigates inside the app after 100 ms. Only same-origin paths are followed, so the
// page cannot be used to send someone to another site (open redirect).

export const REDIRECT_DELAY_MS = 100;
export const DEFAULT_REDIRECT_TARGET = '/devices';

/**
 * The path to go to for `uri`: a relative path starting with a single '/', without a scheme, host, backslash or
 * control character. Anything else — `//evil.example`, `/\evil.example`, `https://…`, `javascript:…` — gives the
 * default, /devices.
 */
function hasBackslashOrControl(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function safeRedirectTarget(uri: string | null | undefined, origin = 'http://paddock.invalid'): string {
  if (!uri) return DEFAULT_REDIRECT_TARGET;
  // A browser drops tabs and newlines and reads '\' as '/' in URLs, so '/\t/evil' and '/\evil' would leave the site.
  if (!uri.startsWith('/') || uri.startsWith('//') || hasBackslashOrControl(uri)) return DEFAULT_REDIRECT_TARGET;
  let url: URL;
  try {
    url = new URL(uri, origin);
  } catch {
    return DEFAULT_REDIRECT_TARGET;
  }
  if (url.origin !== new URL(origin).origin) return DEFAULT_REDIRECT_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
}
