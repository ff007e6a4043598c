import { api } from './client';
import { PRICES_TIMEOUT_MS, billingApi, invoicePdfPath, isExternalInvoiceUrl } from './billing';
import { newIdempotencyKey } from './idempotency';

beforeEach(() => jest.restoreAllMocks());

test('prices are asked for with the 20 s time-out (docs/product/limits.md)', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue({});
  await billingApi.prices({ silent: true });
  expect(PRICES_TIMEOUT_MS).toBe(20_000);
  expect(get).toHaveBeenCalledWith('prices', { timeout: 20_000, silent: true });
});

test('buying extra data posts to the SIM with the idempotency key', async () => {
  const post = jest.spyOn(api, 'post').mockResolvedValue({ RemainingData: 1 });
  await billingApi.buyExtraData('2400 7', 'key-1');
  expect(post).toHaveBeenCalledWith('farmcam-sims/2400%207/extra-data', undefined, { headers: { 'idempotency-key': 'key-1' } });
});

test('invoices, the portal with its return address, and an invoice PDF fetched with the token', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue([]);
  await billingApi.invoices('u 1');
  expect(get).toHaveBeenLastCalledWith('users/u%201/invoices', undefined);
  await billingApi.portal('u1', 'http://localhost/billing');
  expect(get).toHaveBeenLastCalledWith('users/u1/billing', { query: { 'return-url': 'http://localhost/billing' } });
  const blob = new Blob(['%PDF']);
  get.mockResolvedValue({ blob: async () => blob });
  expect(await billingApi.invoicePdf({ PdfUrl: '/api/users/u1/invoices/i1/pdf' })).toBe(blob);
  expect(get).toHaveBeenLastCalledWith('users/u1/invoices/i1/pdf', { raw: true });
});

test('PdfUrl: the API base and this origin are taken off; another site is external', () => {
  expect(invoicePdfPath('/api/users/u1/invoices/i1/pdf')).toBe('users/u1/invoices/i1/pdf');
  expect(invoicePdfPath(`${location.origin}/api/users/u1/invoices/i1/pdf`)).toBe('users/u1/invoices/i1/pdf');
  expect(invoicePdfPath('users/u1/invoices/i1/pdf')).toBe('users/u1/invoices/i1/pdf');
  expect(isExternalInvoiceUrl('https://pay.stripe.com/invoice/acct_1/pdf', 'http://localhost')).toBe(true);
  expect(isExternalInvoiceUrl('http://localhost/api/users/u1/invoices/i1/pdf', 'http://localhost')).toBe(false);
  expect(isExternalInvoiceUrl('/api/users/u1/invoices/i1/pdf', 'http://localhost')).toBe(false);
});

test('every user action gets its own idempotency key', () => {
  const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
  expect(keys.size).toBe(50);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
});
