// A second claim of a warranty serial goes to staff review (issue 26 "Warranty serial squatting", docs/product/admin.md
// "Warranty claims"): farmer A registers a serial; farmer B claims the same serial and sees it In review (nothing says
// A had it); the admin opens Warranty claims, downloads both proofs, accepts B's; B's warranty shows as registered.
import { readFile } from 'node:fs/promises';
import {
  apiCall,
  createVerifiedUser,
  expect,
  expectAccessible,
  expectToast,
  latestMail,
  openNavigation,
  recordToasts,
  signInApi,
  signInNewUser,
  signInThroughForm,
  snapshot,
  test,
} from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a photo of no receipt')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe.configure({ timeout: 120_000 });

test('a second claim of a serial reaches an admin, who compares both proofs and accepts it', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const serial = `FA2-REVIEW-${Date.now()}`;

  // Farmer A registers the serial first, with a proof that proves nothing.
  const farmerA = await createVerifiedUser(request, baseURL!, 'squatter');
  const a = await signInApi(request, baseURL!, farmerA.email, farmerA.password);
  const first = await apiCall(request, baseURL!, 'post', `users/${a.userId}/warranties`, {
    token: a.token,
    data: {
      Product: 'FenceAlarm2',
      SerialNumber: serial,
      Retailer: 'Nowhere',
      DateOfPurchase: '2025-01-02',
      ProofOfPurchase: PNG.toString('base64'),
    },
  });
  expect(first.status()).toBe(201);
  expect(await first.json()).toMatchObject({ Status: 'registered' });

  // Farmer B, the real buyer, claims the same serial in the app: registered like any other, in review.
  const buyer = await signInNewUser(page, request, baseURL!, 'buyer');
  await recordToasts(page);
  await openNavigation(page);
  await page.getByRole('link', { name: 'Warranties' }).click();
  await expect(page).toHaveURL(/\/warranties$/);
  await page.getByLabel('Product').selectOption('FenceAlarm2');
  await page.getByLabel('Serial number').fill(serial);
  await page.getByLabel('Retailer').fill('Granngården Uppsala');
  await page.getByLabel('Date of purchase', { exact: true }).fill('2025-05-20');
  await page
    .getByLabel('Proof of purchase', { exact: true })
    .setInputFiles({ name: 'kvitto.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Register warranty' }).click();
  await expectToast(page, `Received for FenceAlarm2 ${serial}. It is in review`);
  const row = page.getByRole('table', { name: 'Your registered warranties' }).getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('In review');
  await expect(page.getByText('already registered')).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'warranty-in-review');

  // The admin, in another browser, opens Warranty claims from the admin menu.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await admin.goto('/sign-in');
  await signInThroughForm(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Warranty claims' }).click();
  await expect(admin).toHaveURL(/\/admin\/warranty-claims$/);
  const claims = admin.getByRole('table', { name: `Claims of FenceAlarm2 ${serial}` });
  const rowA = claims.getByRole('row').filter({ hasText: farmerA.email });
  const rowB = claims.getByRole('row').filter({ hasText: 'Granngården Uppsala' });
  await expect(rowA).toContainText('Registered');
  await expect(rowB).toContainText('In review');

  // Both proofs, each the claimant's own.
  for (const [claimRow, bytes] of [
    [rowA, PNG],
    [rowB, PDF],
  ] as const) {
    const downloading = admin.waitForEvent('download');
    await claimRow.getByRole('button', { name: /^Download the proof of purchase of / }).click();
    const download = await downloading;
    expect((await readFile((await download.path())!)).equals(bytes)).toBe(true);
  }
  await expectAccessible(admin);
  await snapshot(admin, testInfo, 'warranty-claims');

  // Accept B's claim, after the confirmation.
  await rowB.getByRole('button', { name: /^Accept the claim of / }).click();
  const dialog = admin.getByRole('dialog', { name: 'Accept this claim?' });
  await expect(dialog).toContainText(`FenceAlarm2 ${serial} will be registered to`);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(admin.getByRole('table', { name: `Claims of FenceAlarm2 ${serial}` })).toHaveCount(0);
  await adminContext.close();

  // B's warranty is now the registration; both were told by e-mail.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Your registered warranties' }).getByRole('row').filter({ hasText: serial })).toContainText(
    'Registered',
  );
  expect((await latestMail(request, baseURL!, buyer.email)).Subject).toBe(`Your warranty for FenceAlarm2 ${serial} is registered`);
  const mailA = await latestMail(request, baseURL!, farmerA.email);
  expect(mailA.Subject).toBe(`Your warranty for FenceAlarm2 ${serial} was not accepted`);
});
