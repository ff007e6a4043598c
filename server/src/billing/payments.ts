// Taking payments through a provider adapter (docs/architecture/README.md#the-shape: the local provider by default, Stripe later). A provider
// takes the money and records the payment through the transaction that also delivers what was bought, so a purchase
// is either paid and delivered or neither. The built-in local provider takes no real money: it records the payment
// in the payments table and succeeds.
import { randomUUID } from 'node:crypto';
import type { Currency } from '@paddock/shared/domain';
import type { Db } from '../db/client';
import { payments, type PaymentRow } from '../db/schema';

/** One payment to take. */
export interface Charge {
  /** The paying account, and its customer id at the payment provider. */
  userId: string;
  customerId: string;
  /** What is bought: the catalogue entry's Id (e.g. 'sms-100'). */
  item: string;
  /** Integer minor units (öre, cent) of `currency`. */
  amount: number;
  currency: Currency;
}

export interface PaymentProvider {
  /**
   * Takes the payment and records it through `tx`, the transaction that delivers the purchase. Throws
   * PaymentDeclinedError when the payment is refused; the transaction then rolls back and nothing is bought.
   */
  charge(tx: Db, charge: Charge): Promise<PaymentRow>;
}

/** The provider refused the payment (card declined, no payment method…). */
export class PaymentDeclinedError extends Error {
  constructor(reason: string) {
    super(`payment declined: ${reason}`);
    this.name = 'PaymentDeclinedError';
  }
}

/** The built-in provider: records every payment in the payments table and succeeds. */
export function localPaymentProvider(now: () => Date): PaymentProvider {
  return {
    async charge(tx, charge) {
      const [row] = await tx
        .insert(payments)
        .values({ id: randomUUID(), userId: charge.userId, item: charge.item, amount: charge.amount, currency: charge.currency, createdAt: now() })
        .returning();
      return row;
    },
  };
}
