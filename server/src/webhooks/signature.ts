// The Paddock-Signature header (docs/product/webhooks.md "Verifying a delivery"), as Stripe signs its webhooks: the
// time of sending and an HMAC-SHA256 of "<time>.<raw body>" with the webhook's secret, so a receiver can tell the
// body came from Paddock and refuse an old one replayed.
import { createHmac, randomBytes } from 'node:crypto';

/** A new webhook secret: 32 random bytes, `whsec_` and hex. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
