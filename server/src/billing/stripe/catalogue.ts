// The price catalogue from Stripe (docs/architecture/decisions/0020-stripe.md): each of the 13 catalogue keys is a
// Stripe price lookup key. A price holds its amount in one currency and may hold others as currency options; the
// catalogue needs SEK and EUR, so one of the two is the price's currency and the other a currency option.
import type { PriceCatalogue } from '@paddock/shared/contract';
import { planSize, PRICE_KEYS, PLAN_PRICE_KEYS, type PriceKey } from '@paddock/shared/domain';
import type Stripe from 'stripe';

/** Stripe's limit on lookup_keys per list request. */
const LOOKUP_KEYS_PER_REQUEST = 10;

/** Stripe's prices do not make a complete catalogue (a key without an active price, a missing currency…). */
export class StripeCatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeCatalogueError';
  }
}

/** Reads the active prices of every catalogue key; throws StripeCatalogueError naming what is missing. */
export async function fetchStripeCatalogue(stripe: Stripe): Promise<PriceCatalogue> {
  const byKey = new Map<string, Stripe.Price>();
  for (let start = 0; start < PRICE_KEYS.length; start += LOOKUP_KEYS_PER_REQUEST) {
    const lookupKeys = PRICE_KEYS.slice(start, start + LOOKUP_KEYS_PER_REQUEST);
    const page = await stripe.prices.list({
      lookup_keys: [...lookupKeys],
      active: true,
      limit: LOOKUP_KEYS_PER_REQUEST,
      expand: ['data.product', 'data.currency_options'],
    });
    for (const price of page.data) if (price.lookup_key) byKey.set(price.lookup_key, price);
  }
  const missing = PRICE_KEYS.filter((key) => !byKey.has(key));
  if (missing.length) throw new StripeCatalogueError(`Stripe has no active price with the lookup key ${missing.join(', ')}`);
  return Object.fromEntries(PRICE_KEYS.map((key) => [key, catalogueEntry(key, byKey.get(key)!)])) as PriceCatalogue;
}

const SIM_PLAN_KEYS: readonly PriceKey[] = PLAN_PRICE_KEYS['farmcam-sim'];

function catalogueEntry(key: PriceKey, price: Stripe.Price): PriceCatalogue[PriceKey] {
  const entry = { Id: price.id, Name: priceName(price), Sek: amountIn(price, 'sek'), Eur: amountIn(price, 'eur') };
  // The subscription display reads a SIM plan's allowance from its name (docs/product/states.md): refuse it now
  // rather than on every screen.
  if (SIM_PLAN_KEYS.includes(key) && !safePlanSize(entry)) {
    throw new StripeCatalogueError(
      `Stripe price ${key} (${price.id}) must carry its monthly data in its nickname or product name, e.g. "FarmCam SIM Small 1 GB"`,
    );
  }
  return entry;
}

/** The price's nickname, else its product's name. */
function priceName(price: Stripe.Price): string {
  if (price.nickname) return price.nickname;
  const product = price.product;
  if (typeof product === 'object' && !product.deleted && product.name) return product.name;
  throw new StripeCatalogueError(`Stripe price ${price.lookup_key} (${price.id}) has neither a nickname nor a product name`);
}

/** Minor units in `currency`: the price's own amount when that is its currency, else its currency option's. */
function amountIn(price: Stripe.Price, currency: 'sek' | 'eur'): number {
  const amount = price.currency === currency ? price.unit_amount : price.currency_options?.[currency]?.unit_amount;
  if (typeof amount === 'number') return amount;
  throw new StripeCatalogueError(
    `Stripe price ${price.lookup_key} (${price.id}) has no ${currency.toUpperCase()} amount: make ${currency.toUpperCase()} its currency or add it as a currency option`,
  );
}

function safePlanSize(price: { Id: string; Name: string }): string | null {
  try {
    return planSize(price);
  } catch {
    return null;
  }
}
