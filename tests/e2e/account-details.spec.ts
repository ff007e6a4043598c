// Issue 30: invoice details and the password can be changed on /account after sign-up (docs/product/billing.md
// "Invoice details", docs/product/states.md "Session"); offline, Account → Devices shows the kept list
// (docs/product/installable-app.md). Demo device: fencealarm 38 is this file's.
import {
  apiCall,
  expect,
  expectAccessible,
  openNavigation,
  registerDemoDevice,
  signInNewUser,
  signInThroughForm,
  snapshot,
  test,
} from '../support/fixtures';

const NEW_PASSWORD = 'a meadow full of sheep 42';

test('invoice details and the password are changed on /account; the new password signs in', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const user = await signInNewUser(page, request, baseURL!, 'details');
  await openNavigation(page);
  await page.getByRole('link', { name: 'Account' }).click();
  const invoice = page.getByRole('form', { name: 'Invoice details' });
  await expect(invoice).toBeVisible();

  // A VAT number in the wrong format is refused on its field.
  await invoice.getByLabel('Name').fill('Nordgården AB');
  await invoice.getByLabel('Address line 1').fill('Fältvägen 3');
  await invoice.getByLabel('Postcode').fill('753 20');
  await invoice.getByLabel('Town or city').fill('Uppsala');
  await invoice.getByLabel('EU VAT number').fill('SE123');
  await invoice.getByRole('button', { name: 'Save invoice details' }).click();
  await expect(invoice.getByLabel('EU VAT number')).toHaveAttribute('aria-invalid', 'true');
  await expect(invoice.getByLabel('EU VAT number')).toBeFocused();
  await invoice.getByLabel('EU VAT number').fill('SE 5566 7788 9901');
  await invoice.getByRole('button', { name: 'Save invoice details' }).click();
  await expect(invoice.getByRole('status')).toHaveText('Invoice details saved. Your next invoice uses them.');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'account-invoice-details');
  const stored = await (await apiCall(request, baseURL!, 'get', `users/${user.userId}`, { token: user.token })).json();
  expect(stored).toMatchObject({
    Name: 'Nordgården AB',
    Addr1: 'Fältvägen 3',
    PostalCode: '753 20',
    Town: 'Uppsala',
    Vatin: 'SE556677889901',
  });

  // After a reload the form shows what was saved.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Invoice details' }).getByLabel('EU VAT number')).toHaveValue('SE556677889901');

  // The password: a wrong current one is said on its field; the right one changes it.
  const password = page.getByRole('form', { name: 'Password' });
  await password.getByLabel('Your current password').fill('not my password');
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByLabel('Your current password')).toHaveAccessibleDescription('This is not your current password.');
  await password.getByLabel('Your current password').fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toContainText('Password changed.');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'account-password-changed');

  // This session stays; signed out, only the new password signs in.
  await openNavigation(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signInThroughForm(page, user.email, user.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  await signInThroughForm(page, user.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/devices$/);
});

test.describe('offline', () => {
  // The app's copy comes from its service worker, as on a farmer's phone in a field.
  test.use({ serviceWorkers: 'allow' });

  test('Account → Devices shows the kept list; the "No connection" page links to it', async ({
    page,
    request,
    baseURL,
    context,
    allowConsoleErrors,
  }, testInfo) => {
    test.slow();
    allowConsoleErrors(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
    const user = await signInNewUser(page, request, baseURL!, 'offline-account');
    await registerDemoDevice(request, baseURL!, user, 'fencealarm', 26, 'Hill fence');
    // Account and Billing are loaded once online, as a farmer would have used them before.
    await page.reload();
    const fence = page.getByRole('article', { name: 'Hill fence' });
    await expect(fence).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('paddock.lastDeviceList') !== null)).toBe(true);

    await context.setOffline(true);
    const banner = page.getByTestId('app-offline');
    await expect(banner).toBeVisible();

    // Account offline: the connection failure, with a link to the kept list.
    await openNavigation(page);
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, testInfo, 'account-offline-no-connection');
    await page.getByRole('link', { name: 'Show my last device list' }).click();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(fence).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No connection' })).toHaveCount(0);

    // The navbar's Devices after Billing does the same.
    await openNavigation(page);
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing/);
    await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible();
    await openNavigation(page);
    await page.getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(fence).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No connection' })).toHaveCount(0);

    // Back online, live again by itself; signing out forgets the kept list.
    await context.setOffline(false);
    await expect(banner).toHaveCount(0, { timeout: 15_000 });
    await openNavigation(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    expect(await page.evaluate(() => localStorage.getItem('paddock.lastDeviceList'))).toBeNull();
  });
});
