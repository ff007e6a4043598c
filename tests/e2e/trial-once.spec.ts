// A trial is had once per device (docs/product/states.md#trial): a farmer who unregisters a device and registers it
// again finds the same trial end date, not a fresh 30 days.
import { demoKey } from '../../server/src/devices/inventory';
import { apiCall, expect, expectAccessible, signInNewUser, snapshot, test } from '../support/fixtures';

// Keys from the demo inventory the server seeds; number 4 of each product is this file's.
const FENCE = demoKey('fencealarm', 4);

test('a farmer who unregisters a device and registers it again gets no new trial', async ({ page, request, baseURL }, testInfo) => {
  const farmer = await signInNewUser(page, request, baseURL!, 'trial-once');
  const expiry = async () => {
    const reply = await apiCall(request, baseURL!, 'get', `fencealarms/${FENCE}`, { token: farmer.token });
    expect(reply.ok(), await reply.text()).toBeTruthy();
    return ((await reply.json()) as { Subscription: { Trialing: boolean; ExpiresAt: string } }).Subscription;
  };
  const register = async () => {
    await page.goto('/devices/register/fencealarm');
    await page.getByLabel('IMEI', { exact: true }).fill(FENCE);
    await page.getByLabel('Device name').fill('Bought fence');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/devices\\?id=${FENCE}$`));
    await page.goto(`/fencealarm/${FENCE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'FenceAlarm Bought fence' })).toBeVisible();
    const line = page.getByTestId('subscription-line');
    await expect(line).toContainText(/Trial · Ends \d{1,2} \w+ \d{4}/);
    return (await line.textContent())!;
  };

  // The first registration starts the trial; the page says when it ends.
  const firstLine = await register();
  const first = await expiry();
  expect(first.Trialing).toBe(true);
  await snapshot(page, testInfo, 'trial-first');

  // Unregistered on the settings page (the dialog says the trial stays with the device) …
  await page.getByRole('button', { name: 'Unregister' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unregister Bought fence?' });
  await expect(confirm).toContainText('A trial or paid time left stays with the device');
  await snapshot(page, testInfo, 'trial-unregister-dialog');
  await confirm.getByRole('button', { name: 'Unregister' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('article', { name: 'Bought fence' })).toHaveCount(0);

  // … and registered again: the same trial, to the millisecond, not a fresh one.
  const secondLine = await register();
  expect(secondLine).toBe(firstLine);
  expect(await expiry()).toEqual(first);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'trial-again');
});
