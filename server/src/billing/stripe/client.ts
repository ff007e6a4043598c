// The Stripe API client from the configuration (docs/architecture/decisions/0020-stripe.md). The API address is
// configurable so the tests can point the official client at a local stand-in (testing/standIn.ts).
import Stripe from 'stripe';
import type { StripeSettings } from '../../config';

/** Requests the client itself retries on network errors and 409/5xx; a retried POST keeps its idempotency key. */
const NETWORK_RETRIES = 2;
/** A purchase's request (and a renewal run) waits on each Stripe call: give up after this long. */
const REQUEST_TIMEOUT_MS = 20_000;

export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'api'>): Stripe {
  return new Stripe(settings.secretKey, {
    host: settings.api.host,
    port: settings.api.port,
    protocol: settings.api.protocol,
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Paddock' },
  });
}
