// Alarm consent: an owner shares a fence with a friend and puts the friend on its notify list. The friend, who has
// SMS credit, gets the alarm by e-mail only, until the friend turns SMS on for that device on its settings page;
// then the worker sends the friend an SMS for that device's alarm. The server runs the simulator
// (tests/support/server.ts), whose faults an admin sets.
import type { Page } from '@playwright/test';
import { demoKey } from '../../server/src/devices/inventory';
import { apiCall, expect, expectAccessible, mailsTo as caughtMails, signInNewUser, snapshot, startDashboardAs, test } from '../support/fixtures';

// Number 40 of each product of the demo inventory is this file's.
const FENCE = demoKey('fencealarm', 40);
const NAME = 'Ram paddock fence';
const PHONE = '+46 70 765 43 21';
/** As the server keeps and sends it: E.164, no spaces (docs/product/validation.md Phone). */
const PHONE_E164 = '+46707654321';

test.describe.configure({ timeout: 150_000 });

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('a user put on the notify list by the owner gets e-mail only, and an SMS once they turn SMS on for the device', async ({ page, request, baseURL, browser }, testInfo) => {
  const owner = await signInNewUser(page, request, baseURL!, 'fence-owner');
  const friendContext = await browser.newContext({ baseURL });
  // The detailed cards, whose Settings link this journey follows (a new phone-sized context starts compact).
  await startDashboardAs(friendContext, 'detailed');
  const friendPage = await friendContext.newPage();
  const friend = await signInNewUser(friendPage, request, baseURL!, 'fence-friend');

  // The friend has a phone, SMS credit and SMS switched on in the account: everything the owner could spend.
  expect((await apiCall(request, baseURL!, 'post', `users/${friend.userId}/sms`, { token: friend.token })).ok()).toBeTruthy();
  const account = await apiCall(request, baseURL!, 'patch', `users/${friend.userId}`, { token: friend.token, data: { Phone: PHONE, SmsNotifications: { Enabled: true } } });
  expect(account.ok(), await account.text()).toBeTruthy();
  const balance = async () => (await (await apiCall(request, baseURL!, 'get', `users/${friend.userId}`, { token: friend.token })).json()).SmsNotifications.Balance as number;
  expect(await balance()).toBe(100);

  // The owner registers the fence, shares it with the friend, puts the friend on its notify list and sets its alarm.
  const registered = await apiCall(request, baseURL!, 'post', `users/${owner.userId}/fencealarms`, { token: owner.token, data: { Imei: FENCE, Name: NAME } });
  expect(registered.status(), await registered.text()).toBe(201);
  const everyone = [owner.email, friend.email];
  const shared = await apiCall(request, baseURL!, 'patch', `fencealarms/${FENCE}`, {
    token: owner.token,
    data: { Access: everyone, Notify: everyone, VoltageAlarm: { Enabled: true, AlarmLevel: 5000 } },
  });
  expect(shared.ok(), await shared.text()).toBeTruthy();
  // Readings above the level first, so the drop is a change.
  const voltage = async () => (await (await apiCall(request, baseURL!, 'get', `fencealarms/${FENCE}`, { token: owner.token })).json()).LastReport?.Data.Voltage ?? 0;
  await expect.poll(voltage, { timeout: 20_000 }).toBeGreaterThan(5000);

  // The friend was mailed the invitation when the owner shared the fence (docs/product/roles.md); the rest are alarms.
  await expect
    .poll(async () => (await caughtMails(request, friend.email)).map((mail) => mail.Subject), { timeout: 30_000 })
    .toContainEqual(expect.stringContaining(`shared ${NAME} with you`));
  const mailsTo = async (email: string) => {
    return (await caughtMails(request, email))
      .map((mail) => mail.Subject)
      .filter((subject) => subject.includes(NAME) && !subject.includes(`shared ${NAME} with you`));
  };
  const smsTo = async (email: string) => {
    const reply = await apiCall(request, baseURL!, 'get', `admin/sms-outbox?to=${encodeURIComponent(email)}`);
    return ((await reply.json()) as { To: string; Text: string }[]).map(({ To, Text }) => ({ To, Text }));
  };

  // The alarm: the friend is told by e-mail; no SMS, nothing taken from the balance.
  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${FENCE}`, { data: { Fault: 'low-voltage' } })).ok()).toBeTruthy();
  await expect.poll(() => mailsTo(friend.email), { timeout: 30_000 }).toEqual([`Alarm: Low fence voltage – ${NAME}`]);
  await expect.poll(() => mailsTo(owner.email), { timeout: 30_000 }).toEqual([`Alarm: Low fence voltage – ${NAME}`]);
  // No SMS now; one queued with the mails and sent later would come before the all-clear's below, which finds
  // exactly one SMS, that all-clear (the worker sends in the order the notifications were queued).
  expect(await smsTo(friend.email)).toEqual([]);
  expect(await balance()).toBe(100);

  // On the fence's settings page the friend finds e-mail on and SMS and push off, and turns SMS on.
  await friendPage.goto('/devices');
  await card(friendPage, NAME).getByRole('link', { name: /settings/i }).click();
  await expect(friendPage.getByRole('heading', { level: 1, name: new RegExp(NAME) })).toBeVisible();
  const section = friendPage.getByRole('region', { name: 'Your alarm notifications for this device' });
  const sms = section.getByRole('switch', { name: 'SMS' });
  await expect(sms).toBeEnabled();
  await expect(section.getByRole('switch', { name: 'E-mail' })).toBeChecked();
  await expect(sms).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
  await sms.check();
  await expectAccessible(friendPage);
  await snapshot(friendPage, testInfo, 'settings-alarm-channels');
  await friendPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(friendPage).toHaveURL(new RegExp(`/devices\\?id=${FENCE}$`));
  const chosen = await apiCall(request, baseURL!, 'get', `fencealarms/${FENCE}/alarm-channels`, { token: friend.token });
  expect(await chosen.json()).toEqual({ Email: true, Sms: true, Push: false });

  // The alarm clears: now the friend gets it by e-mail and by SMS, paid from the friend's balance.
  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${FENCE}`, { data: { Fault: 'none' } })).ok()).toBeTruthy();
  await expect.poll(() => smsTo(friend.email), { timeout: 30_000 }).toEqual([{ To: PHONE_E164, Text: expect.stringMatching(new RegExp(`^Paddock all clear: Low fence voltage on ${NAME} \\(`)) }]);
  await expect.poll(() => mailsTo(friend.email), { timeout: 30_000 }).toEqual([`All clear: Low fence voltage – ${NAME}`, `Alarm: Low fence voltage – ${NAME}`]);
  expect(await balance()).toBe(99);
  await friendContext.close();
});
