// Billing: prices in the user's currency, the plan selector on every settings page (read-only for a shared user), a
// lapsed plan (a trial really ending, on a server of its own) that pauses the alarms until a plan is chosen, Buy extra
// data with its invoice and PDF, Buy SMS charged once on a double click, and Manage payment opening the built-in portal.
import type { APIRequestContext, Page } from '@playwright/test';
import type { PriceCatalogue } from '../../shared/src/contract/billing';
import { formatDataAmount } from '../../shared/src/domain/units';
import { collectionOf, PRODUCT_IDS, type ProductId } from '../../shared/src/products/catalogue';
import { apiCall, expect, expectAccessible, openNavigation, registerDemoDevice, signInNewUser, snapshot, test } from '../support/fixtures';
import { startPaddock } from '../support/server';

// Keys from the demo inventory; numbers 10–19 of each product are this file's.
const PRODUCT_NAMES: Record<ProductId, string> = {
  'farmcam-sim': 'FarmCam SIM',
  fencealarm: 'FenceAlarm',
  fencealarm2: 'FenceAlarm2',
  smartplug: 'SmartPlug',
  smartplug2: 'SmartPlug2',
};
/** The plan each product's owner chooses here, as the selector names it, and its catalogue key. */
const CHOSEN_PLAN: Record<ProductId, { label: string; key: keyof PriceCatalogue }> = {
  'farmcam-sim': { label: 'Small (1 GB)', key: 'FarmcamSimSmall' },
  fencealarm: { label: 'Monthly', key: 'FencealarmMonth' },
  fencealarm2: { label: 'Yearly', key: 'Fencealarm2Year' },
  smartplug: { label: 'Monthly', key: 'SmartplugMonth' },
  smartplug2: { label: 'Yearly', key: 'Smartplug2Year' },
};

type Session = { token: string; userId: string; email: string };


async function getJson<T>(request: APIRequestContext, baseURL: string, path: string, token: string): Promise<T> {
  const reply = await apiCall(request, baseURL, 'get', path, { token });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  return (await reply.json()) as T;
}

const prices = (request: APIRequestContext, baseURL: string, user: Session) =>
  getJson<PriceCatalogue>(request, baseURL, 'prices', user.token);

