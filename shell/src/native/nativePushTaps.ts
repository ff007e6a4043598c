// A push notification tapped in the native app opens its page (docs/product/native-app.md): the message's data
// carries Url, `/devices?id=<key>` (or a SIM's settings page). The plugin keeps a tap that started the app until
// this listener is added, so a cold start lands there too.
import { useEffect } from 'react';
import { isNativeApp } from '@paddock/shared/api';

/** Listens for taps on push notifications while the shell runs in the app (nothing in a browser, not even its code). */
export function useNativePushTaps(navigate: (path: string) => void): void {
  useEffect(() => {
    if (!isNativeApp()) return;
    let stopped = false;
    let remove: (() => Promise<void>) | null = null;
    void import(/* webpackChunkName: "capacitor-push" */ './pushTapListener')
      .then(async ({ listenForTaps }) => {
        const stop = await listenForTaps(navigate);
        if (stopped) await stop();
        else remove = stop;
      })
      .catch((error: unknown) => console.warn('push taps not available', error));
    return () => {
      stopped = true;
      void remove?.();
    };
  }, [navigate]);
}
