// Devices: register one of each product by typing its number (the scanner opens and shows its state), see them
// grouped on the dashboard, filter by tag, and see a device someone shared.
import { demoKey } from '../../server/src/devices/inventory';
import { expect, expectAccessible, signInNewUser, snapshot, test } from '../support/fixtures';

// Keys from the demo inventory the server seeds; numbers 30–39 of each product are this file's.

test('a farmer registers one device of each product and sees them on the dashboard', async ({ page, request, baseURL }, testInfo) => {
  await signInNewUser(page, request, baseURL!, 'register');
  const devices = [
    { product: 'FarmCam SIM', field: 'IMSI', key: demoKey('farmcam-sim', 30), name: 'Gate camera' },
    { product: 'FenceAlarm', field: 'IMEI', key: demoKey('fencealarm', 30), name: 'North fence' },
    { product: 'FenceAlarm2', field: 'IMEI', key: demoKey('fencealarm2', 30), name: 'River fence' },
    { product: 'SmartPlug', field: 'IMEI', key: demoKey('smartplug', 30), name: 'Calf heater' },
    { product: 'SmartPlug2', field: 'IMEI', key: demoKey('smartplug2', 30), name: 'Trough pump' },
  ];

  for (const [index, device] of devices.entries()) {
    await page.getByRole('link', { name: 'Register a device' }).or(page.getByRole('button', { name: 'Register a device' })).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Register a device' })).toBeVisible();
    if (index === 0) {
      await expectAccessible(page);
      await snapshot(page, testInfo, 'register-chooser');
    }
    await page.getByRole('link', { name: device.product, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Register ${device.product}` })).toBeVisible();
    if (index === 1) {
      // The scanner: Chromium's fake camera is granted, so it scans (a test pattern holds no barcode).
      await page.getByRole('button', { name: 'Scan barcode' }).click();
      const scanner = page.getByRole('region', { name: 'Barcode scanner' });
      await expect(scanner.getByText('Point the camera at the barcode on the device or its box.')).toBeVisible();
      await snapshot(page, testInfo, 'scanner');
      await scanner.getByRole('button', { name: 'Type the number instead' }).click();
    }
    await page.getByLabel(device.field, { exact: true }).fill(device.key);
    await page.getByLabel('Device name').fill(device.name);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/devices\\?id=${device.key}$`));
    await expect(page.getByRole('article', { name: device.name })).toBeVisible();
  }

  // Wrong numbers get the server's message, and what was typed stays.
  await page.goto('/devices/register/smartplug');
  await page.getByLabel('IMEI', { exact: true }).fill('999999999999999');
  await page.getByLabel('Device name').fill('Nobody’s plug');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is no SmartPlug with the number 999999999999999' }).first()).toBeVisible();
  await expect(page.getByLabel('Device name')).toHaveValue('Nobody’s plug');

  await page.goto('/devices');
  for (const device of devices) {
    const card = page.getByRole('article', { name: device.name });
    await expect(card).toBeVisible();
    await expect(card.getByText(device.product, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  await snapshot(page, testInfo, 'dashboard');
});

test('tag chips filter the dashboard, and a shared device shows for the user it is shared with', async ({ page, request, baseURL, browser }) => {
  const owner = await signInNewUser(page, request, baseURL!, 'owner');
  const api = (method: 'post' | 'patch', path: string, data: unknown) =>
    request[method](`${baseURL}/api/${path}`, { data, headers: { Authorization: `Bearer ${owner.token}` } });
  const me = await (await request.post(`${baseURL}/api/sign-in`, { data: { Email: owner.email, Password: owner.password } })).json();
  const fence = demoKey('fencealarm', 31);
  const plug = demoKey('smartplug', 31);
  expect((await api('post', `users/${me.User.Id}/fencealarms`, { Imei: fence, Name: 'East fence' })).status()).toBe(201);
  expect((await api('post', `users/${me.User.Id}/smartplugs`, { Imei: plug, Name: 'Barn heater' })).status()).toBe(201);
  expect((await api('patch', `fencealarms/${fence}`, { Tags: ['Summer pasture'] })).ok()).toBeTruthy();

  // The dashboard refreshes by itself within 5 s.
  await expect(page.getByRole('article', { name: 'East fence' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Barn heater' })).toBeVisible();
  const chip = page.getByRole('button', { name: 'Summer pasture' });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article', { name: 'East fence' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Barn heater' })).toHaveCount(0);
  await chip.click();
  await expect(page.getByRole('article', { name: 'Barn heater' })).toBeVisible();

  // Shared with a second user, who then sees it on their own dashboard.
  const friendContext = await browser.newContext({ baseURL });
  const friendPage = await friendContext.newPage();
  const friend = await signInNewUser(friendPage, request, baseURL!, 'friend');
  expect((await api('patch', `fencealarms/${fence}`, { Access: [owner.email, friend.email] })).ok()).toBeTruthy();
  await expect(friendPage.getByRole('article', { name: 'East fence' })).toBeVisible({ timeout: 15_000 });
  await expect(friendPage.getByRole('article', { name: 'Barn heater' })).toHaveCount(0);
  // The friend may not unregister it; the owner may.
  const asFriend = await request.delete(`${baseURL}/api/fencealarms/${fence}`, { headers: { Authorization: `Bearer ${friend.token}` } });
  expect(asFriend.status()).toBe(403);
  const asOwner = await request.delete(`${baseURL}/api/fencealarms/${fence}`, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(asOwner.status()).toBe(204);
  await expect(friendPage.getByRole('article', { name: 'East fence' })).toHaveCount(0, { timeout: 15_000 });
  await friendContext.close();
});
