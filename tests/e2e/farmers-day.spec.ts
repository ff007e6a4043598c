// The farmer's day (issue 13), client side: a signed-out deep link comes back after sign-in (same-origin paths only),
// the sign-in page says so after verifying or a new password, an invite that is not an e-mail address is warned about
// and never offered as owner, and the shell's icons and manifest load without a console error.
// Keys from the demo inventory; number 13 of each product is this file's.
import type { Page } from '@playwright/test';
import {
  codeFrom,
  createVerifiedUser,
  expect,
  expectAccessible,
  latestMail,
  registerDemoDevice,
  signInNewUser,
  signInThroughForm,
  snapshot,
  test,
  uniqueEmail,
  USER_PASSWORD,
} from '../support/fixtures';

/** Failed requests of `page` from now on (console errors are checked on every test by the fixture). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

test('a signed-out link to a plug’s log page comes back there after sign-in', async ({ page, request, baseURL }) => {
  const owner = await signInNewUser(page, request, baseURL!, 'deep-link');
  const plug = await registerDemoDevice(request, baseURL!, owner, 'smartplug', 13, 'Brooder heater');
  await page.evaluate(() => localStorage.clear());
  const errors = watchErrors(page);

  await page.goto(`/smartplug/${plug}/logs?x=1`);
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(`/smartplug/${plug}/logs?x=1`)}`);
  await signInThroughForm(page, owner.email, owner.password);
  await expect(page).toHaveURL(`/smartplug/${plug}/logs?x=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Brooder heater' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a next that leads off the site is ignored: signing in goes to /devices', async ({ page, request, baseURL }) => {
  const user = await createVerifiedUser(request, baseURL!, 'deep-link-evil');
  for (const next of ['//evil.example/x', '/%2F%2Fevil.example', 'https://evil.example/']) {
    await page.goto(`/sign-in?${new URLSearchParams({ next }).toString()}`);
    await signInThroughForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/devices$/);
    await page.evaluate(() => localStorage.clear());
  }
});

test('after verifying, the sign-in page says so (in a green notice)', async ({ page, request, baseURL }, testInfo) => {
  const email = uniqueEmail('verify-notice');
  const created = await request.post(`${baseURL}/api/users`, { data: { Email: email, Password: USER_PASSWORD, Country: 'SE' } });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto(`/verify-account?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Verification code').fill(codeFrom((await latestMail(request, baseURL!, email)).Text));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account is verified. Sign in to start using Paddock.' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'sign-in-verified');
});

test('an invite that is not an e-mail address is warned about, and never offered as owner', async ({ page, request, baseURL }, testInfo) => {
  const owner = await signInNewUser(page, request, baseURL!, 'invite-warning');
  const fence = await registerDemoDevice(request, baseURL!, owner, 'fencealarm', 13, 'Top paddock fence');
  await page.goto(`/fencealarm/${fence}`);
  await page.getByLabel('Invite by e-mail').fill('not an email');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const warning = page.getByRole('alert').filter({ hasText: '“not an email” does not look like an e-mail address.' });
  await expect(warning).toBeVisible();
  await expectAccessible(page);
  await warning.scrollIntoViewIfNeeded();
  await snapshot(page, testInfo, 'invite-warning');
  await warning.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByRole('table', { name: 'People with access to this device' }).getByText('not an email')).toBeVisible();
  // No owner selector offers it: the owner changes by a transfer offer to an address (docs/product/devices.md "Transfers").
  await expect(page.getByLabel('Owner')).toHaveCount(0);
});

test('favicon, app icons and the manifest are served; no page start logs an error', async ({ page, request, baseURL }) => {
  for (const [path, type] of [
    ['/favicon.ico', /image\/(x-icon|vnd.microsoft.icon)/],
    ['/favicon.svg', /image\/svg\+xml/],
    ['/apple-touch-icon.png', /image\/png/],
    ['/icons/icon-192.png', /image\/png/],
    ['/icons/icon-512.png', /image\/png/],
    ['/icons/maskable-512.png', /image\/png/],
    ['/manifest.webmanifest', /application\/manifest\+json/],
  ] as const) {
    const reply = await request.get(`${baseURL}${path}`);
    expect(reply.status(), path).toBe(200);
    expect(reply.headers()['content-type'], path).toMatch(type);
  }
  const manifest = (await (await request.get(`${baseURL}/manifest.webmanifest`)).json()) as { start_url: string; display: string };
  expect(manifest).toMatchObject({ start_url: '/devices', display: 'standalone' });

  const errors = watchErrors(page);
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // The browser fetches the manifest and the favicon on its own; give it the moment it takes.
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
