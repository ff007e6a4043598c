import { applyVariant, ensureVariant, shellBrand, shellVariant } from './variant';

const HEAD = `
  <link rel="icon" href="/favicon.ico" sizes="32x32" />
  <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
  <link rel="manifest" href="/manifest.webmanifest" />`;

beforeEach(() => {
  delete document.documentElement.dataset.variant;
  document.head.innerHTML = HEAD;
  document.title = 'Paddock';
});
const hrefs = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));

test('the variant the server marked on <html>; default without a mark or with an unknown one', () => {
  expect(shellVariant()).toBe('default');
  document.documentElement.dataset.variant = 'partner';
  expect(shellVariant()).toBe('partner');
  expect(shellBrand()).toMatchObject({ name: 'Paddock Partner', supportUrl: 'https://support.partner.example/', logo: '/variants/partner/favicon.svg' });
  document.documentElement.dataset.variant = 'gold';
  expect(shellVariant()).toBe('default');
  expect(shellBrand().supportUrl).toBe('https://support.paddock.farm/');
});

test('applyVariant sets the mark, the icon and manifest links and the title', () => {
  applyVariant('partner');
  expect(document.documentElement.dataset.variant).toBe('partner');
  expect(hrefs()).toEqual([
    '/variants/partner/favicon.ico',
    '/variants/partner/favicon.svg',
    '/variants/partner/apple-touch-icon.png',
    '/variants/partner/manifest.webmanifest',
  ]);
  expect(document.title).toBe('Paddock Partner');
  applyVariant('default');
  expect(hrefs()).toEqual(['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/manifest.webmanifest']);
});

test('ensureVariant trusts the server mark without asking', async () => {
  document.documentElement.dataset.variant = 'partner';
  const fetchJson = jest.fn();
  await expect(ensureVariant(document, fetchJson)).resolves.toBe('partner');
  expect(fetchJson).not.toHaveBeenCalled();
});

test('ensureVariant asks GET /api/variant on an unmarked page, and falls back to default when that fails', async () => {
  const fetchJson = jest.fn().mockResolvedValue({ Variant: 'partner' });
  await expect(ensureVariant(document, fetchJson)).resolves.toBe('partner');
  expect(fetchJson).toHaveBeenCalledWith('/api/variant');
  expect(hrefs()[3]).toBe('/variants/partner/manifest.webmanifest');

  delete document.documentElement.dataset.variant;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  await expect(ensureVariant(document, jest.fn().mockRejectedValue(new Error('offline')))).resolves.toBe('default');
  expect(document.documentElement.dataset.variant).toBe('default');
});
