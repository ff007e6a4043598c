// The price catalogue kept for the signed-in user (docs/product/api.md Billing, docs/product/limits.md Price display):
// fetched once per user and kept; a failure shows 'failed to get price data' once and is not kept, so the next
// screen asks again. One cache for the shell and every remote, so it is in the federated core
// (shared/src/federation-core.json); the hooks that read it (prices.ts) are bundled per app.
import type { PriceCatalogue } from '../contract';
import { billingApi } from './billing';
import { showToast } from './feedback';
import { apiTexts } from './messages';

const m = apiTexts.messages;

let cached: { userId: string; promise: Promise<PriceCatalogue>; prices: PriceCatalogue | null } | null = null;

/** The catalogue for this user: the one request already made, or a new one (20 s time-out). */
export function loadPrices(userId: string): Promise<PriceCatalogue> {
  if (cached?.userId === userId) return cached.promise;
  const entry: NonNullable<typeof cached> = { userId, prices: null, promise: Promise.resolve({} as PriceCatalogue) };
  entry.promise = billingApi.prices({ silent: true, background: true }).then(
    (prices) => {
      entry.prices = prices;
      return prices;
    },
    (error: unknown) => {
      if (cached === entry) cached = null;
      showToast({ kind: 'error', message: m.pricesFailed });
      throw error;
    },
  );
  cached = entry;
  return entry.promise;
}

/** The catalogue if it has already arrived for this user (card details that render without waiting); else null. */
export function cachedPrices(userId: string | undefined): PriceCatalogue | null {
  return cached && cached.userId === (userId ?? '') ? cached.prices : null;
}

/** Forgets the catalogue (tests; a new session asks again anyway, as it is keyed by the user). */
export function forgetPrices(): void {
  cached = null;
}
