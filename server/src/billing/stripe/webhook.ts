// POST /api/stripe/webhook (docs/product/api.md Stripe webhook, docs/architecture/decisions/0020-stripe.md): Stripe
// tells Paddock about invoices paid or failed outside a request, e.g. an open invoice paid later in the Customer Portal.
// The body is checked against its Stripe-Signature (STRIPE_WEBHOOK_SECRET) before anything is read from it: a forged,
// altered or stale event is 400 and changes nothing.
import { priceKeyOf, type Currency, type PriceKey } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { payments, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { errorReplies, NoContent, sendNoContent } from '../../http/schemas';
import { stripeClient } from './client';
import { CUSTOMER_USER_METADATA, INVOICE_KEY_METADATA, stripeInvoicePaymentKey } from './provider';

/** Stripe's header with the timestamp and HMAC of the body. */
const SIGNATURE_HEADER = 'stripe-signature';
/** Events older than this (by their signed timestamp) are refused as replays (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** An invoice event as the renewal logic sees it (docs/product/api.md Stripe webhook). */
export interface StripeInvoiceEvent {
  type: 'invoice.paid' | 'invoice.payment_failed';
  /** Stripe's event id: the same event may be delivered more than once. */
  eventId: string;
  invoiceId: string;
  /** The Paddock account of the invoice's customer; null when no account has that customer. */
  userId: string | null;
  /** The idempotency key of the Paddock charge that made the invoice; null for invoices made at Stripe. */
  chargeKey: string | null;
  /** The catalogue key of the invoice's first line; null when its price is not in the catalogue. */
  priceKey: PriceKey | null;
  /** Minor units ex VAT. */
  amount: number;
  currency: Currency | null;
  /**
   * invoice.paid: whether this delivery recorded the payment (false: recorded before, or by the Paddock charge that
   * made the invoice). True with a `chargeKey`: that charge's transaction failed after Stripe took the money.
   */
  recorded: boolean;
}

/**
 * Called for every invoice event inside the transaction that recorded it, so what it changes commits with the payment.
 * The renewal logic (billing/renewals.ts) wires it; it must be idempotent, as Stripe may deliver an event twice.
 */
export type StripeInvoiceHook = (tx: Db, event: StripeInvoiceEvent) => Promise<void>;

export interface StripeWebhookOptions {
  ctx: AppContext;
  settings: StripeSettings;
  onInvoice?: StripeInvoiceHook;
}

export const stripeWebhookRoutes: FastifyPluginAsyncTypebox<StripeWebhookOptions> = async (app, { ctx, settings, onInvoice }) => {
  const stripe = stripeClient(settings);
  // The signature covers the exact bytes: keep the body unparsed (this plugin only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Stripe webhook: invoice.paid and invoice.payment_failed, signed with STRIPE_WEBHOOK_SECRET (only with PAYMENT_PROVIDER=stripe)',
        response: { 204: NoContent, ...errorReplies(400) },
      },
    },
    async (request, reply) => {
      const signature = request.headers[SIGNATURE_HEADER];
      if (typeof signature !== 'string' || !signature) throw badRequest('missing_field', 'Stripe-Signature', { field: 'Stripe-Signature' });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          body,
          signature,
          settings.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          ctx.config.now().getTime(),
        );
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
        // Only the reason: the error carries the payload and the signature header, which the log must not keep.
        request.log.warn({ reason: error.message }, 'Stripe webhook refused: bad signature');
        throw badRequest('invalid_signature', 'Stripe-Signature');
      }
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
        const handled = await handleInvoiceEvent(ctx, event.id, event.type, event.data.object, onInvoice);
        const link = `${settings.dashboardUrl}/invoices/${event.data.object.id}`;
        if (event.type === 'invoice.payment_failed')
          request.log.warn({ eventId: event.id, userId: handled.userId, invoice: link }, 'Stripe invoice payment failed');
        else if (handled.recorded && handled.chargeKey) {
          // Paid for a Paddock charge that recorded no payment (docs/product/api.md Stripe webhook): its purchase was not
          // delivered unless retried; a renewal's is renewed by the hook, or was paid after the plan moved on.
          const renewal = handled.chargeKey.startsWith('renewal:');
          request.log[renewal ? 'warn' : 'error'](
            { eventId: event.id, userId: handled.userId, invoiceId: handled.invoiceId, invoice: link, chargeKey: handled.chargeKey },
            renewal
              ? 'Stripe renewal invoice paid outside the renewal job: check the device was renewed'
              : 'Stripe invoice paid, but its purchase recorded no payment: deliver it or refund the invoice',
          );
        } else
          request.log.info({ eventId: event.id, userId: handled.userId, invoice: link, recorded: handled.recorded }, 'Stripe invoice paid');
      } else {
        // Other events are not subscribed to (docs/operations/stripe.md); answering 2xx stops Stripe retrying them.
        request.log.info({ eventId: event.id, type: event.type }, 'Stripe event ignored');
      }
      return sendNoContent(reply);
    },
  );
};

