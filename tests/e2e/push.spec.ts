// Push notifications in the browser: the dashboard offers them once without nagging (a denial is remembered), and
// the app's service worker shows an alarm push message in the user's language.
// No push service is reachable from here, so the message is handed to the service worker through Chromium's
// DevTools protocol, exactly as a push service's delivery would arrive.
import type { Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, painted, registerDemoDevice, signInNewUser, test } from '../support/fixtures';

// The service worker is what this spec is about (blocked elsewhere: tests/playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const offer = (page: Page) => page.getByRole('region', { name: 'Alarms in this browser' });

/**
 * Counts, from the next page load on, the dashboard's look-ups of the answer kept from an earlier offer
 * (mfe-devices/src/push/browserPush.ts rememberedAnswer): the offer decides at that moment, 1 s after the cards.
 */
async function countAnswerLookUps(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __pushAnswerLookUps: number };
    w.__pushAnswerLookUps = 0;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, key: string) {
      if (key === 'paddock.pushPrompt') w.__pushAnswerLookUps += 1;
      return getItem.call(this, key);
    };
  });
}

/** Waits until the offer has decided on this page (and what it decided is painted). */
async function offerDecided(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __pushAnswerLookUps: number }).__pushAnswerLookUps > 0);
  await painted(page);
}

test('the dashboard offers alarm notifications once; a denial is told and remembered', async ({ page, request, baseURL }) => {
  // Alarms need a device: the offer comes to a user who has one (docs/product/screens.md).
  const user = await signInNewUser(page, request, baseURL!, 'push-deny');
  await registerDemoDevice(request, baseURL!, user, 'farmcam-sim', 37, 'Yard camera');
  await page.reload();
  await expect(offer(page)).toBeVisible();
  await expectAccessible(page);
  // Headless Chromium answers the permission request with a denial, as a user who blocks it would.
  await offer(page).getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Notifications are blocked for Paddock. You can allow them later in your browser’s site settings.')).toBeVisible();
  await expect(offer(page)).toHaveCount(0);

  await countAnswerLookUps(page);
  await page.reload();
  await expect(page.getByRole('article')).toBeVisible();
  await offerDecided(page);
  await expect(offer(page)).toHaveCount(0);
});

test('"Not now" keeps the offer away on the next visits', async ({ page, request, baseURL }) => {
  const user = await signInNewUser(page, request, baseURL!, 'push-later');
  await registerDemoDevice(request, baseURL!, user, 'fencealarm2', 37, 'Lane fence');
  await page.reload();
  await offer(page).getByRole('button', { name: 'Not now' }).click();
  await expect(offer(page)).toHaveCount(0);
  await countAnswerLookUps(page);
  await page.reload();
  await expect(page.getByRole('article')).toBeVisible();
  await offerDecided(page);
  await expect(offer(page)).toHaveCount(0);
});

test("the service worker shows an alarm push message in the user's language", async ({ page, request, baseURL, context, allowConsoleErrors }) => {
  // Chromium's test contexts are incognito ones, where it has no push service to subscribe to (and says so).
  allowConsoleErrors(/does not support the Push API in incognito mode/);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const user = await signInNewUser(page, request, baseURL!, 'push-show');
  expect((await apiCall(request, baseURL!, 'patch', `users/${user.userId}`, { token: user.token, data: { Locale: 'sv-SE', PushNotifications: { Enabled: true } } })).ok()).toBeTruthy();
  await page.goto('/devices');
  // Allowed before and push on: no offer; the app registers its service worker for the whole site.
  await expect(offer(page)).toHaveCount(0);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  // Delivered only to an activated, running worker: on a busy machine a message handed over while the worker is
  // still starting can be dropped by the DevTools protocol (a push service would retry; this test does not).
  const versions = new Map<string, { registrationId: string; status: string; runningStatus: string }>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const version of updated) versions.set(version.versionId, version);
  });
  await cdp.send('ServiceWorker.enable');
  const ourRegistration = await registrationId;
  await cdp.send('ServiceWorker.startWorker', { scopeURL: `${baseURL}/` });
  await expect
    .poll(() => [...versions.values()].some((v) => v.registrationId === ourRegistration && v.status === 'activated' && v.runningStatus === 'running'))
    .toBe(true);
  const message = {
    Title: 'Larm: Låg stängselspänning – Norra hagen',
    Body: '2 000 V 23 nov. 2026 03:12 UTC',
    Tag: '350000100000031:fence_voltage',
    Data: { Device: 'fencealarm', Imei: '350000100000031' },
    Url: '/devices?id=350000100000031',
  };
  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })),
    );
  // The DevTools protocol can still drop a delivery on a loaded machine (CI saw it once), where a push service would
  // retry: hand it over again until it shows. The tag makes a repeat replace the first, so one notification remains.
  await expect
    .poll(
      async () => {
        if ((await shown()).length === 0) {
          await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: ourRegistration, data: JSON.stringify(message) });
        }
        return (await shown()).length;
      },
      { intervals: [2_000], timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await expect.poll(shown).toEqual([{ title: message.Title, body: message.Body, tag: message.Tag, data: { ...message.Data, Url: message.Url } }]);
});
