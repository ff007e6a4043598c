// This browser's side of push (docs/product/api.md device-tokens, §8 'User denied permissions'): whether it can take push
// messages, asking for permission, the service worker's subscription, and registering it with the server.
import { pushApi, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { mayOfferPush, parseWebPushToken, webPushTokenText, type PushPromptAnswer } from '@paddock/shared/domain';
import { STORAGE_KEYS, storeUpdatedUser } from '@paddock/shared/session';
import { onPaddockPage } from '../dashboard/offline/appOffline';

/** docs/product/errors.md: what is raised when the user does not allow notifications. */
export const PUSH_DENIED = 'User denied permissions';

/** The service worker the shell serves and registers (shell/src/serviceWorker/); its scope is the whole app. */
const SERVICE_WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    // Never on a partner's page embedding the dashboard: the worker is Paddock's, at Paddock's origin.
    onPaddockPage() &&
    window.isSecureContext &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

/** Asks the browser for permission to notify; throws PUSH_DENIED unless it is granted. */
export async function askPermission(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(PUSH_DENIED);
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** This browser's subscription for the server's key (made now, or the one it has), as the Token the server takes. */
export async function subscribeThisBrowser(publicKey: string): Promise<string> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const key = base64UrlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made for another server key (the server's keys changed): the push service would refuse our messages.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return JSON.stringify(subscription.toJSON());
}

/**
 * Registers this browser for the user's alarm messages and switches push on for the account if it was off.
 * Returns the account as the server now has it (also put in the session).
 */
export async function registerForPush(user: User): Promise<User> {
  const { PublicKey } = await pushApi.vapidPublicKey({ silent: true, background: true });
  const token = await subscribeThisBrowser(PublicKey);
  let updated = await pushApi.registerDeviceToken(user.Id, token, { silent: true, background: true });
  if (!updated.PushNotifications.Enabled) {
    updated = await usersApi.update(user.Id, { PushNotifications: { Enabled: true } }, { silent: true, background: true });
  }
  storeUpdatedUser(updated);
  return updated;
}

/**
 * For a browser that allowed notifications before: registers it again only when the account does not have its
 * current subscription (renewed by the browser, or registered by another account on this browser).
 */
export async function keepRegistered(user: User): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  const current = subscription ? parseWebPushToken(JSON.stringify(subscription.toJSON())) : null;
  if (current && user.PushNotifications.Tokens.includes(webPushTokenText(current))) return;
  await registerForPush(user);
}

/** What this browser answered the offer before (kept in local storage: a preference, nothing secret). */
export function rememberedAnswer(): PushPromptAnswer | null {
  try {
    const text = localStorage.getItem(STORAGE_KEYS.pushPrompt);
    const parsed = text ? (JSON.parse(text) as PushPromptAnswer) : null;
    return parsed && (parsed.answer === 'denied' || parsed.answer === 'later') && typeof parsed.at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function rememberAnswer(answer: PushPromptAnswer['answer'], nowMs = Date.now()): void {
  try {
    localStorage.setItem(STORAGE_KEYS.pushPrompt, JSON.stringify({ answer, at: nowMs } satisfies PushPromptAnswer));
  } catch {
    // storage unavailable: the offer may come again next time
  }
}

/**
 * Notifications are blocked for the site in this browser's settings, and nobody answered our offer here yet: the
 * dashboard says once how to allow them (docs/product/screens.md), since asking would be refused unseen.
 */
export function pushBlocked(nowMs = Date.now()): boolean {
  return pushSupported() && Notification.permission === 'denied' && mayOfferPush(rememberedAnswer(), nowMs);
}

/** Whether to offer push on this browser now: it can take push, nobody decided yet, and no earlier answer holds. */
export function shouldOfferPush(nowMs = Date.now()): boolean {
  return pushSupported() && Notification.permission === 'default' && mayOfferPush(rememberedAnswer(), nowMs);
}
