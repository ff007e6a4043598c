// The admin area with a customer (issue 12, docs/product/admin.md): find a user by the start of their e-mail, set a new
// e-mail, verify the account, impersonate them (banner, their dashboard), change a device setting as them, stop, and
// find both in the audit log with before and after. Notices: four languages, a German user sees German, dismisses it
// for good, and the id is pruned once the admin deletes the notice.
import type { Browser, Page } from '@playwright/test';
import {
  apiCall,
  createVerifiedUser,
  expect,
  expectAccessible,
  openNavigation,
  registerDemoDevice,
  signInApi,
  signInThroughForm,
  snapshot,
  test,
  uniqueEmail,
  USER_PASSWORD,
} from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';

// Keys from the demo inventory; number 8 of each product is this file's.
test.describe.configure({ timeout: 120_000 });

/** The value beside a label (plain words) on an admin record page: its description list (issue 30). */
function detail(page: Page, label: string) {
  return page.locator('.pd-admin-details dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function signInAsAdmin(page: Page) {
  await page.goto('/sign-in');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}

test('an admin finds a customer, sets their e-mail, verifies them, acts as them, and the audit log shows it', async ({ page, request, baseURL }, testInfo) => {
  // A customer who signed up but never confirmed the code: unverified, with one fence.
  const prefix = `greta-${Date.now()}`;
  const email = `${prefix}@e2e.paddock.test`;
  const created = await request.post(`${baseURL}/api/users`, { data: { Email: email, Password: USER_PASSWORD, Country: 'SE' } });
  expect(created.status()).toBe(202);
  const found = await apiCall(request, baseURL!, 'get', `users?field=email&target=${encodeURIComponent(email)}`);
  const [customer] = (await found.json()) as { Id: string }[];
  // Admins may register a device for an account.
  const admin = await signInApi(request, baseURL!, E2E_ADMIN.email, E2E_ADMIN.password);
  const key = await registerDemoDevice(request, baseURL!, { token: admin.token, userId: customer.Id }, 'fencealarm', 8, 'Hill fence');

  await signInAsAdmin(page);
  await openNavigation(page);
  await page.getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('link', { name: 'User', exact: true }).click();
  await page.getByLabel('E-mail address starts with').fill(prefix.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: email }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user/${customer.Id}$`));
  await expect(detail(page, 'E-mail')).toHaveText(email);
  await expect(detail(page, 'Verified')).toHaveText('No');
  await expect(detail(page, 'Country')).toHaveText('Sweden');
  // The record as JSON only behind its toggle.
  await expect(page.getByText(`"Email": "${email}"`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Show raw data' }).click();
  await expect(page.getByText(`"Email": "${email}"`)).toBeVisible();
  await page.getByRole('button', { name: 'Hide raw data' }).click();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'admin-user');

  // A new e-mail, checked like every e-mail field.
  const moved = uniqueEmail('greta-moved');
  await page.getByRole('link', { name: 'Set new email' }).click();
  const newEmail = page.getByLabel('New email');
  await newEmail.fill('not an address');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(newEmail).toHaveAccessibleDescription(/valid e-mail address/);
  await newEmail.fill(moved);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user/${customer.Id}$`));
  await expect(detail(page, 'E-mail')).toHaveText(moved);

  await page.getByRole('button', { name: 'Verify account' }).click();
  await expect(detail(page, 'Verified')).toHaveText('Yes');
  await expect(page.getByRole('button', { name: 'Verify account' })).toHaveCount(0);

  // Acting as the customer: the banner and their dashboard.
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByText(`Viewing as ${moved}`)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Hill fence' })).toBeVisible();
  await openNavigation(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'admin-impersonating');

  // A setting changed as them.
  await page.goto(`/fencealarm/${key}`);
  const name = page.getByRole('textbox', { name: 'Device name' });
  await expect(name).toHaveValue('Hill fence');
  await name.fill('Top hill fence');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/devices\\?id=${key}$`));
  await expect(page.getByRole('article', { name: 'Top hill fence' })).toBeVisible();

  // Stop: back on the customer's admin page, the admin's own session again.
  await page.getByRole('button', { name: 'Stop impersonating' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/user/${customer.Id}$`));
  await expect(page.getByText(/Viewing as/)).toHaveCount(0);

  // The audit log: the impersonation and the change as them, with before and after.
  await page.goto('/admin/audit');
  await page.getByLabel('Customer').fill(customer.Id);
  await page.getByRole('button', { name: 'Show' }).click();
  const entries = page.getByRole('region', { name: 'Entries, newest first' });
  const change = entries.getByRole('listitem').filter({ hasText: `/api/fencealarms/${key}` }).filter({ hasText: /PATCH|PUT/ });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(`acting as ${moved}`);
  await expect(change.getByRole('row', { name: /Metadata\.Name/ })).toContainText(['"Hill fence"', '"Top hill fence"'].join(''));
  await expect(entries.getByRole('listitem').filter({ hasText: '/api/admin/impersonate' })).toHaveCount(2);
  await expect(entries.getByRole('listitem').filter({ hasText: `/api/users/${customer.Id}/verify-email` })).toHaveCount(1);
  await expect(entries.getByRole('listitem').filter({ hasText: `/api/users/${customer.Id}/email` })).toHaveCount(1);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'admin-audit');
});

