// Invoice details (PATCH /users/{id}) and the password change (PUT /users/{id}/password) after sign-up
// (docs/product/api.md, docs/product/billing.md "Invoice details", docs/product/states.md "Session").
import { IMPERSONATION_HEADER } from '@paddock/shared/contract';
import { asc, eq } from 'drizzle-orm';
import { invoices } from '../db/schema';
import { call, createMember, setUpTestApp, signIn, withRateLimit, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const details = {
  Name: ' Lantbruk AB ',
  Addr1: 'Storgatan 1',
  Addr2: '',
  PostalCode: '123 45',
  Town: 'Uppsala',
  Country: 'SE',
  Vatin: 'se 5566.7788-9901',
};

describe('invoice details: PATCH /api/users/{id}', () => {
  it('changes them (trimmed, VAT number normalized) for the user themself', async () => {
    const me = await createMember(t, { country: 'DE' });
    const response = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: details });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Name: 'Lantbruk AB',
      Addr1: 'Storgatan 1',
      Addr2: '',
      PostalCode: '123 45',
      Town: 'Uppsala',
      Country: 'SE',
      Vatin: 'SE556677889901',
    });
    const read = await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(read.json()).toMatchObject({ Name: 'Lantbruk AB', Country: 'SE', Vatin: 'SE556677889901' });
    // An empty VAT number removes it.
    const removed = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Vatin: '' } });
    expect(removed.json()).toMatchObject({ Vatin: '', Name: 'Lantbruk AB' });
  });

  it.each([
    ['Name', 'x'.repeat(201)],
    ['Addr1', 'x'.repeat(201)],
    ['Addr2', 'x'.repeat(201)],
    ['PostalCode', 'x'.repeat(21)],
    ['Town', 'x'.repeat(101)],
    ['Country', 'Sweden'],
    ['Country', ''],
    ['Vatin', 'SE123'],
    ['Vatin', 'DE12345678'],
  ])('400 naming %s for %j', async (field, value) => {
    const me = await createMember(t);
    const response = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { [field]: value } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Field: field });
    if (field === 'Vatin') expect(response.json()).toMatchObject({ Error: 'invalid_vat_number' });
    const unchanged = await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(unchanged.json()).toMatchObject({ Country: me.country, Vatin: me.vatin });
  });

  it('the next invoice is made out to the new details; an earlier one keeps what it was issued to', async () => {
    const me = await createMember(t, { name: 'Old Name', country: 'SE' });
    const buy = (key: string) => call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token, headers: { 'Idempotency-Key': key } });
    expect((await buy(`before-${me.id}`)).statusCode).toBe(200);
    expect((await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: details })).statusCode).toBe(200);
    expect((await buy(`after-${me.id}`)).statusCode).toBe(200);
    const issued = await t.database.db.select().from(invoices).where(eq(invoices.userId, me.id)).orderBy(asc(invoices.number));
    expect(issued.map((invoice) => invoice.buyer)).toEqual([
      expect.objectContaining({ name: 'Old Name', vatin: me.vatin }),
      expect.objectContaining({
        name: 'Lantbruk AB',
        addressLines: ['Storgatan 1', '123 45 Uppsala'],
        country: 'SE',
        vatin: 'SE556677889901',
      }),
    ]);
  });

  it('401 signed out, 403 for another user; an admin may change them', async () => {
    const owner = await createMember(t);
    const stranger = await createMember(t);
    expect((await call(t.app, 'PATCH', `/api/users/${owner.id}`, { body: { Town: 'Lund' } })).statusCode).toBe(401);
    expect((await call(t.app, 'PATCH', `/api/users/${owner.id}`, { token: stranger.token, body: { Town: 'Lund' } })).statusCode).toBe(403);
    const byAdmin = await call(t.app, 'PATCH', `/api/users/${owner.id}`, { token: admin, body: { Town: 'Lund' } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ Town: 'Lund' });
  });
});

