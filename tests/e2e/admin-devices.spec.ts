// The admin area with devices (issue 12, docs/product/admin.md): for every product, search by the start of the key,
// open the device, add a trial (a FarmCam SIM's data in bytes) and cancel the subscription; a firmware update of a
// simulated FenceAlarm2 runs to done and shows its new version; a SmartPlug's consumption resets; and the stats page
// of a fresh installation shows its seeded fleet.
import type { Page } from '@playwright/test';
import { DEMO_DEVICES_PER_PRODUCT } from '../../server/src/devices/inventory';
import type { PriceCatalogue } from '../../shared/src/contract/billing';
import { collectionOf, nestsMetadata, PRODUCT_IDS, PRODUCT_INFO, type ProductId } from '../../shared/src/products/catalogue';
import {
  apiCall,
  createVerifiedUser,
  expect,
  expectAccessible,
  expectToast,
  recordToasts,
  registerDemoDevice,
  signInApi,
  signInThroughForm,
  snapshot,
  test,
} from '../support/fixtures';
import { E2E_ADMIN, startPaddock } from '../support/server';

// Keys from the demo inventory; number 9 of each product is this file's.
test.describe.configure({ timeout: 180_000 });

/** A plan each product's owner has chosen to follow the trial, so cancelling has something to stop. */
const NEXT_PLAN: Record<ProductId, keyof PriceCatalogue> = {
  'farmcam-sim': 'FarmcamSimSmall',
  fencealarm: 'FencealarmMonth',
  fencealarm2: 'Fencealarm2Year',
  smartplug: 'SmartplugMonth',
  smartplug2: 'Smartplug2Year',
};

interface AdminView {
  Subscription: { Trialing: boolean; ExpiresAt: string; PriceIds: { Current: string; Next: string } };
  DataLimit?: number;
  UsedData?: number | null;
  Consumption?: number | null;
  Firmware?: { Version: string; Pending?: unknown };
}

