// Devices, live: the simulator's readings on the dashboard, a fence warning after its voltage drops, the plug
// switch answered by the device, every settings page saved and applied by the device, and sharing from the
// settings page. The server runs the simulator for the demo inventory (tests/support/server.ts).
import type { Locator, Page } from '@playwright/test';
import { collectionOf, type ProductId } from '../../shared/src/products/catalogue';
import { SMS_BUNDLE, toMajorUnits } from '../../shared/src/domain/money';
import { apiCall, expect, expectAccessible, mailsTo, registerDemoDevice, signInNewUser, snapshot, startDashboardAs, test } from '../support/fixtures';

// Keys from the demo inventory; numbers 20–29 of each product are this file's.


// Timer rules are saved on the farmer's wall clock with the browser's zone: the browser runs in UTC so the expected strings hold.
test.use({ timezoneId: 'UTC' });
// Devices report every few seconds and the plug waits for its device: these journeys take longer than a page visit.
test.describe.configure({ timeout: 120_000 });

const card = (page: Page, name: string) => page.getByRole('article', { name });

/** The card's text once the device has reported (no dashes left where values go). */
async function reportedText(card: Locator) {
  await expect(card).not.toContainText('Not yet', { timeout: 15_000 });
  return card.innerText();
}

async function openSettings(page: Page, name: string) {
  await card(page, name).getByRole('link', { name: /settings/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
}

async function saveAndExpectApplied(page: Page, name: string, key: string) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/devices\\?id=${key}$`));
  // Back on the page, the device has reported the configuration it now runs.
  await openSettings(page, name);
  await expect(page.getByText(/^Applied by the device/)).toBeVisible({ timeout: 20_000 });
}

test('live values reach the dashboard, a dropped fence voltage shows a warning, and the plug switches off and on', async ({ page, request, baseURL }, testInfo) => {
  const user = await signInNewUser(page, request, baseURL!, 'live');
  const fence = await registerDemoDevice(request, baseURL!, user, 'fencealarm', 20, 'Bull paddock fence');
  const fence2 = await registerDemoDevice(request, baseURL!, user, 'fencealarm2', 20, 'Lane fence');
  const plug = await registerDemoDevice(request, baseURL!, user, 'smartplug', 20, 'Piglet lamp');
  const plug2 = await registerDemoDevice(request, baseURL!, user, 'smartplug2', 20, 'Well pump');
  const sim = await registerDemoDevice(request, baseURL!, user, 'farmcam-sim', 20, 'Yard camera');

  // Every card shows values the device reported, and they change within 15 s.
  await page.goto('/devices');
  for (const name of ['Bull paddock fence', 'Lane fence', 'Piglet lamp', 'Well pump']) {
    const first = await reportedText(card(page, name));
    await expect.poll(() => card(page, name).innerText(), { timeout: 15_000 }).not.toBe(first);
  }
  // The SIM's data drains by kilobytes, finer than its card shows: the API tells the change.
  const remaining = async () => (await (await apiCall(request, baseURL!, 'get', `farmcam-sims/${sim}`, { token: user.token })).json()).RemainingData as number;
  await expect.poll(remaining, { timeout: 15_000 }).toBeGreaterThan(0);
  const firstRemaining = await remaining();
  await expect.poll(remaining, { timeout: 15_000 }).not.toBe(firstRemaining);
  await snapshot(page, testInfo, 'dashboard-live');

  // The fence alarm at 5,000 V, set on its settings page; then the simulator drops the fence's voltage.
  await openSettings(page, 'Bull paddock fence');
  await page.getByLabel('Alarm when the fence voltage falls below').selectOption('5000');
  await saveAndExpectApplied(page, 'Bull paddock fence', fence);
  await page.goto('/devices');
  const fenceCard = card(page, 'Bull paddock fence');
  await expect(fenceCard.getByRole('button', { name: 'Show warnings' })).toHaveCount(0);
  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${fence}`, { data: { Fault: 'low-voltage' } })).ok()).toBeTruthy();
  await fenceCard.getByRole('button', { name: 'Show warnings' }).click({ timeout: 15_000 });
  const warnings = page.getByRole('dialog', { name: 'Warnings for Bull paddock fence' });
  await expect(warnings.getByText('Fence voltage is below the alarm level')).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'dashboard-warning');
  await page.keyboard.press('Escape');
  // Back to normal: the warning clears with the next reading.
  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${fence}`, { data: { Fault: 'none' } })).ok()).toBeTruthy();
  await expect(fenceCard.getByRole('button', { name: 'Show warnings' })).toHaveCount(0, { timeout: 15_000 });

  // The plug: off, answered by the device, then on again.
  const power = card(page, 'Piglet lamp').getByRole('switch', { name: 'Power' });
  await expect(power).toHaveAttribute('aria-checked', 'true');
  await power.click();
  await expect(power).toHaveAttribute('aria-checked', 'false', { timeout: 20_000 });
  const plugState = async () => (await (await apiCall(request, baseURL!, 'get', `smartplugs/${plug}`, { token: user.token })).json()).PowerEnabled as boolean;
  expect(await plugState()).toBe(false);
  await power.click();
  await expect(power).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
  expect(await plugState()).toBe(true);
  // SmartPlug2 switches through its OutputPower.
  const power2 = card(page, 'Well pump').getByRole('switch', { name: 'Power' });
  await power2.click();
  await expect(power2).toHaveAttribute('aria-checked', 'false', { timeout: 20_000 });
  expect(fence2).toBeTruthy();
  expect(plug2).toBeTruthy();
});

test('every settings page saves, and the device applies the new configuration', async ({ page, request, baseURL }, testInfo) => {
  const user = await signInNewUser(page, request, baseURL!, 'settings');
  const fence = await registerDemoDevice(request, baseURL!, user, 'fencealarm', 21, 'Heifer fence');
  const fence2 = await registerDemoDevice(request, baseURL!, user, 'fencealarm2', 21, 'Orchard fence');
  const plug = await registerDemoDevice(request, baseURL!, user, 'smartplug', 21, 'Brooder heater');
  const plug2 = await registerDemoDevice(request, baseURL!, user, 'smartplug2', 21, 'Stock tank pump');
  const sim = await registerDemoDevice(request, baseURL!, user, 'farmcam-sim', 21, 'Calving camera');
  const device = async (product: ProductId, key: string) =>
    (await apiCall(request, baseURL!, 'get', `${collectionOf(product)}/${key}`, { token: user.token })).json();
  await page.goto('/devices');

  // FenceAlarm: alarm level and calibration; the device confirms the level it now uses.
  await openSettings(page, 'Heifer fence');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'settings-fencealarm');
  await page.getByLabel('Alarm when the fence voltage falls below').selectOption('4000');
  await page.getByRole('switch', { name: /Correct the measured voltage/ }).or(page.getByLabel(/Correct the measured voltage/)).first().check();
  await page.getByLabel('Scaling factor').fill('1.05');
  await page.getByLabel('Expected voltage (V)').fill('6000');
  await saveAndExpectApplied(page, 'Heifer fence', fence);
  expect(await device('fencealarm', fence)).toMatchObject({
    VoltageAlarm: { Enabled: true, AlarmLevel: 4000 },
    Config: { AlarmLevel: 4000 },
    Calibration: { Enabled: true, ScalingFactor: 1.05, ExpectedVoltage: 6000 },
  });

  // FenceAlarm2: a threshold from its fixed list.
  await page.goto('/devices');
  await openSettings(page, 'Orchard fence');
  await expectAccessible(page);
  await page.getByLabel('Alarm when the fence voltage falls below').selectOption('3943');
  await saveAndExpectApplied(page, 'Orchard fence', fence2);
  expect(await device('fencealarm2', fence2)).toMatchObject({ VoltageAlarm: { Enabled: true, Threshold: 3943 } });

  // SmartPlug: load alarm bounds, a timer rule and a thermostat rule.
  await page.goto('/devices');
  await openSettings(page, 'Brooder heater');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'settings-smartplug');
  await page.getByLabel('Load alarm').selectOption('on');
  await page.getByLabel('Upper limit (W)').fill('2500');
  await page.getByRole('switch', { name: 'Use the timer' }).or(page.getByLabel('Use the timer')).first().check();
  const timer = page.getByRole('group', { name: /New rule/ }).first();
  await timer.getByLabel('Time').fill('06:57');
  await timer.getByLabel('Monday').check();
  await timer.getByLabel('Switch the plug').selectOption('on');
  await page.getByRole('button', { name: 'Add timer rule' }).click();
  await saveAndExpectApplied(page, 'Brooder heater', plug);
  const savedPlug = await device('smartplug', plug);
  expect(savedPlug.LoadAlarm).toMatchObject({ Enabled: true, Lower: 0, Upper: 2500 });
  expect(savedPlug.Timer.Enabled).toBe(true);
  expect(savedPlug.Timer.On).toHaveLength(1);
  // 06:57 is rounded up with carry to 07:00 and sent with the browser's zone (docs/product/validation.md).
  expect(savedPlug.Timer.On[0]).toBe('0 7 1');
  expect(savedPlug.Timer.TimeZone).toBe('UTC');

  // SmartPlug2: sound feedback off and power-load bounds.
  await page.goto('/devices');
  await openSettings(page, 'Stock tank pump');
  await expectAccessible(page);
  await page.getByRole('switch', { name: 'Sound feedback' }).or(page.getByLabel('Sound feedback')).first().uncheck();
  await page.getByLabel('Lower limit (W)').fill('5');
  await page.getByLabel('Upper limit (W)').fill('900');
  await saveAndExpectApplied(page, 'Stock tank pump', plug2);
  expect(await device('smartplug2', plug2)).toMatchObject({ DeviceConfig: { AuditoryFeedback: false, PowerLoadAlarm: { Lower: 5, Upper: 900 } } });

  // FarmCam SIM: it has no device configuration; name and tags save.
  await page.goto('/devices');
  await openSettings(page, 'Calving camera');
  await expectAccessible(page);
  await page.getByLabel('New tag').fill('Calving shed');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await page.getByLabel('Device name').fill('Calving pen camera');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/devices\\?id=${sim}$`));
  await expect(card(page, 'Calving pen camera')).toBeVisible();
  expect((await device('farmcam-sim', sim)).Metadata.Tags).toContain('Calving shed');
});

