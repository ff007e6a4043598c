import { loadConfig } from '../config';
import { BUILTIN_CATALOGUE } from '../billing/catalogue';
import { StripeStandIn } from '../billing/stripe/testing/standIn';
import { APP_START_TIMEOUT_MS, call, createTestApp, createUser, mailsTo, setUpTestApp, signIn, type TestApp } from '../testing/testApp';
import { MASKED_CODE } from './routes';

/** What a production start needs besides its secrets (config.test.ts). */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://paddock.example.com', PAYMENT_TEST_MODE: 'on', PADDOCK_EMBEDDED: 'database,broker,mailbox' };

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
    // The mailbox shows that the code went out, never the code (docs/product/admin.md "Mailbox").
    expect(mails[0].Text).toContain(`\n\n${MASKED_CODE}\n\n`);
    expect(mails[0].Text).not.toMatch(/[0-9]{6}/);

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

describe('the mailbox is a development tool (issue 26)', () => {
  it("masks the reset code of a farmer's mail, so reading it cannot take the account over", async () => {
    const farmer = await createUser(t);
    await requestCode(farmer.email);
    const code = /\n\n([0-9]{6})\n\n/.exec((await mailsOf(farmer.email))[0])?.[1];
    expect(code).toBeDefined(); // it was mailed…
    const shown = await call(t.app, 'GET', `/api/admin/mailbox?to=${farmer.email}`, { token: admin });
    expect(shown.statusCode).toBe(200);
    const [mail] = shown.json<{ Text: string }[]>();
    expect(mail.Text).toContain(MASKED_CODE); // …and the admin sees that it was, not what it is
    expect(mail.Text).not.toContain(code!);
    expect(JSON.stringify(shown.json())).not.toContain(code!);
    // The attack the issue describes, PUT /password with the code read from the mailbox, has nothing to go on.
    const reset = await call(t.app, 'PUT', '/api/password', {
      body: { Email: farmer.email, VerificationCode: MASKED_CODE, Password: 'a-brand-new-passphrase-77' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it("shows the admin's own mails unmasked", async () => {
    await requestCode(t.config.admin.email);
    const [mail] = (await call(t.app, 'GET', `/api/admin/mailbox?to=${t.config.admin.email}`, { token: admin })).json<{ Text: string }[]>();
    expect(mail.Text).toMatch(/\n\n[0-9]{6}\n\n/);
  });

  it('is off by default in production, on by default elsewhere, and either way when set', () => {
    expect(loadConfig(PRODUCTION).adminMailbox).toBe(false);
    expect(loadConfig({ ...PRODUCTION, ADMIN_MAILBOX: 'on' }).adminMailbox).toBe(true);
    expect(loadConfig({}).adminMailbox).toBe(true);
    expect(loadConfig({ ADMIN_MAILBOX: 'off' }).adminMailbox).toBe(false);
    expect(() => loadConfig({ ADMIN_MAILBOX: 'maybe' })).toThrow(/ADMIN_MAILBOX/);
  });

  it('answers 404 for the mailbox and the SMS outbox when off', async () => {
    const off = await createTestApp({ adminMailbox: false });
    try {
      const token = await signIn(off, off.config.admin.email, off.config.admin.password);
      for (const path of ['/api/admin/mailbox', '/api/admin/sms-outbox']) {
        const reply = await call(off.app, 'GET', path, { token });
        expect(reply.statusCode).toBe(404);
        expect(reply.json()).toMatchObject({ Error: 'not_found' });
      }
    } finally {
      await off.close();
    }
  }, APP_START_TIMEOUT_MS);
});

describe('GET /api/admin/payment-provider', () => {
  it('names the built-in provider, to admins only', async () => {
    expect((await call(t.app, 'GET', '/api/admin/payment-provider', { token: admin })).json()).toEqual({ Provider: 'builtin' });
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    expect((await call(t.app, 'GET', '/api/admin/payment-provider', { token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/payment-provider')).statusCode).toBe(401);
  });

  it('names Stripe with PAYMENT_PROVIDER=stripe', async () => {
    const standIn = await new StripeStandIn().start(BUILTIN_CATALOGUE);
    const stripe = await createTestApp({ payments: { provider: 'stripe', stripe: standIn.settings() } });
    try {
      const token = await signIn(stripe, stripe.config.admin.email, stripe.config.admin.password);
      expect((await call(stripe.app, 'GET', '/api/admin/payment-provider', { token })).json()).toEqual({ Provider: 'stripe' });
    } finally {
      await stripe.close();
      await standIn.close();
    }
  }, APP_START_TIMEOUT_MS);
});

/** The texts of the mails to `email` as stored (the recipient's view), newest first. */
async function mailsOf(email: string): Promise<string[]> {
  return (await mailsTo(t, email)).map((mail) => mail.Text);
}