/** The value beside a label (plain words) on an admin record page: its description list (issue 30). */
function detail(page: Page, label: string) {
  return page.locator('.pd-admin-details dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function signInAsAdmin(page: Page) {
  await page.goto('/sign-in');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}

test('every product: search by key prefix, open, add a trial, cancel the subscription; FOTA runs to done; a plug’s consumption resets', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const owner = await createVerifiedUser(request, baseURL!, 'herd');
  const session = await signInApi(request, baseURL!, owner.email, owner.password);
  const catalogue = (await (await apiCall(request, baseURL!, 'get', 'prices', { token: session.token })).json()) as PriceCatalogue;
  const device = async (product: ProductId, key: string) =>
    (await (await apiCall(request, baseURL!, 'get', `${collectionOf(product)}/${key}`)).json()) as AdminView;

  await signInAsAdmin(page);
  for (const product of PRODUCT_IDS) {
    const { name } = PRODUCT_INFO[product];
    const key = await registerDemoDevice(request, baseURL!, session, product, 9, `${name} herd`);
    const priceId = catalogue[NEXT_PLAN[product]].Id;
    const plan = await apiCall(request, baseURL!, 'patch', `${collectionOf(product)}/${key}`, {
      token: session.token,
      data: nestsMetadata(product) ? { Subscription: { PriceId: priceId } } : { PriceId: priceId },
    });
    expect(plan.ok(), await plan.text()).toBeTruthy();
    // A SIM's data account starts from its first reported usage counter: wait for it, so the trial is all that moves it.
    if (product === 'farmcam-sim') await expect.poll(async () => (await device(product, key)).UsedData ?? null, { timeout: 30_000 }).not.toBeNull();
    const before = await device(product, key);
    expect(before.Subscription.PriceIds.Next).toBe(priceId);

    // Search by the start of the key: the results list it, it opens.
    await page.goto('/admin');
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByLabel(/starts with/).first().fill(key.slice(0, 12));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: key }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name} ${key}` })).toBeVisible();
    await expect(detail(page, 'Name')).toHaveText(`${name} herd`);
    await expect(detail(page, 'Owner')).toHaveText(owner.email);
    if (product === 'fencealarm') {
      await expectAccessible(page);
      await snapshot(page, testInfo, 'admin-device');
    }

    // Add trial: 10 days (and 250 MB, stored as 250,000,000 bytes, for the SIM).
    await page.getByRole('link', { name: 'Add trial' }).click();
    if (product === 'farmcam-sim') await page.getByLabel('Data (MB)').fill('250');
    await page.getByLabel('Days').fill('0');
    await page.getByRole('button', { name: 'Add trial' }).click();
    await expect(page.getByLabel('Days')).toHaveAccessibleDescription(/whole number of days from 1 to 365/);
    await page.getByLabel('Days').fill('10');
    await page.getByRole('button', { name: 'Add trial' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name} ${key}` })).toBeVisible();
    const trialled = await device(product, key);
    expect(Date.parse(trialled.Subscription.ExpiresAt) - Date.parse(before.Subscription.ExpiresAt)).toBe(10 * 86_400_000);
    if (product === 'farmcam-sim') {
      // The data left grows by exactly the trial's bytes, counted from the limit or from what the SIM had used
      // when the trial was added, whichever was more (it reports a usage counter every few seconds).
      const grantedFrom = trialled.DataLimit! - 250_000_000;
      expect(grantedFrom).toBeGreaterThanOrEqual(Math.max(before.DataLimit!, before.UsedData ?? 0));
      expect(grantedFrom).toBeLessThanOrEqual(Math.max(before.DataLimit!, trialled.UsedData ?? 0));
    }

    // Cancel (after confirming): the plan ends at its expiry, nothing follows.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await recordToasts(page);
    await page.getByRole('dialog').getByRole('button', { name: 'End subscription' }).click();
    await expectToast(page, 'Subscription cancelled');
    const cancelled = await device(product, key);
    expect(cancelled.Subscription.PriceIds.Next).toBe('');
    expect(cancelled.Subscription.ExpiresAt).toBe(trialled.Subscription.ExpiresAt);
  }

  // FOTA on the simulated FenceAlarm2: requested, progress, done, and the version it now runs.
  const fence2 = `${PRODUCT_INFO.fencealarm2.name}`;
  const fence2Key = (await (await apiCall(request, baseURL!, 'get', `admin/devices/fencealarm2?owner=${encodeURIComponent(owner.email)}`)).json()).Devices[0]
    .Key as string;
  await page.goto(`/admin/fencealarm2/${fence2Key}`);
  await page.getByRole('link', { name: 'Configure FOTA' }).click();
  await expect(page.getByLabel('URL')).toHaveValue(/^coap:\/\//);
  await page.getByLabel('URL').fill('coap://firmware.paddock.test/fencealarm2-7.3.1.bin');
  await page.getByLabel('SHA-256 checksum').fill('c0ffee00'.repeat(8));
  await page.getByRole('button', { name: 'Update firmware' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Update firmware' }).click();
  await expect(page.getByText('Version: 7.3.1')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('No update under way.')).toBeVisible();
  expect((await device('fencealarm2', fence2Key)).Firmware?.Version).toBe('7.3.1');
  await snapshot(page, testInfo, `admin-${fence2.toLowerCase()}-fota-done`);

  // The SmartPlug's consumption: counted by the simulator, reset by a command the plug acknowledges.
  const plugKey = (await (await apiCall(request, baseURL!, 'get', `admin/devices/smartplug?owner=${encodeURIComponent(owner.email)}`)).json()).Devices[0].Key as string;
  await expect.poll(async () => (await device('smartplug', plugKey)).Consumption ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.goto(`/admin/smartplug/${plugKey}`);
  await page.getByRole('button', { name: 'Reset consumption' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  const answer = page.getByRole('region', { name: 'The plug answered' });
  await expect(answer).toContainText('0 Wh');
  await answer.getByRole('button', { name: 'Show raw data' }).click();
  await expect(answer).toContainText('"Consumption": 0');
  expect((await device('smartplug', plugKey)).Consumption).toBeLessThan(100);
});

test('the stats page of a fresh installation shows its seeded fleet', async ({ browser }, testInfo) => {
  // A server of its own: the seed's admin and demo user, one registered device of each product, the rest in stock.
  const server = await startPaddock({ SIMULATOR: 'off' });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/stats');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet statistics' })).toBeVisible();
    const tile = (label: string) => page.locator('.pd-admin-tile').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(tile('Accounts')).toHaveText('2');
    await expect(tile('Verified')).toHaveText('2');
    const devices = page.getByRole('table', { name: 'Devices per product' });
    for (const product of PRODUCT_IDS) {
      const row = devices.getByRole('row').filter({ has: page.getByRole('cell', { name: PRODUCT_INFO[product].name, exact: true }) });
      await expect(row.getByRole('cell')).toHaveText([PRODUCT_INFO[product].name, String(DEMO_DEVICES_PER_PRODUCT - 1), '1', /\d/, /\d/]);
    }
    await expect(page.locator('canvas').first()).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, testInfo, 'admin-stats');
    await context.close();
  } finally {
    await server.stop();
  }
});
