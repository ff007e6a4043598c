// Energy cost per plug (issue 11, docs/product/limits.md "Energy price"): the user sets a price per kWh on /account, a
// plug card then prices its consumption since reset, and the log page prices the consumption in its window. The
// server's simulator makes the plug report (tests/support/server.ts).
import { demoKey } from '../../server/src/devices/inventory';
import { apiCall, expect, expectAccessible, expectToast, recordToasts, signInNewUser, snapshot, test } from '../support/fixtures';

// Number 6 of the SmartPlugs of the demo inventory is this file's.
const PLUG = demoKey('smartplug', 6);
const NAME = 'Brooder heater';

test.describe.configure({ timeout: 120_000 });

/** "12,345 Wh" or "SEK 30.86" → 12345 or 30.86 (en-GB). */
const numberIn = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('the price per kWh set on /account prices a plug card’s consumption and its log page’s window', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const user = await signInNewUser(page, request, baseURL!, 'energy');
  const registered = await apiCall(request, baseURL!, 'post', `users/${user.userId}/smartplugs`, {
    token: user.token,
    data: { Imei: PLUG, Name: NAME },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // No price yet: the card has no cost line.
  const card = page.getByRole('article', { name: NAME });
  await page.goto('/devices');
  await expect(card).toBeVisible();
  await expect(card.locator('[data-detail="consumptionCost"]')).toHaveCount(0);

  // The account page: the price typed and saved with the page; SEK is the Swedish account's currency.
  await page.goto('/account');
  const price = page.getByLabel('Price per kWh');
  await expect(price).toHaveValue('');
  await expect(page.getByLabel('Currency')).toHaveValue('SEK');
  await price.fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(price).toHaveAccessibleDescription(/The price must be more than 0 and at most SEK\s100\.00 per kWh\./);
  await price.fill('2.5');
  await recordToasts(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Your settings are saved.');
  await expect(price).toHaveValue('2.50');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'account-energy-price');
  const stored = await apiCall(request, baseURL!, 'get', `users/${user.userId}`, { token: user.token });
  expect((await stored.json()).EnergyPrice).toEqual({ PerKwh: 25000, Currency: 'SEK' });

  // The card: its consumption since reset at 2.50 SEK per kWh, once the plug has reported.
  await page.goto('/devices');
  const cost = card.locator('[data-detail="consumptionCost"]');
  await expect(cost).toContainText('Cost since reset');
  await expect(card.locator('[data-detail="consumption"] dd')).toHaveText(/\d/, { timeout: 30_000 });
  // Both lines from one look at the card (it refreshes every 5 s).
  const lines = await card.evaluate((element) => ({
    consumption: element.querySelector('[data-detail="consumption"] dd')?.textContent ?? '',
    cost: element.querySelector('[data-detail="consumptionCost"] dd')?.textContent ?? '',
  }));
  expect(lines.cost).toContain('SEK');
  // Shown to the cent: at most half a cent from the exact cost.
  expect(Math.abs(numberIn(lines.cost) - (numberIn(lines.consumption) / 1000) * 2.5)).toBeLessThanOrEqual(0.005 + 1e-9);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'card-energy-cost');

  // The log page: the window's use and its cost under the consumption chart, once there are two readings to compare.
  const readings = async () => {
    const window = `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
    const reply = await apiCall(request, baseURL!, 'get', `smartplugs/${PLUG}/consumption?${window}&format=json`, { token: user.token });
    return ((await reply.json()) as unknown[]).length;
  };
  await expect.poll(readings, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await card.getByRole('link', { name: 'Logs' }).click();
  const consumption = page.getByRole('region', { name: 'Consumption (Wh)' });
  await expect(consumption.getByTestId('consumption-cost')).toHaveText(
    /^Used in this window: [\d,]+\sWh, costing SEK\s[\d.,]+ at SEK\s2\.50 per kWh\.$/,
    {
      timeout: 30_000,
    },
  );
  await expectAccessible(page);
  await snapshot(page, testInfo, 'logs-energy-cost');
});
