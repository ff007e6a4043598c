import { IDEMPOTENCY_KEY_HEADER, type BillingPortal } from '@paddock/shared/contract';
import { eq } from 'drizzle-orm';
import { paymentMethods, users } from '../db/schema';
import { call, createMember, setUpTestApp, type Member, type TestApp } from '../testing/testApp';
import type { FastifyRequest } from 'fastify';
import { PORTAL_LINK_MINUTES } from './builtin/portalLink';
import { requestOrigin } from './portal';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

// app.inject's requests reach the server as http://localhost:80, which is Paddock's own origin here.
const ORIGIN = 'http://localhost';
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

  // app.inject puts its own Host in place of an empty one: the empty Host is covered by requestOrigin's test below.
  it.each(['bad host', 'localhost:99999', '[::1'])('answers 400 naming return-url, never 500, when the Host header is %j', async (host) => {
    const me = await createMember(t);
    for (const query of ['', `?return-url=${encodeURIComponent(RETURN_URL)}`]) {
      const response = await call(t.app, 'GET', `/api/users/${me.id}/billing${query}`, { token: me.token, headers: { host } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Error: 'invalid_field', Field: 'return-url' });
    }
  });

  it('refuses a return-url longer than 1024 characters with 400 naming return-url', async () => {
    const me = await createMember(t);
    const long = `${ORIGIN}/billing?${'a'.repeat(1024)}`;
    const response = await call(t.app, 'GET', `/api/users/${me.id}/billing?return-url=${encodeURIComponent(long)}`, { token: me.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'too_long', Field: 'return-url' });
  });

  it('finds no origin of its own in an empty or malformed Host', () => {
    const origin = (host: string) => requestOrigin({ protocol: 'http', host } as FastifyRequest);
    for (const host of ['', 'bad host', '[::1']) expect(origin(host)).toBeNull();
    expect(origin('localhost:8080')).toBe('http://localhost:8080');
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
