// The Stripe provider against the local stand-in of the Stripe API (testing/standIn.ts): the official client talks
// real HTTP to it, so these tests see exactly what would be sent to Stripe.
import { eq } from 'drizzle-orm';
import { payments, users } from '../../db/schema';
import { BUILTIN_CATALOGUE } from '../catalogue';
import { chargeAndRecord, PaymentDeclinedError, type Charge } from '../payments';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, type Member, type TestApp } from '../../testing/testApp';
import { StripeCatalogueError } from './catalogue';
import {
  CATALOGUE_TTL_MS,
  FAILED_CATALOGUE_TTL_MS,
  stripeIdempotencyKey,
  stripeInvoicePaymentKey,
  stripePaymentProvider,
} from './provider';
import { StripeStandIn } from './testing/standIn';

let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await new StripeStandIn().start(BUILTIN_CATALOGUE);
  t = await createTestApp({ payments: { provider: 'stripe', stripe: standIn.settings() } });
}, APP_START_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => {
  standIn.declines = () => false;
});

const provider = (stand = standIn) => stripePaymentProvider({ stripe: stand.client(), now: t.clock.now });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const paymentsOf = (userId: string) => t.database.db.select().from(payments).where(eq(payments.userId, userId));
const invoicesOf = (userId: string) =>
  [...standIn.invoices.values()].filter((invoice) => invoice.customer === standIn.customerOf(userId)?.id);

function smsCharge(me: Member, key: string): Charge {
  return {
    userId: me.id,
    customerId: me.customerId,
    priceKey: 'Sms',
    priceId: BUILTIN_CATALOGUE.Sms.Id,
    amount: BUILTIN_CATALOGUE.Sms.Sek,
    currency: 'SEK',
    description: BUILTIN_CATALOGUE.Sms.Name,
    idempotencyKey: key,
  };
}