async function saveSettings(page: Page, key: string) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/devices\\?id=${key}$`));
}

test.describe.configure({ timeout: 120_000 });

test('the owner chooses a plan on every settings page, priced in SEK; a German user it is shared with sees EUR, read-only', async ({
  page,
  request,
  baseURL,
  browser,
}, testInfo) => {
  const owner = await signInNewUser(page, request, baseURL!, 'plans');
  const catalogue = await prices(request, baseURL!, owner);
  const keys = {} as Record<ProductId, string>;
  for (const product of PRODUCT_IDS)
    keys[product] = await registerDemoDevice(request, baseURL!, owner, product, 10, `${PRODUCT_NAMES[product]} plan`);

  for (const product of PRODUCT_IDS) {
    const { label, key } = CHOSEN_PLAN[product];
    await page.goto(`/${product}/${keys[product]}`);
    await expect(page.getByRole('heading', { level: 1, name: `${PRODUCT_NAMES[product]} ${PRODUCT_NAMES[product]} plan` })).toBeVisible();
    await expect(page.getByTestId('subscription-line')).toContainText('Trial');
    const select = page.getByRole('combobox', { name: 'Plan' });
    await expect(select).toHaveValue('none');
    await expect(page.getByTestId('plan-price')).toContainText('No charge: nothing is renewed when the current period ends.');
    await select.selectOption({ label });
    await expect(page.getByTestId('plan-price')).toContainText(/SEK\s[\d.,]+ per (month|year), ex VAT/);
    if (product === 'fencealarm') {
      await expectAccessible(page);
      await snapshot(page, testInfo, 'settings-plan-selector');
    }
    await saveSettings(page, keys[product]);
    const device = await getJson<{ Subscription: { PriceIds: { Next: string } } }>(
      request,
      baseURL!,
      `${collectionOf(product)}/${keys[product]}`,
      owner.token,
    );
    expect(device.Subscription.PriceIds.Next).toBe(catalogue[key].Id);
  }

  await page.goto('/billing');
  const fenceRow = page.getByRole('row', { name: /FenceAlarm FenceAlarm plan/ });
  await expect(fenceRow).toContainText(/SEK\s[\d.,]+ per month/);
  await expect(page.getByRole('row', { name: /FarmCam SIM FarmCam SIM plan/ })).toContainText(/SEK\s[\d.,]+ per month/);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'billing');

  // Shared with a German user: the plan is there to read, priced in EUR, and cannot be changed.
  const context = await browser.newContext({ baseURL });
  const germanPage = await context.newPage();
  const german = await signInNewUser(germanPage, request, baseURL!, 'plans-shared', 'DE');
  const shared = await apiCall(request, baseURL!, 'patch', `fencealarms/${keys.fencealarm}`, {
    token: owner.token,
    data: { Access: [owner.email, german.email] },
  });
  expect(shared.ok(), await shared.text()).toBeTruthy();
  await germanPage.goto(`/fencealarm/${keys.fencealarm}`);
  await expect(germanPage.getByTestId('plan-read-only')).toContainText(
    /Next plan: Monthly \(€4\.90 per month, ex VAT\)\. Only the owner can change it\./,
  );
  await expect(germanPage.getByRole('combobox', { name: 'Plan' })).toHaveCount(0);
  await germanPage.goto('/billing');
  await expect(germanPage.getByRole('row', { name: /FenceAlarm FenceAlarm plan/ })).toContainText(/€[\d.,]+ per month/);
  await context.close();
});

/** The registration trial of the lapsed-plan test's own server, in seconds. */
const SHORT_TRIAL_SECONDS = 40;

test('a lapsed plan shows None and the alarm Off; choosing a plan brings the alarm back as it was', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  // The suite's server gives every registration the product's 30-day trial; this one ends its trials for real, in
  // seconds (REGISTRATION_TRIAL_DAYS, RENEWAL_INTERVAL_SECONDS in docs/configuration.md).
  const server = await startPaddock({
    REGISTRATION_TRIAL_DAYS: String(SHORT_TRIAL_SECONDS / 86_400),
    RENEWAL_INTERVAL_SECONDS: '1',
    SIMULATOR: 'off',
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const baseURL = server.url;
    const page = await context.newPage();
    const owner = await signInNewUser(page, request, baseURL, 'lapsed');
    const catalogue = await prices(request, baseURL, owner);
    const key = await registerDemoDevice(request, baseURL, owner, 'fencealarm', 11, 'West fence');
    const alarm = page.getByLabel('Alarm when the fence voltage falls below');
    const fetchDevice = () =>
      getJson<{
        Subscription: { Trialing: boolean; ExpiresAt: string; PriceIds: { Current: string; Next: string } };
        VoltageAlarm: { Enabled: boolean; AlarmLevel: number };
      }>(request, baseURL, `fencealarms/${key}`, owner.token);

    // During the trial the owner sets the alarm.
    await page.goto(`/fencealarm/${key}`);
    await expect(page.getByRole('heading', { level: 1, name: 'FenceAlarm West fence' })).toBeVisible();
    await expect(page.getByTestId('subscription-line')).toContainText('Trial');
    await expect(alarm).toBeEnabled();
    await alarm.selectOption('4000');
    await saveSettings(page, key);
    expect((await fetchDevice()).VoltageAlarm).toMatchObject({ Enabled: true, AlarmLevel: 4000 });

    // The trial runs out and the renewal job ends it: no plan was chosen (docs/product/states.md Plans and renewal).
    await expect
      .poll(
        async () => {
          const { Subscription } = await fetchDevice();
          return !Subscription.Trialing && Date.parse(Subscription.ExpiresAt) <= Date.now();
        },
        { timeout: (SHORT_TRIAL_SECONDS + 30) * 1000, intervals: [1000] },
      )
      .toBe(true);

    await page.goto(`/fencealarm/${key}`);
    await expect(page.getByRole('heading', { level: 1, name: 'FenceAlarm West fence' })).toBeVisible();
    await expect(page.getByTestId('subscription-line')).toContainText(/None · Ended/);
    await expect(alarm).toBeDisabled();
    await expect(alarm.locator('option:checked')).toHaveText('Off');
    await expect(page.getByText('Alarms are off while the device has no active subscription.')).toBeVisible();
    await snapshot(page, testInfo, 'settings-lapsed');

    // Choosing a plan starts it at once, once the owner confirms the payment (charged to the built-in test card;
    // docs/product/billing.md "A charge is its own step"), and the alarm is back as it was.
    await page.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Monthly' });
    await expect(alarm).toBeEnabled();
    await expect(alarm).toHaveValue('4000');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Buy the Monthly plan?' }).getByRole('button', { name: /^Pay SEK/ }).click();
    await page.getByRole('dialog', { name: 'Plan bought' }).getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(new RegExp(`/devices\\?id=${key}$`));
    await page.goto(`/fencealarm/${key}`);
    await expect(page.getByTestId('subscription-line')).toContainText(/Monthly · Renews/);
    await expect(alarm).toBeEnabled();
    await expect(alarm).toHaveValue('4000');
    const device = await fetchDevice();
    expect(device.Subscription).toMatchObject({
      Trialing: false,
      PriceIds: { Current: catalogue.FencealarmMonth.Id, Next: catalogue.FencealarmMonth.Id },
    });
    expect(Date.parse(device.Subscription.ExpiresAt)).toBeGreaterThan(Date.now());
    expect(device.VoltageAlarm).toMatchObject({ Enabled: true, AlarmLevel: 4000 });
    const invoices = await getJson<unknown[]>(request, baseURL, `users/${owner.userId}/invoices`, owner.token);
    expect(invoices).toHaveLength(1);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('buying extra data adds 1 GB, and its invoice is on /billing with its PDF', async ({ page, request, baseURL }) => {
  const owner = await signInNewUser(page, request, baseURL!, 'extra-data');
  const imsi = await registerDemoDevice(request, baseURL!, owner, 'farmcam-sim', 12, 'Yard camera');
  await page.goto(`/farmcam-sim/${imsi}`);
  await expect(page.getByRole('heading', { level: 1, name: 'FarmCam SIM Yard camera' })).toBeVisible();
  const buy = page.getByRole('button', { name: 'Buy extra data' });
  await expect(buy).toBeEnabled();
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Buy extra data?' });
  await expect(dialog).toContainText(/1 GB of extra data for Yard camera costs SEK\s[\d.,]+ ex VAT/);
  // The demo SIM reports its remaining data every few seconds (a trickle of use), so "before" is read just now and the
  // purchase's own reply is compared with it; the screen shows that reply.
  const before = (await getJson<{ RemainingData: number }>(request, baseURL!, `farmcam-sims/${imsi}`, owner.token)).RemainingData;
  const purchase = page.waitForResponse(
    (reply) => reply.url().endsWith(`/api/farmcam-sims/${imsi}/extra-data`) && reply.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Buy' }).click();
  const reply = await purchase;
  expect(reply.status()).toBe(200);
  const { RemainingData: after } = (await reply.json()) as { RemainingData: number };
  expect(Math.abs(after - before - 1_000_000_000)).toBeLessThan(1_000_000);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('remaining-data')).toHaveText(formatDataAmount(after, 'en-GB'));

  await page.goto('/billing');
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(2); // the header and the one invoice
  const download = page.waitForEvent('download');
  await invoices.getByRole('button', { name: /^Download invoice .+ \(PDF\)$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a double-clicked Buy SMS charges once', async ({ page, request, baseURL }) => {
  const owner = await signInNewUser(page, request, baseURL!, 'sms-once');
  await page.goto('/billing');
  const balance = page.getByTestId('sms-balance');
  await expect(balance).toHaveText('0 SMS left');
  const buy = page.getByRole('button', { name: 'Buy SMS' });
  await expect(buy).toBeEnabled();
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Buy SMS?' });
  await expect(dialog).toContainText(/100 SMS for SEK\s[\d.,]+ ex VAT/);
  await dialog.getByRole('button', { name: 'Buy' }).dblclick();
  await expect(balance).toHaveText('100 SMS left');
  const account = await getJson<{ SmsNotifications: { Balance: number } }>(request, baseURL!, `users/${owner.userId}`, owner.token);
  expect(account.SmsNotifications.Balance).toBe(100);
  const invoices = await getJson<unknown[]>(request, baseURL!, `users/${owner.userId}/invoices`, owner.token);
  expect(invoices).toHaveLength(1);
});

test('Manage payment opens the built-in portal in a new window', async ({ page, request, baseURL }) => {
  await signInNewUser(page, request, baseURL!, 'portal');
  await page.goto('/billing');
  // On a phone, in every language, the title's words and the page's button share no pixel (the button goes below).
  for (const locale of ['sv-SE', 'de-DE', 'fr-FR', 'en-GB']) {
    await openNavigation(page);
    await page.getByRole('combobox', { name: /Language|Sprache|Langue|Språk/ }).selectOption(locale);
    const menu = page.getByRole('button', { name: /^(Menu|Menü|Meny)$/ });
    if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
    // The page in that language, its title and button drawn.
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.pd-page__actions button')).toBeVisible();
    const [title, button] = await page.evaluate(() => {
      const words = document.createRange();
      words.selectNodeContents(document.querySelector('main h1')!);
      const box = (rect: DOMRect) => ({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
      return [box(words.getBoundingClientRect()), box(document.querySelector('.pd-page__actions button')!.getBoundingClientRect())];
    });
    const apart = title.right <= button.left || button.top >= title.bottom || button.right <= title.left || button.bottom <= title.top;
    expect(apart, `${locale}: the title ${JSON.stringify(title)} and the button ${JSON.stringify(button)} overlap`).toBe(true);
  }
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Manage payment' }).click();
  const portal = await popup;
  await portal.waitForURL(/\/billing-portal\?token=/);
  expect(new URL(portal.url()).origin).toBe(new URL(baseURL!).origin);
});
