import { call, createUser, setUpTestApp, signIn, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const requestCode = (Email: string) => call(t.app, 'PUT', '/api/send-verification-code', { body: { Email } });

describe('GET /api/admin/mailbox', () => {
  it('lists mails newest first, for one recipient (any case) or all, to admins only', async () => {
    const anna = await createUser(t, { locale: 'sv-SE' });
    const bert = await createUser(t, { locale: 'de-DE' });
    await requestCode(anna.email);
    t.clock.advance(1000);
    await requestCode(bert.email);
    t.clock.advance(1000);
    await requestCode(anna.email);

    const annas = await call(t.app, 'GET', `/api/admin/mailbox?to=${anna.email.toUpperCase()}`, { token: admin });
    expect(annas.statusCode).toBe(200);
    const mails = annas.json();
    expect(mails).toHaveLength(2);
    expect(mails[0]).toEqual({ To: anna.email, Subject: 'Din kod för att återställa lösenordet i Paddock', Text: expect.any(String), SentAt: expect.any(String) });
    expect(new Date(mails[0].SentAt).getTime()).toBeGreaterThan(new Date(mails[1].SentAt).getTime());
    expect(mails[0].Text).toMatch(/\n\n\d{6}\n\n/);

    const all = await call(t.app, 'GET', '/api/admin/mailbox', { token: admin });
    expect(all.json().slice(0, 3).map((m: { To: string }) => m.To)).toEqual([anna.email, bert.email, anna.email]);
    expect((await call(t.app, 'GET', '/api/admin/mailbox?to=', { token: admin })).statusCode).toBe(200);
  });

  it('refuses users (403), anonymous callers (401) and unknown query fields (400)', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    expect((await call(t.app, 'GET', '/api/admin/mailbox', { token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/mailbox')).statusCode).toBe(401);
    const unknown = await call(t.app, 'GET', '/api/admin/mailbox?from=x', { token: admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Error: 'unknown_field', Field: 'from' });
  });
});