describe('prices', () => {
  it('reads every catalogue key as a Stripe lookup key, at most 10 per request, with SEK and EUR amounts', async () => {
    const before = standIn.requests.length;
    expect(await provider().prices()).toEqual(BUILTIN_CATALOGUE);
    const lists = standIn.requests.slice(before);
    expect(lists.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /prices', 'GET /prices']);
    expect(lists.flatMap((r) => r.params.lookup_keys)).toEqual(Object.keys(BUILTIN_CATALOGUE));
    expect(lists.every((r) => (r.params.lookup_keys as string[]).length <= 10 && r.params.active === 'true')).toBe(true);
  });

  it('takes the amount of the price’s own currency and of its currency option, whichever is which', async () => {
    const stand = await new StripeStandIn().start();
    try {
      for (const [key, price] of Object.entries(BUILTIN_CATALOGUE)) stand.addPrice(key, price, key === 'Sms' ? { currency: 'eur' } : {});
      stand.prices.find((p) => p.lookupKey === 'FencealarmMonth')!.nickname = null; // the product's name is used instead
      const catalogue = await provider(stand).prices();
      expect(catalogue.Sms).toEqual(BUILTIN_CATALOGUE.Sms);
      expect(catalogue.FencealarmMonth).toEqual(BUILTIN_CATALOGUE.FencealarmMonth);
    } finally {
      await stand.close();
    }
  });

  it.each([
    [
      'a key without an active price',
      (stand: StripeStandIn) => (stand.prices.find((p) => p.lookupKey === 'Smartplug2Year')!.active = false),
      /no active price with the lookup key Smartplug2Year/,
    ],
    [
      'a price without EUR',
      (stand: StripeStandIn) => delete stand.prices.find((p) => p.lookupKey === 'Sms')!.amounts.eur,
      /Sms .* has no EUR amount/,
    ],
    [
      'a SIM plan whose name has no size',
      (stand: StripeStandIn) =>
        Object.assign(
          stand.prices.find((p) => p.lookupKey === 'FarmcamSimLarge')!,
          { nickname: 'Large', productName: 'SIM' },
        ),
      /FarmcamSimLarge .* must carry its monthly data/,
    ],
  ])('refuses an incomplete catalogue: %s, naming it', async (_case, spoil, message) => {
    const stand = await new StripeStandIn().start(BUILTIN_CATALOGUE);
    try {
      spoil(stand);
      const prices = provider(stand).prices();
      await expect(prices).rejects.toThrow(StripeCatalogueError);
      await expect(prices).rejects.toThrow(message);
    } finally {
      await stand.close();
    }
  });

  it('keeps the catalogue for a few minutes, then reads it again', async () => {
    const cached = provider();
    await cached.prices();
    const before = standIn.requestsTo('GET', '/prices').length;
    await cached.prices();
    expect(standIn.requestsTo('GET', '/prices')).toHaveLength(before);
    t.clock.advance(CATALOGUE_TTL_MS);
    await cached.prices();
    expect(standIn.requestsTo('GET', '/prices')).toHaveLength(before + 2);
  });

  it('answers a failed read again for 30 seconds without asking Stripe, then reads it again', async () => {
    const stand = await new StripeStandIn().start(BUILTIN_CATALOGUE);
    try {
      const sms = stand.prices.find((p) => p.lookupKey === 'Sms')!;
      sms.active = false;
      const cached = provider(stand);
      await expect(cached.prices()).rejects.toThrow(StripeCatalogueError);
      const reads = stand.requestsTo('GET', '/prices').length;
      sms.active = true; // mended at Stripe, but the failure is still the answer
      // The test clock also runs with real time: a margin of seconds, so a slow machine cannot cross the 30 s early.
      t.clock.advance(FAILED_CATALOGUE_TTL_MS - 5_000);
      await expect(cached.prices()).rejects.toThrow(/no active price with the lookup key Sms/);
      expect(stand.requestsTo('GET', '/prices')).toHaveLength(reads);
      t.clock.advance(5_000);
      expect(await cached.prices()).toEqual(BUILTIN_CATALOGUE);
      expect(stand.requestsTo('GET', '/prices')).toHaveLength(reads + 2);
    } finally {
      await stand.close();
    }
  });
});

describe('charges through invoices (POST /api/users/{id}/sms)', () => {
  it('makes the Stripe customer on demand, pays an invoice at the catalogue price, and passes the idempotency key through', async () => {
    const me = await createMember(t, { country: 'SE' });
    const purchase = () => call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers: { 'idempotency-key': 'click-1' } });
    const first = await purchase();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ SmsNotifications: { Balance: 100 } });

    const customer = standIn.customerOf(me.id)!;
    expect(customer).toMatchObject({ email: me.email, address: { country: 'SE' } });
    // The account's customer id is now Stripe's, so admins find it in the Dashboard and the next purchase reuses it.
    expect((await userRow(me.id)).customerId).toBe(customer.id);
    const [invoice] = invoicesOf(me.id);
    expect(invoice).toMatchObject({
      status: 'paid',
      currency: 'sek',
      metadata: { paddock_idempotency_key: `sms:${me.id}:click-1`, paddock_price_key: 'Sms' },
    });
    expect(invoice.lines).toEqual([expect.objectContaining({ price: BUILTIN_CATALOGUE.Sms.Id, amount: BUILTIN_CATALOGUE.Sms.Sek })]);
    expect(standIn.requestsTo('POST', '/invoices').at(-1)).toMatchObject({
      idempotencyKey: `sms:${me.id}:click-1`,
      params: { customer: customer.id },
    });
    expect(standIn.requestsTo('POST', '/invoiceitems').at(-1)).toMatchObject({
      idempotencyKey: `sms:${me.id}:click-1:line`,
      params: { pricing: { price: BUILTIN_CATALOGUE.Sms.Id } },
    });
    expect(await paymentsOf(me.id)).toEqual([
      expect.objectContaining({
        id: invoice.id,
        amount: BUILTIN_CATALOGUE.Sms.Sek,
        currency: 'SEK',
        priceKey: 'Sms',
        idempotencyKey: `sms:${me.id}:click-1`,
      }),
    ]);

    // The same click again: the first result, no second invoice, no second payment.
    const again = await purchase();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ SmsNotifications: { Balance: 100 } });
    expect(invoicesOf(me.id)).toHaveLength(1);
    expect(await paymentsOf(me.id)).toHaveLength(1);
    expect(standIn.customers.size).toBeGreaterThan(0);
    expect([...standIn.customers.values()].filter((c) => c.metadata.paddock_user_id === me.id)).toHaveLength(1);
  });

  it('charges EUR outside Sweden, and a new purchase is a new invoice on the same customer', async () => {
    const me = await createMember(t, { country: 'DE', locale: 'de-DE' });
    for (const key of ['a', 'b']) {
      expect(
        (await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers: { 'idempotency-key': key } })).statusCode,
      ).toBe(200);
    }
    expect(invoicesOf(me.id).map((invoice) => [invoice.currency, invoice.lines[0].amount])).toEqual([
      ['eur', BUILTIN_CATALOGUE.Sms.Eur],
      ['eur', BUILTIN_CATALOGUE.Sms.Eur],
    ]);
    const customers = standIn
      .requestsTo('POST', '/customers')
      .filter((r) => (r.params.metadata as Record<string, string>).paddock_user_id === me.id);
    expect(customers).toMatchObject([{ params: { preferred_locales: ['de'], address: { country: 'DE' } } }]);
    expect((await userRow(me.id)).smsBalance).toBe(200);
  });

  it('a declined card is 402, buys nothing and voids its invoice; the retry with the same key pays a new one', async () => {
    const me = await createMember(t, { country: 'SE' });
    standIn.declines = (customer) => customer.metadata.paddock_user_id === me.id;
    const purchase = () => call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers: { 'idempotency-key': 'retry-me' } });
    const declined = await purchase();
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ Error: 'payment_declined' });
    expect((await userRow(me.id)).smsBalance).toBe(0);
    expect(await paymentsOf(me.id)).toEqual([]);
    // Nothing is left to pay in the Customer Portal for a purchase that was refused.
    expect(invoicesOf(me.id)).toMatchObject([{ status: 'void', attempts: 1 }]);
    expect(await provider().invoices(t.database.db, await userRow(me.id))).toEqual([]);

    // Declined again within Stripe's 24 hours: its replay of the first create is the voided invoice, so a second is made.
    expect((await purchase()).statusCode).toBe(402);
    expect(invoicesOf(me.id)).toMatchObject([{ status: 'void' }, { status: 'void' }]);

    standIn.declines = () => false;
    const paid = await purchase();
    expect(paid.statusCode).toBe(200);
    expect((await userRow(me.id)).smsBalance).toBe(100);
    const invoices = invoicesOf(me.id);
    expect(invoices).toMatchObject([{ status: 'void' }, { status: 'void' }, { status: 'paid', attempts: 1 }]);
    expect(invoices.every((invoice) => invoice.lines.length === 1)).toBe(true);
    expect(await paymentsOf(me.id)).toEqual([expect.objectContaining({ id: invoices[2].id, idempotencyKey: `sms:${me.id}:retry-me` })]);
    // The same click once more is the paid purchase, not another invoice.
    expect((await purchase()).statusCode).toBe(200);
    expect(invoicesOf(me.id)).toHaveLength(3);
    expect((await userRow(me.id)).smsBalance).toBe(100);
  });

  it('leaves a declined renewal’s invoice open for the renewal job’s retries, which pay it even after Stripe forgot the key', async () => {
    const me = await createMember(t, { country: 'SE' });
    standIn.declines = () => true;
    const renewal = { ...smsCharge(me, `renewal:smartplug:plug-${me.id}:2026-01-01T00:00:00.000Z`), priceKey: 'SmartplugMonth' as const };
    Object.assign(renewal, { priceId: BUILTIN_CATALOGUE.SmartplugMonth.Id, amount: BUILTIN_CATALOGUE.SmartplugMonth.Sek });
    await expect(chargeAndRecord(t.database.db, provider(), renewal)).rejects.toThrow(PaymentDeclinedError);
    expect(invoicesOf(me.id)).toMatchObject([{ status: 'open', attempts: 1 }]);
    expect(standIn.requestsTo('POST', /\/void$/).filter((r) => r.path.includes(invoicesOf(me.id)[0].id))).toEqual([]);

    standIn.declines = () => false;
    standIn.forgetIdempotencyKeys();
    const result = await chargeAndRecord(t.database.db, provider(), renewal);
    expect(result.replayed).toBe(false);
    expect(invoicesOf(me.id)).toMatchObject([{ status: 'paid', attempts: 2 }]);
    expect(await paymentsOf(me.id)).toEqual([expect.objectContaining({ id: invoicesOf(me.id)[0].id, priceKey: 'SmartplugMonth' })]);
  });

  it('finds a paid invoice a charge left behind (a crash after paying) and records it without paying again', async () => {
    const me = await createMember(t, { country: 'SE' });
    const stripe = standIn.client();
    const first = provider();
    // The first attempt paid at Stripe, and died before its record committed.
    await t.database.db
      .transaction(async (tx) => {
        await first.charge(tx, smsCharge(me, 'crash'));
        throw new Error('crash before commit');
      })
      .catch((error: Error) => expect(error.message).toBe('crash before commit'));
    expect(await paymentsOf(me.id)).toEqual([]);
    const pays = standIn.requestsTo('POST', /\/pay$/).length;

    const result = await chargeAndRecord(t.database.db, provider(), smsCharge(me, 'crash'));
    expect(result.replayed).toBe(false);
    expect(standIn.requestsTo('POST', /\/pay$/)).toHaveLength(pays);
    expect(invoicesOf(me.id)).toHaveLength(1);
    expect(await paymentsOf(me.id)).toHaveLength(1);
    expect(await stripe.invoices.retrieve(result.payment.id)).toMatchObject({ status: 'paid' });
  });

  it('takes over the payment the webhook recorded for its paid invoice, and delivers (not a replay)', async () => {
    const me = await createMember(t, { country: 'SE' });
    await t.database.db
      .transaction(async (tx) => {
        await provider().charge(tx, smsCharge(me, 'orphaned'));
        throw new Error('crash before commit');
      })
      .catch(() => undefined);
    const [invoice] = invoicesOf(me.id);
    // What webhook.ts records for a paid invoice no payment holds.
    await t.database.db.insert(payments).values({
      id: invoice.id,
      userId: me.id,
      item: BUILTIN_CATALOGUE.Sms.Id,
      priceKey: 'Sms',
      amount: BUILTIN_CATALOGUE.Sms.Sek,
      currency: 'SEK',
      createdAt: t.clock.now(),
      idempotencyKey: stripeInvoicePaymentKey(invoice.id),
    });

    const result = await chargeAndRecord(t.database.db, provider(), smsCharge(me, 'orphaned'));
    expect(result).toMatchObject({ replayed: false, payment: { id: invoice.id, idempotencyKey: 'orphaned' } });
    expect(await paymentsOf(me.id)).toEqual([expect.objectContaining({ id: invoice.id, idempotencyKey: 'orphaned', priceKey: 'Sms' })]);
    // The charge after that is the paid purchase.
    expect(await chargeAndRecord(t.database.db, provider(), smsCharge(me, 'orphaned'))).toMatchObject({ replayed: true });
  });

  it('turns a declined payment into PaymentDeclinedError for the caller', async () => {
    const me = await createMember(t, { country: 'SE' });
    standIn.declines = () => true;
    await expect(chargeAndRecord(t.database.db, provider(), smsCharge(me, 'no-card'))).rejects.toThrow(PaymentDeclinedError);
    expect(invoicesOf(me.id)).toMatchObject([{ status: 'void' }]);
  });

  it('declines two racing charges with the same key, and leaves no invoice of theirs open', async () => {
    const me = await createMember(t, { country: 'SE' });
    await chargeAndRecord(t.database.db, provider(), smsCharge(me, 'warm-up')); // the customer exists
    standIn.declines = () => true;
    const charges = [1, 2].map(() => chargeAndRecord(t.database.db, provider(), smsCharge(me, 'race')));
    const outcomes = await Promise.allSettled(charges);
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && outcome.reason instanceof PaymentDeclinedError)).toEqual([
      true,
      true,
    ]);
    // One invoice when they overlap at Stripe, two when the database runs them one after the other (PGlite).
    const raced = invoicesOf(me.id).filter((invoice) => invoice.metadata.paddock_idempotency_key === 'race');
    expect(raced.length).toBeGreaterThan(0);
    expect(raced.every((invoice) => invoice.status === 'void')).toBe(true);
  });

  it('hashes an idempotency key longer than Stripe takes', () => {
    expect(stripeIdempotencyKey('short')).toBe('short');
    const long = stripeIdempotencyKey(`sms:user:${'k'.repeat(300)}`);
    expect(long).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(stripeIdempotencyKey(`sms:user:${'k'.repeat(300)}`)).toBe(long);
  });
});

