// Outbound webhooks' public entries for other features (docs/product/webhooks.md): notify enqueues and sends the
// deliveries, the readings' maintenance retires old ones. The routes are registered by app.ts from ./routes.
export { deliverWebhookJob, enqueueWebhookEvents, retireWebhookDeliveries, WEBHOOK_JOB } from './delivery';
export type { TargetRules } from './targets';
