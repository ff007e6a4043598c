// The installable web app (issue 14, docs/product/installable-app.md): a valid web app manifest, one service worker
// for the site that precaches the app, and a dashboard that keeps showing its last state without a network.
import { expect, expectAccessible, registerDemoDevice, signInNewUser, snapshot, test } from '../support/fixtures';

// The service worker is what this spec is about (blocked elsewhere: tests/playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the manifest is complete and its icons load at their sizes; the service worker controls the app', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/sign-in');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const reply = await request.get(`${baseURL}${href}`);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await reply.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({ name: 'Paddock', short_name: 'Paddock', start_url: '/devices', scope: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose));
    expect(icon, `${sizes} ${purpose}`).toBeTruthy();
    const image = await request.get(new URL(icon!.src, baseURL).href);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body())).toBe(sizes);
  }

  // Registered once the page is up, for the whole site, also before anyone signs in; active once it has precached.
  const worker = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, state: registration.active?.state, script: registration.active?.scriptURL };
    });
  // Installing precaches the whole app (the shell and three remotes, about 170 files): on a busy machine, over 10 s.
  await expect.poll(worker, { timeout: 30_000 }).toEqual({ scope: `${baseURL}/`, state: 'activated', script: `${baseURL}/sw.js` });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);
});

test('without a network the dashboard shows its last state marked offline, controls disabled; back online it is live', async ({
  page,
  request,
  baseURL,
  context,
  allowConsoleErrors,
}, testInfo) => {
  // The browser's own lines for the calls the cut network fails.
  allowConsoleErrors(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(http:\/\/[^/]+\/api\//);
  const user = await signInNewUser(page, request, baseURL!, 'installable');
  await registerDemoDevice(request, baseURL!, user, 'smartplug', 18, 'Barn pump');
  await registerDemoDevice(request, baseURL!, user, 'fencealarm', 19, 'Top field fence');
  await page.reload();
  const pump = page.getByRole('article', { name: 'Barn pump' });
  const power = pump.getByRole('switch', { name: 'Power' });
  await expect(power).toBeEnabled({ timeout: 15_000 });
  // This version is precached (the worker is active) and the page is under its control.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const banner = page.getByTestId('app-offline');
  const expectOffline = async () => {
    await expect(banner).toContainText(/^Offline — last updated \d{1,2} \w+,? \d{2}:\d{2}/);
    await expect(page.getByRole('article', { name: 'Top field fence' })).toBeVisible();
    await expect(power).toBeDisabled();
    await expect(pump.getByRole('button', { name: 'Settings' })).toBeDisabled();
    await expect(pump.getByRole('button', { name: 'Logs' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'No connection' })).toHaveCount(0);
  };

  // The network drops while the dashboard is open.
  await context.setOffline(true);
  await expectOffline();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'dashboard-offline');

  // Opened again without a network: the shell from the precache, the last list from this browser.
  await page.reload();
  await expect(page).toHaveURL(/\/devices$/);
  await expectOffline();

  // The network is back: live again by itself.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
  await expect(power).toBeEnabled();
  await expect(pump.getByRole('link', { name: 'Settings' })).toBeVisible();
});
