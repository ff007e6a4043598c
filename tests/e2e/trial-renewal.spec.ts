// Issue 30: a trial never ends silently, and a declined renewal is stated the same way by app, e-mail and server
// (docs/product/billing.md "Trial reminders" and "A declined renewal"). Phone size (the suite's 360×780), on a server of
// this file's own whose trials end in seconds and whose renewal job and notification worker run every second.
import type { APIRequestContext, Browser } from '@playwright/test';
import type { PriceCatalogue } from '../../shared/src/contract/billing';
import { apiCall, expect, expectAccessible, mailsTo, registerDemoDevice, signInNewUser, startDashboardAs, test } from '../support/fixtures';
import { startPaddock, type RunningServer } from '../support/server';

/** The registration trial of this file's server, in seconds: long enough to see the card before the end. */
const SHORT_TRIAL_SECONDS = 45;

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startPaddock({
    REGISTRATION_TRIAL_DAYS: String(SHORT_TRIAL_SECONDS / 86_400),
    RENEWAL_INTERVAL_SECONDS: '1',
    NOTIFY_POLL_SECONDS: '1',
    SIMULATOR: 'off',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function phone(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 780 }, locale: 'en-GB' });
  // The detailed cards, whose trial, paused and payment lines this file reads (a phone starts compact).
  await startDashboardAs(context, 'detailed');
  return context;
}

/** The subjects of the mails to `email`, oldest first, once `count` have come. */
async function subjectsOnce(request: APIRequestContext, email: string, count: number) {
  await expect.poll(async () => (await mailsTo(request, email)).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
  return (await mailsTo(request, email)).map((mail) => mail.Subject).reverse();
}

test('a trial ending sends the reminders, and the card says the alarms are paused when it ends', async ({ browser, request }, testInfo) => {
  const context = await phone(browser);
  try {
    const baseURL = server.url;
    const page = await context.newPage();
    const owner = await signInNewUser(page, request, baseURL, 'trial-end');
    const key = await registerDemoDevice(request, baseURL, owner, 'fencealarm', 31, 'North fence');

    // Within its last day at once: the 1-day reminder, with the end and the link to the settings page (the plan).
    await expect
      .poll(async () => (await mailsTo(request, owner.email)).map((mail) => mail.Subject), { timeout: 30_000 })
      .toContain('The trial of North fence ends in 1 day');
    const [reminder] = await mailsTo(request, owner.email);
    expect(reminder.Text).toContain(`${baseURL}/fencealarm/${key}`);
    expect(reminder.Text).toMatch(/ends on \d+ \w+ \d{4}/);

    // The card says it too, with the way to a plan; then, when the end passes, that the alarms are paused (no reload).
    await page.goto('/devices');
    const card = page.getByRole('article', { name: 'North fence' });
    await expect(card.getByRole('link', { name: /^Trial ends .+ — choose a plan$/ })).toHaveAttribute('href', `/fencealarm/${key}`);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('trial-ends-en-GB-360x780.png') });
    await expect(card.getByRole('link', { name: 'Alarms paused — choose a plan' })).toBeVisible({
      timeout: (SHORT_TRIAL_SECONDS + 30) * 1000,
    });
    await expect(card.getByTestId('trial-ends')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('trial-ended-en-GB-360x780.png') });

    // The end's mail; each reminder once, whatever the job's many runs meanwhile.
    await expect
      .poll(async () => (await mailsTo(request, owner.email)).map((mail) => mail.Subject), { timeout: 60_000 })
      .toContain('The trial of North fence has ended: alarms paused');
    const [ended] = await mailsTo(request, owner.email);
    expect(ended.Text).toContain('Its alarms are paused');
    expect(ended.Text).toContain(`${baseURL}/fencealarm/${key}`);
    const subjects = await subjectsOnce(request, owner.email, 3);
    expect(subjects.filter((subject) => subject.startsWith('The trial of North fence'))).toEqual([
      'The trial of North fence ends in 1 day',
      'The trial of North fence has ended: alarms paused',
    ]);

    // Staff extend another device's trial to a week: the 7-day reminder, naming the days really left.
    const other = await registerDemoDevice(request, baseURL, owner, 'fencealarm', 32, 'South fence');
    const extended = await apiCall(request, baseURL, 'put', `fencealarms/${other}/trial`, { data: { Days: 6 } });
    expect(extended.ok(), await extended.text()).toBeTruthy();
    await expect
      .poll(async () => (await mailsTo(request, owner.email)).map((mail) => mail.Subject), { timeout: 30_000 })
      .toContain('The trial of South fence ends in 6 days');
  } finally {
    await context.close();
  }
});

