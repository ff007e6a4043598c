import { SMS_BUNDLE } from '@paddock/shared/domain';
import { asc, eq } from 'drizzle-orm';
import { payments, users } from '../db/schema';
import { call, createMember, createTestApp, setUpTestApp, type TestApp } from '../testing/testApp';
import { localPaymentProvider, PaymentDeclinedError, type PaymentProvider } from './payments';

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
      { id: expect.any(String), userId: me.id, item: 'sms-100', amount: SMS_BUNDLE.Sek, currency: 'SEK', createdAt: expect.any(Date) },
    ]);
    // With a balance, SMS notifications can be switched on.
    const enabled = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { SmsNotifications: { Enabled: true } } });
    expect(enabled.json()).toMatchObject({ SmsNotifications: { Enabled: true, Balance: 100 } });
  });

  it('charges EUR outside Sweden, and each purchase adds 100 more and is one more payment', async () => {
    const me = await createMember(t, { country: 'DE' });
    expect((await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token })).json()).toMatchObject({ SmsNotifications: { Balance: 100 } });
    expect((await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token })).json()).toMatchObject({ SmsNotifications: { Balance: 200 } });
    const paid = await paymentsOf(t, me.id);
    expect(paid.map(({ item, amount, currency }) => ({ item, amount, currency }))).toEqual([
      { item: 'sms-100', amount: SMS_BUNDLE.Eur, currency: 'EUR' },
      { item: 'sms-100', amount: SMS_BUNDLE.Eur, currency: 'EUR' },
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
    expect(await paymentsOf(t, other.id)).toMatchObject([{ userId: other.id, currency: 'SEK', amount: SMS_BUNDLE.Sek }]);
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
    expect((await call(t.app, 'DELETE', `/api/users/${me.id}`, { token: me.token })).statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept).toEqual({ ...payment, userId: null });
  });

  it('is documented in the OpenAPI description with every reply', async () => {
    const spec = (await call(t.app, 'GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    expect(Object.keys(spec.paths['/api/users/{id}/sms'].post.responses).sort()).toEqual(['200', '400', '401', '402', '403', '404']);
  });
});

describe('POST /api/users/{id}/sms with a provider that declines', () => {
  let declining: TestApp;
  beforeAll(async () => {
    // Records the payment first and then declines: the record must go with the rolled-back transaction.
    const recordThenDecline: PaymentProvider = {
      prices: localPaymentProvider(() => new Date()).prices,
      async charge(tx, charge) {
        await localPaymentProvider(() => new Date()).charge(tx, charge);
        throw new PaymentDeclinedError('card declined');
      },
    };
    declining = await createTestApp({}, { payments: recordThenDecline });
  });
  afterAll(() => declining.close());

  it("answers 402 payment_declined in the user's language, adds nothing and keeps no payment", async () => {
    const me = await createMember(declining, { country: 'SE', locale: 'sv-SE' });
    const response = await call(declining.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ Error: 'payment_declined', Message: 'Betalningen avvisades, så inget köptes. Kontrollera ditt betalsätt och försök igen.' });
    expect(await balanceOf(declining, me.id)).toBe(0);
    expect(await paymentsOf(declining, me.id)).toEqual([]);
  });
});
