// A charge is its own confirmed step (docs/product/billing.md "A charge is its own step"), a dialog's failure shows in
// the dialog (docs/product/errors.md Dialogs), and SMS need a valid E.164 number (docs/product/validation.md Phone).
// Phone size (the suite's 360×780); screenshots of the confirmation in en-GB and de-DE.
import type { Page } from '@playwright/test';
import type { PriceCatalogue } from '../../shared/src/contract/billing';
import { apiCall, expect, expectAccessible, openNavigation, registerDemoDevice, signInNewUser, test } from '../support/fixtures';
import { startPaddock } from '../support/server';

/** The registration trial of this file's own server, in seconds: over before the first settings page opens. */
const SHORT_TRIAL_SECONDS = 3;

test.describe.configure({ timeout: 180_000 });

/** Amounts as Intl writes them, with its no-break spaces as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

async function invoicesOf(page: Page, baseURL: string, user: { userId: string; token: string }) {
  const reply = await apiCall(page.request, baseURL, 'get', `users/${user.userId}/invoices`, { token: user.token });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  return (await reply.json()) as { Gross: number; Currency: string }[];
}

test('choosing a plan asks for confirmation with the VAT-inclusive price before any charge; the receipt shows in the dialog (en-GB, de-DE)', async ({
  browser,
  request,
}, testInfo) => {
  // A server of its own (its start takes up to a minute on a busy machine) and two farmers.
  test.setTimeout(300_000);
  const server = await startPaddock({ REGISTRATION_TRIAL_DAYS: String(SHORT_TRIAL_SECONDS / 86_400), SIMULATOR: 'off' });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 780 }, locale: 'en-GB' });
  try {
    const baseURL = server.url;
    const page = await context.newPage();
    const catalogue = (await (await request.get(`${baseURL}/api/prices`)).json()) as PriceCatalogue;

    // A Swedish farmer: SEK, 25 % VAT on top of the catalogue's price ex VAT.
    const owner = await signInNewUser(page, request, baseURL, 'charge-se');
    const key = await registerDemoDevice(request, baseURL, owner, 'fencealarm', 5, 'South fence');
    await expect
      .poll(async () => {
        const reply = await apiCall(request, baseURL, 'get', `fencealarms/${key}`, { token: owner.token });
        return Date.parse(((await reply.json()) as { Subscription: { ExpiresAt: string } }).Subscription.ExpiresAt) <= Date.now();
      })
      .toBe(true);
    await page.goto(`/fencealarm/${key}`);
    await expect(page.getByRole('heading', { level: 1, name: 'FenceAlarm South fence' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Monthly' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const gross = Math.round(catalogue.FencealarmMonth.Sek * 1.25);
    const amount = `SEK ${(gross / 100).toFixed(2)}`;
    const dialog = page.getByRole('dialog', { name: 'Buy the Monthly plan?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You are buying the Monthly plan for FenceAlarm “South fence”. It starts now.');
    expect(plain(await dialog.getByTestId('plan-confirm-price').textContent())).toMatch(new RegExp(`^${amount} incl\\. VAT \\(`));
    await expect(dialog).toContainText(/It renews automatically on .+ until you choose None\./);
    // Nothing is charged before the farmer pays.
    expect(await invoicesOf(page, baseURL, owner)).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('plan-confirm-en-GB-360x780.png') });

    await dialog.getByRole('button', { name: /^Pay SEK/ }).click();
    const receipt = page.getByRole('dialog', { name: 'Plan bought' });
    await expect(receipt.getByTestId('plan-receipt')).toContainText(/Paid SEK\s[\d.]+ for the Monthly plan of “South fence”/);
    expect(plain(await receipt.getByTestId('plan-receipt').textContent())).toContain(`Paid ${amount}`);
    await expect(receipt.getByRole('link', { name: 'See the invoice on Billing' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('plan-receipt-en-GB-360x780.png') });
    expect(await invoicesOf(page, baseURL, owner)).toMatchObject([{ Gross: gross, Currency: 'SEK' }]);
    await receipt.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(new RegExp(`/devices\\?id=${key}$`));

    // A German consumer, in German: EUR with the seller's 25 % VAT.
    // Signed in in English like every test's user, then switched to German in the app (a reload).
    const germanContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    try {
      const german = await germanContext.newPage();
      const farmer = await signInNewUser(german, request, baseURL, 'charge-de', 'DE');
      const fence = await registerDemoDevice(request, baseURL, farmer, 'fencealarm2', 5, 'Weide');
      await openNavigation(german);
      await german.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
      await expect(german.getByRole('heading', { level: 1 })).toHaveText(/Geräte/);
      await expect
        .poll(async () => {
          const reply = await apiCall(request, baseURL, 'get', `fencealarm2s/${fence}`, { token: farmer.token });
          return Date.parse(((await reply.json()) as { Subscription: { ExpiresAt: string } }).Subscription.ExpiresAt) <= Date.now();
        })
        .toBe(true);
      await german.goto(`/fencealarm2/${fence}`);
      await german.getByRole('combobox', { name: 'Tarif' }).selectOption({ label: 'Jährlich' });
      await german.getByRole('button', { name: 'Speichern' }).click();
      const bestaetigen = german.getByRole('dialog', { name: 'Tarif Jährlich kaufen?' });
      await expect(bestaetigen).toBeVisible();
      const euros = (Math.round(catalogue.Fencealarm2Year.Eur * 1.25) / 100).toFixed(2).replace('.', ',');
      expect(plain(await bestaetigen.getByTestId('plan-confirm-price').textContent())).toMatch(new RegExp(`^${euros} € inkl\\. MwSt\\.`));
      await expect(bestaetigen.getByRole('button', { name: new RegExp(`^${euros}\\s€ bezahlen$`) })).toBeVisible();
      expect(await invoicesOf(german, baseURL, farmer)).toEqual([]);
      await expectAccessible(german);
      await german.screenshot({ path: testInfo.outputPath('plan-confirm-de-DE-360x780.png') });
      await bestaetigen.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(bestaetigen).toBeHidden();
      expect(await invoicesOf(german, baseURL, farmer)).toEqual([]);
    } finally {
      await germanContext.close();
    }
  } finally {
    await context.close();
    await server.stop();
  }
});

test('a declined SMS purchase shows inside the open Buy SMS dialog', async ({ page, request, baseURL }, testInfo) => {
  const owner = await signInNewUser(page, request, baseURL!, 'sms-declined');
  // The built-in provider's declining test card (docs/product/billing.md), saved through its portal page.
  const link = await apiCall(request, baseURL!, 'get', `users/${owner.userId}/billing`, { token: owner.token });
  const portal = new URL(((await link.json()) as { Url: string }).Url);
  const saved = await request.post(`${portal.origin}${portal.pathname}/payment-method`, {
    form: { token: portal.searchParams.get('token')!, number: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' },
    maxRedirects: 0,
  });
  expect(saved.status(), await saved.text()).toBeLessThan(400);

  await page.goto('/billing');
  const buy = page.getByRole('button', { name: 'Buy SMS' });
  await expect(buy).toBeEnabled();
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Buy SMS?' });
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/The payment was declined, so nothing was bought\./);
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('sms-balance')).toHaveText('0 SMS left');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('sms-declined-en-GB-360x780.png') });

  // The same on /account.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Buy SMS' }).click();
  const again = page.getByRole('dialog', { name: 'Buy SMS?' });
  await again.getByRole('button', { name: 'Buy' }).click();
  await expect(again.getByRole('alert')).toHaveText(/The payment was declined/);
});

test('SMS notifications cannot be on without a valid E.164 number', async ({ page, request, baseURL }, testInfo) => {
  const owner = await signInNewUser(page, request, baseURL!, 'sms-phone');
  const bought = await apiCall(request, baseURL!, 'post', `users/${owner.userId}/sms`, { token: owner.token });
  expect(bought.ok(), await bought.text()).toBeTruthy();
  // The server refuses it too, naming the field.
  const refused = await apiCall(request, baseURL!, 'patch', `users/${owner.userId}`, {
    token: owner.token,
    data: { SmsNotifications: { Enabled: true } },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ Error: 'sms_phone_required', Field: 'Phone' });

  await page.goto('/account');
  const phone = page.getByLabel('Mobile phone');
  await expect(phone).toBeVisible();
  await page.getByRole('checkbox', { name: 'SMS notifications' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('SMS notifications need your mobile number. Enter it here, with the country code.')).toBeVisible();
  await expect(phone).toBeFocused();

  await phone.fill('070-123 45 67');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByText('This number has no country code. Write it with + and the country code, for example +46701234567.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('sms-phone-en-GB-360x780.png'), fullPage: true });

  await phone.fill('+46 70 123 45 67');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => {
      const reply = await apiCall(request, baseURL!, 'get', `users/${owner.userId}`, { token: owner.token });
      return (await reply.json()) as { Phone: string; SmsNotifications: { Enabled: boolean } };
    })
    .toMatchObject({ Phone: '+46701234567', SmsNotifications: { Enabled: true } });
});
