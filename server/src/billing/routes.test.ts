import { IDEMPOTENCY_KEY_HEADER } from '@paddock/shared/contract';
import { asc, eq } from 'drizzle-orm';
import { payments, users } from '../db/schema';
import { device } from '../security/fixtures';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, setUpTestApp, type TestApp } from '../testing/testApp';
import { BUILTIN_CATALOGUE } from './catalogue';
import { localPaymentProvider, PaymentDeclinedError, type PaymentProvider } from './payments';

const SMS = BUILTIN_CATALOGUE.Sms;

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const paymentsOf = (app: TestApp, userId: string) =>
  app.database.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
const balanceOf = async (app: TestApp, userId: string) =>
  (await app.database.db.select({ balance: users.smsBalance }).from(users).where(eq(users.id, userId)))[0]?.balance;

describe('POST /api/users/{id}/sms', () => {
  it('buys 100 SMS for a Swedish account, paid in SEK, and returns the account with the new balance', async () => {
    const me = await createMember(t, { country: 'SE' });
    const response = await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Id: me.id, Email: me.email, SmsNotifications: { Enabled: false, Balance: 100 } });
    expect(await paymentsOf(t, me.id)).toEqual([
      {
        id: expect.any(String),
        userId: me.id,
        item: SMS.Id,
        priceKey: 'Sms',
        amount: SMS.Sek,
        currency: 'SEK',
        createdAt: expect.any(Date),
        idempotencyKey: expect.stringMatching(new RegExp(`^sms:${me.id}:`)),
      },
    ]);
    // With a balance, SMS notifications can be switched on.
    const enabled = await call(t.app, 'PATCH', `/api/users/${me.id}`, {
      token: me.token,
      body: { Phone: '+46 70 123 45 67', SmsNotifications: { Enabled: true } },
    });
    expect(enabled.json()).toMatchObject({ SmsNotifications: { Enabled: true, Balance: 100 } });
  });

  it('charges EUR outside Sweden, and each purchase adds 100 more and is one more payment', async () => {
    const me = await createMember(t, { country: 'DE' });
    expect((await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token })).json()).toMatchObject({
      SmsNotifications: { Balance: 100 },
    });
    expect((await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token })).json()).toMatchObject({
      SmsNotifications: { Balance: 200 },
    });
    const paid = await paymentsOf(t, me.id);
    expect(paid.map(({ item, amount, currency }) => ({ item, amount, currency }))).toEqual([
      { item: SMS.Id, amount: SMS.Eur, currency: 'EUR' },
      { item: SMS.Id, amount: SMS.Eur, currency: 'EUR' },
    ]);
    expect(new Set(paid.map((p) => p.id)).size).toBe(2);
  });

  it('adds to what is left, and purchases at the same moment all count', async () => {
    const me = await createMember(t, { country: 'FR' });
    await t.database.db.update(users).set({ smsBalance: 7 }).where(eq(users.id, me.id));
    const replies = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await balanceOf(t, me.id)).toBe(307);
    expect(await paymentsOf(t, me.id)).toHaveLength(3);
  });

  it("refuses another user's account with 403 and changes nothing; an admin may buy for anyone", async () => {
    const me = await createMember(t);
    const other = await createMember(t, { country: 'SE' });
    const refused = await call(t.app, 'POST', `/api/users/${other.id}/sms`, { token: me.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Error: 'forbidden' });
    expect(await balanceOf(t, other.id)).toBe(0);
    expect(await paymentsOf(t, other.id)).toEqual([]);
    expect(await paymentsOf(t, me.id)).toEqual([]);

    const byAdmin = await call(t.app, 'POST', `/api/users/${other.id}/sms`, { token: admin });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ Id: other.id, SmsNotifications: { Balance: 100 } });
    // The payment is the account's, in the account's currency, not the admin's.
    expect(await paymentsOf(t, other.id)).toMatchObject([{ userId: other.id, currency: 'SEK', amount: SMS.Sek }]);
  });

  it('answers 404 for a missing account (to an admin; a user gets 403 and cannot probe ids), 400 for a bad id, 401 signed out', async () => {
    const me = await createMember(t);
    const missing = await call(t.app, 'POST', '/api/users/no-such-id/sms', { token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ Error: 'not_found', Message: 'Not found.' });
    expect((await call(t.app, 'POST', '/api/users/no-such-id/sms', { token: me.token })).statusCode).toBe(403);

    const long = await call(t.app, 'POST', `/api/users/${'x'.repeat(65)}/sms`, { token: admin });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ Error: 'too_long', Field: 'id' });

    const anonymous = await call(t.app, 'POST', `/api/users/${me.id}/sms`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ Error: 'unauthorized' });
    expect(await balanceOf(t, me.id)).toBe(0);
    expect(await paymentsOf(t, me.id)).toEqual([]);
  });

  it('keeps the payment record when the account is deleted', async () => {
    const me = await createMember(t);
    await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token });
    const [payment] = await paymentsOf(t, me.id);
    expect((await call(t.app, 'DELETE', `/api/users/${me.id}`, { token: me.token, body: { Password: me.password } })).statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept).toEqual({ ...payment, userId: null });
  });

  it('is documented in the OpenAPI description with every reply and the optional Idempotency-Key header', async () => {
    type Operation = { responses: Record<string, unknown>; parameters: { in: string; name: string; required?: boolean }[] };
    const spec = (await call(t.app, 'GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    const operation = spec.paths['/api/users/{id}/sms'].post;
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '402', '403', '404', '429']);
    expect(operation.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: IDEMPOTENCY_KEY_HEADER, required: false }));
  });
});

