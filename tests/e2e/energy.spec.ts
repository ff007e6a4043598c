// Energy per day, week and month at phone size (issue 32, docs/product/energy.md): a farmer's two plugs report (the
// server's simulator, tests/support/server.ts); the dashboard shows this month's kWh of them, the plug's log page its
// bars per day with the total, and — without a price yet — a link to set one on /account. With the price saved the
// bars have costs, as a table too; Week and Month give their own bars, and the dashboard's total gets its cost.
import { demoKey } from '../../server/src/devices/inventory';
import {
  apiCall,
  expect,
  expectAccessible,
  expectToast,
  recordToasts,
  registerDemoDevice,
  signInNewUser,
  snapshot,
  test,
} from '../support/fixtures';

// Numbers 51–52 of the SmartPlugs and SmartPlug2s of the demo inventory are this file's.
const PLUG = demoKey('smartplug', 51);
const PLUG2 = demoKey('smartplug2', 52);
const PHONE_SIZE = { width: 360, height: 780 };
const ZONE = 'Europe/Stockholm';

test.describe.configure({ timeout: 150_000 });
// The bars are days of the viewer's clock: the browser's zone is set, so the API polls below ask for the same days.
test.use({ viewport: PHONE_SIZE, timezoneId: ZONE });

/** Today on the zone's wall clock (YYYY-MM-DD). */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('a farmer reads each plug’s kWh per day, week and month, sets a price from the hint and sees the costs', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const user = await signInNewUser(page, request, baseURL!, 'energy-bars');
  await registerDemoDevice(request, baseURL!, user, 'smartplug', 51, 'Calf shed heater');
  await registerDemoDevice(request, baseURL!, user, 'smartplug2', 52, 'Water pump');

  // Each plug's appliance is started (the simulator's StartAppliance, docs/protocol.md "Simulation"), so today has
  // energy once the plug has reported twice while it runs.
  const usedToday = async (collection: string, key: string) => {
    const started = await apiCall(request, baseURL!, 'put', `admin/simulator/${key}`, { data: { Fault: 'none', StartAppliance: true } });
    expect(started.ok()).toBeTruthy();
    const reply = await apiCall(
      request,
      baseURL!,
      'get',
      `${collection}/${key}/energy?period=day&from=${today()}&to=${today()}&tz=${ZONE}`,
      { token: user.token },
    );
    const body = (await reply.json()) as { Buckets: { KWh: number }[] };
    return body.Buckets[0]?.KWh ?? 0;
  };
  await expect.poll(() => usedToday('smartplugs', PLUG), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect.poll(() => usedToday('smartplug2s', PLUG2), { timeout: 60_000 }).toBeGreaterThan(0);

  // The dashboard: this month's kWh of both plugs, no cost without a price.
  await page.goto('/devices');
  await expect(page.getByTestId('energy-total')).toHaveText(/^This month: [\d.,]+\skWh$/);

  // The heater's log page: its Energy section, a bar a day, the total and the hint to set a price.
  await page.goto(`/smartplug/${PLUG}/logs`);
  const energy = page.getByRole('region', { name: 'Energy' });
  await energy.scrollIntoViewIfNeeded();
  await expect(energy.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  await expect(energy.getByRole('img', { name: /^Bar chart of the energy per day from .+ to .+, in kWh$/ })).toBeVisible();
  await expect(energy.getByTestId('energy-total')).toHaveText(/^Total: [\d.,]+\skWh$/);
  await expect(energy.getByRole('note')).toContainText('To see what the energy costs, set your price per kWh on your account page.');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'energy-day-no-price');

  // The hint's link leads to /account, where the farmer saves a price.
  await energy.getByRole('link', { name: 'Set the price per kWh' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel('Price per kWh').fill('2.5');
  await recordToasts(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Your settings are saved.');

  // Back on the log page: the total has its cost, and the table gives each day's kWh and cost.
  await page.goto(`/smartplug/${PLUG}/logs`);
  await expect(energy.getByTestId('energy-total')).toHaveText(/^Total: [\d.,]+\skWh · SEK\s[\d.,]+ at SEK\s2\.50 per kWh$/);
  await expect(energy.getByRole('note')).toHaveCount(0);
  await energy.getByText('Show the bars as a table').click();
  const table = energy.getByRole('table', { name: 'Energy per day' });
  await expect(table).toBeVisible();
  // The last 31 days, today last, with its cost (on a phone each row stacks its cells).
  await expect(table.locator('tbody tr')).toHaveCount(31);
  await expect(table.locator('tbody tr').last().locator('td').last()).toHaveText(/^SEK\s[\d.,]+$/);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'energy-day-table');

  // Week and Month: their own bars.
  await energy.getByRole('button', { name: 'Week' }).click();
  await expect(energy.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(energy.getByRole('img', { name: /^Bar chart of the energy per week / })).toBeVisible();
  await energy.getByRole('button', { name: 'Month' }).click();
  await expect(energy.getByRole('img', { name: /^Bar chart of the energy per month / })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'energy-month');

  // The pump (a SmartPlug2) has its own bars.
  await page.goto(`/smartplug2/${PLUG2}/logs`);
  await expect(energy.getByRole('img', { name: /^Bar chart of the energy per day / })).toBeVisible();

  // The dashboard's total now has its cost, as the server prices it at the account's price.
  await page.goto('/devices');
  await expect(page.getByTestId('energy-total')).toHaveText(/^This month: [\d.,]+\skWh · SEK\s[\d.,]+$/);
  const total = await apiCall(request, baseURL!, 'get', `users/${user.userId}/energy?tz=${ZONE}`, { token: user.token });
  const body = (await total.json()) as { Plugs: number; KWh: number; Cost: { Amount: number; Currency: string } };
  expect(body.Plugs).toBe(2);
  expect(body.Cost).toEqual({ Amount: Math.round((body.KWh * 25000) / 100), Currency: 'SEK' });
  await snapshot(page, testInfo, 'energy-dashboard-total');
});
