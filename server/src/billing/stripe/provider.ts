// The Stripe payment provider (docs/architecture/decisions/0020-stripe.md), the same PaymentProvider as the built-in
// one (billing/payments.ts). Prices come from Stripe by lookup key; a charge is a Stripe invoice (one line at the
// price, finalized and paid from the customer's default payment method); Stripe customers are made on demand and
// their id replaces the account's customer id; "Manage payment" is Stripe's Customer Portal.
import { createHash } from 'node:crypto';
import type { Invoice, PriceCatalogue } from '@paddock/shared/contract';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { payments, users, type UserRow } from '../../db/schema';
import { PaymentDeclinedError, recordPayment, type Charge, type ChargeResult, type PaymentProvider, type TakenPayment } from '../payments';
import { fetchStripeCatalogue } from './catalogue';

/** How long the catalogue read from Stripe is used before it is read again (prices change rarely; renewals read it often). */
export const CATALOGUE_TTL_MS = 5 * 60_000;
/** How long a failed catalogue read is answered again before Stripe is asked anew, so GET /prices does not call Stripe on every request while it fails. */
export const FAILED_CATALOGUE_TTL_MS = 30_000;
/**
 * Renewal charges (billing/renewals.ts, keys `renewal:…`): their declined invoice stays open while the job retries,
 * and may be paid in the Customer Portal (docs/product/states.md Declined renewal).
 */
const RENEWAL_CHARGE_PREFIX = 'renewal:';
/** Invoices one purchase may void after declined payments before it is refused outright (a runaway retry loop). */
const MAX_VOIDED_INVOICES_PER_CHARGE = 25;
/** Stripe's longest idempotency key. */
const MAX_IDEMPOTENCY_KEY = 255;
/** The metadata a charge's invoice carries: finds it again when the charge is repeated. */
export const INVOICE_KEY_METADATA = 'paddock_idempotency_key';
/** The metadata naming a Stripe customer's Paddock account. */
export const CUSTOMER_USER_METADATA = 'paddock_user_id';
/** Invoices the billing page lists (drafts are not issued yet, voided ones were cancelled). */
const LISTED_INVOICES = 100;

export interface StripeProviderOptions {
  stripe: Stripe;
  now: () => Date;
  /** Where PDF downloads come from (Stripe's invoice_pdf links); the global fetch by default. */
  fetchPdf?: (url: string) => Promise<Buffer>;
}

/**
 * The idempotency key of a payment the webhook recorded for a paid invoice that no Paddock payment held (webhook.ts);
 * its id is the invoice's, as a Paddock charge's is.
 */
export function stripeInvoicePaymentKey(invoiceId: string): string {
  return `stripe-invoice:${invoiceId}`;
}

