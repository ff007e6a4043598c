import { IDEMPOTENCY_KEY_HEADER, type Invoice } from '@paddock/shared/contract';
import { eq } from 'drizzle-orm';
import { invoices, paymentMethods } from '../db/schema';
import { call, createMember, setUpTestApp, type Member, type TestApp } from '../testing/testApp';
import { BUILTIN_CATALOGUE } from './catalogue';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const SMS = BUILTIN_CATALOGUE.Sms;
const buySms = (me: Member, key?: string) =>
  call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} });
const invoicesOf = async (userId: string, token: string) => {
  const response = await call(t.app, 'GET', `/api/users/${userId}/invoices`, { token });
  expect(response.statusCode).toBe(200);
  return response.json<Invoice[]>();
};

describe('GET /api/users/{id}/invoices', () => {
  it('lists one paid invoice per purchase, newest first, numbered in sequence, with a PDF path', async () => {
    const me = await createMember(t, { country: 'SE' });
    await buySms(me, 'first');
    await buySms(me, 'first'); // a retry: no second invoice
    t.clock.advance(1000);
    await buySms(me, 'second');
    const listed = await invoicesOf(me.id, me.token);
    expect(listed).toHaveLength(2);
    const [newer, older] = listed;
    expect(older).toEqual({
      Id: expect.any(String),
      Number: expect.stringMatching(/^PAD-\d{4}-\d{6}$/),
      CreatedAt: expect.any(String),
      Description: SMS.Name,
      Currency: 'SEK',
      Net: SMS.Sek,
      VatRate: 0.25,
      Vat: SMS.Sek / 4,
      Gross: SMS.Sek * 1.25,
      ReverseCharge: false,
      Status: 'paid',
      PdfUrl: `/api/users/${me.id}/invoices/${older.Id}/pdf`,
    });
    const serial = (invoice: Invoice) => Number(invoice.Number.slice(-6));
    expect(serial(newer)).toBeGreaterThan(serial(older));
  });

  it("taxes by the customer's country: EU without a VAT number 25 %, EU with its own VAT number reverse charge, EUR", async () => {
    const plain = await createMember(t, { country: 'DE' });
    const business = await createMember(t, { country: 'DE', vatin: 'DE123456789' });
    await buySms(plain);
    await buySms(business);
    expect(await invoicesOf(plain.id, plain.token)).toMatchObject([
      { Currency: 'EUR', Net: SMS.Eur, VatRate: 0.25, Vat: Math.round(SMS.Eur / 4), ReverseCharge: false },
    ]);
    expect(await invoicesOf(business.id, business.token)).toMatchObject([
      { Currency: 'EUR', Net: SMS.Eur, VatRate: 0, Vat: 0, Gross: SMS.Eur, ReverseCharge: true },
    ]);
  });

  it('is for the account and admins: another user 403, signed out 401, a missing account 404 (to an admin)', async () => {
    const [me, other] = [await createMember(t), await createMember(t)];
    await buySms(me);
    expect(await invoicesOf(me.id, admin)).toHaveLength(1);
    expect((await call(t.app, 'GET', `/api/users/${me.id}/invoices`, { token: other.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/users/${me.id}/invoices`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/no-such-user/invoices', { token: admin })).statusCode).toBe(404);
    expect(await invoicesOf(other.id, other.token)).toEqual([]);
  });
});

describe('GET /api/users/{id}/invoices/{invoiceId}/pdf', () => {
  it('downloads the invoice as a PDF attachment, for the account and admins', async () => {
    const me = await createMember(t, { country: 'DE', vatin: 'DE123456789', locale: 'fr-FR', name: 'Ferme Müller' });
    await buySms(me);
    const [invoice] = await invoicesOf(me.id, me.token);
    for (const token of [me.token, admin]) {
      const response = await call(t.app, 'GET', invoice.PdfUrl, { token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.Id}.pdf"`);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(response.rawPayload.length).toBeGreaterThan(1000);
    }
  });

  it("answers 404 for another account's invoice under one's own id, 403 for another's id, 401 signed out", async () => {
    const [me, other] = [await createMember(t), await createMember(t)];
    await buySms(other);
    const [theirs] = await invoicesOf(other.id, other.token);
    expect((await call(t.app, 'GET', `/api/users/${me.id}/invoices/${theirs.Id}/pdf`, { token: me.token })).json()).toMatchObject({
      Error: 'not_found',
    });
    expect((await call(t.app, 'GET', theirs.PdfUrl, { token: me.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', theirs.PdfUrl)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/users/${other.id}/invoices/no-such-invoice/pdf`, { token: admin })).statusCode).toBe(404);
  });
});

describe('deleting the account', () => {
  it('keeps its invoices for the books (without the account) and forgets its card', async () => {
    const me = await createMember(t);
    await buySms(me);
    const [invoice] = await invoicesOf(me.id, me.token);
    const db = t.database.db;
    await db
      .insert(paymentMethods)
      .values({ userId: me.id, brand: 'Visa', last4: '4242', expMonth: 1, expYear: 2040, declines: false, updatedAt: t.clock.now() });
    expect((await call(t.app, 'DELETE', `/api/users/${me.id}`, { token: me.token, body: { Password: me.password } })).statusCode).toBe(204);
    expect(await db.select().from(invoices).where(eq(invoices.id, invoice.Id))).toMatchObject([
      { userId: null, number: invoice.Number, gross: invoice.Gross },
    ]);
    expect(await db.select().from(paymentMethods).where(eq(paymentMethods.userId, me.id))).toEqual([]);
  });
});
