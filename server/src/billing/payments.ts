// Taking payments through a provider adapter (docs/architecture/README.md#the-shape): the built-in provider by
// default, Stripe by configuration. A purchase is charged first, outside any transaction (the provider's calls go over
// the network and no row lock may wait on them: docs/architecture/decisions/0019-renewals.md), then recorded in the
// short transaction that also delivers what was bought, so a recorded payment is a delivered purchase. Every charge
// carries an idempotency key: a charge repeated with the same key (a retried request, a renewal job that ran twice, a
// run that died between charge and record) finds the first payment and takes no money again, and its record then
// delivers what the first one did not.
import { randomUUID } from 'node:crypto';
import type { Invoice, PriceCatalogue } from '@paddock/shared/contract';
import { FALLBACK_LOCALE, currencyFor, isLocale, priceAmount, type Currency, type PriceKey } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments, type PaymentRow, type UserRow } from '../db/schema';
import { findInvoice, invoicesOf, issueInvoice, toInvoice } from './builtin/invoices';
import { renderInvoicePdf } from './builtin/invoicePdf';
import { cardOnFile } from './builtin/paymentMethods';
import { portalUrl } from './builtin/portalLink';
import { BUILTIN_CATALOGUE } from './catalogue';
import { chargeDescription } from './lineText';

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
  /** Shown on the invoice in the payer's language, e.g. 'SmartPlug Monthly – Pump' (chargeDescription, lineText.ts). */
  description: string;
  /**
   * Names this purchase once and for all, always with the paying user's id (namespaced by the caller:
   * `sms:{userId}:{header}`, `extra-data:{userId}:{imsi}:{header}`, `plan:{userId}:{product}:{key}:{expiresAt}`,
   * `renewal:{userId}:{product}:{key}:{expiresAt}`). A second charge with the same key returns the first payment.
   */
  idempotencyKey: string;
}

/** A charge's outcome: the payment, and whether it was recorded by an earlier call with the same key (delivered then). */
export interface ChargeResult {
  payment: PaymentRow;
  replayed: boolean;
}

/** What the provider took (or had taken before under the same key), not recorded yet. */
export interface TakenPayment {
  /** The payment's id (Stripe: its invoice's). */
  id: string;
  /** The provider's customer charged (Stripe may make it on demand). */
  customerId: string;
  /** What was charged, minor units ex VAT. */
  amount: number;
  paidAt: Date;
}

/** A charge and what it took: recorded by recordCharge in the delivering transaction. */
export interface PaidCharge {
  charge: Charge;
  taken: TakenPayment;
}

export interface PaymentProvider {
  /** The price catalogue, every key (GET /prices). */
  prices(): Promise<PriceCatalogue>;
  /**
   * Takes the payment, or finds the one taken before under its idempotency key; records nothing. Call it outside any
   * transaction: `db` is for short reads and writes of the provider's own (Stripe's customer id), never a row lock
   * held across its network calls. Throws PaymentDeclinedError when the payment is refused: nothing is bought.
   */
  charge(db: Db, charge: Charge): Promise<TakenPayment>;
  /**
   * Records a taken payment through `tx`, the short transaction that delivers the purchase (with its invoice for the
   * built-in provider); `replayed` when it was recorded before, i.e. delivered then.
   */
  record(tx: Db, charge: Charge, taken: TakenPayment): Promise<ChargeResult>;
  /** The customer's invoices, newest first. PdfUrl is a Paddock path (GET …/invoices/{id}/pdf) or the provider's own address. */
  invoices(db: Db, customer: UserRow): Promise<Invoice[]>;
  /** The PDF of one of the customer's invoices; null when the customer has no such invoice (or the provider serves its PDFs itself). */
  invoicePdf(db: Db, customer: UserRow, invoiceId: string): Promise<Buffer | null>;
  /**
   * Where "Manage payment" goes: the provider's customer portal for this customer, coming back to `returnUrl` (checked
   * by the caller to be one of Paddock's addresses). `origin` is Paddock's own (PUBLIC_URL); `tokenHash` is the asking
   * session's, which a built-in link ends with.
   */
  portalUrl(db: Db, customer: UserRow, links: { returnUrl: string; origin: string; tokenHash: string }): Promise<string>;
}

/** The provider refused the payment (card declined, no payment method…). */
export class PaymentDeclinedError extends Error {
  constructor(reason: string) {
    super(`payment declined: ${reason}`);
    this.name = 'PaymentDeclinedError';
  }
}

