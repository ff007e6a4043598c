// Warranties (docs/product/api.md "Warranties", docs/product/validation.md "Warranties"): register a product with a
// PDF receipt, see it listed and download the proof back byte for byte; a renamed executable is refused.
import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, openNavigation, signInNewUser, snapshot, test } from '../support/fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** What a Windows program starts with: "MZ", then the DOS stub. Named receipt.pdf and declared as a PDF. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from('This program cannot be run in DOS mode.\r\n')]);

test('a user registers a warranty with a PDF, sees it listed and downloads the proof; a renamed executable is refused', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  await signInNewUser(page, request, baseURL!, 'warranty');
  await openNavigation(page);
  await page.getByRole('link', { name: 'Warranties' }).click();
  await expect(page).toHaveURL(/\/warranties$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Warranties' })).toBeVisible();
  await expect(page.getByText('You have not registered a warranty yet.', { exact: false })).toBeVisible();

  const serial = `FA2-${Date.now()}`;
  await page.getByLabel('Product').selectOption('FenceAlarm2');
  await page.getByLabel('Serial number').fill(serial.toLowerCase());
  await page.getByLabel('Retailer').fill('Granngården Uppsala');
  await page.getByLabel('Date of purchase', { exact: true }).fill('2025-05-20');

  // The renamed executable: refused by its content as soon as it is chosen, and the server refuses it too.
  await page
    .getByLabel('Proof of purchase', { exact: true })
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: EXE });
  const refusal = '“receipt.pdf” is not a PDF, JPEG or PNG file (whatever its name says). Choose a PDF, JPEG or PNG.';
  await expect(page.getByText(refusal)).toBeVisible();
  await page.getByRole('button', { name: 'Register warranty' }).click();
  await expect(page.getByLabel('Proof of purchase', { exact: true })).toBeFocused();
  await expect(page.getByRole('table')).toHaveCount(0);
  await snapshot(page, testInfo, 'warranties-refused');
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('paddock.user') ?? 'null')?.Id as string);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('paddock.token') ?? 'null')?.String as string);
  const direct = await request.post(`${baseURL}/api/users/${userId}/warranties`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      Product: 'FenceAlarm2',
      SerialNumber: serial,
      Retailer: 'Granngården',
      DateOfPurchase: '2025-05-20',
      ProofOfPurchase: EXE.toString('base64'),
    },
  });
  expect(direct.status()).toBe(400);
  expect(await direct.json()).toMatchObject({ Error: 'proof_unsupported_type', Field: 'ProofOfPurchase' });

  // The real PDF: the typed fields stayed; its name shows; it registers and is listed.
  await page
    .getByLabel('Proof of purchase', { exact: true })
    .setInputFiles({ name: 'kvitto.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('kvitto.pdf', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Serial number')).toHaveValue(serial.toLowerCase());
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Register warranty' }).click();
  const row = page.getByRole('table', { name: 'Your registered warranties' }).getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('FenceAlarm2');
  await expect(row).toContainText('Granngården Uppsala');
  await expect(row).toContainText('20 May 2025');
  await expect(page.getByLabel('Serial number')).toHaveValue('');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'warranties-listed');

  // The proof comes back as it went in, with its real type.
  const downloading = page.waitForEvent('download');
  const served = page.waitForResponse((response) => response.url().includes('/proof-of-purchase'));
  await row.getByRole('button', { name: `Download the proof of purchase of FenceAlarm2 ${serial}` }).click();
  const [download, response] = await Promise.all([downloading, served]);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(download.suggestedFilename()).toBe(`proof-of-purchase-${serial}.pdf`);
  expect((await readFile((await download.path())!)).equals(PDF)).toBe(true);

  // Registering the same product and serial again is refused under the serial number, nothing typed lost.
  await page.getByLabel('Product').selectOption('FenceAlarm2');
  await page.getByLabel('Serial number').fill(serial);
  await page.getByLabel('Retailer').fill('Another shop');
  await page.getByLabel('Date of purchase', { exact: true }).fill('2025-05-21');
  await page
    .getByLabel('Proof of purchase', { exact: true })
    .setInputFiles({ name: 'kvitto.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Register warranty' }).click();
  await expect(page.getByText('This account has already registered this product and serial number.')).toBeVisible();
  await expect(page.getByLabel('Retailer')).toHaveValue('Another shop');
});
