// Branded variants by host (docs/product/overview.md#branded-variants). The e2e server keeps the default
// VARIANT_HOSTS (partner.localhost=partner); Chromium resolves every *.localhost name to this machine, so the same
// server is the partner site at http://partner.localhost:<port> and the default one at http://localhost:<port>.
import type { Page } from '@playwright/test';
import { demoKey } from '../../server/src/devices/inventory';
import { createVerifiedUser, expect, signInThroughForm, test } from '../support/fixtures';

const onHost = (baseURL: string, host: string) => baseURL.replace('127.0.0.1', host);

/** What the page's head links and the theme say, as the browser sees them. */
async function branding(page: Page) {
  return page.evaluate(() => {
    const href = (selector: string) => document.querySelector(selector)?.getAttribute('href');
    const navbar = document.querySelector('.pd-navbar');
    return {
      variant: document.documentElement.dataset.variant,
      title: document.title,
      favicon: href('link[rel="icon"][type="image/svg+xml"]'),
      faviconIco: href('link[rel="icon"]:not([type])'),
      appleTouchIcon: href('link[rel="apple-touch-icon"]'),
      manifest: href('link[rel="manifest"]'),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      navbarBackground: navbar ? getComputedStyle(navbar).backgroundColor : null,
    };
  });
}

/** A JSON GET from inside the page (same origin as the page: the request carries the page's host). */
const fetchJson = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const response = await fetch(u);
    return { status: response.status, type: response.headers.get('content-type'), body: u.endsWith('.png') ? null : await response.json() };
  }, url);

/** Signs in through the form on this host and returns the session the page keeps. */
async function signIn(page: Page, origin: string, user: { email: string; password: string }) {
  await page.goto(`${origin}/sign-in`);
  await signInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/devices$/);
  return page.evaluate(() => ({
    token: JSON.parse(localStorage.getItem('paddock.token') ?? 'null')?.String as string,
    userId: JSON.parse(localStorage.getItem('paddock.user') ?? 'null')?.Id as string,
  }));
}

/** The navbar's Support link (on a phone it sits in the closed menu: its address is checked, not its visibility). */
const supportLink = (page: Page) => page.locator('.pd-navbar a.pd-navbar__link[target="_blank"]', { hasText: 'Support' });

/** The product cards of the register chooser, by name. */
async function chooserProducts(page: Page, origin: string) {
  await page.goto(`${origin}/devices/register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register a device' })).toBeVisible();
  return page.locator('a.pd-register-card').allTextContents();
}

test('on partner.localhost: partner name, icons, manifest and colours, no FarmCam SIM, its support link, and the API refuses a FarmCam SIM', async ({
  page,
  request,
  baseURL,
}) => {
  const partner = onHost(baseURL!, 'partner.localhost');
  const user = await createVerifiedUser(request, baseURL!, 'variant-partner');

  await page.goto(`${partner}/sign-in`);
  await expect(page.locator('.pd-navbar')).toBeVisible();
  expect(await branding(page)).toEqual({
    variant: 'partner',
    title: 'Paddock Partner',
    favicon: '/variants/partner/favicon.svg',
    faviconIco: '/variants/partner/favicon.ico',
    appleTouchIcon: '/variants/partner/apple-touch-icon.png',
    manifest: '/variants/partner/manifest.webmanifest',
    themeColor: '#0d4f8b',
    navbarBackground: 'rgb(13, 79, 139)', // #0d4f8b, the partner accent
  });
  // Texts that name the app name the partner's.
  await expect(page.getByText('Welcome back to Paddock Partner.')).toBeVisible();
  // The navbar shows the partner's logo and name; the logo loads.
  const home = page.getByRole('link', { name: 'Paddock Partner home' });
  await expect(home).toHaveText('Paddock Partner');
  const logo = home.locator('img');
  await expect(logo).toHaveAttribute('src', '/variants/partner/favicon.svg');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The manifest has the partner's own name and colours, and its icons exist.
  const manifest = await fetchJson(page, '/variants/partner/manifest.webmanifest');
  expect(manifest.status).toBe(200);
  expect(manifest.body).toMatchObject({ name: 'Paddock Partner', theme_color: '#0d4f8b', background_color: '#0d4f8b', start_url: '/devices' });
  for (const icon of (manifest.body as { icons: { src: string }[] }).icons) {
    const file = await page.evaluate(async (src) => (await fetch(src)).status, icon.src);
    expect(file, icon.src).toBe(200);
  }
  expect((await fetchJson(page, '/api/variant')).body).toMatchObject({ Variant: 'partner', Name: 'Paddock Partner' });

  const session = await signIn(page, partner, user);
  await expect(supportLink(page)).toHaveAttribute('href', 'https://support.partner.example/');

  expect(await chooserProducts(page, partner)).toEqual(['FenceAlarm', 'FenceAlarm2', 'SmartPlug', 'SmartPlug2']);
  // The FarmCam SIM page itself is not offered: back to the chooser.
  await page.goto(`${partner}/devices/register/farmcam-sim`);
  await expect(page).toHaveURL(/\/devices\/register$/);

  // The server refuses it too, whatever the page shows.
  const refused = await page.evaluate(
    async ({ token, userId, imsi }) => {
      const response = await fetch(`/api/users/${userId}/farmcam-sims`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ Imsi: imsi, Name: 'Yard camera' }),
      });
      return { status: response.status, body: await response.json() };
    },
    { ...session, imsi: demoKey('farmcam-sim', 33) },
  );
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ Error: 'product_not_offered' });
  expect(refused.body.Message).toContain('FarmCam SIM');
});

test('on localhost: the default variant', async ({ page, request, baseURL }) => {
  const local = onHost(baseURL!, 'localhost');
  const user = await createVerifiedUser(request, baseURL!, 'variant-default');

  await page.goto(`${local}/sign-in`);
  await expect(page.locator('.pd-navbar')).toBeVisible();
  expect(await branding(page)).toEqual({
    variant: 'default',
    title: 'Paddock',
    favicon: '/favicon.svg',
    faviconIco: '/favicon.ico',
    appleTouchIcon: '/apple-touch-icon.png',
    manifest: '/manifest.webmanifest',
    themeColor: '#1d5f3a',
    navbarBackground: 'rgb(29, 95, 58)', // #1d5f3a
  });
  await expect(page.getByRole('link', { name: 'Paddock home' }).locator('img')).toHaveAttribute('src', '/favicon.svg');
  await expect(page.getByText('Welcome back to Paddock.')).toBeVisible();
  expect((await fetchJson(page, '/manifest.webmanifest')).body).toMatchObject({ name: 'Paddock', theme_color: '#1d5f3a' });
  expect((await fetchJson(page, '/api/variant')).body).toMatchObject({ Variant: 'default', Name: 'Paddock' });

  await signIn(page, local, user);
  await expect(supportLink(page)).toHaveAttribute('href', 'https://support.paddock.farm/');
  expect(await chooserProducts(page, local)).toEqual(['FarmCam SIM', 'FenceAlarm', 'FenceAlarm2', 'SmartPlug', 'SmartPlug2']);
});
