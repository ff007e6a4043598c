// The native app (docs/product/native-app.md): Capacitor's runtime puts `window.Capacitor` on the page before any
// script, and the mobile build writes `native-config.js`, which sets `window.PADDOCK_NATIVE` (the API base), since
// the app's pages come from the phone, not from the server. Read here without importing @capacitor/core, so the
// web bundles stay as they are.

interface NativeGlobals {
  Capacitor?: { isNativePlatform?: () => boolean; getPlatform?: () => string };
  PADDOCK_NATIVE?: { apiBase?: unknown };
}

const globals = (): NativeGlobals => (typeof window === 'undefined' ? {} : (window as unknown as NativeGlobals));

/** Whether this page runs inside the Android or iOS app (never in a browser, not even Capacitor's web build). */
export function isNativeApp(): boolean {
  return globals().Capacitor?.isNativePlatform?.() === true;
}

/** The API base the app was built with (PADDOCK_API_BASE, an absolute https URL), or null in a browser. */
export function nativeApiBase(): string | null {
  const base = globals().PADDOCK_NATIVE?.apiBase;
  return typeof base === 'string' && /^https?:\/\//.test(base) ? base.replace(/\/+$/, '') : null;
}