async function newSignedInPage(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/devices$/);
  return page;
}

/** Reloads the page and waits for its fetch of the public notices. */
async function reloadWithNotices(page: Page) {
  const fetched = page.waitForResponse((response) => response.url().includes('/api/notices?public') && response.ok());
  await page.reload();
  await fetched;
}

test('a notice in four languages: a German user reads German, dismisses it for good, and its id is pruned once deleted', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const stamp = Date.now();
  const texts = {
    English: `Maintenance tonight ${stamp}: alarms may arrive late.`,
    French: `Maintenance ce soir ${stamp} : les alarmes peuvent arriver en retard.`,
    German: `Wartung heute Nacht ${stamp}: Alarme können verspätet ankommen.`,
    Swedish: `Underhåll i natt ${stamp}: larm kan komma sent.`,
  };

  await signInAsAdmin(page);
  await page.goto('/admin/notices');
  await page.getByRole('textbox', { name: 'English' }).fill(texts.English);
  await page.getByRole('textbox', { name: 'French' }).fill(texts.French);
  await page.getByRole('textbox', { name: 'German' }).fill(texts.German);
  await page.getByRole('textbox', { name: 'Swedish' }).fill(texts.Swedish);
  await page.getByRole('checkbox', { name: 'Public' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: texts.English });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'admin-notices');

  // A German customer: the German text, as text.
  const german = await createVerifiedUser(request, baseURL!, 'ilse');
  const session = await signInApi(request, baseURL!, german.email, german.password);
  expect((await apiCall(request, baseURL!, 'patch', `users/${session.userId}`, { token: session.token, data: { Locale: 'de-DE' } })).ok()).toBeTruthy();
  const farmer = await newSignedInPage(browser, baseURL!, german.email, german.password);
  const notices = farmer.getByRole('region', { name: 'Hinweise' });
  const notice = notices.locator('.pd-notice').filter({ hasText: texts.German });
  await expect(notice).toBeVisible();
  await expect(notices.getByText(texts.English)).toHaveCount(0);
  await snapshot(farmer, testInfo, 'notice-german');
  await notice.getByRole('button', { name: 'Hinweis ausblenden' }).click();
  await expect(notices.getByText(texts.German)).toHaveCount(0);
  // After a reload (the notices fetched again, the notice still public) it stays dismissed.
  await reloadWithNotices(farmer);
  await expect(farmer.getByText(texts.German)).toHaveCount(0);
  const dismissed = async () => JSON.parse((await farmer.evaluate(() => localStorage.getItem('paddock.dismissedNotices'))) ?? '[]') as string[];
  const stored = (await (await apiCall(request, baseURL!, 'get', 'notices')).json()) as { Id: string; English: string }[];
  const id = stored.find((n) => n.English === texts.English)!.Id;
  expect(await dismissed()).toContain(id);

  // The admin deletes it (after confirming): the next fetch prunes its id.
  await row.getByRole('button', { name: /^Delete notice/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await reloadWithNotices(farmer);
  await expect.poll(dismissed).not.toContain(id);
  await farmer.context().close();
});

test('the admin pages refuse a customer, and an unknown admin path is Page not found', async ({ page, request, baseURL }) => {
  const customer = await createVerifiedUser(request, baseURL!, 'nosy');
  await page.goto('/sign-in');
  await signInThroughForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/devices$/);
  await page.goto('/admin/user');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const session = await signInApi(request, baseURL!, customer.email, customer.password);
  expect((await apiCall(request, baseURL!, 'get', 'admin/stats', { token: session.token })).status()).toBe(403);
});
