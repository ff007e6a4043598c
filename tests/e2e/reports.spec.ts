// Reports by e-mail (issue 32, docs/product/reports.md): on a phone, the farmer chooses Weekly on /account; the report
// of the last whole week comes by e-mail with its CSV attached; the link in the mail stops the reports without signing
// in, and /account then shows Off. On a server of this file's own whose report job and notification worker run every
// second, so the first report comes at once.
import type { Browser } from '@playwright/test';
import { expect, expectAccessible, expectToast, mailsTo, recordToasts, registerDemoDevice, signInNewUser, test } from '../support/fixtures';
import { startPaddock, type RunningServer } from '../support/server';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startPaddock({ REPORT_INTERVAL_SECONDS: '1', NOTIFY_POLL_SECONDS: '1', SIMULATOR: 'off' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function phone(browser: Browser) {
  return browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 780 }, locale: 'en-GB' });
}

test('Weekly on /account mails the report with its CSV; its link stops the reports and /account shows Off', async ({
  browser,
  request,
}, testInfo) => {
  const context = await phone(browser);
  try {
    const page = await context.newPage();
    const owner = await signInNewUser(page, request, server.url, 'reports');
    // Numbers 59 of each product are this file's.
    const fence = await registerDemoDevice(request, server.url, owner, 'fencealarm', 59, 'North fence');
    const plug = await registerDemoDevice(request, server.url, owner, 'smartplug', 59, 'Water pump');

    // /account: Off until chosen; Weekly saved on the tap.
    await page.goto('/account');
    const reports = page.getByRole('group', { name: 'Send me a report' });
    await expect(reports.getByRole('radio', { name: 'Off' })).toBeChecked();
    await recordToasts(page);
    await reports.getByRole('radio', { name: 'Weekly' }).check();
    await expectToast(page, 'You will get a report every week.');
    await expect(reports.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('account-email-reports-en-GB-360x780.png') });

    // The report of the last whole week, with the CSV: a row per device and measure, the headers in English.
    await expect
      .poll(async () => (await mailsTo(request, owner.email)).map((mail) => mail.Subject), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/^Your Paddock week: \d+ \w+ \d{4} – \d+ \w+ \d{4}$/));
    const [report] = (await mailsTo(request, owner.email)).filter((mail) => mail.Subject.startsWith('Your Paddock week'));
    expect(report.Text).toContain('North fence: no readings in this period');
    expect(report.Text).toContain('Water pump: 0 kWh');
    expect(report.Text).toContain('No alarms were raised.');
    expect(report.Attachments).toHaveLength(1);
    const [csv] = report.Attachments;
    expect(csv.Filename).toMatch(/^paddock-report-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.ContentType).toMatch(/^text\/csv/);
    const rows = csv.Content.trim().split('\r\n');
    expect(rows[0]).toBe('Device,IMEI/IMSI,Product,Measure,Value,Unit');
    expect(rows).toContain(`North fence,${fence},FenceAlarm,Time below alarm level,0,h`);
    expect(rows).toContain(`Water pump,${plug},SmartPlug,Energy,0,kWh`);

    // The link in the mail: a page that asks (no sign-in needed: a fresh browser), one button stops the reports.
    const link = /https?:\/\/\S+\/api\/reports\/unsubscribe\?token=\S+/.exec(report.Text)?.[0];
    expect(link).toBeTruthy();
    const stranger = await phone(browser);
    try {
      const mailPage = await stranger.newPage();
      await mailPage.goto(link!);
      await expect(mailPage.getByRole('heading', { name: 'E-mail reports' })).toBeVisible();
      await expect(mailPage.getByText(`Stop the e-mail reports to ${owner.email}?`)).toBeVisible();
      await mailPage.getByRole('button', { name: 'Stop the reports' }).click();
      await expect(mailPage.getByRole('status')).toHaveText(
        new RegExp(`^Done: no more e-mail reports will be sent to ${owner.email.replace(/[.+]/g, '\\$&')}\\.`),
      );
      await expectAccessible(mailPage);
      await mailPage.screenshot({ path: testInfo.outputPath('report-unsubscribed-en-GB-360x780.png') });
      // Following the link again changes nothing and says so.
      await mailPage.goto(link!);
      await expect(mailPage.getByRole('status')).toContainText('Done: no more e-mail reports');
    } finally {
      await stranger.close();
    }

    // /account shows Off; the week was mailed once.
    await page.goto('/account');
    await expect(page.getByRole('group', { name: 'Send me a report' }).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect((await mailsTo(request, owner.email)).filter((mail) => mail.Subject.startsWith('Your Paddock week'))).toHaveLength(1);
  } finally {
    await context.close();
  }
});
