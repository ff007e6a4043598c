// The farmer's day (issue 13), devices: an offline plug looks offline and a switch to it is answered on its card
// within 2 s while the rest of the app stays usable; timer rules round up with carry and keep the farmer's zone
// (docs/product/errors.md, docs/product/screens.md, docs/protocol.md "Time zones"). The server runs the simulator
// for the demo inventory; numbers 27 and 35–37 of each product are this file's. That a zone rule made in winter fires
// at the same local time after the change to summer time is shown by setting the simulated plug's clock
// (docs/protocol.md "Simulation").
import type { Page } from '@playwright/test';
import { apiCall, expect, registerDemoDevice, signInNewUser, test } from '../support/fixtures';

test.describe.configure({ timeout: 90_000 });

const card = (page: Page, name: string) => page.getByRole('article', { name });

for (const size of [
  { name: 'phone', viewport: { width: 360, height: 780 }, n: 35 },
  { name: 'desktop', viewport: { width: 1366, height: 768 }, n: 36 },
]) {
  test(`${size.name}: switching an offline plug says so on its card within 2 s; the card greys out with “last seen”`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(size.viewport);
    const user = await signInNewUser(page, request, baseURL!, `offline-${size.name}`);
    const plug = await registerDemoDevice(request, baseURL!, user, 'smartplug', size.n, 'Brooder lamp');
    await registerDemoDevice(request, baseURL!, user, 'fencealarm', size.n, 'North fence');
    await page.goto('/devices');
    const lamp = card(page, 'Brooder lamp');
    await expect(lamp.getByText('OK')).toBeVisible({ timeout: 20_000 });

    // Hold the dashboard's list as it is (still online), then the plug drops off: the server knows at once (last will).
    // (the dashboard's conditional poll only: the browser never hands a 304 to a request that did not ask for one)
    await page.route('**/api/users/*/devices', (route) =>
      route.request().headers()['if-none-match'] ? route.fulfill({ status: 304 }) : route.continue(),
    );
    expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${plug}`, { data: { Fault: 'offline' } })).ok()).toBeTruthy();
    const connection = async () =>
      (await (await apiCall(request, baseURL!, 'get', `smartplugs/${plug}`, { token: user.token })).json()).Connection as {
        Offline: boolean;
      };
    await expect.poll(async () => (await connection()).Offline, { timeout: 15_000 }).toBe(true);
    try {
      const power = lamp.getByRole('switch', { name: 'Power' });
      const clicked = Date.now();
      await power.click();
      await expect(lamp.getByRole('alert')).toContainText('The plug is offline (last seen', { timeout: 2_000 });
      expect(Date.now() - clicked).toBeLessThan(2_000);
      // Only the card: no overlay, no connection-failure page, the other card and the menu still work.
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
      await expect(page.getByText(/No connection/)).toHaveCount(0);
      await expect(lamp).toHaveClass(/pd-device--offline/);
      await expect(lamp.getByTestId('last-seen')).toContainText('Last seen');
      await expect(power).toBeDisabled();
      await card(page, 'North fence')
        .getByRole('link', { name: /settings/i })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: /North fence/ })).toBeVisible();
    } finally {
      await page.unroute('**/api/users/*/devices');
      await apiCall(request, baseURL!, 'put', `admin/simulator/${plug}`, { data: { Fault: 'none' } });
    }
    // Unheld, the dashboard shows it offline too, until it reports again.
    await page.goto('/devices');
    await expect(card(page, 'Brooder lamp').getByText(/^(Offline|OK)$/)).toBeVisible({ timeout: 15_000 });
  });
}

test.describe('in Stockholm', () => {
  test.use({ timezoneId: 'Europe/Stockholm' });

  test('a 06:57 rule saves as 07:00 with the farmer’s zone and shows in the week view', async ({ page, request, baseURL }) => {
    const user = await signInNewUser(page, request, baseURL!, 'schedules');
    const plug = await registerDemoDevice(request, baseURL!, user, 'smartplug2', 37, 'Trough pump');
    await page.goto(`/smartplug2/${plug}`);
    await expect(page.getByRole('heading', { level: 1, name: /Trough pump/ })).toBeVisible();
    await expect(page.getByText('Times are in your time zone (Europe/Stockholm)', { exact: false })).toBeVisible();
    await expect(page.getByText(/move by an hour/)).toHaveCount(0);
    await page.getByRole('switch', { name: 'Use the timer' }).or(page.getByLabel('Use the timer')).first().check();
    const rule = page.getByRole('group', { name: /New rule/ }).first();
    await rule.getByLabel('Time').fill('06:57');
    await expect(rule.getByText('Runs at 07:00')).toBeVisible();
    await rule.getByLabel('Monday').check();
    await rule.getByLabel('Switch the plug').selectOption('on');
    await page.getByRole('button', { name: 'Add timer rule' }).click();
    const week = page.getByRole('region', { name: 'Your week' });
    await expect(week).toContainText('Mon07:00 On');
    await expect(week).toContainText('TueNo switching');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/devices\\?id=${plug}$`));
    const saved = await (await apiCall(request, baseURL!, 'get', `smartplug2s/${plug}`, { token: user.token })).json();
    expect(saved.Timer).toEqual({ Enabled: true, On: ['0 7 1'], Off: [], TimeZone: 'Europe/Stockholm' });
  });

  test('a rule made in winter still switches at 07:00 local after the change to summer time (the plug’s clock moved)', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = await signInNewUser(page, request, baseURL!, 'summer-time');
    const plug = await registerDemoDevice(request, baseURL!, user, 'smartplug', 27, 'Heat lamp');
    await page.goto(`/smartplug/${plug}`);
    await expect(page.getByRole('heading', { level: 1, name: /Heat lamp/ })).toBeVisible();
    await page.getByRole('switch', { name: 'Use the timer' }).or(page.getByLabel('Use the timer')).first().check();
    const rule = page.getByRole('group', { name: /New rule/ }).first();
    await rule.getByLabel('Time').fill('07:00');
    await rule.getByLabel('Monday').check();
    await rule.getByLabel('Switch the plug').selectOption('on');
    await page.getByRole('button', { name: 'Add timer rule' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/devices\\?id=${plug}$`));
    const state = async () => (await (await apiCall(request, baseURL!, 'get', `smartplugs/${plug}`, { token: user.token })).json()) as {
      Timer: unknown;
      PowerEnabled: boolean;
      LastUplinkAt: string | null;
    };
    expect((await state()).Timer).toEqual({ Enabled: true, On: ['0 7 1'], Off: [], TimeZone: 'Europe/Stockholm' });

    // Off now; then the plug's clock to Monday 29 March 2027, 06:59:40 in Stockholm, summer time (UTC+2) since the Sunday.
    expect((await apiCall(request, baseURL!, 'put', `smartplugs/${plug}/power-enabled`, { token: user.token, data: { Enabled: false } })).ok()).toBeTruthy();
    const movedAt = (await state()).LastUplinkAt;
    expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${plug}`, { data: { Fault: 'none', Clock: '2027-03-29T04:59:40Z' } })).ok()).toBeTruthy();
    // Two readings later (the plug checks its rules before each), still before 07:00 on the plug's clock: still off.
    const readings = new Set<string>();
    let switchedOn = false;
    await expect.poll(async () => {
      const { LastUplinkAt, PowerEnabled } = await state();
      if (LastUplinkAt && LastUplinkAt !== movedAt) readings.add(LastUplinkAt);
      switchedOn ||= PowerEnabled;
      return readings.size;
    }, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(switchedOn).toBe(false);
    // At 07:00 local it switches on. Kept in UTC with winter's offset, the rule would wait until 08:00 summer time.
    await expect.poll(async () => (await state()).PowerEnabled, { timeout: 40_000, intervals: [1_000] }).toBe(true);
  });
});
