// Outbound webhooks on the wire (docs/product/webhooks.md, docs/product/api.md "Webhooks"): an account's webhooks
// under /users/{id}/webhooks, a test ping, and each webhook's delivery log, newest first, paged.
import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH } from '../domain/webhooks';
import { closed, Nullable } from './devices';
import { Id, IsoTime } from './common';

/** `Next` of a delivery page: the creation time (ms) and id of its last delivery. */
export const WEBHOOK_DELIVERY_CURSOR_PATTERN = '^[0-9]{1,15}_[0-9a-f-]{36}$';

export const WebhookEventName = Type.Union(WEBHOOK_EVENTS.map((event) => Type.Literal(event)));

/** An http(s) URL; the server takes https only, at a public address (http only in a test installation). */
export const WebhookUrl = Type.String({ minLength: 10, maxLength: WEBHOOK_URL_MAX_LENGTH, pattern: '^[hH][tT][tT][pP][sS]?://[^\\s]+$' });

const WebhookEvents = Type.Array(WebhookEventName, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true });

export const WebhookParams = Type.Object({ id: Id, hookId: Type.String({ format: 'uuid' }) }, closed);
export type WebhookParams = Static<typeof WebhookParams>;

export const CreateWebhookBody = Type.Object({ Url: WebhookUrl, Events: WebhookEvents, Enabled: Type.Optional(Type.Boolean()) }, closed);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  { Url: Type.Optional(WebhookUrl), Events: Type.Optional(WebhookEvents), Enabled: Type.Optional(Type.Boolean()) },
  { ...closed, minProperties: 1 },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const Webhook = Type.Object(
  {
    Id: Type.String(),
    Url: Type.String(),
    Events: Type.Array(WebhookEventName),
    Enabled: Type.Boolean(),
    /** The HMAC-SHA256 key of the Paddock-Signature header (whsec_…), readable by the account holder and staff. */
    Secret: Type.String(),
    CreatedAt: IsoTime,
  },
  { $id: 'Webhook' },
);
export type Webhook = Static<typeof Webhook>;

export const WebhookList = Type.Object({ Webhooks: Type.Array(Webhook) });
export type WebhookList = Static<typeof WebhookList>;

export const WebhookDeliveryQuery = Type.Object(
  {
    /** The `Next` of the page before. */
    cursor: Type.Optional(Type.String({ pattern: WEBHOOK_DELIVERY_CURSOR_PATTERN })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  closed,
);
export type WebhookDeliveryQuery = Static<typeof WebhookDeliveryQuery>;

/** One event sent to a webhook: how many attempts so far and how the last one went. */
export const WebhookDelivery = Type.Object({
  Id: Type.String(),
  Event: Type.Union([WebhookEventName, Type.Literal('ping')]),
  /** pending: not answered 2xx yet, retried later (NextAttemptAt); failed: every attempt failed. */
  Status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  Attempts: Type.Integer(),
  /** The HTTP status of the last answer; null when none came (see Error). */
  StatusCode: Nullable(Type.Integer()),
  Error: Nullable(Type.String()),
  NextAttemptAt: Nullable(IsoTime),
  CreatedAt: IsoTime,
  DoneAt: Nullable(IsoTime),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryPage = Type.Object({ Deliveries: Type.Array(WebhookDelivery), Next: Nullable(Type.String()) });
export type WebhookDeliveryPage = Static<typeof WebhookDeliveryPage>;
