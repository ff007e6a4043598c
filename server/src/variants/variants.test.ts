// Branded variants by host (docs/product/overview.md#branded-variants): GET /api/variant, the branded index.html, and
// the refusal to register a product the host's variant does not offer.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { loadConfig } from '../config';
import { demoKey } from '../devices/inventory';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, fakeWebRoot, type Member, type TestApp } from '../testing/testApp';
import { readVariantPage, variantPage } from './page';

// The shell's page as the production build writes it (minified, unquoted attributes).
const BUILT_PAGE =
  '<!doctype html><html lang=en><head><meta name=theme-color content=#1d5f3a media="(prefers-color-scheme: light)">' +
  '<title>Paddock</title><style>#pd-splash{background:#1d5f3a;color:#fff}</style>' +
  '<link rel=icon href=/favicon.ico sizes=32x32><link rel=icon href=/favicon.svg type=image/svg+xml>' +
  '<link rel=apple-touch-icon href=/apple-touch-icon.png><link rel=manifest href=/manifest.webmanifest>' +
  '<script defer src=/main.0123456789.js></script></head><body><div id=pd-splash><span>Paddock</span></div><div id=root></div></body></html>';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot: await fakeWebRoot({ 'shell/dist/index.html': BUILT_PAGE }) });
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const onHost = (host: string, extra: Record<string, string> = {}) => ({ headers: { host, ...extra } });

describe('GET /api/variant', () => {
  it('is default on localhost and any unknown host', async () => {
    for (const host of ['localhost:8080', 'paddock.farm', '127.0.0.1:8080']) {
      const response = await call(t.app, 'GET', '/api/variant', onHost(host));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        Variant: 'default',
        Name: 'Paddock',
        Products: ['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'],
        SupportUrl: 'https://support.paddock.farm/',
        Manifest: '/manifest.webmanifest',
        Logo: '/favicon.svg',
        ThemeColor: '#1d5f3a',
      });
    }
  });

  it('is partner on partner.localhost (the default VARIANT_HOSTS), whatever the port and case', async () => {
    const response = await call(t.app, 'GET', '/api/variant', onHost('Partner.Localhost:8080'));
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toMatch(/Host/);
    expect(response.json()).toMatchObject({
      Variant: 'partner',
      Name: 'Paddock Partner',
      Products: ['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'],
      SupportUrl: 'https://support.partner.example/',
      Manifest: '/variants/partner/manifest.webmanifest',
      Logo: '/variants/partner/favicon.svg',
    });
  });

  it('does not believe X-Forwarded-Host without TRUST_PROXY', async () => {
    const response = await call(t.app, 'GET', '/api/variant', onHost('localhost', { 'x-forwarded-host': 'partner.localhost' }));
    expect(response.json().Variant).toBe('default');
  });
});

