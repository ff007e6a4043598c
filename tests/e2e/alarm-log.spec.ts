// The alarm log at phone size (docs/product/alarm-log.md): an owner shares a fence with a friend, both on its notify
// list; the simulator makes its voltage drop. The owner follows the warnings dialog's "Alarm log" link to the fence's
// log and finds the alarm still on, with each of them told by e-mail, delivered; the friend acknowledges it on their
// phone, and the owner's log then says who did. When the fault is gone the entry shows its clear. (That the
// acknowledgement stops the reminders for everyone is in server/src/alarms/alarmLog.test.ts: reminders come a day apart.)
import type { Page } from '@playwright/test';
import { demoKey } from '../../server/src/devices/inventory';
import { apiCall, expect, expectAccessible, mailsTo, signInNewUser, snapshot, test } from '../support/fixtures';

// Numbers 44–47 of each product of the demo inventory are this file's.
const FENCE = demoKey('fencealarm', 44);
const NAME = 'Ewe paddock fence';
const PHONE_SIZE = { width: 360, height: 780 };

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: PHONE_SIZE });

/** An address as a regular expression's literal text. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const entry = (page: Page) => page.getByRole('article', { name: 'Fence voltage low' });

test('the owner finds the alarm in the log from the warnings dialog; the friend acknowledges it; the log says who', async ({
  page,
  request,
  baseURL,
  browser,
}, testInfo) => {
  const owner = await signInNewUser(page, request, baseURL!, 'log-owner');
  const friendContext = await browser.newContext({ baseURL, viewport: PHONE_SIZE });
  const friendPage = await friendContext.newPage();
  const friend = await signInNewUser(friendPage, request, baseURL!, 'log-friend');

  const registered = await apiCall(request, baseURL!, 'post', `users/${owner.userId}/fencealarms`, {
    token: owner.token,
    data: { Imei: FENCE, Name: NAME },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const everyone = [owner.email, friend.email];
  const shared = await apiCall(request, baseURL!, 'patch', `fencealarms/${FENCE}`, {
    token: owner.token,
    data: { Access: everyone, Notify: everyone, VoltageAlarm: { Enabled: true, AlarmLevel: 5000 } },
  });
  expect(shared.ok(), await shared.text()).toBeTruthy();
  // Readings above the level first, so the drop is a change.
  const voltage = async () =>
    (await (await apiCall(request, baseURL!, 'get', `fencealarms/${FENCE}`, { token: owner.token })).json()).LastReport?.Data.Voltage ?? 0;
  await expect.poll(voltage, { timeout: 20_000 }).toBeGreaterThan(5000);

  // The alarm: both are mailed, and the log has it with both mails delivered.
  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${FENCE}`, { data: { Fault: 'low-voltage' } })).ok()).toBeTruthy();
  const alarmMails = async (email: string) =>
    (await mailsTo(request, email)).map((mail) => mail.Subject).filter((subject) => subject.startsWith('Alarm:') && subject.includes(NAME));
  await expect.poll(() => alarmMails(owner.email), { timeout: 30_000 }).toHaveLength(1);
  await expect.poll(() => alarmMails(friend.email), { timeout: 30_000 }).toHaveLength(1);
  const statuses = async () => {
    const log = await (
      await apiCall(request, baseURL!, 'get', `users/${owner.userId}/alarms?device=${FENCE}`, { token: owner.token })
    ).json();
    return (log.Occurrences[0]?.Deliveries ?? []).map((d: { Channel: string; Status: string }) => `${d.Channel} ${d.Status}`);
  };
  await expect.poll(statuses, { timeout: 30_000 }).toEqual(['email delivered', 'email delivered']);

  // The owner: the card's warnings dialog links to the fence's alarm log.
  await page.goto('/devices');
  const card = page.getByRole('article', { name: NAME });
  await card.getByRole('button', { name: 'Show warnings' }).click();
  await page
    .getByRole('dialog', { name: `Warnings for ${NAME}` })
    .getByRole('link', { name: 'Alarm log' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/devices/alarms\\?device=${FENCE}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Alarm log' })).toBeVisible();
  await expect(entry(page).getByText('Still on')).toBeVisible();
  await expect(entry(page).getByText(new RegExp(`^${literal(owner.email)} · E-mail · alarm · delivered$`))).toBeVisible();
  await expect(entry(page).getByText(new RegExp(`^${literal(friend.email)} · E-mail · alarm · delivered$`))).toBeVisible();
  await expect(entry(page).getByRole('button', { name: 'Acknowledge' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'alarm-log-phone');

  // The friend, on their phone, sees the fence shared with them in their log and acknowledges the alarm.
  await friendPage.goto('/devices/alarms');
  await expect(entry(friendPage).getByRole('link', { name: NAME })).toBeVisible();
  await entry(friendPage).getByRole('button', { name: 'Acknowledge' }).click();
  await expect(entry(friendPage).getByText(new RegExp(`^Acknowledged by ${literal(friend.email)} at `))).toBeVisible();
  await expect(entry(friendPage).getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);

  // The owner's log says who acknowledged it; once the fault is gone, when it cleared.
  expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${FENCE}`, { data: { Fault: 'none' } })).ok()).toBeTruthy();
  await expect
    .poll(
      async () =>
        (await mailsTo(request, owner.email)).some((mail) => mail.Subject.startsWith('All clear:') && mail.Subject.includes(NAME)),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.reload();
  await expect(entry(page).getByText(new RegExp(`^Acknowledged by ${literal(friend.email)} at `))).toBeVisible();
  await expect(entry(page).getByText(/^Cleared /)).toBeVisible();
  await friendContext.close();
});