/**
 * Records a paid invoice that no payment holds, under its invoice id and the idempotency key `stripe-invoice:{invoice
 * id}`, and hands the event to the hook. A Paddock charge records its own payment under the invoice id in the
 * delivering transaction, after Stripe took the money (billing/payments.ts): the insert waits for a transaction under
 * way, and records when none did (the invoice made at Stripe, or the event came before the record; the record then
 * takes this payment over and delivers).
 */
async function handleInvoiceEvent(
  ctx: AppContext,
  eventId: string,
  type: StripeInvoiceEvent['type'],
  invoice: Stripe.Invoice,
  onInvoice: StripeInvoiceHook | undefined,
): Promise<StripeInvoiceEvent> {
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
  const catalogue = await ctx.payments.prices();
  const line = invoice.lines.data[0];
  const priceId = line?.pricing?.price_details?.price ?? '';
  const currency = invoice.currency.toUpperCase();
  return ctx.db.transaction(async (tx) => {
    const [byCustomer] = customerId ? await tx.select({ id: users.id }).from(users).where(eq(users.customerId, customerId)) : [];
    // A first purchase that failed rolled back the account's new customer id too; its invoice names the account.
    const chargedUserId = invoice.metadata?.[INVOICE_KEY_METADATA] ? invoice.metadata[CUSTOMER_USER_METADATA] : undefined;
    const [byMetadata] =
      !byCustomer && chargedUserId ? await tx.select({ id: users.id }).from(users).where(eq(users.id, chargedUserId)) : [];
    const user = byCustomer ?? byMetadata;
    const event: StripeInvoiceEvent = {
      type,
      eventId,
      invoiceId: invoice.id!,
      userId: user?.id ?? null,
      chargeKey: invoice.metadata?.[INVOICE_KEY_METADATA] ?? null,
      priceKey: priceKeyOf(catalogue, priceId),
      amount: invoice.subtotal_excluding_tax ?? invoice.subtotal,
      currency: currency === 'SEK' || currency === 'EUR' ? currency : null,
      recorded: false,
    };
    if (type === 'invoice.paid' && event.userId && event.priceKey && event.currency) {
      const paidAt = invoice.status_transitions.paid_at;
      const inserted = await tx
        .insert(payments)
        .values({
          id: event.invoiceId,
          userId: event.userId,
          item: priceId,
          priceKey: event.priceKey,
          amount: event.amount,
          currency: event.currency,
          createdAt: paidAt ? new Date(paidAt * 1000) : ctx.config.now(),
          idempotencyKey: stripeInvoicePaymentKey(event.invoiceId),
        })
        // Either index: the invoice id (a Paddock charge's payment) or the key (this invoice recorded before).
        .onConflictDoNothing()
        .returning({ id: payments.id });
      event.recorded = inserted.length > 0;
    }
    await onInvoice?.(tx, event);
    return event;
  });
}
