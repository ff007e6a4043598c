// The farmer's day (issue 13), the rest: nothing typed is lost (leaving a changed settings page asks first), a
// registration error is said once, and the desktop is used — at 1366 px one device of each product shows at least
// three cards in a row, the dashboard does not shift (CLS below 0.1), and no page logs a console error (checked on every test by the fixture in tests/support/fixtures.ts).
import type { Page } from '@playwright/test';
import type { ProductId } from '@paddock/shared/domain';
import { createVerifiedUser, expect, expectAccessible, openNavigation, painted, registerDemoDevice, signInApi, signInNewUser, test } from '../support/fixtures';

const SIZES = [
  { name: 'phone', viewport: { width: 360, height: 780 } },
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
] as const;

/** Sums the layout shifts of the page from its load on (as CLS counts them: not those right after an input). */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

const ONE_OF_EACH: { product: ProductId; name: string }[] = [
  { product: 'farmcam-sim', name: 'Yard camera' },
  { product: 'fencealarm', name: 'North fence' },
  { product: 'fencealarm2', name: 'Lane fence' },
  { product: 'smartplug', name: 'Brooder heater' },
  { product: 'smartplug2', name: 'Well pump' },
];

for (const [index, size] of SIZES.entries()) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('the dashboard of one device of each product: cards side by side on a desktop, nothing shifts, no console error', async ({
      page,
      request,
      baseURL,
    }) => {
      const user = await signInNewUser(page, request, baseURL!, `layout-${size.name}`);
      // Numbers of the demo inventory this file keeps to: 38 on the desktop, 39 on the phone.
      for (const { product, name } of ONE_OF_EACH) await registerDemoDevice(request, baseURL!, user, product, 39 - index, name);
      const cls = await watchLayoutShift(page);
      const trends = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/devices/trends'));
      await page.goto('/devices');
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(5);
      // The push offer comes ~1 s after the cards, the trend lines after their call: both must move nothing.
      await expect(page.getByRole('region', { name: 'Alarms in this browser' })).toBeVisible();
      await trends;
      await painted(page);
      expect(await cls()).toBeLessThan(0.1);

      const tops = await cards.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
      const inFirstRow = tops.filter((top) => top === tops[0]).length;
      if (size.name === 'desktop') expect(inFirstRow).toBeGreaterThanOrEqual(3);
      else expect(inFirstRow).toBe(1);
      // Each product has its own drawing: the two fence alarms and the two plugs differ.
      const drawings = await page.getByRole('article').locator('svg.pd-picture').evaluateAll((svgs) => svgs.map((svg) => svg.innerHTML));
      expect(new Set(drawings).size).toBe(5);
      await expectAccessible(page);
    });

    test('leaving a changed settings page asks first: navbar link, Back, language switch, closing the tab', async ({ page, request, baseURL }) => {
      const user = await signInNewUser(page, request, baseURL!, `leave-${size.name}`);
      const key = await registerDemoDevice(request, baseURL!, user, 'fencealarm2', 35 + index, 'Lane fence');
      // In the app from the dashboard, so Back stays in the app.
      await page.goto('/devices');
      await page.getByRole('article', { name: 'Lane fence' }).getByRole('link', { name: /settings/i }).click();
      await expect(page).toHaveURL(`/fencealarm2/${key}`);
      await expect(page.getByRole('heading', { level: 1, name: /Lane fence/ })).toBeVisible();
      // The Save bar is on screen from the start, at the bottom, and says nothing while nothing changed.
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await expect(save).toBeInViewport();
      await expect(page.getByText('Unsaved changes')).toHaveCount(0);

      await page.getByLabel('Device name').fill('Lane fence east');
      await expect(page.getByText('Unsaved changes')).toBeVisible();
      const leaveDialog = page.getByRole('dialog', { name: 'Leave without saving?' });

      // A navbar link.
      await openNavigation(page);
      await page.getByRole('link', { name: 'Account' }).click();
      await expect(leaveDialog).toBeVisible();
      await leaveDialog.getByRole('button', { name: 'Keep editing' }).click();
      await expect(page).toHaveURL(`/fencealarm2/${key}`);
      await expect(page.getByLabel('Device name')).toHaveValue('Lane fence east');

      // The browser's Back.
      await page.goBack();
      await expect(leaveDialog).toBeVisible();
      await leaveDialog.getByRole('button', { name: 'Keep editing' }).click();
      await expect(page).toHaveURL(`/fencealarm2/${key}`);
      await expect(page.getByLabel('Device name')).toHaveValue('Lane fence east');

      // The language switch (it reloads the page).
      await openNavigation(page);
      await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
      await expect(leaveDialog).toBeVisible();
      await leaveDialog.getByRole('button', { name: 'Keep editing' }).click();
      await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en-GB');
      await expect(page.getByLabel('Device name')).toHaveValue('Lane fence east');

      // Sections fold; the Save bar stays on screen at the end of a long page.
      await page.getByText('Sharing', { exact: true }).click();
      await expect(page.getByLabel('Invite by e-mail')).toBeHidden();
      await page.getByText('Sharing', { exact: true }).click();
      await expect(page.getByLabel('Invite by e-mail')).toBeVisible();
      await page.getByLabel('Device name').scrollIntoViewIfNeeded();
      await expect(save).toBeInViewport();

      // Closing the tab: the browser's own question.
      const asked = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.dismiss();
    });

    test('saving or discarding ends the question', async ({ page, request, baseURL }) => {
      const user = await signInNewUser(page, request, baseURL!, `discard-${size.name}`);
      const key = await registerDemoDevice(request, baseURL!, user, 'farmcam-sim', 35 + index, 'Yard camera');
      await page.goto(`/farmcam-sim/${key}`);
      await page.getByLabel('Device name').fill('Gate camera');
      await page.getByRole('button', { name: 'Back', exact: true }).last().click();
      const leaveDialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await leaveDialog.getByRole('button', { name: 'Discard changes' }).click();
      await expect(page).toHaveURL(`/devices?id=${key}`);
      await expect(page.getByRole('article', { name: 'Yard camera' })).toBeVisible();

      await page.goto(`/farmcam-sim/${key}`);
      await page.getByLabel('Device name').fill('Gate camera');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page).toHaveURL(`/devices?id=${key}`);
      await expect(page.getByRole('article', { name: 'Gate camera' })).toBeVisible();
      await expect(leaveDialog).toHaveCount(0);
    });

    test('a registration error is said once, in words, beside the number', async ({ page, request, baseURL }) => {
      // Someone else has the fence already.
      const other = await createVerifiedUser(request, baseURL!, `taken-${size.name}`);
      const otherSession = await signInApi(request, baseURL!, other.email, other.password);
      const product = size.name === 'phone' ? 'fencealarm' : 'smartplug';
      const key = await registerDemoDevice(request, baseURL!, otherSession, product, 37, 'Their device');

      await signInNewUser(page, request, baseURL!, `register-${size.name}`);
      await page.goto(`/devices/register/${product}`);
      await page.getByLabel('IMEI').fill(key);
      await page.getByLabel('Device name').fill('My device');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      const message = 'This device is already registered to another account. Its owner can share it with you.';
      await expect(page.getByText(message)).toHaveCount(1);
      await expect(page.getByLabel('IMEI')).toHaveAccessibleDescription(message);
      // No toast repeats it, and no status line shows (both would come with the same reply).
      await painted(page);
      await expect(page.getByRole('alert')).toHaveCount(1);
      await expect(page.getByText(/409|Conflict|Not Found/)).toHaveCount(0);
      await expect(page.getByLabel('Device name')).toHaveValue('My device');
    });
  });
}
