// A push notification tapped in the native app opens its page (docs/product/native-app.md): the message's data
// carries Url, `/devices?id=<key>` (or a SIM's settings page). The plugin keeps a tap that started the app until
// this listener is added, so a cold start lands there too.
import { useEffect } from 'react';
import { isNativeApp } from '@paddock/shared/api';

/** The page a tapped message opens: its Url when it is a path of this app, else the dashboard. */
export function tappedPath(data: unknown): string {
  const url = (data as { Url?: unknown } | null | undefined)?.Url;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/devices';
}

/** Listens for taps on push notifications while the shell runs in the app (nothing in a browser). */
export function useNativePushTaps(navigate: (path: string) => void): void {
  useEffect(() => {
    if (!isNativeApp()) return;
    let stopped = false;
    let remove: (() => Promise<void>) | null = null;
    void import(/* webpackChunkName: "capacitor-push" */ '@capacitor/push-notifications')
      .then(async ({ PushNotifications }) => {
        const handle = await PushNotifications.addListener('pushNotificationActionPerformed', (action) => navigate(tappedPath(action.notification.data)));
        if (stopped) await handle.remove();
        else remove = () => handle.remove();
      })
      .catch((error: unknown) => console.warn('push taps not available', error));
    return () => {
      stopped = true;
      void remove?.();
    };
  }, [navigate]);
}
