// Taking payments through a provider adapter (docs/architecture/README.md#the-shape): the built-in provider by
// default, Stripe by configuration. A provider takes the money and records the payment through the transaction that
// also delivers what was bought, so a purchase is either paid and delivered or neither. Every charge carries an
// idempotency key: a charge repeated with the same key (a retried request, a renewal job that ran twice) finds the
// first payment and takes no money again.
import { randomUUID } from 'node:crypto';
import type { PriceCatalogue } from '@paddock/shared/contract';
import type { Currency, PriceKey } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments, type PaymentRow } from '../db/schema';
import { BUILTIN_CATALOGUE } from './catalogue';

/** One payment to take. */
export interface Charge {
  /** The paying account, and its customer id at the payment provider. */
  userId: string;
  customerId: string;
  /** What is bought: its catalogue key and the provider's price id. */
  priceKey: PriceKey;
  priceId: string;
  /** Integer minor units (öre, cent) of `currency`, ex VAT. */
  amount: number;
  currency: Currency;
  /** Shown on the invoice, e.g. 'SmartPlug Monthly – Pump'. */
  description: string;
  /**
   * Names this purchase once and for all (namespaced by the caller: `sms:{userId}:{header}`,
   * `renewal:{product}:{key}:{expiresAt}` …). A second charge with the same key returns the first payment.
   */
  idempotencyKey: string;
}

/** A charge's outcome: the payment, and whether it was taken by an earlier call with the same key. */
export interface ChargeResult {
  payment: PaymentRow;
  replayed: boolean;
}

export interface PaymentProvider {
  /** The price catalogue, every key (GET /prices). */
  prices(): Promise<PriceCatalogue>;
  /**
   * Takes the payment and records it through `tx`, the transaction that delivers the purchase. Throws
   * PaymentDeclinedError when the payment is refused; the transaction then rolls back and nothing is bought.
   */
  charge(tx: Db, charge: Charge): Promise<ChargeResult>;
}

/** The provider refused the payment (card declined, no payment method…). */
export class PaymentDeclinedError extends Error {
  constructor(reason: string) {
    super(`payment declined: ${reason}`);
    this.name = 'PaymentDeclinedError';
  }
}

/** Records a payment under its idempotency key, or finds the one recorded before under it. */
export async function recordPayment(tx: Db, charge: Charge, createdAt: Date, id: string = randomUUID()): Promise<ChargeResult> {
  const [inserted] = await tx
    .insert(payments)
    .values({
      id,
      userId: charge.userId,
      item: charge.priceId,
      priceKey: charge.priceKey,
      amount: charge.amount,
      currency: charge.currency,
      createdAt,
      idempotencyKey: charge.idempotencyKey,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (inserted) return { payment: inserted, replayed: false };
  const [earlier] = await tx.select().from(payments).where(eq(payments.idempotencyKey, charge.idempotencyKey));
  return { payment: earlier, replayed: true };
}

/** The built-in provider: its own catalogue; records every payment in the payments table and succeeds. */
export function localPaymentProvider(now: () => Date): PaymentProvider {
  return {
    prices: async () => BUILTIN_CATALOGUE,
    charge: (tx, charge) => recordPayment(tx, charge, now()),
  };
}
