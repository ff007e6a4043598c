import { IDEMPOTENCY_KEY_HEADER, type AuditPage, type BillingPortal } from '@paddock/shared/contract';
import { eq } from 'drizzle-orm';
import { paymentMethods, users } from '../db/schema';
import { call, createMember, latestCode, setUpTestApp, signIn, type Member, type TestApp } from '../testing/testApp';
import { PORTAL_LINK_MINUTES } from './builtin/portalLink';

let t: TestApp;
let admin: string;
// Paddock's own origin is PUBLIC_URL; app.inject's requests reach the server as http://localhost:80, which is not it.
const ORIGIN = 'https://paddock.example.com';
setUpTestApp((app, token) => ([t, admin] = [app, token]), { publicUrl: ORIGIN });
const RETURN_URL = `${ORIGIN}/billing?from=portal`;

async function portalUrl(me: Member, returnUrl: string | null = RETURN_URL, token = me.token): Promise<URL> {
  const query = returnUrl === null ? '' : `?return-url=${encodeURIComponent(returnUrl)}`;
  const response = await call(t.app, 'GET', `/api/users/${me.id}/billing${query}`, { token });
  expect(response.statusCode).toBe(200);
  return new URL(response.json<BillingPortal>().Url);
}
const open = (url: URL, headers: Record<string, string> = {}) => call(t.app, 'GET', `${url.pathname}${url.search}`, { headers });
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const saveCard = (url: URL, card: { number: string; expiry?: string; cvc?: string }) =>
  call(
    t.app,
    'POST',
    '/api/billing-portal/payment-method',
    form({ token: url.searchParams.get('token')!, expiry: '12/40', cvc: '123', ...card }),
  );

describe('GET /api/users/{id}/billing', () => {
  it("gives the built-in portal's signed address on Paddock's origin, for the account and admins", async () => {
    const me = await createMember(t);
    const url = await portalUrl(me);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe('/api/billing-portal');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await portalUrl(me, RETURN_URL, admin)).pathname).toBe('/api/billing-portal');
  });

  it('refuses another user (403) and the signed-out (401)', async () => {
    const [me, other] = [await createMember(t), await createMember(t)];
    expect((await call(t.app, 'GET', `/api/users/${me.id}/billing`, { token: other.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/users/${me.id}/billing`)).statusCode).toBe(401);
  });

  it.each([
    'https://evil.example/billing',
    'http://localhost:8081/billing',
    'https://localhost/billing',
    'http://localhost/billing',
    'https://paddock.example.com.evil.example/billing',
    'javascript:alert(1)',
    '/billing',
    'http://user:pw@localhost/',
  ])('refuses return-url %s, which is not one of Paddock’s addresses, with 400 naming return-url', async (returnUrl) => {
    const me = await createMember(t);
    const response = await call(t.app, 'GET', `/api/users/${me.id}/billing?return-url=${encodeURIComponent(returnUrl)}`, {
      token: me.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'invalid_field', Field: 'return-url' });
  });

  // Issue 26: the link's origin came from the Host header, so a forged Host made a real portal page whose "Back" went anywhere.
  it.each(['evil.example', 'partner.localhost.evil.example', 'partner.localhost:99999', 'bad host', 'localhost:99999', '[::1'])(
    "gives PUBLIC_URL's origin, for the link and its way back, whatever the Host header (%j)",
    async (host) => {
      const me = await createMember(t);
      const response = await call(t.app, 'GET', `/api/users/${me.id}/billing`, { token: me.token, headers: { host } });
      expect(response.statusCode).toBe(200);
      const url = new URL(response.json<BillingPortal>().Url);
      expect(url.origin).toBe(ORIGIN);
      const page = await open(url);
      expect(page.body).toContain(`href="${ORIGIN}/billing"`);
      expect(page.body).not.toContain(host);
      const forged = `http://${host}/billing`;
      if (URL.canParse(forged)) {
        const query = `?return-url=${encodeURIComponent(forged)}`;
        const refused = await call(t.app, 'GET', `/api/users/${me.id}/billing${query}`, { token: me.token, headers: { host } });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ Error: 'invalid_field', Field: 'return-url' });
      }
    },
  );

  it("comes back to a configured variant host (VARIANT_HOSTS) on PUBLIC_URL's scheme and port, never another port", async () => {
    const me = await createMember(t);
    const headers = { host: 'partner.localhost:8081' };
    const response = await call(t.app, 'GET', `/api/users/${me.id}/billing`, { token: me.token, headers });
    const url = new URL(response.json<BillingPortal>().Url);
    expect(url.origin).toBe('https://partner.localhost');
    expect((await open(url)).body).toContain('href="https://partner.localhost/billing"');
    const foreignPort = `?return-url=${encodeURIComponent('http://partner.localhost:8081/billing')}`;
    expect((await call(t.app, 'GET', `/api/users/${me.id}/billing${foreignPort}`, { token: me.token, headers })).statusCode).toBe(400);
  });

  it('refuses a return-url longer than 1024 characters with 400 naming return-url', async () => {
    const me = await createMember(t);
    const long = `${ORIGIN}/billing?${'a'.repeat(1024)}`;
    const response = await call(t.app, 'GET', `/api/users/${me.id}/billing?return-url=${encodeURIComponent(long)}`, { token: me.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'too_long', Field: 'return-url' });
  });

  it("returns to Paddock's billing page when no return-url is given", async () => {
    const me = await createMember(t);
    const page = await open(await portalUrl(me, null));
    expect(page.body).toContain(`href="${ORIGIN}/billing"`);
  });
});