test('shared from the settings page: the friend sees the device but cannot unregister it; the owner unregisters it', async ({ page, request, baseURL, browser }) => {
  const owner = await signInNewUser(page, request, baseURL!, 'sharer');
  const friendContext = await browser.newContext({ baseURL });
  // The detailed cards, whose Settings link this journey follows (a new phone-sized context starts compact).
  await startDashboardAs(friendContext, 'detailed');
  const friendPage = await friendContext.newPage();
  const friend = await signInNewUser(friendPage, request, baseURL!, 'neighbour');
  const plug = await registerDemoDevice(request, baseURL!, owner, 'smartplug', 22, 'Greenhouse heater');

  await page.goto('/devices');
  await openSettings(page, 'Greenhouse heater');
  // The alarms are off for the person invited unless the owner ticks it (docs/product/states.md Sharing).
  const notifyBox = page.getByRole('checkbox', { name: 'Also notify them of alarms' });
  await expect(notifyBox).not.toBeChecked();
  await notifyBox.check();
  // Typed with spaces and capitals: trimmed and lowercased.
  await page.getByLabel('Invite by e-mail').fill(`  ${friend.email.toUpperCase()}  `);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByRole('cell', { name: friend.email, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Notify ${friend.email} of alarms` })).toHaveAttribute('aria-pressed', 'true');
  await expect(notifyBox).not.toBeChecked();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/devices\\?id=${plug}$`));
  // The friend is mailed who shared which device, with a link to it.
  await expect
    .poll(async () => (await mailsTo(request, friend.email)).map((mail) => mail.Subject))
    .toContainEqual(expect.stringContaining('shared Greenhouse heater with you on Paddock'));

  // The friend sees it within a refresh, may open its settings, but not unregister it.
  await expect(card(friendPage, 'Greenhouse heater')).toBeVisible({ timeout: 15_000 });
  await openSettings(friendPage, 'Greenhouse heater');
  await expect(friendPage.getByRole('button', { name: 'Unregister' })).toBeDisabled();
  await expect(friendPage.getByText('Only the owner can unregister this device.')).toBeVisible();
  await expectAccessible(friendPage);

  // The owner unregisters it; it leaves both dashboards.
  await openSettings(page, 'Greenhouse heater');
  await page.getByRole('button', { name: 'Unregister' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unregister Greenhouse heater?' });
  await confirm.getByRole('button', { name: 'Unregister' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(card(page, 'Greenhouse heater')).toHaveCount(0);
  await friendPage.goto('/devices');
  await expect(card(friendPage, 'Greenhouse heater')).toHaveCount(0);
  await friendContext.close();
});

test('a dropped fence voltage is mailed and sent by SMS to the notify-list user in their language, once, and again when it clears', async ({ page, request, baseURL }, testInfo) => {
  const user = await signInNewUser(page, request, baseURL!, 'notified');
  expect((await apiCall(request, baseURL!, 'patch', `users/${user.userId}`, { token: user.token, data: { Locale: 'de-DE' } })).ok()).toBeTruthy();
  const fence = await registerDemoDevice(request, baseURL!, user, 'fencealarm', 24, 'Stierweide');
  const enabled = await apiCall(request, baseURL!, 'patch', `fencealarms/${fence}`, { token: user.token, data: { VoltageAlarm: { Enabled: true, AlarmLevel: 5000 } } });
  expect(enabled.ok(), await enabled.text()).toBeTruthy();
  const account = async () => (await apiCall(request, baseURL!, 'get', `users/${user.userId}`, { token: user.token })).json();

  // SMS cost money: on the account page the user enters a phone number, buys SMS (the dialog names the bundle and its
  // price in SEK, the user being in Sweden), and then may switch SMS notifications on. The interface is still in the
  // language the user signed in with; the alarms go out in the account's language, German.
  const phone = '+46 70 123 45 67';
  const phoneE164 = '+46701234567'; // as the server keeps and sends it (docs/product/validation.md Phone)
  await page.goto('/account');
  await page.getByLabel('Mobile phone').fill(phone);
  const smsBox = page.getByRole('checkbox', { name: 'SMS notifications' });
  await expect(smsBox).toBeDisabled();
  await page.getByRole('button', { name: 'Buy SMS' }).click();
  const buy = page.getByRole('dialog', { name: 'Buy SMS?' });
  const price = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'SEK' }).format(toMajorUnits(SMS_BUNDLE.Sek));
  await expect(buy).toContainText(`100 SMS for ${price} (ex VAT).`);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'account-buy-sms');
  await buy.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(buy).toBeHidden();
  await expect(smsBox).toBeEnabled();
  await expect(smsBox).toHaveAccessibleDescription('100 SMS left');
  await smsBox.check();
  await snapshot(page, testInfo, 'account-sms-bought');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(account).toMatchObject({ Phone: phoneE164, SmsNotifications: { Enabled: true, Balance: 100 } });

  // Readings above the level first, so the drop is a change.
  await expect.poll(async () => (await (await apiCall(request, baseURL!, 'get', `fencealarms/${fence}`, { token: user.token })).json()).LastReport?.Data.Voltage ?? 0, { timeout: 15_000 }).toBeGreaterThan(5000);

  const alarmMails = async () => {
    return (await mailsTo(request, user.email)).filter((mail) => mail.Subject.includes('Stierweide')).map((mail) => mail.Subject);
  };
  /** The user's SMS in the built-in outbox, newest first: found by their e-mail, sent to their phone. */
  const alarmSms = async () => {
    const reply = await apiCall(request, baseURL!, 'get', `admin/sms-outbox?to=${encodeURIComponent(user.email)}`);
    return ((await reply.json()) as { To: string; Text: string }[]).map(({ To, Text }) => ({ To, Text }));
  };
  const smsAlarm = { To: phoneE164, Text: expect.stringMatching(/^Paddock-Alarm: Niedrige Zaunspannung bei Stierweide \(/) };
  const smsClear = { To: phoneE164, Text: expect.stringMatching(/^Paddock-Entwarnung: Niedrige Zaunspannung bei Stierweide \(/) };

  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${fence}`, { data: { Fault: 'low-voltage' } })).ok()).toBeTruthy();
  await expect.poll(alarmMails, { timeout: 30_000 }).toEqual(['Alarm: Niedrige Zaunspannung – Stierweide']);
  await expect.poll(alarmSms, { timeout: 30_000 }).toEqual([smsAlarm]);
  expect((await account()).SmsNotifications.Balance).toBe(99);
  // Further low readings tell nothing new: two more are stored, still low. Anything they queued would be sent before
  // the all-clear below, which then finds exactly one alarm and one all-clear (the worker keeps the queue's order).
  const lastLow = async () => {
    const report = (await (await apiCall(request, baseURL!, 'get', `fencealarms/${fence}`, { token: user.token })).json()).LastReport;
    return report && report.Data.Voltage < 5000 ? (report.Timestamp as string) : null;
  };
  const seen = new Set<string>();
  const alarmedAt = await lastLow();
  await expect.poll(async () => {
    const at = await lastLow();
    if (at && at !== alarmedAt) seen.add(at);
    return seen.size;
  }, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${fence}`, { data: { Fault: 'none' } })).ok()).toBeTruthy();
  await expect.poll(alarmMails, { timeout: 30_000 }).toEqual(['Entwarnung: Niedrige Zaunspannung – Stierweide', 'Alarm: Niedrige Zaunspannung – Stierweide']);
  await expect.poll(alarmSms, { timeout: 30_000 }).toEqual([smsClear, smsAlarm]);
  // One SMS each, paid from the 100 bought.
  expect((await account()).SmsNotifications).toEqual({ Enabled: true, Balance: 98 });
});
