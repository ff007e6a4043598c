// Outbound webhooks' rules (docs/product/webhooks.md): the events an account can have POSTed to its own address, and
// the bounds of a webhook.

/** The events a webhook can be told of; `ping` is only sent by "Send test". */
export const WEBHOOK_EVENTS = ['alarm.raised', 'alarm.cleared', 'device.offline', 'device.online'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookDeliveryEvent = WebhookEvent | 'ping';

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOKS_PER_USER = 10;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;
/** The header the signature is sent in: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Paddock-Signature';
