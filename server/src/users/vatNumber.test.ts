// Issue 26: reverse charge (no VAT) is granted on a self-declared VAT number, which was only checked for a general form
// (two letters, 2 to 13 letters or digits). An EU number must have its own country's format (docs/product/billing.md).
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { call, setUpTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
setUpTestApp((app) => (t = app));

const signUp = (Country: string, Vatin: string, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/users', {
    body: { Email: `vat-${Math.random().toString(36).slice(2)}@example.com`, Password: 'correct-horse-battery', Country, Vatin },
    headers,
  });

it.each([
  ['DE', 'DE1234'],
  ['FR', 'FR12345'],
  ['SE', 'SE123456789012'],
  ['AT', 'AT12345678'],
])('refuses a sign-up in %s with the VAT number %s, not of its country’s format, with 400 naming Vatin', async (country, vatin) => {
  const response = await signUp(country, vatin);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    Error: 'invalid_vat_number',
    Field: 'Vatin',
    Message: expect.stringContaining('SE556677889901'),
  });
});

it('says so in the caller’s language', async () => {
  const response = await signUp('DE', 'DE1234', { 'accept-language': 'de-DE' });
  expect(response.json()).toEqual({
    Error: 'invalid_vat_number',
    Field: 'Vatin',
    Message: 'Das ist keine USt-IdNr. im Format ihres Landes. Sie beginnt mit dem Ländercode, z. B. DE123456789.',
  });
});

it.each([
  ['DE', 'DE123456789'],
  ['SE', 'SE556677889901'],
  ['GR', 'EL123456789'],
  ['NO', 'NO123456789'],
])('takes a sign-up in %s with the VAT number %s', async (country, vatin) => {
  const response = await signUp(country, vatin);
  expect(response.statusCode).toBe(202);
  const [row] = await t.database.db
    .select({ vatin: users.vatin })
    .from(users)
    .where(eq(users.email, response.json<{ Email: string }>().Email));
  expect(row.vatin).toBe(vatin);
});
