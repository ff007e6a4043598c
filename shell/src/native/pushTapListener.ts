// What a push tap in the native app does, with Capacitor's push plugin: loaded only inside the app
// (nativePushTaps.ts), not before every page in a browser (docs/architecture/README.md#js-before-the-first-page).
import { PushNotifications } from '@capacitor/push-notifications';

/** The page a tapped message opens: its Url when it is a path of this app, else the dashboard. */
export function tappedPath(data: unknown): string {
  const url = (data as { Url?: unknown } | null | undefined)?.Url;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/devices';
}

/** Opens the tapped message's page; resolves with what removes the listener. */
export async function listenForTaps(navigate: (path: string) => void): Promise<() => Promise<void>> {
  const handle = await PushNotifications.addListener('pushNotificationActionPerformed', (action) =>
    navigate(tappedPath(action.notification.data)),
  );
  return () => handle.remove();
}