describe('POST /api/users/{id}/sms with an Idempotency-Key', () => {
  it('charges once and adds 100 once for 10 concurrent requests with the same key, each answered with the first result', async () => {
    const me = await createMember(t, { country: 'SE' });
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'buy-sms-click-1' };
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (const reply of replies) expect(reply.json()).toMatchObject({ SmsNotifications: { Balance: 100 } });
    expect(await balanceOf(t, me.id)).toBe(100);
    expect(await paymentsOf(t, me.id)).toMatchObject([{ idempotencyKey: `sms:${me.id}:buy-sms-click-1`, amount: SMS.Sek }]);
    // A retry later still charges nothing; another key is another purchase.
    await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers });
    expect(await balanceOf(t, me.id)).toBe(100);
    await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers: { [IDEMPOTENCY_KEY_HEADER]: 'buy-sms-click-2' } });
    expect(await balanceOf(t, me.id)).toBe(200);
    expect(await paymentsOf(t, me.id)).toHaveLength(2);
  });

  it('charges each of two requests without a key', async () => {
    const me = await createMember(t, { country: 'DE' });
    await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token });
    await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token });
    expect(await balanceOf(t, me.id)).toBe(200);
    expect(await paymentsOf(t, me.id)).toHaveLength(2);
  });

  it("keeps one user's key apart from another's", async () => {
    const [me, other] = [await createMember(t), await createMember(t)];
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'same-key' };
    await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers });
    await call(t.app, 'POST', `/api/users/${other.id}/sms`, { token: other.token, headers });
    expect([await balanceOf(t, me.id), await balanceOf(t, other.id)]).toEqual([100, 100]);
  });

  it('refuses a key that is too long or not visible ASCII with 400 naming the header, and charges nothing', async () => {
    const me = await createMember(t);
    for (const key of ['x'.repeat(256), 'two words', 'clé']) {
      const response = await call(t.app, 'POST', `/api/users/${me.id}/sms`, {
        token: me.token,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Field: IDEMPOTENCY_KEY_HEADER });
    }
    expect(await paymentsOf(t, me.id)).toEqual([]);
  });
});

describe('purchases per user (RATE_LIMIT_PURCHASE)', () => {
  it('counts SMS bundles, extra data and payment portal links together per caller: over the limit 429 and nothing is bought', async () => {
    const saved = t.config.rateLimits.purchase;
    t.config.rateLimits.purchase = { perEmail: 3, perIp: 1000 };
    try {
      const [me, other] = [await createMember(t, { country: 'SE' }), await createMember(t)];
      const imsi = await device(t, me, 'farmcam-sim');
      const sms = (who = me) => call(t.app, 'POST', `/api/users/${who.id}/sms`, { token: who.token });
      const extraData = () => call(t.app, 'POST', `/api/farmcam-sims/${imsi}/extra-data`, { token: me.token });
      const portal = () => call(t.app, 'GET', `/api/users/${me.id}/billing`, { token: me.token });
      expect((await sms()).statusCode).toBe(200);
      expect((await extraData()).statusCode).toBe(200);
      expect((await portal()).statusCode).toBe(200);
      const limited = await sms();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ Error: 'rate_limited', Message: 'Too many attempts, try again in 15 minutes.' });
      // The window's seconds left: 900 when it began this second, a little less on a slow run.
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(890);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect((await extraData()).statusCode).toBe(429);
      expect((await portal()).statusCode).toBe(429);
      expect(await balanceOf(t, me.id)).toBe(100);
      expect(await paymentsOf(t, me.id)).toHaveLength(2);
      // Another user is not affected; the window passes.
      expect((await sms(other)).statusCode).toBe(200);
      t.clock.advance(15 * 60_000 + 1000);
      expect((await sms()).statusCode).toBe(200);
    } finally {
      t.config.rateLimits.purchase = saved;
    }
  });
});

describe('POST /api/users/{id}/sms with a provider that declines', () => {
  let declining: TestApp;
  beforeAll(async () => {
    // Records the payment first and then declines: the record must go with the rolled-back transaction.
    const local = localPaymentProvider(() => new Date());
    const recordThenDecline: PaymentProvider = {
      ...local,
      async charge(tx, charge) {
        await local.charge(tx, charge);
        throw new PaymentDeclinedError('card declined');
      },
    };
    declining = await createTestApp({}, { payments: recordThenDecline });
  }, APP_START_TIMEOUT_MS);
  afterAll(() => declining.close());

  it("answers 402 payment_declined in the user's language, adds nothing and keeps no payment", async () => {
    const me = await createMember(declining, { country: 'SE', locale: 'sv-SE' });
    const response = await call(declining.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      Error: 'payment_declined',
      Message: 'Betalningen avvisades, så inget köptes. Kontrollera ditt betalsätt och försök igen.',
    });
    expect(await balanceOf(declining, me.id)).toBe(0);
    expect(await paymentsOf(declining, me.id)).toEqual([]);
  });

  it('says it in the language the app shows (its Accept-Language) when that is not the account’s', async () => {
    // The account is Swedish, but the app on this device shows English: the Buy SMS dialog must read in English.
    const me = await createMember(declining, { country: 'SE', locale: 'sv-SE' });
    const response = await call(declining.app, 'POST', `/api/users/${me.id}/sms`, {
      token: me.token,
      headers: { 'accept-language': 'en-GB' },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      Error: 'payment_declined',
      Message: 'The payment was declined, so nothing was bought. Please check your payment method and try again.',
    });
  });
});
