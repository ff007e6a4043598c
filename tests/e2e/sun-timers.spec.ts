// Sunrise and sunset in plug timers at phone size (issue 32, docs/product/sun-timers.md): a farmer picks "At sunset" in
// a plug's timer, is sent to /account to set the farm's location from the phone's position, comes back, adds
// "sunset + 30 min, off, every day" with today's time shown beside it and saves; the plug gets the location with the
// rule, and its own clock switches it off at 15:15 Stockholm time on 21 December (sunset 14:45 in Uppsala). The
// server runs the simulator for the demo inventory; numbers 48–50 of each product are this file's. The exact minute
// on a winter and a summer date is also in server/src/devices/sunTimers.test.ts and server/src/simulator/.
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

const PHONE_SIZE = { width: 360, height: 780 };
const UPPSALA = { latitude: 59.8586, longitude: 17.6389 };
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: PHONE_SIZE, timezoneId: 'Europe/Stockholm', geolocation: UPPSALA, permissions: ['geolocation'] });

test('a sunset rule: location from the phone on /account, the rule with today’s time, and the plug switches at sunset + 30', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const user = await signInNewUser(page, request, baseURL!, 'sun-timer');
  const plug = await registerDemoDevice(request, baseURL!, user, 'smartplug', 48, 'Yard light');

  // No location yet: the editor says so and links to /account.
  await page.goto(`/smartplug/${plug}`);
  await expect(page.getByRole('heading', { level: 1, name: /Yard light/ })).toBeVisible();
  const rule = page.getByRole('group', { name: /New rule/ }).first();
  await rule.getByLabel('When').selectOption('At sunset');
  await expect(rule.getByText('Sunrise and sunset need your farm’s location.')).toBeVisible();
  await rule.getByRole('link', { name: 'Set it on your account page' }).click();
  // The choice in the new-rule fields counts as an unsaved change of the page: nothing to keep.
  const location = page.getByRole('form', { name: 'Farm location' });
  const leaveDialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leaveDialog.or(location)).toBeVisible();
  if (await leaveDialog.isVisible()) await leaveDialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // /account: the phone's position fills the coordinates; saved on their own.
  await location.getByRole('button', { name: 'Use this phone’s position' }).click();
  await expect(location.getByLabel('Latitude')).toHaveValue('59.8586');
  await expect(location.getByLabel('Longitude')).toHaveValue('17.6389');
  await recordToasts(page);
  await location.getByRole('button', { name: 'Save location' }).click();
  await expectToast(page, 'Farm location saved.');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'account-farm-location');
  const account = await (await apiCall(request, baseURL!, 'get', `users/${user.userId}`, { token: user.token })).json();
  expect(account.Location).toEqual({ Latitude: 59.8586, Longitude: 17.6389 });

  // Back on the plug: sunset + 30 min, off, every day; today's time beside the offset.
  await page.goto(`/smartplug/${plug}`);
  await page.getByRole('switch', { name: 'Use the timer' }).or(page.getByLabel('Use the timer')).first().check();
  await rule.getByLabel('When').selectOption('At sunset');
  await expect(rule.getByText('Sunrise and sunset need your farm’s location.')).toHaveCount(0);
  const offset = rule.getByLabel('Minutes before (−) or after (+)');
  await offset.fill('30');
  await expect(offset).toHaveAccessibleDescription(/^Today \d{2}:\d{2}\. From -180 to \+180\.$/);
  for (const day of EVERY_DAY) await rule.getByLabel(day).check();
  await rule.getByLabel('Switch the plug').selectOption('off');
  await page.getByRole('button', { name: 'Add timer rule' }).click();
  await expect(page.getByRole('list', { name: 'Timer rules' })).toContainText('Sunset + 30 min');
  await expect(page.getByRole('region', { name: 'Your week' })).toContainText('MonSunset + 30 min Off');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'sun-timer-rule');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/devices\\?id=${plug}$`));

  const state = async () =>
    (await (await apiCall(request, baseURL!, 'get', `smartplugs/${plug}`, { token: user.token })).json()) as {
      Timer: unknown;
      PowerEnabled: boolean;
    };
  expect((await state()).Timer).toEqual({
    Enabled: true,
    On: [],
    Off: ['sunset+30 0,1,2,3,4,5,6'],
    TimeZone: 'Europe/Stockholm',
    Location: { Latitude: 59.8586, Longitude: 17.6389 },
  });

  // On now; then the plug's clock to 21 December 2026, 15:14:40 in Stockholm: it switches itself off at 15:15.
  expect(
    (await apiCall(request, baseURL!, 'put', `smartplugs/${plug}/power-enabled`, { token: user.token, data: { Enabled: true } })).ok(),
  ).toBeTruthy();
  expect(
    (await apiCall(request, baseURL!, 'put', `admin/simulator/${plug}`, { data: { Fault: 'none', Clock: '2026-12-21T14:14:40Z' } })).ok(),
  ).toBeTruthy();
  await expect.poll(async () => (await state()).PowerEnabled, { timeout: 40_000, intervals: [1_000] }).toBe(false);
});
