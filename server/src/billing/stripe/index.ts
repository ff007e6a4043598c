// The payment provider PAYMENT_PROVIDER chooses (docs/architecture/decisions/0020-stripe.md): the built-in one by
// default, Stripe with its keys. With Stripe the app also serves the webhook (stripeWebhookRoutes).
import type { Config } from '../../config';
import { localPaymentProvider, type PaymentProvider } from '../payments';
import { stripeClient } from './client';
import { stripePaymentProvider } from './provider';

export { stripeWebhookRoutes, type StripeInvoiceHook } from './webhook';

export function configuredPaymentProvider(config: Pick<Config, 'payments' | 'now'>): PaymentProvider {
  return config.payments.provider === 'stripe'
    ? stripePaymentProvider({ stripe: stripeClient(config.payments.stripe), now: config.now })
    : localPaymentProvider(config.now);
}