/** A Stripe idempotency key for `key`: as it is when short enough, else its SHA-256. */
export function stripeIdempotencyKey(key: string): string {
  return key.length <= MAX_IDEMPOTENCY_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export function stripePaymentProvider({ stripe, now, fetchPdf = downloadPdf }: StripeProviderOptions): PaymentProvider {
  let catalogue: { prices: Promise<PriceCatalogue>; readAt: number; failed: boolean } | null = null;
  /** Customer ids known to exist at Stripe, so a purchase does not ask again. */
  const knownCustomers = new Set<string>();

  function prices(): Promise<PriceCatalogue> {
    const at = now().getTime();
    if (!catalogue || at - catalogue.readAt >= (catalogue.failed ? FAILED_CATALOGUE_TTL_MS : CATALOGUE_TTL_MS)) {
      const read = { prices: fetchStripeCatalogue(stripe), readAt: at, failed: false };
      // A failed read is the answer for a short while, counted from the failure (a time-out takes long itself).
      read.prices.catch(() => {
        read.failed = true;
        read.readAt = now().getTime();
      });
      catalogue = read;
    }
    return catalogue.prices;
  }

  /** The account's Stripe customer, or null when it has none yet (nothing was bought, no portal opened). */
  async function existingCustomer(user: Pick<UserRow, 'id' | 'customerId'>): Promise<string | null> {
    if (knownCustomers.has(user.customerId)) return user.customerId;
    const byId = await stripe.customers.retrieve(user.customerId).catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    });
    if (byId && !byId.deleted) {
      knownCustomers.add(byId.id);
      return byId.id;
    }
    // Made earlier in a transaction that rolled back (a declined first purchase): found by its metadata.
    const found = await stripe.customers.search({ query: `metadata['${CUSTOMER_USER_METADATA}']:'${searchLiteral(user.id)}'`, limit: 1 });
    return found.data[0]?.id ?? null;
  }

  /**
   * The account's Stripe customer, made on demand; its id becomes the account's customer id (users.customer_id,
   * written through `db` after Stripe answered, one short statement). The idempotency key makes one customer per
   * account even when two first purchases race.
   */
  async function customerFor(db: Db, user: UserRow): Promise<string> {
    const id =
      (await existingCustomer(user)) ??
      (
        await stripe.customers.create(
          {
            email: user.email,
            name: user.name || undefined,
            preferred_locales: [stripeLocale(user.locale)],
            address: { country: user.country, line1: user.addr1, line2: user.addr2, postal_code: user.postalCode, city: user.town },
            metadata: { [CUSTOMER_USER_METADATA]: user.id },
          },
          { idempotencyKey: stripeIdempotencyKey(`customer:${user.id}`) },
        )
      ).id;
    if (id !== user.customerId) await db.update(users).set({ customerId: id }).where(eq(users.id, user.id));
    knownCustomers.add(id);
    return id;
  }

  /**
   * The invoice an earlier charge with this key made, made now when there is none, and the Stripe idempotency key it
   * was made with (its line is made under that key too).
   */
  async function invoiceFor(customer: string, charge: Charge): Promise<{ invoice: Stripe.Invoice; creationKey: string }> {
    const key = stripeIdempotencyKey(charge.idempotencyKey);
    // Stripe keeps idempotency keys for 24 hours; a retry days later (a renewal after a declined card) finds the
    // invoice by its metadata instead, so it is paid rather than issued twice.
    const earlier = await stripe.invoices.search({ query: `metadata['${INVOICE_KEY_METADATA}']:'${searchLiteral(key)}'`, limit: 100 });
    const found = earlier.data.find((invoice) => invoice.customer === customer && invoice.status !== 'void');
    if (found) return { invoice: found, creationKey: key };
    // A declined purchase voids its invoice (below), and Stripe answers a create repeated with the same key with that
    // voided invoice: the retry after it makes the next one, under the next key. Walking the same sequence, concurrent
    // retries make the same invoice; the search is not relied on, as Stripe's search lags behind its writes.
    for (let voided = 0; voided <= MAX_VOIDED_INVOICES_PER_CHARGE; voided += 1) {
      const creationKey = voided ? stripeIdempotencyKey(`${charge.idempotencyKey}:after-void:${voided}`) : key;
      const created = await stripe.invoices.create(
        {
          customer,
          currency: charge.currency.toLowerCase(),
          description: charge.description,
          collection_method: 'charge_automatically',
          auto_advance: false,
          pending_invoice_items_behavior: 'exclude',
          metadata: { [INVOICE_KEY_METADATA]: key, [CUSTOMER_USER_METADATA]: charge.userId, paddock_price_key: charge.priceKey },
        },
        { idempotencyKey: creationKey },
      );
      // A replayed create answers with the invoice as it was when made: read it as it is now.
      const invoice = await stripe.invoices.retrieve(created.id!);
      if (invoice.status !== 'void') return { invoice, creationKey };
    }
    throw new PaymentDeclinedError(`${MAX_VOIDED_INVOICES_PER_CHARGE} declined invoices for one purchase`);
  }

  /**
   * Voids a declined purchase's open invoice, so nobody pays it later in the Customer Portal for a purchase that was
   * refused (docs/architecture/decisions/0020-stripe.md). Another request with the same key may have voided it first.
   */
  async function voidDeclined(invoice: Stripe.Invoice): Promise<void> {
    try {
      await stripe.invoices.voidInvoice(invoice.id!);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const current = await stripe.invoices.retrieve(invoice.id!);
      if (current.status === 'open') throw error;
    }
  }

  /** Pays the open invoice; a refused payment is a PaymentDeclinedError, an invoice paid meanwhile is fine. */
  async function pay(invoice: Stripe.Invoice): Promise<Stripe.Invoice> {
    try {
      return await stripe.invoices.pay(invoice.id!);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      // Another worker may have paid it a moment ago ("already paid").
      const current = await stripe.invoices.retrieve(invoice.id!);
      if (current.status === 'paid') return current;
      throw new PaymentDeclinedError(error.message);
    }
  }

  /** Takes the payment at Stripe, outside any transaction (billing/payments.ts): `db` only saves the customer id made on demand. */
  async function charge(db: Db, charge: Charge): Promise<TakenPayment> {
    const [user] = await db.select().from(users).where(eq(users.id, charge.userId));
    if (!user) throw new Error(`charge for a missing account ${charge.userId}`);
    const customer = await customerFor(db, user);
    const found = await invoiceFor(customer, charge);
    let invoice = found.invoice;
    if (invoice.status === 'draft') {
      if (!invoice.lines.data.length) {
        await stripe.invoiceItems.create(
          { customer, invoice: invoice.id, pricing: { price: charge.priceId }, description: charge.description },
          { idempotencyKey: stripeIdempotencyKey(`${found.creationKey}:line`) },
        );
      }
      invoice = await stripe.invoices.finalizeInvoice(invoice.id!, { auto_advance: false }).catch(async (error: unknown) => {
        // Another charge with the same key finalized it a moment ago ("already finalized"): go on from where it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const current = await stripe.invoices.retrieve(invoice.id!);
        if (current.status === 'draft') throw error;
        return current;
      });
    }
    if (invoice.status === 'open') {
      try {
        invoice = await pay(invoice);
      } catch (error) {
        // A renewal's invoice stays open for the job's retries; any other declined purchase leaves nothing to pay.
        if (error instanceof PaymentDeclinedError && !charge.idempotencyKey.startsWith(RENEWAL_CHARGE_PREFIX)) await voidDeclined(invoice);
        throw error;
      }
    }
    if (invoice.status !== 'paid') throw new PaymentDeclinedError(`Stripe invoice ${invoice.id} is ${invoice.status}`);
    const paidAt = invoice.status_transitions.paid_at;
    // What Stripe charged, ex VAT: the price at Stripe decides, as the catalogue shown came from it.
    return {
      id: invoice.id!,
      customerId: customer,
      amount: invoice.subtotal_excluding_tax ?? invoice.subtotal,
      paidAt: paidAt ? new Date(paidAt * 1000) : now(),
    };
  }

  /** Records the paid invoice as the payment (its id the invoice's) in the delivering transaction. */
  async function record(tx: Db, charge: Charge, taken: TakenPayment): Promise<ChargeResult> {
    // The webhook recorded this paid invoice while no payment held it (paid, then the delivering transaction failed
    // or has not run yet, webhook.ts): this record takes it over and delivers.
    const [orphan] = await tx
      .update(payments)
      .set({ idempotencyKey: charge.idempotencyKey, item: charge.priceId, priceKey: charge.priceKey })
      .where(and(eq(payments.id, taken.id), eq(payments.idempotencyKey, stripeInvoicePaymentKey(taken.id))))
      .returning();
    if (orphan) return { payment: orphan, replayed: false };
    return recordPayment(tx, { ...charge, customerId: taken.customerId, amount: taken.amount }, taken.paidAt, taken.id);
  }

  async function invoices(_db: Db, user: UserRow): Promise<Invoice[]> {
    const customer = await existingCustomer(user);
    if (!customer) return [];
    const page = await stripe.invoices.list({ customer, limit: LISTED_INVOICES });
    return page.data.flatMap((invoice) => {
      const shown = toInvoice(user, invoice);
      return shown ? [shown] : [];
    });
  }

  async function invoicePdf(_db: Db, user: UserRow, invoiceId: string): Promise<Buffer | null> {
    const customer = await existingCustomer(user);
    if (!customer) return null;
    const invoice = await stripe.invoices.retrieve(invoiceId).catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    });
    // Another customer's invoice is as good as none (the route answers 404).
    if (!invoice || invoice.customer !== customer || !invoice.invoice_pdf) return null;
    return fetchPdf(invoice.invoice_pdf);
  }

  async function portalUrl(db: Db, user: UserRow, links: { returnUrl: string }): Promise<string> {
    const customer = await customerFor(db, user);
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: links.returnUrl, locale: 'auto' });
    return session.url;
  }

  return { prices, charge, record, invoices, invoicePdf, portalUrl };
}

