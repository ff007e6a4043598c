// Push in the native app (docs/product/native-app.md, docs/product/api.md device-tokens): the platform's permission,
// the FCM registration token from @capacitor/push-notifications, registered with the server like a browser's
// subscription. The plugin is loaded only in the app, never in a browser's bundle path.
import { pushApi, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { PUSH_PROMPT_DELAY_MS } from '@paddock/shared/domain';
import { storeUpdatedUser } from '@paddock/shared/session';
import { PUSH_DENIED } from '../push/browserPush';

const loadPlugin = () => import(/* webpackChunkName: "capacitor-push" */ '@capacitor/push-notifications');

/** The FCM token of this installation, once the platform has handed it over. */
async function platformToken(): Promise<string> {
  const { PushNotifications } = await loadPlugin();
  let permission = await PushNotifications.checkPermissions();
  if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale') permission = await PushNotifications.requestPermissions();
  if (permission.receive !== 'granted') throw new Error(PUSH_DENIED);
  const listeners: { remove: () => Promise<void> }[] = [];
  try {
    return await new Promise<string>((resolve, reject) => {
      void (async () => {
        listeners.push(await PushNotifications.addListener('registration', (token) => resolve(token.value)));
        listeners.push(await PushNotifications.addListener('registrationError', (error) => reject(new Error(error.error))));
        await PushNotifications.register();
      })().catch(reject);
    });
  } finally {
    await Promise.all(listeners.map((listener) => listener.remove()));
  }
}

/** Registers this installation for the user's alarms and switches push on for the account if it was off. */
export async function registerNativePush(user: User): Promise<User> {
  const token = await platformToken();
  if (user.PushNotifications.Enabled && user.PushNotifications.Tokens.includes(token)) return user;
  let updated = await pushApi.registerDeviceToken(user.Id, token, { silent: true, background: true });
  if (!updated.PushNotifications.Enabled) {
    updated = await usersApi.update(user.Id, { PushNotifications: { Enabled: true } }, { silent: true, background: true });
  }
  storeUpdatedUser(updated);
  return updated;
}

/**
 * docs/product/limits.md: registration starts 1 s after the dashboard loads. A denial raises PUSH_DENIED; it and any
 * other failure are only logged (docs/product/api.md). Returns the cancel for a dashboard left before then.
 */
export function registerNativePushSoon(user: User, delayMs = PUSH_PROMPT_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    registerNativePush(user).catch((error: unknown) => {
      const denied = error instanceof Error && error.message === PUSH_DENIED;
      console.warn(denied ? PUSH_DENIED : 'push registration failed', error);
    });
  }, delayMs);
  return () => clearTimeout(timer);
}
