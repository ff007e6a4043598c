// The state at a glance tells the truth (issue 30, docs/product/states.md "State at a glance"), on a phone: a fence at
// about 1.5 kV with its voltage alarm off is not shown as fine; a device whose alarms are paused (its trial over, no
// plan) says so with the way to a plan; an offline device's values show their age. The simulator makes the
// readings (tests/support/server.ts); this file runs its own server, whose registration trials end in seconds.
import {
  apiCall,
  expect,
  expectAccessible,
  openNavigation,
  registerDemoDevice,
  signInNewUser,
  snapshot,
  startDashboardAs,
  test,
} from '../support/fixtures';
import { startPaddock } from '../support/server';

/** The registration trial of this file's server, in seconds: long enough to give two devices more time first. */
const SHORT_TRIAL_SECONDS = 20;
/** --pd-warn of the light theme (shared/src/ui/theme.css), as the browser computes it. */
const AMBER = 'rgb(138, 90, 0)';

test('a 1.5 kV fence with its alarm off is not fine, paused alarms are said, offline values show their age (en-GB, de-DE)', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = await startPaddock({ REGISTRATION_TRIAL_DAYS: String(SHORT_TRIAL_SECONDS / 86_400) });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 780 }, locale: 'en-GB' });
  // The detailed cards, whose lines this file reads (a phone starts compact; dashboard-compact.spec.ts has those).
  await startDashboardAs(context, 'detailed');
  try {
    const baseURL = server.url;
    const page = await context.newPage();
    const owner = await signInNewUser(page, request, baseURL, 'fence-state');
    // Number 1 is the demo user's (server/src/devices/inventory.ts); this server is the file's own, so 2–4 are free.
    const low = await registerDemoDevice(request, baseURL, owner, 'fencealarm', 2, 'Low fence');
    const hill = await registerDemoDevice(request, baseURL, owner, 'fencealarm', 3, 'Hill fence');
    const paused = await registerDemoDevice(request, baseURL, owner, 'fencealarm', 4, 'Paused fence');
    // Staff give the first two 10 days more (docs/product/admin.md), so only the third one's trial runs out.
    for (const key of [low, hill]) {
      const trial = await apiCall(request, baseURL, 'put', `fencealarms/${key}/trial`, { data: { Days: 10 } });
      expect(trial.ok(), await trial.text()).toBeTruthy();
    }
    const device = async (key: string) =>
      (await (await apiCall(request, baseURL, 'get', `fencealarms/${key}`, { token: owner.token })).json()) as {
        VoltageAlarm: { Enabled: boolean };
        Subscription: { ExpiresAt: string };
      };
    // The voltage alarm is off, as every FenceAlarm's is at registration.
    expect((await device(low)).VoltageAlarm.Enabled).toBe(false);
    for (const [key, Fault] of [
      [low, 'low-voltage'],
      [hill, 'offline'],
    ]) {
      expect((await apiCall(request, baseURL, 'put', `admin/simulator/${key}`, { data: { Fault } })).ok()).toBeTruthy();
    }

    await page.goto('/devices');
    const card = (name: string) => page.getByRole('article', { name });
    // About 1,500 V (1,440–1,560) against the fence's own 5,000 V level: low, in amber, never "OK".
    await expect(card('Low fence').locator('.pd-device__primary-value')).toHaveText(/^1[,.]?[45]\d\d V$/);
    await expect(card('Low fence').locator('.pd-device__status')).toHaveText('Low fence voltage');
    await expect(card('Low fence')).toHaveClass(/pd-device--attention/);
    // Its edge and voltage in amber (--pd-warn), not the OK green.
    await expect(card('Low fence')).toHaveCSS('border-left-color', AMBER);
    await expect(card('Low fence').locator('.pd-device__primary-value')).toHaveCSS('color', AMBER);
    await expect(card('Low fence').getByText('OK', { exact: true })).toHaveCount(0);

    // Offline: the last values, greyed, with their age.
    await expect(card('Hill fence').locator('.pd-device__status')).toHaveText('Offline');
    await expect(card('Hill fence').getByTestId('values-age')).toHaveText(/^Values from \d+ minutes? ago$/);

    // The third one's trial ends (its expiry passes): its card says the alarms are paused, and leads to the plan.
    const expiresAt = Date.parse((await device(paused)).Subscription.ExpiresAt);
    await expect.poll(() => Date.now() >= expiresAt, { timeout: (SHORT_TRIAL_SECONDS + 10) * 1000 }).toBe(true);
    await page.reload();
    const pausedLink = card('Paused fence').getByRole('link', { name: 'Alarms paused — choose a plan' });
    await expect(pausedLink).toBeVisible();
    await expect(card('Paused fence').getByText('OK', { exact: true })).toHaveCount(0);
    await expect(card('Paused fence')).toHaveCSS('border-left-color', AMBER);
    await expect(page.getByTestId('attention-summary')).toHaveText('3 devices need attention');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('dashboard-state-en-GB-360x780.png'), fullPage: true });
    await snapshot(page, testInfo, 'dashboard-state-en-GB');

    await pausedLink.click();
    await expect(page).toHaveURL(`/fencealarm/${paused}`);
    await expect(page.getByTestId('subscription-line')).toContainText(/None · Ended|Trial · Ended/);

    // The same in German.
    await page.goto('/devices');
    await expect(card('Paused fence')).toBeVisible();
    await openNavigation(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    await expect(card('Low fence').locator('.pd-device__status')).toHaveText('Zaunspannung niedrig');
    await expect(card('Paused fence').getByRole('link', { name: 'Alarme pausiert – Tarif wählen' })).toBeVisible();
    await expect(card('Hill fence').getByTestId('values-age')).toHaveText(/^Werte von vor \d+ Minuten?$/);
    await expect(page.getByTestId('attention-summary')).toHaveText('3 Geräte brauchen Aufmerksamkeit');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('dashboard-state-de-DE-360x780.png'), fullPage: true });
  } finally {
    await context.close();
    await server.stop();
  }
});
