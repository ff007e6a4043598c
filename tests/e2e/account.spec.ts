// The foundation's user journey: sign up, verify with the mailed code, sign in, switch language, sign out.
import {
  codeFrom,
  expect,
  expectAccessible,
  latestMail,
  openNavigation,
  signInNewUser,
  snapshot,
  test,
  uniqueEmail,
  USER_PASSWORD,
} from '../support/fixtures';

test('a new user creates an account, verifies it, signs in, switches to Deutsch and signs out', async ({ page, request, baseURL }, testInfo) => {
  // The longest journey of the suite (five pages, two reloads, a language switch, axe on each): about 45 s on an idle
  // machine, over the 60 s default on a busy one.
  test.slow();
  const email = uniqueEmail('farmer');

  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'sign-in');

  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/create-account$/);
  // The page loads on first visit; until it has, the sign-in form (with its own e-mail field) is still shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByLabel('Country').selectOption('SE');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name').fill('Anna Andersson');
  await page.getByLabel('Address line 1').fill('Fältvägen 1');
  await page.getByLabel('Postcode').fill('753 20');
  await page.getByLabel('Town or city').fill('Uppsala');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'create-account-step-2');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The e-mail arrives prefilled, then leaves the address bar.
  await expect(page).toHaveURL(/\/verify-account$/);
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  const mail = await latestMail(request, baseURL!, email);
  await page.getByLabel('Verification code').fill(codeFrom(mail.Text));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();

  // The empty dashboard, with its button to register the first device.
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await expect(page.getByText('No devices yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register a device' }).or(page.getByRole('button', { name: 'Register a device' })).first()).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'devices-empty');

  await page.reload();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByText('No devices yet')).toBeVisible();

  // Deutsch: the texts change, the choice is stored on the user and survives a reload.
  await openNavigation(page);
  const appReloaded = page.waitForEvent('load'); // the app stores the choice, then reloads itself
  await page.getByLabel('Language').selectOption('de-DE');
  await appReloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Geräte' })).toBeVisible();
  await expect(page.getByText('Noch keine Geräte')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Geräte' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  await expectAccessible(page);

  await openNavigation(page);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  // Signed out, the language stays the one chosen.
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
});

test('deleting the account lists what goes, asks for the password, then signs out for good', async ({ page, request, baseURL }) => {
  const user = await signInNewUser(page, request, baseURL!, 'leaving');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  // What goes with it comes from the server (GET /users/{id}/deletion-summary); a new account owns nothing.
  await expect(dialog.getByText('You own no devices and have no SMS left, so nothing else goes with it.')).toBeVisible();
  await expectAccessible(page);
  const password = dialog.getByLabel('Current password');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(password).toHaveAccessibleDescription('Enter your current password to delete your account.');
  await password.fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.locator('.pd-field__error')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await password.fill(user.password);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  const again = await request.post(`${baseURL}/api/sign-in`, { data: { Email: user.email, Password: user.password } });
  expect(again.status()).toBe(401);
});
