// POST /api/stripe/webhook with events signed as Stripe signs them (Stripe.webhooks.generateTestHeaderString).
import { eq } from 'drizzle-orm';
import { payments, users } from '../../db/schema';
import { BUILTIN_CATALOGUE } from '../catalogue';
import { chargeAndRecord } from '../payments';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, type Member, type TestApp } from '../../testing/testApp';
import { operationsOf } from '../../security/operations';
import { stripePaymentProvider } from './provider';
import { signedEvent, StripeStandIn } from './testing/standIn';
import type { StripeInvoiceEvent } from './webhook';

const SECRET = 'whsec_test_secret_for_the_webhook';
let standIn: StripeStandIn;
let t: TestApp;
const hooked: StripeInvoiceEvent[] = [];
const logLines: string[] = [];
beforeAll(async () => {
  standIn = await new StripeStandIn().start(BUILTIN_CATALOGUE);
  t = await createTestApp(
    { payments: { provider: 'stripe', stripe: standIn.settings(SECRET) }, logLevel: 'info' },
    { stripeInvoiceHook: async (_tx, event) => void hooked.push(event), logStream: { write: (line) => logLines.push(line) } },
  );
}, APP_START_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => {
  hooked.length = 0;
});

const paymentsOf = (userId: string) => t.database.db.select().from(payments).where(eq(payments.userId, userId));
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** A Stripe customer for the member, as a first purchase would make it. */
async function stripeCustomer(me: Member): Promise<string> {
  const customer = await standIn.client().customers.create({ email: me.email, metadata: { paddock_user_id: me.id } });
  await t.database.db.update(users).set({ customerId: customer.id }).where(eq(users.id, me.id));
  return customer.id;
}

/** An invoice made at Stripe (not by a Paddock charge), e.g. in the Dashboard, for one catalogue price. */
function invoiceObject(customer: string, changes: Record<string, unknown> = {}) {
  return {
    id: `in_${Math.random().toString(16).slice(2)}`,
    object: 'invoice',
    customer,
    currency: 'sek',
    description: 'SmartPlug Monthly',
    status: 'paid',
    metadata: {},
    subtotal: BUILTIN_CATALOGUE.SmartplugMonth.Sek,
    subtotal_excluding_tax: BUILTIN_CATALOGUE.SmartplugMonth.Sek,
    total: BUILTIN_CATALOGUE.SmartplugMonth.Sek,
    status_transitions: { paid_at: nowSeconds() },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          description: 'SmartPlug Monthly',
          pricing: { type: 'price_details', price_details: { price: BUILTIN_CATALOGUE.SmartplugMonth.Id, product: 'prod_1' } },
        },
      ],
    },
    ...changes,
  };
}

const deliver = (delivery: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: delivery.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
  });