describe('PUT /api/users/{id}/password', () => {
  const change = (id: string, token: string | undefined, body: unknown, extra: { ip?: string; headers?: Record<string, string> } = {}) =>
    call(t.app, 'PUT', `/api/users/${id}/password`, { token, body, ...extra });

  it('changes the password: the new one signs in, the old one not; this session stays, the others are signed out', async () => {
    const me = await createMember(t);
    const other = await signIn(t, me.email, me.password);
    const response = await change(me.id, me.token, { CurrentPassword: me.password, Password: 'a brand new passphrase 7' });
    expect(response.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/session', { token: me.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/session', { token: other })).statusCode).toBe(401);
    const oldSignIn = await call(t.app, 'POST', '/api/sign-in', { body: { Email: me.email, Password: me.password } });
    expect(oldSignIn.statusCode).toBe(401);
    const newSignIn = await call(t.app, 'POST', '/api/sign-in', { body: { Email: me.email, Password: 'a brand new passphrase 7' } });
    expect(newSignIn.statusCode).toBe(200);
  });

  it('400 invalid_password naming CurrentPassword for a wrong current password; nothing changes', async () => {
    const me = await createMember(t);
    const response = await change(me.id, me.token, { CurrentPassword: 'not my password', Password: 'a brand new passphrase 7' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'invalid_password', Field: 'CurrentPassword' });
    const signedIn = await call(t.app, 'POST', '/api/sign-in', { body: { Email: me.email, Password: me.password } });
    expect(signedIn.statusCode).toBe(200);
  });

  it.each([
    ['CurrentPassword', { CurrentPassword: '', Password: 'a brand new passphrase 7' }, undefined],
    ['Password', { CurrentPassword: 'x' }, undefined],
    ['Password', { CurrentPassword: 'x', Password: 'short' }, undefined],
    ['Password', { CurrentPassword: 'x', Password: '            ' }, 'password_blank'],
    ['Password', { CurrentPassword: 'x', Password: 'password1234' }, 'password_common'],
  ])('400 naming %s for %j', async (field, body, code) => {
    const me = await createMember(t);
    if (body.CurrentPassword === 'x') body.CurrentPassword = me.password;
    const response = await change(me.id, me.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Field: field, ...(code ? { Error: code } : {}) });
  });

  it('401 signed out; 403 for another user, an admin, and an admin impersonating the user', async () => {
    const me = await createMember(t);
    const stranger = await createMember(t);
    const body = { CurrentPassword: me.password, Password: 'a brand new passphrase 7' };
    expect((await change(me.id, undefined, body)).statusCode).toBe(401);
    expect((await change(me.id, stranger.token, body)).statusCode).toBe(403);
    expect((await change(me.id, admin, body)).statusCode).toBe(403);
    expect((await change(me.id, admin, body, { headers: { [IMPERSONATION_HEADER]: me.id } })).statusCode).toBe(403);
  });

  it('counts wrong current passwords against the sign-in limit; the right one is given back', async () => {
    await withRateLimit(t, 'signIn', { perEmail: 2, perIp: 1000, perEmailCeiling: 1000 }, async () => {
      const me = await createMember(t);
      for (let i = 0; i < 2; i++) {
        const wrong = await change(
          me.id,
          me.token,
          { CurrentPassword: `guess-${i}`, Password: 'a brand new passphrase 7' },
          { ip: '10.9.0.1' },
        );
        expect(wrong.json()).toMatchObject({ Error: 'invalid_password' });
      }
      const limited = await change(
        me.id,
        me.token,
        { CurrentPassword: me.password, Password: 'a brand new passphrase 7' },
        { ip: '10.9.0.1' },
      );
      expect(limited.statusCode).toBe(429);
      const signInThere = await call(t.app, 'POST', '/api/sign-in', { ip: '10.9.0.1', body: { Email: me.email, Password: me.password } });
      expect(signInThere.statusCode).toBe(429);
      const elsewhere = await change(
        me.id,
        me.token,
        { CurrentPassword: me.password, Password: 'a brand new passphrase 7' },
        { ip: '10.9.0.2' },
      );
      expect(elsewhere.statusCode).toBe(204);
    });
  });
});