/** Stripe's name of an account language: British English is its own, the others go by their language ('de-DE' → 'de'). */
export function stripeLocale(locale: string): string {
  return locale === 'en-GB' ? locale : locale.split('-')[0];
}

/** A string inside single quotes of Stripe's search query language. */
function searchLiteral(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

const INVOICE_STATUS: Partial<Record<NonNullable<Stripe.Invoice['status']>, Invoice['Status']>> = {
  paid: 'paid',
  open: 'open',
  uncollectible: 'failed',
};

/** A Stripe invoice as the billing page shows it; null for drafts, voided invoices and other currencies. */
export function toInvoice(user: Pick<UserRow, 'id'>, invoice: Stripe.Invoice): Invoice | null {
  const status = invoice.status ? INVOICE_STATUS[invoice.status] : undefined;
  const currency = invoice.currency.toUpperCase();
  if (!status || !invoice.id || (currency !== 'SEK' && currency !== 'EUR')) return null;
  const net = invoice.subtotal_excluding_tax ?? invoice.subtotal;
  const taxes = invoice.total_taxes ?? [];
  const vat = taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return {
    Id: invoice.id,
    Number: invoice.number ?? invoice.id,
    CreatedAt: new Date(invoice.created * 1000).toISOString(),
    Description: invoice.description ?? invoice.lines.data[0]?.description ?? '',
    Currency: currency,
    Net: net,
    VatRate: net > 0 ? Math.round((vat / net) * 10_000) / 10_000 : 0,
    Vat: vat,
    Gross: invoice.total,
    ReverseCharge: taxes.some((tax) => tax.taxability_reason === 'reverse_charge'),
    Status: status,
    // Downloaded through Paddock like the built-in provider's (docs/product/api.md), which fetches it from Stripe.
    PdfUrl: `/api/users/${encodeURIComponent(user.id)}/invoices/${encodeURIComponent(invoice.id)}/pdf`,
  };
}

/** Stripe's invoice PDF links answer with the file (after a redirect). */
async function downloadPdf(url: string): Promise<Buffer> {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(20_000) });
  if (!response.ok) throw new Error(`Stripe invoice PDF: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