describe('POST /api/stripe/webhook', () => {
  it('records an invoice paid at Stripe once, under its invoice id, however often it is delivered, and tells the hook', async () => {
    const me = await createMember(t, { country: 'SE' });
    const customer = await stripeCustomer(me);
    const invoice = invoiceObject(customer);
    const delivery = signedEvent('invoice.paid', invoice, SECRET, nowSeconds());
    const first = await deliver(delivery);
    expect(first.statusCode).toBe(204);
    expect((await deliver(delivery)).statusCode).toBe(204);
    expect(await paymentsOf(me.id)).toEqual([
      expect.objectContaining({
        idempotencyKey: `stripe-invoice:${invoice.id}`,
        priceKey: 'SmartplugMonth',
        item: BUILTIN_CATALOGUE.SmartplugMonth.Id,
        amount: BUILTIN_CATALOGUE.SmartplugMonth.Sek,
        currency: 'SEK',
      }),
    ]);
    expect(hooked).toEqual([
      expect.objectContaining({
        type: 'invoice.paid',
        invoiceId: invoice.id,
        userId: me.id,
        chargeKey: null,
        priceKey: 'SmartplugMonth',
        recorded: true,
      }),
      expect.objectContaining({ type: 'invoice.paid', invoiceId: invoice.id, recorded: false }),
    ]);
  });

  it('leaves an invoice made by a Paddock charge to that charge, and passes failures to the hook without recording them', async () => {
    const me = await createMember(t, { country: 'SE' });
    const customer = await stripeCustomer(me);
    const ours = invoiceObject(customer, { metadata: { paddock_idempotency_key: 'renewal:smartplug:1:2026' } });
    // The charge recorded its payment under the invoice id, as the Stripe provider does.
    const charged = {
      id: ours.id,
      userId: me.id,
      item: BUILTIN_CATALOGUE.SmartplugMonth.Id,
      priceKey: 'SmartplugMonth',
      amount: BUILTIN_CATALOGUE.SmartplugMonth.Sek,
      currency: 'SEK' as const,
      createdAt: t.clock.now(),
      idempotencyKey: 'renewal:smartplug:1:2026',
    };
    await t.database.db.insert(payments).values(charged);
    expect((await deliver(signedEvent('invoice.paid', ours, SECRET, nowSeconds()))).statusCode).toBe(204);
    const failed = invoiceObject(customer, { status: 'open', status_transitions: { paid_at: null } });
    expect((await deliver(signedEvent('invoice.payment_failed', failed, SECRET, nowSeconds()))).statusCode).toBe(204);
    expect(await paymentsOf(me.id)).toEqual([charged]);
    expect(hooked).toEqual([
      expect.objectContaining({ type: 'invoice.paid', chargeKey: 'renewal:smartplug:1:2026', userId: me.id, recorded: false }),
      expect.objectContaining({ type: 'invoice.payment_failed', invoiceId: failed.id, userId: me.id, recorded: false }),
    ]);
  });

  it('records the money of a purchase whose transaction failed after Stripe took it, once, and logs it as an error', async () => {
    const me = await createMember(t, { country: 'SE' });
    const provider = stripePaymentProvider({ stripe: standIn.client(), now: t.clock.now });
    const charge = {
      userId: me.id,
      customerId: me.customerId,
      priceKey: 'Sms' as const,
      priceId: BUILTIN_CATALOGUE.Sms.Id,
      amount: BUILTIN_CATALOGUE.Sms.Sek,
      currency: 'SEK' as const,
      description: BUILTIN_CATALOGUE.Sms.Name,
      idempotencyKey: `sms:${me.id}:lost`,
    };
    // Paid at Stripe, then the transaction rolled back: the payment and the account's new Stripe customer id with it.
    await t.database.db
      .transaction(async (tx) => {
        await provider.charge(tx, charge);
        throw new Error('crash before commit');
      })
      .catch(() => undefined);
    const invoice = [...standIn.invoices.values()].find(
      (candidate) => candidate.metadata.paddock_idempotency_key === charge.idempotencyKey,
    )!;
    expect(invoice.status).toBe('paid');
    expect(await paymentsOf(me.id)).toEqual([]);

    logLines.length = 0;
    const delivery = signedEvent('invoice.paid', standIn.invoiceJson(invoice), SECRET, nowSeconds());
    expect((await deliver(delivery)).statusCode).toBe(204);
    expect((await deliver(delivery)).statusCode).toBe(204);
    expect(await paymentsOf(me.id)).toEqual([
      expect.objectContaining({
        id: invoice.id,
        idempotencyKey: `stripe-invoice:${invoice.id}`,
        priceKey: 'Sms',
        amount: BUILTIN_CATALOGUE.Sms.Sek,
      }),
    ]);
    expect(hooked).toEqual([
      expect.objectContaining({ invoiceId: invoice.id, userId: me.id, chargeKey: charge.idempotencyKey, recorded: true }),
      expect.objectContaining({ invoiceId: invoice.id, recorded: false }),
    ]);
    const errors = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === 50);
    expect(errors).toEqual([
      expect.objectContaining({
        msg: 'Stripe invoice paid, but its purchase recorded no payment: deliver it or refund the invoice',
        invoiceId: invoice.id,
        chargeKey: charge.idempotencyKey,
        userId: me.id,
      }),
    ]);

    // The purchase retried takes that payment over and delivers; nothing more is charged.
    const retried = await chargeAndRecord(t.database.db, provider, charge);
    expect(retried).toMatchObject({ replayed: false, payment: { id: invoice.id, idempotencyKey: charge.idempotencyKey } });
    expect(await paymentsOf(me.id)).toHaveLength(1);
    expect(invoice.attempts).toBe(1);
  });

  it('records a renewal invoice paid outside the renewal job and warns, as its device may not be renewed', async () => {
    const me = await createMember(t, { country: 'SE' });
    const customer = await stripeCustomer(me);
    const renewal = invoiceObject(customer, { metadata: { paddock_idempotency_key: 'renewal:smartplug:gone:2026' } });
    logLines.length = 0;
    expect((await deliver(signedEvent('invoice.paid', renewal, SECRET, nowSeconds()))).statusCode).toBe(204);
    expect(await paymentsOf(me.id)).toEqual([expect.objectContaining({ id: renewal.id, priceKey: 'SmartplugMonth' })]);
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({ invoiceId: renewal.id, chargeKey: 'renewal:smartplug:gone:2026', userId: me.id }),
    ]);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('acknowledges other events without acting on them', async () => {
    const response = await deliver(signedEvent('customer.updated', { id: 'cus_x', object: 'customer' }, SECRET, nowSeconds()));
    expect(response.statusCode).toBe(204);
    expect(hooked).toEqual([]);
  });

  it.each([
    ['signed with another secret', () => signedEvent('invoice.paid', invoiceObject('cus_forged'), 'whsec_someone_else', nowSeconds())],
    [
      'altered after signing',
      () => {
        const delivery = signedEvent('invoice.paid', invoiceObject('cus_forged'), SECRET, nowSeconds());
        return { ...delivery, payload: delivery.payload.replace('"sek"', '"eur"') };
      },
    ],
    [
      'stale (signed ten minutes ago: a replay)',
      () => signedEvent('invoice.paid', invoiceObject('cus_forged'), SECRET, nowSeconds() - 600),
    ],
    ['with a made-up signature', () => ({ payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }), signature: 't=1,v1=abc' })],
  ])('refuses an event %s with 400 naming Stripe-Signature, and changes nothing', async (_case, make) => {
    const before = await t.database.db.select().from(payments);
    const response = await deliver(make());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      Error: 'invalid_signature',
      Message: 'The signature of the request is not valid.',
      Field: 'Stripe-Signature',
    });
    expect(await t.database.db.select().from(payments)).toEqual(before);
    expect(hooked).toEqual([]);
  });

  it('logs only why a signature was refused, not the payload or the signature header', async () => {
    logLines.length = 0;
    const payload = JSON.stringify({
      id: 'evt_1',
      type: 'invoice.paid',
      data: { object: { customer_email: 'payload-marker@example.com' } },
    });
    const response = await deliver({ payload, signature: 't=1,v1=signature-marker' });
    expect(response.statusCode).toBe(400);
    const log = logLines.join('');
    expect(log).toContain('Stripe webhook refused: bad signature');
    expect(log).not.toContain('payload-marker');
    expect(log).not.toContain('signature-marker');
  });

  it('refuses a delivery without a signature, 400 naming the header', async () => {
    const response = await call(t.app, 'POST', '/api/stripe/webhook', { body: { id: 'evt_1', type: 'invoice.paid' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'missing_field', Field: 'Stripe-Signature' });
  });

  it('is a public operation in the OpenAPI document (Stripe signs instead of signing in)', () => {
    expect(operationsOf(t.app).find((operation) => operation.id === 'POST /api/stripe/webhook')).toMatchObject({ secured: false });
  });

  it('exists only with PAYMENT_PROVIDER=stripe', async () => {
    const builtin = await createTestApp();
    try {
      expect((await builtin.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: '{}' })).statusCode).toBe(404);
      expect(operationsOf(builtin.app).some((operation) => operation.id === 'POST /api/stripe/webhook')).toBe(false);
    } finally {
      await builtin.close();
    }
  }, APP_START_TIMEOUT_MS);
});
