import { codeFrom, expect, expectAccessible, latestMail, snapshot, test, uniqueEmail } from '../support/fixtures';

const PASSWORD = 'correct-horse-battery';

test('a new user creates an account, verifies it, signs in, switches language and signs out', async ({ page, request, baseURL }, testInfo) => {
  const email = uniqueEmail('farmer');

  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'sign-in');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/create-account$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Country').selectOption('SE');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name').fill('Anna Andersson');
  await page.getByLabel('Town').fill('Uppsala');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'create-account-step-2');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The e-mail is prefilled and then removed from the address.
  await expect(page).toHaveURL(/\/verify-account$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const mail = await latestMail(request, baseURL!, email);
  await page.getByLabel('Code').fill(codeFrom(mail.Text));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /add|register/i }).or(page.getByRole('button', { name: /add|register/i })).first()).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'devices-empty');

  // Reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/devices$/);

  // Deutsch: texts change and stay after reload.
  await page.getByRole('combobox', { name: /language|sprache/i }).first().selectOption('de-DE').catch(async () => {
    await page.getByRole('button', { name: /language/i }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  });
  await expect(page.getByRole('link', { name: 'Geräte' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Geräte' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
});