describe('invoices and the portal', () => {
  it('lists the customer’s issued invoices with net, VAT and gross, and their PDFs come through Paddock', async () => {
    const me = await createMember(t, { country: 'SE' });
    standIn.tax = (customer) =>
      customer.metadata.paddock_user_id === me.id ? { rate: 0.25, reason: 'standard_rated' } : { rate: 0, reason: 'not_collecting' };
    try {
      expect(await provider().invoices(t.database.db, await userRow(me.id))).toEqual([]); // no Stripe customer yet
      await chargeAndRecord(t.database.db, provider(), smsCharge(me, 'pdf'));
      const user = await userRow(me.id);
      const [invoice] = await provider().invoices(t.database.db, user);
      const id = invoicesOf(me.id)[0].id;
      expect(invoice).toEqual({
        Id: id,
        Number: expect.stringMatching(/^STANDIN-\d{4}$/),
        CreatedAt: expect.any(String),
        Description: BUILTIN_CATALOGUE.Sms.Name,
        Currency: 'SEK',
        Net: 9900,
        VatRate: 0.25,
        Vat: 2475,
        Gross: 12375,
        ReverseCharge: false,
        Status: 'paid',
        PdfUrl: `/api/users/${me.id}/invoices/${id}/pdf`,
      });
      const pdf = await provider().invoicePdf(t.database.db, user, id);
      expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');

      // Another customer's invoice, or none, is no invoice of this one.
      const other = await createMember(t);
      expect(await provider().invoicePdf(t.database.db, await userRow(other.id), id)).toBeNull();
      expect(await provider().invoicePdf(t.database.db, user, 'in_missing')).toBeNull();
    } finally {
      standIn.tax = () => ({ rate: 0, reason: 'not_collecting' });
    }
  });

  it('opens a Customer Portal session coming back to the return address, making the customer when needed', async () => {
    const me = await createMember(t, { country: 'FR' });
    const url = await provider().portalUrl(t.database.db, await userRow(me.id), {
      returnUrl: 'http://localhost/billing',
      origin: 'http://localhost',
      tokenHash: 'a-session', // the built-in provider's links end with it; Stripe's portal sessions are Stripe's
    });
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${standIn.port}/p/session/bps_`));
    const customer = standIn.customerOf(me.id)!;
    expect(standIn.requestsTo('POST', '/billing_portal/sessions').at(-1)?.params).toMatchObject({
      customer: customer.id,
      return_url: 'http://localhost/billing',
    });
    expect((await userRow(me.id)).customerId).toBe(customer.id);
  });
});
