// Webhook calls (docs/product/api.md "Webhooks"): an account's webhooks, a test ping and each one's delivery log.
import type { CreateWebhookBody, UpdateWebhookBody, Webhook, WebhookDelivery, WebhookDeliveryPage, WebhookList } from '../contract';
import { api, type RequestOptions } from './client';

const base = (userId: string) => `users/${encodeURIComponent(userId)}/webhooks`;
const one = (userId: string, hookId: string) => `${base(userId)}/${encodeURIComponent(hookId)}`;

export const webhooksApi = {
  list: (userId: string, options?: RequestOptions) => api.get<WebhookList>(base(userId), options),
  create: (userId: string, body: CreateWebhookBody, options?: RequestOptions) => api.post<Webhook>(base(userId), body, options),
  update: (userId: string, hookId: string, body: UpdateWebhookBody, options?: RequestOptions) =>
    api.patch<Webhook>(one(userId, hookId), body, options),
  remove: (userId: string, hookId: string, options?: RequestOptions) => api.delete<void>(one(userId, hookId), options),
  /** Sends a `ping` now and answers how it went. */
  test: (userId: string, hookId: string, options?: RequestOptions) =>
    api.post<WebhookDelivery>(`${one(userId, hookId)}/test`, undefined, options),
  deliveries: (userId: string, hookId: string, cursor?: string, options?: RequestOptions) =>
    api.get<WebhookDeliveryPage>(`${one(userId, hookId)}/deliveries${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, options),
};
