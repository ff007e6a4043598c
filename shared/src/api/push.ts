// Push registration calls (docs/product/api.md device-tokens) and the key browsers subscribe with.
import type { User, VapidPublicKey } from '../contract';
import { api, type RequestOptions } from './client';

export const pushApi = {
  vapidPublicKey: (options?: RequestOptions) => api.get<VapidPublicKey>('push/vapid-public-key', options),
  /** Token: the browser's PushSubscription as JSON. Returns the account with the token added. */
  registerDeviceToken: (userId: string, Token: string, options?: RequestOptions) =>
    api.post<User>(`users/${encodeURIComponent(userId)}/device-tokens`, { Token }, options),
};