test('a declined renewal is stated the same way by app, e-mail and server: the alarms keep working, the card wants updating', async ({
  browser,
  request,
}, testInfo) => {
  const context = await phone(browser);
  try {
    const baseURL = server.url;
    const page = await context.newPage();
    const owner = await signInNewUser(page, request, baseURL, 'renewal-declined');
    const key = await registerDemoDevice(request, baseURL, owner, 'fencealarm', 33, 'West fence');
    const catalogue = (await (await request.get(`${baseURL}/api/prices`)).json()) as PriceCatalogue;

    // During the trial: the alarm on at 4,000 V and the Monthly plan chosen (the next plan: nothing charged now).
    const chosen = await apiCall(request, baseURL, 'patch', `fencealarms/${key}`, {
      token: owner.token,
      data: { PriceId: catalogue.FencealarmMonth.Id, VoltageAlarm: { Enabled: true, AlarmLevel: 4000 } },
    });
    expect(chosen.ok(), await chosen.text()).toBeTruthy();
    // The built-in provider's declining test card (docs/product/billing.md), saved through its portal page.
    const link = await apiCall(request, baseURL, 'get', `users/${owner.userId}/billing`, { token: owner.token });
    const portal = new URL(((await link.json()) as { Url: string }).Url);
    const saved = await request.post(`${portal.origin}${portal.pathname}/payment-method`, {
      form: { token: portal.searchParams.get('token')!, number: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' },
      maxRedirects: 0,
    });
    expect(saved.status(), await saved.text()).toBeLessThan(400);

    // The server: the trial's renewal into the plan is declined and will be retried; the alarm stays on.
    type Read = { Renewal?: { PaymentFailed: boolean; RetryAt: string }; VoltageAlarm: { Enabled: boolean; AlarmLevel: number } };
    let device: Read | undefined;
    await expect
      .poll(
        async () => {
          device = (await (await apiCall(request, baseURL, 'get', `fencealarms/${key}`, { token: owner.token })).json()) as Read;
          return device.Renewal?.PaymentFailed ?? false;
        },
        { timeout: (SHORT_TRIAL_SECONDS + 60) * 1000, intervals: [1000] },
      )
      .toBe(true);
    expect(device!.VoltageAlarm).toMatchObject({ Enabled: true, AlarmLevel: 4000 });
    expect(Date.parse(device!.Renewal!.RetryAt)).toBeGreaterThan(Date.now());

    // The e-mail: declined, tried again, the alarms keep working meanwhile.
    await expect
      .poll(async () => (await mailsTo(request, owner.email)).map((mail) => mail.Subject), { timeout: 30_000 })
      .toContain('The payment for West fence was declined');
    const declined = (await mailsTo(request, owner.email)).find((mail) => mail.Subject === 'The payment for West fence was declined')!;
    expect(declined.Text).toContain('until then the device and its alarms keep working');

    // The app: the card says the payment failed (not that the alarms are paused) ...
    await page.goto('/devices');
    const card = page.getByRole('article', { name: 'West fence' });
    await expect(card.getByRole('link', { name: 'Payment failed — update your card' })).toHaveAttribute('href', '/billing');
    await expect(card.getByTestId('alarms-paused')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('payment-failed-card-en-GB-360x780.png') });
    // ... the settings page shows the alarm as the server has it, and the same words ...
    await page.goto(`/fencealarm/${key}`);
    await expect(page.getByRole('heading', { level: 1, name: 'FenceAlarm West fence' })).toBeVisible();
    const alarm = page.getByLabel('Alarm when the fence voltage falls below');
    await expect(alarm).toBeEnabled();
    await expect(alarm).toHaveValue('4000');
    await expect(page.getByText('Alarms are off while the device has no active subscription.')).toHaveCount(0);
    await expect(page.getByTestId('payment-failed')).toContainText('Payment failed — update your card');
    await expect(page.getByTestId('payment-failed')).toContainText('Alarms keep working. Next try');
    await expectAccessible(page);
    // ... and Billing states it with the way to update the card, never "Inactive".
    await page.goto('/billing');
    const row = page.getByRole('row', { name: /West fence/ });
    await expect(row).toContainText('Payment failed — update your card');
    await expect(row).not.toContainText('Inactive');
    await expect(page.getByTestId('payment-failed-notice').getByRole('button', { name: 'Update your card' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('payment-failed-billing-en-GB-360x780.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