/** A charge whose idempotency key names an earlier payment by another user or for another item: a bug in the key, never a replay. */
export class IdempotencyKeyMismatchError extends Error {
  constructor(idempotencyKey: string) {
    super(`idempotency key ${idempotencyKey} names a payment by another user or for another item`);
    this.name = 'IdempotencyKeyMismatchError';
  }
}

/** A purchase of one catalogue price: its idempotency key, and the device's name when it is for one (its invoice line says it). */
export interface Purchase {
  idempotencyKey: string;
  device?: string;
}

/**
 * The charge of one catalogue price to the paying account in its currency (docs/product/limits.md: SEK for SE, else
 * EUR), ex VAT, its invoice line in the payer's language.
 */
export function priceCharge(
  payer: Pick<UserRow, 'id' | 'customerId' | 'country' | 'locale'>,
  priceKey: PriceKey,
  price: PriceCatalogue[PriceKey],
  { idempotencyKey, device }: Purchase,
): Charge {
  const currency = currencyFor(payer.country);
  return {
    userId: payer.id,
    customerId: payer.customerId,
    priceKey,
    priceId: price.Id,
    amount: priceAmount(price, currency),
    currency,
    description: chargeDescription(payer, priceKey, price, device),
    idempotencyKey,
  };
}

/**
 * Charges one catalogue price (priceCharge), outside any transaction: the one place a purchase's or a plan's charge
 * is made from the catalogue. Record it with recordCharge in the transaction that delivers.
 */
export async function chargePrice(
  db: Db,
  provider: PaymentProvider,
  payer: Pick<UserRow, 'id' | 'customerId' | 'country' | 'locale'>,
  priceKey: PriceKey,
  price: PriceCatalogue[PriceKey],
  purchase: Purchase,
): Promise<PaidCharge> {
  const charge = priceCharge(payer, priceKey, price, purchase);
  return { charge, taken: await provider.charge(db, charge) };
}

/** Records a paid charge through `tx`, the transaction that delivers it; `replayed`: delivered before, deliver nothing. */
export const recordCharge = (tx: Db, provider: PaymentProvider, paid: PaidCharge): Promise<ChargeResult> =>
  provider.record(tx, paid.charge, paid.taken);

/** Charges, then records in a transaction of its own: for a payment that delivers nothing else (and the tests). */
export async function chargeAndRecord(db: Db, provider: PaymentProvider, charge: Charge): Promise<ChargeResult> {
  const taken = await provider.charge(db, charge);
  return db.transaction((tx) => provider.record(tx, charge, taken));
}

/**
 * Records a payment under its idempotency key, or finds the one recorded before under it. The earlier payment must be
 * by the same user for the same item; otherwise this throws IdempotencyKeyMismatchError rather than hand one user's
 * purchase to another.
 */
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
  if (earlier.userId !== charge.userId || earlier.priceKey !== charge.priceKey)
    throw new IdempotencyKeyMismatchError(charge.idempotencyKey);
  return { payment: earlier, replayed: true };
}

/**
 * The built-in provider (docs/product/billing.md), test mode: no money moves. Its own catalogue; a charge is declined
 * when the card on file is the declining test card, else recorded with its invoice in the delivering transaction; the
 * customer portal is Paddock's own page (builtin/portal.ts) behind a signed, short-lived link.
 */
export function localPaymentProvider(now: () => Date): PaymentProvider {
  return {
    prices: async () => BUILTIN_CATALOGUE,
    async charge(db, charge) {
      const [earlier] = await db.select().from(payments).where(eq(payments.idempotencyKey, charge.idempotencyKey));
      // A purchase paid before is answered as it was, whatever card is on file now.
      if (earlier) return { id: earlier.id, customerId: charge.customerId, amount: earlier.amount, paidAt: earlier.createdAt };
      if ((await cardOnFile(db, charge.userId))?.declines) throw new PaymentDeclinedError('test card declined');
      return { id: randomUUID(), customerId: charge.customerId, amount: charge.amount, paidAt: now() };
    },
    async record(tx, charge, taken) {
      const result = await recordPayment(tx, charge, taken.paidAt, taken.id);
      if (!result.replayed) await issueInvoice(tx, result.payment, charge.description, taken.paidAt);
      return result;
    },
    invoices: async (db, customer) => (await invoicesOf(db, customer.id)).map((row) => toInvoice(row, customer.id)),
    async invoicePdf(db, customer, invoiceId) {
      const invoice = await findInvoice(db, customer.id, invoiceId);
      return invoice ? renderInvoicePdf(invoice, isLocale(customer.locale) ? customer.locale : FALLBACK_LOCALE) : null;
    },
    portalUrl: (db, customer, links) => portalUrl(db, customer, links, now()),
  };
}