describe('the built-in portal page', () => {
  it("shows the account's payment method, invoices and the way back, in the account's language, without any script", async () => {
    const me = await createMember(t, { locale: 'sv-SE' });
    await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token });
    const page = await open(await portalUrl(me));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="sv">');
    expect(page.body).toContain('Betalningsinställningar');
    expect(page.body).toContain('Inget kort sparat');
    expect(page.body).toMatch(/PAD-\d{4}-\d{6}/);
    expect(page.body).toContain(`<a class="back" href="${RETURN_URL.replace('&', '&amp;')}">Tillbaka till Paddock</a>`);
    expect(page.body).not.toMatch(/<script/i);
  });

  it('saves a test card (post, then redirect back) and shows it; the declining card makes later purchases 402', async () => {
    const me = await createMember(t, { locale: 'de-DE' });
    const url = await portalUrl(me);
    const saved = await saveCard(url, { number: '4242 4242 4242 4242' });
    expect(saved.statusCode).toBe(303);
    const page = await call(t.app, 'GET', saved.headers.location as string);
    expect(page.body).toContain('Karte gespeichert.');
    expect(page.body).toContain('Visa mit Endziffern 4242, gültig bis 12/40');
    expect(page.body).not.toContain('4242 4242 4242 4242');
    expect((await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token })).statusCode).toBe(200);

    expect((await saveCard(url, { number: '4000 0000 0000 0002' })).statusCode).toBe(303);
    expect(await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.userId, me.id))).toMatchObject([
      { last4: '0002', declines: true },
    ]);
    const declined = await call(t.app, 'POST', `/api/users/${me.id}/sms`, {
      token: me.token,
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'after-decline' },
    });
    expect(declined.statusCode).toBe(402);
    const [{ smsBalance }] = await t.database.db.select({ smsBalance: users.smsBalance }).from(users).where(eq(users.id, me.id));
    expect(smsBalance).toBe(100);
  });

  it('shows what is wrong with a card form in the account’s language and saves nothing', async () => {
    const me = await createMember(t, { locale: 'fr-FR' });
    const url = await portalUrl(me);
    const wrong = await saveCard(url, { number: '4242 4242 4242 4241' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Saisissez un numéro de carte valide.');
    expect((await saveCard(url, { number: '4242424242424242', expiry: '01/20' })).body).toContain('Cette carte a expiré.');
    expect(await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.userId, me.id))).toEqual([]);
  });

  it('downloads an invoice PDF with the link, and only its own invoices', async () => {
    const [me, other] = [await createMember(t), await createMember(t)];
    await call(t.app, 'POST', `/api/users/${me.id}/sms`, { token: me.token });
    await call(t.app, 'POST', `/api/users/${other.id}/sms`, { token: other.token });
    const page = await open(await portalUrl(me));
    const pdfPath = /href="(\/api\/billing-portal\/invoices\/[^"]+)"/.exec(page.body)![1].replaceAll('&amp;', '&');
    const pdf = await call(t.app, 'GET', pdfPath);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [theirs] = (await call(t.app, 'GET', `/api/users/${other.id}/invoices`, { token: other.token })).json<{ Id: string }[]>();
    expect((await call(t.app, 'GET', pdfPath.replace(/invoices\/[^/]+\//, `invoices/${theirs.Id}/`))).statusCode).toBe(404);
  });

  it(`refuses a tampered, foreign or expired link (after ${PORTAL_LINK_MINUTES} minutes) with 403 and shows nothing of the account`, async () => {
    const [me, other] = [await createMember(t, { name: 'Secret Farm' }), await createMember(t)];
    const url = await portalUrl(me);
    const token = url.searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const otherPayload = (await portalUrl(other)).searchParams.get('token')!.split('.')[0];
    const tampered = [
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      payload,
      'garbage',
      `${payload}.${signature}.x`,
    ];
    for (const bad of tampered) {
      const response = await call(t.app, 'GET', `/api/billing-portal?token=${encodeURIComponent(bad)}`, {
        headers: { 'accept-language': 'sv' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('Länken har gått ut eller är ogiltig.');
      expect(
        (
          await call(
            t.app,
            'POST',
            '/api/billing-portal/payment-method',
            form({ token: bad, number: '4242424242424242', expiry: '12/40', cvc: '123' }),
          )
        ).statusCode,
      ).toBe(403);
    }
    expect((await open(url)).statusCode).toBe(200);
    t.clock.advance(PORTAL_LINK_MINUTES * 60_000 + 1000);
    const expired = await open(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.body).not.toContain('Secret Farm');
    expect((await saveCard(url, { number: '4242424242424242' })).statusCode).toBe(403);
  });
});

// Issue 26: portal links survived sign-out and password reset, so a copied link kept the card form open.
describe('a portal link ends with the session that asked for it', () => {
  const cardForm = (url: URL) => saveCard(url, { number: '4242424242424242' });

  it('stops working once that session signs out (DELETE /token), while links of other sessions go on', async () => {
    const me = await createMember(t, { name: 'Signed Out Farm' });
    const otherSession = await signIn(t, me.email, me.password);
    const [url, otherUrl] = [await portalUrl(me), await portalUrl(me, RETURN_URL, otherSession)];
    expect((await open(url)).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/token', { token: me.token })).statusCode).toBe(204);
    const page = await open(url);
    expect(page.statusCode).toBe(403);
    expect(page.body).not.toContain('Signed Out Farm');
    expect((await cardForm(url)).statusCode).toBe(403);
    expect((await open(otherUrl)).statusCode).toBe(200);
  });

  it("stops working after a password reset, and an admin's link ends with the admin's session", async () => {
    const me = await createMember(t);
    const url = await portalUrl(me);
    const adminSession = await signIn(t, t.config.admin.email, t.config.admin.password);
    const adminUrl = await portalUrl(me, RETURN_URL, adminSession);
    expect((await open(url)).statusCode).toBe(200);
    expect((await open(adminUrl)).statusCode).toBe(200);

    expect((await call(t.app, 'PUT', '/api/send-verification-code', { body: { Email: me.email } })).statusCode).toBe(204);
    const body = { Email: me.email, Password: 'a-brand-new-password-9', VerificationCode: await latestCode(t, me.email) };
    expect((await call(t.app, 'PUT', '/api/password', { body })).statusCode).toBe(204);
    expect((await open(url)).statusCode).toBe(403);
    expect((await cardForm(url)).statusCode).toBe(403);
    // The admin's session lasts, but the account's password changed: its links are void too.
    expect((await open(adminUrl)).statusCode).toBe(403);

    const fresh = await portalUrl(me, RETURN_URL, adminSession);
    expect((await open(fresh)).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/token', { token: adminSession })).statusCode).toBe(204);
    expect((await open(fresh)).statusCode).toBe(403);
  });
});

// Security review after issue 26: the portal's pages are outside the API's audit hook, so a card an admin saved through
// a link their session asked for left no entry of its own (docs/product/admin.md "Audit log").
describe('a change through a portal link an admin asked for', () => {
  const entriesAbout = async (me: Member) => {
    const response = await call(t.app, 'GET', `/api/admin/audit?user=${encodeURIComponent(me.id)}`, { token: admin });
    expect(response.statusCode).toBe(200);
    return response.json<AuditPage>().Entries.filter((entry) => entry.Action === 'billing.portal-card');
  };

  it('is recorded under the admin, about the account, with the card before and after and no number or link token', async () => {
    const me = await createMember(t);
    const url = await portalUrl(me, RETURN_URL, admin);
    expect((await saveCard(url, { number: '4242 4242 4242 4242' })).statusCode).toBe(303);
    expect((await saveCard(url, { number: '4000 0000 0000 0002' })).statusCode).toBe(303);
    expect((await saveCard(url, { number: '4242 4242 4242 4241' })).statusCode).toBe(400);
    const [refused, second, first] = await entriesAbout(me);
    const adminUser = (await t.database.db.select().from(users).where(eq(users.email, t.config.admin.email)))[0];
    expect(first).toMatchObject({
      Action: 'billing.portal-card',
      Staff: { Id: adminUser.id, Email: adminUser.email },
      ActingAs: null,
      UserId: me.id,
      Method: 'POST',
      Path: '/api/billing-portal/payment-method',
      Status: 303,
      Before: null,
      After: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2040, declines: false },
    });
    expect(second).toMatchObject({ Status: 303, Before: { last4: '4242' }, After: { last4: '0002', declines: true } });
    expect(refused).toMatchObject({ Status: 400, Before: { last4: '0002' }, After: { last4: '0002' } });
    const stored = JSON.stringify([first, second, refused]);
    expect(stored).not.toContain('4242 4242');
    expect(stored).not.toContain(url.searchParams.get('token')!);
  });

  it('is not recorded when the link is the account’s own', async () => {
    const me = await createMember(t);
    expect((await saveCard(await portalUrl(me), { number: '4242 4242 4242 4242' })).statusCode).toBe(303);
    expect(await entriesAbout(me)).toEqual([]);
  });
});
