// Firmware campaigns on a desk (docs/product/firmware-campaigns.md): a farmer has two simulated FenceAlarm2s (numbers
// 53 and 54 of the demo inventory, this file's); the second is away (the simulator's offline fault). Staff start a
// campaign for both from the admin area, after the form has refused a plain-http image in words; stage 1 (50 %)
// updates the first fence, stage 2 sends the second its request, which waits for it. Meanwhile the farmer's card says
// the fence is updating. Staff pause and resume the campaign, each asked first; the second fence comes back, takes
// its update, and the campaign is finished with both updated. (The pause when a stage fails past its threshold, the
// time-out and cancel are in server/src/firmware/campaigns.test.ts.)
import type { Page } from '@playwright/test';
import { demoKey } from '../../server/src/devices/inventory';
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
import { E2E_ADMIN } from '../support/server';

const FIRST = demoKey('fencealarm2', 53);
const SECOND = demoKey('fencealarm2', 54);
const IMAGE = 'https://firmware.paddock.test/fencealarm2-8.0.0.bin';
const DESK = { width: 1280, height: 900 };

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: DESK });

const row = (page: Page, key: string) => page.getByRole('row', { name: new RegExp(key) });

test('staff roll new firmware out in two stages, pause and resume; the farmer sees the fence updating', async ({
  page,
  request,
  baseURL,
  browser,
}, testInfo) => {
  const farmer = await createVerifiedUser(request, baseURL!, 'firmware-farmer');
  const session = await signInApi(request, baseURL!, farmer.email, farmer.password);
  await registerDemoDevice(request, baseURL!, session, 'fencealarm2', 53, 'North fence');
  await registerDemoDevice(request, baseURL!, session, 'fencealarm2', 54, 'South fence');
  const firmware = async (key: string) =>
    (
      (await (await apiCall(request, baseURL!, 'get', `fencealarm2s/${key}`, { token: session.token })).json()) as {
        Firmware?: { Version: string };
      }
    ).Firmware?.Version ?? '';
  // A device names its firmware when it connects (docs/protocol.md up/status): these were connected before they were
  // registered, so each drops off (the simulator's offline fault) and is told to come back until it has named it
  // (a `none` sent before the dropped device listens again is not heard, so it is sent again).
  const simulate = async (key: string, Fault: 'offline' | 'none') =>
    expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${key}`, { data: { Fault } })).ok()).toBeTruthy();
  for (const key of [FIRST, SECOND]) {
    await simulate(key, 'offline');
    await expect
      .poll(
        async () => {
          await simulate(key, 'none');
          return firmware(key);
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .not.toBe('');
  }
  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${SECOND}`, { data: { Fault: 'offline' } })).ok()).toBeTruthy();

  // Staff: Admin → Firmware campaigns → New campaign.
  await page.goto('/sign-in');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await recordToasts(page);
  await page.getByRole('link', { name: 'Firmware campaigns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Firmware campaigns' })).toBeVisible();
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();

  await page.getByLabel('Image URL').fill('http://firmware.paddock.test/fencealarm2-8.0.0.bin');
  await page.getByLabel('SHA-256 of the image').fill('ab12');
  await page.getByLabel('Stages (% of the devices)').fill('50, 20');
  await page.getByRole('button', { name: 'Start campaign' }).click();
  await expect(page.getByText('Enter an https:// address with a host.')).toBeVisible();
  await expect(page.getByText('A SHA-256 is exactly 64 digits 0–9 and a–f.')).toBeVisible();
  await expect(page.getByText('Enter whole numbers from 1 to 100, each larger than the one before, the last 100.')).toBeVisible();
  await expect(page.getByLabel('Image URL')).toBeFocused();

  await page.getByLabel('Image URL').fill(IMAGE);
  await page.getByLabel('SHA-256 of the image').fill('ab12cd34'.repeat(8));
  await page.getByLabel('Target version').fill('8.0.0');
  await page.getByLabel('Devices', { exact: true }).selectOption({ label: 'A list of devices' });
  await page.getByLabel('IMEIs or IMSIs').fill(`${FIRST}, ${SECOND}`);
  await page.getByLabel('Stages (% of the devices)').fill('50, 100');
  await page.getByLabel('Pause when failures pass (%)').fill('50');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start campaign' }).click();
  await expectToast(page, 'Campaign started');
  await expect(page.getByRole('heading', { level: 1, name: 'FenceAlarm2 8.0.0' })).toBeVisible();

  // Stage 1 (the first fence) runs to done; stage 2 sends the second fence its request, which waits for it.
  await expect(row(page, FIRST).getByRole('cell', { name: 'Updated' })).toBeVisible({ timeout: 30_000 });
  await expect(row(page, SECOND).getByRole('cell', { name: 'Sent' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('1 done, 0 failed, 0 under way, 0 waiting of 1')).toBeVisible();
  await expect(page.getByText('0 done, 0 failed, 1 under way, 0 waiting of 1')).toBeVisible();
  expect(await firmware(FIRST)).toBe('8.0.0');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'firmware-campaign-stage-2');

  // The farmer's card says the second fence is updating.
  const farmerContext = await browser.newContext({ baseURL, viewport: DESK });
  const farmerPage = await farmerContext.newPage();
  await farmerPage.goto('/sign-in');
  await signInThroughForm(farmerPage, farmer.email, farmer.password);
  await expect(farmerPage).toHaveURL(/\/devices$/);
  await expect(farmerPage.getByRole('article', { name: 'South fence' }).getByText('Updating firmware (0 %)')).toBeVisible();
  await expect(farmerPage.getByRole('article', { name: 'North fence' }).getByText(/Updating firmware/)).toHaveCount(0);
  await farmerContext.close();

  // Pause, asked first; then resume.
  await page.getByRole('button', { name: 'Pause' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause this campaign?' });
  await expect(pause.getByText('No more devices are sent the update. Updates already sent finish.')).toBeVisible();
  await pause.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused by staff.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('dialog', { name: 'Resume this campaign?' }).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Paused by staff.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // The second fence comes back, takes the update it was sent, and the campaign is finished.
  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${SECOND}`, { data: { Fault: 'none' } })).ok()).toBeTruthy();
  await expect(row(page, SECOND).getByRole('cell', { name: 'Updated' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('2 of 2 updated, 0 failed')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  expect(await firmware(SECOND)).toBe('8.0.0');

  // The list and the audit log have it.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('link', { name: 'Open campaign FenceAlarm2 8.0.0' }).first()).toBeVisible();
  const audit = (await (await apiCall(request, baseURL!, 'get', 'admin/audit?limit=200')).json()) as { Entries: { Action: string }[] };
  const actions = audit.Entries.map((entry) => entry.Action);
  for (const action of ['firmware.create', 'firmware.pause', 'firmware.resume']) expect(actions).toContain(action);
});