describe('the shell page', () => {
  it.each(['/', '/index.html', '/devices/register', '/sign-in?next=%2Fdevices'])('%s on localhost is the default page, marked default', async (url) => {
    const response = await call(t.app, 'GET', url, onHost('localhost:8080'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/Host/);
    expect(response.body).toBe(BUILT_PAGE.replace('<html lang=en>', '<html data-variant="default" lang=en>'));
  });

  it.each(['/', '/index.html', '/devices/register'])('%s on partner.localhost has the partner name, icons, manifest and colour', async (url) => {
    const response = await call(t.app, 'GET', url, { headers: { host: 'partner.localhost:8080', 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    const page = response.body;
    expect(page).toContain('<html data-variant="partner" lang=en>');
    expect(page).toContain('<title>Paddock Partner</title>');
    expect(page).toContain('<span>Paddock Partner</span>');
    for (const file of ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png', 'manifest.webmanifest']) {
      expect(page).toContain(`href=/variants/partner/${file}`);
    }
    expect(page).not.toMatch(/#1d5f3a/i);
    expect(page).toContain('content=#0d4f8b');
    expect(page).toContain('#pd-splash{background:#0d4f8b');
    // The scripts are the same for every variant.
    expect(page).toContain('<script defer src=/main.0123456789.js></script>');
  });
});

describe('readVariantPage', () => {
  it('gives requests that arrive together while the file is first read the whole page', async () => {
    const file = path.join(await fakeWebRoot({ 'shell/dist/index.html': BUILT_PAGE }), 'shell', 'dist', 'index.html');
    const pages = await Promise.all(['default', 'partner', 'default', 'partner', 'default'].map((v) => readVariantPage(file, v as 'default' | 'partner')));
    for (const page of pages) expect(page).toMatch(/^<!doctype html><html data-variant="(default|partner)"/);
    expect(new Set(pages).size).toBe(2);
  });

  it('reads the page again when the build changes it', async () => {
    const root = await fakeWebRoot({ 'shell/dist/index.html': BUILT_PAGE });
    const file = path.join(root, 'shell', 'dist', 'index.html');
    expect(await readVariantPage(file, 'default')).toContain('main.0123456789.js');
    writeFileSync(file, BUILT_PAGE.replace('main.0123456789.js', 'main.9876543210.js!'));
    expect(await readVariantPage(file, 'partner')).toContain('main.9876543210.js!');
  });
});

describe('variantPage on the unminified template', () => {
  it('rewrites quoted attributes too, and leaves the default page as built', () => {
    const template = readFileSync(path.join(__dirname, '..', '..', '..', 'webpack', 'index.html'), 'utf8').replace(
      '</head>',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />\n<link rel="manifest" href="/manifest.webmanifest" />\n</head>',
    );
    const partner = variantPage(template, 'partner');
    expect(partner).toContain('<html data-variant="partner" lang="en">');
    expect(partner).toContain('href="/variants/partner/favicon.svg"');
    expect(partner).toContain('href="/variants/partner/manifest.webmanifest"');
    expect(partner).not.toMatch(/#1d5f3a/i);
    expect(variantPage(template, 'default')).toBe(template.replace('<html lang="en">', '<html data-variant="default" lang="en">'));
  });
});

describe('registration through a partner host', () => {
  let me: Member;
  beforeAll(async () => {
    me = await createMember(t);
  });
  const register = (product: ProductId, key: string, host: string) =>
    call(t.app, 'POST', `/api/users/${me.id}/${PRODUCTS[product].apiCollection}`, {
      token: me.token,
      headers: { host },
      body: { [PRODUCTS[product].keyField]: key, Name: 'Camera SIM' },
    });

  it('refuses a FarmCam SIM with 403 product_not_offered naming the product, in the language of the caller', async () => {
    const key = demoKey('farmcam-sim', 30);
    const response = await register('farmcam-sim', key, 'partner.localhost:8080');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Error: 'product_not_offered' });
    expect(response.json().Message).toContain('FarmCam SIM');
    expect(response.json().Message).toContain('Paddock Partner');
    const german = await createMember(t, { locale: 'de-DE' });
    const inGerman = await call(t.app, 'POST', `/api/users/${german.id}/${PRODUCTS['farmcam-sim'].apiCollection}`, {
      token: german.token,
      headers: { host: 'partner.localhost' },
      body: { Imsi: key, Name: 'Kamera' },
    });
    expect(inGerman.json().Message).toMatch(/^FarmCam SIM wird bei Paddock Partner nicht angeboten/);
    // Nothing was registered: the same key registers through the default host.
    const list = (await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: me.token })).json();
    expect(list.FarmcamSims).toEqual([]);
    expect((await register('farmcam-sim', key, 'localhost:8080')).statusCode).toBe(201);
  });

  it.each(['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'] as const)('registers a %s through the partner host', async (product) => {
    const response = await register(product, demoKey(product, 31), 'partner.localhost:8080');
    expect(response.statusCode).toBe(201);
  });

  it('still answers 401 before anything else to a caller without a token', async () => {
    const response = await call(t.app, 'POST', `/api/users/${me.id}/${PRODUCTS['farmcam-sim'].apiCollection}`, {
      headers: { host: 'partner.localhost' },
      body: { Imsi: demoKey('farmcam-sim', 32), Name: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the billing return address', () => {
  it("goes back to the host's own billing page: the partner's on the partner host", async () => {
    const me = await createMember(t);
    const grantOf = async (host: string) => {
      const response = await call(t.app, 'GET', `/api/users/${me.id}/billing`, { token: me.token, headers: { host } });
      expect(response.statusCode).toBe(200);
      const url = new URL(response.json().Url);
      const payload = url.searchParams.get('token')!.split('.')[0];
      return { origin: url.origin, returnUrl: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).r };
    };
    expect(await grantOf('partner.localhost:8080')).toEqual({ origin: 'http://partner.localhost:8080', returnUrl: 'http://partner.localhost:8080/billing' });
    expect(await grantOf('localhost:8080')).toEqual({ origin: 'http://localhost:8080', returnUrl: 'http://localhost:8080/billing' });
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: 1, variantHosts: loadConfig({ VARIANT_HOSTS: '*.partner.example=partner' }).variantHosts });
  }, APP_START_TIMEOUT_MS);
  afterAll(() => proxied.close());

  it('takes the host from X-Forwarded-Host, as for return-url checks', async () => {
    const viaProxy = await call(proxied.app, 'GET', '/api/variant', onHost('10.0.0.5:8080', { 'x-forwarded-host': 'shop.partner.example' }));
    expect(viaProxy.json().Variant).toBe('partner');
    // VARIANT_HOSTS replaced the default: partner.localhost is an ordinary host there.
    expect((await call(proxied.app, 'GET', '/api/variant', onHost('partner.localhost'))).json().Variant).toBe('default');
  });
});

describe('VARIANT_HOSTS', () => {
  it('defaults to partner.localhost=partner, takes wildcards and off, and refuses a bad entry naming it', () => {
    expect(loadConfig({}).variantHosts).toEqual([{ pattern: 'partner.localhost', variant: 'partner' }]);
    expect(loadConfig({ VARIANT_HOSTS: 'a.example=partner,*.b.example=partner' }).variantHosts).toHaveLength(2);
    expect(loadConfig({ VARIANT_HOSTS: 'off' }).variantHosts).toEqual([]);
    expect(() => loadConfig({ VARIANT_HOSTS: 'a.example=gold' })).toThrow(/VARIANT_HOSTS: "a.example=gold"/);
    expect(() => loadConfig({ VARIANT_HOSTS: 'a.example' })).toThrow(/VARIANT_HOSTS/);
  });
});
