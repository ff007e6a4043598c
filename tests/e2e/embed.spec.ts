// Partner embedding (docs/product/embedding.md): the demo partner page, served at /partner-demo/ and opened on
// another origin (http://shop.localhost:<port>; Chromium resolves *.localhost to this machine), embeds the device
// dashboard twice through /remotes/devices/embed.js; the API answers it because the default PARTNER_ORIGINS admits
// that origin, and refuses any other.
import type { Page } from '@playwright/test';
import { apiCall, createVerifiedUser, expect, expectAccessible, registerDemoDevice, snapshot, test } from '../support/fixtures';

const port = (baseURL: string) => new URL(baseURL).port;
const demoUrl = (baseURL: string) => `http://shop.localhost:${port(baseURL)}/partner-demo/`;

async function signInByApi(request: Parameters<typeof createVerifiedUser>[0], baseURL: string, prefix: string) {
  const user = await createVerifiedUser(request, baseURL, prefix);
  const reply = await request.post(`${baseURL}/api/sign-in`, { data: { Email: user.email, Password: user.password } });
  expect(reply.status(), await reply.text()).toBe(200);
  const body = await reply.json();
  return { ...user, token: body.Token.String as string, userId: body.User.Id as string };
}

/**
 * Before the page's own script: counts the listeners Paddock's code added to window and document that are still
 * registered, so the test can tell that an unmounted embed left none behind.
 */
async function watchGlobalListeners(page: Page) {
  await page.addInitScript(() => {
    const live = new Map<string, Set<unknown>>();
    const captureOf = (options: unknown) =>
      typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture);
    for (const [name, target] of [
      ['window', window],
      ['document', document],
    ] as const) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      const key = (type: string, options: unknown) => `${name}:${type}${captureOf(options) ? ':capture' : ''}`;
      target.addEventListener = (
        type: string,
        listener: EventListenerOrEventListenerObject | null,
        options?: boolean | AddEventListenerOptions,
      ) => {
        // Paddock's own listeners only (added from the remotes' files or embed.js), not Playwright's injected ones.
        if (listener && /\/remotes\//.test(new Error().stack ?? ''))
          live.set(key(type, options), (live.get(key(type, options)) ?? new Set()).add(listener));
        add(type, listener as EventListenerOrEventListenerObject, options);
      };
      target.removeEventListener = (
        type: string,
        listener: EventListenerOrEventListenerObject | null,
        options?: boolean | EventListenerOptions,
      ) => {
        live.get(key(type, options))?.delete(listener);
        remove(type, listener as EventListenerOrEventListenerObject, options);
      };
    }
    (window as unknown as { globalListeners: () => Record<string, number> }).globalListeners = () =>
      Object.fromEntries([...live].filter(([, set]) => set.size > 0).map(([k, set]) => [k, set.size]));
  });
}

const globalListeners = (page: Page) =>
  page.evaluate(() => (window as unknown as { globalListeners: () => Record<string, number> }).globalListeners());

test('the demo partner page embeds the dashboard twice: live, switchable, styles isolated both ways, and gone without a trace', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const user = await signInByApi(request, baseURL!, 'embed');
  const plug = await registerDemoDevice(request, baseURL!, user, 'smartplug', 14, 'Barn heater');
  await watchGlobalListeners(page);
  // Time flows as usual; at the end the test moves it past a poll interval at once (page.clock.runFor).
  await page.clock.install();

  // Without a token: Paddock's sign-in, inside each element (the page's own DOM has no such form).
  await page.goto(demoUrl(baseURL!));
  const first = page.locator('#first-embed');
  const second = page.locator('#second-embed');
  await expect(first.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(second.getByLabel('E-mail address')).toBeVisible();
  expect(await page.evaluate(() => document.querySelectorAll('input[type="password"]').length)).toBe(0);
  await page.evaluate(() => (window as unknown as { partnerDemo: { remove(): Promise<void> } }).partnerDemo.remove());
  await expect(first).toHaveCount(0);
  const baseline = await globalListeners(page);

  // With the token: the user's devices in both embeds, the second in the partner colours.
  await page.evaluate((token) => (window as unknown as { partnerDemo: { show(t: string): void } }).partnerDemo.show(token), user.token);
  const card = (embed: typeof first, name: string) => embed.getByRole('article').filter({ hasText: name });
  await expect(card(first, 'Barn heater')).toBeVisible({ timeout: 20_000 });
  await expect(card(second, 'Barn heater')).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'partner-demo');
  // The watch sees the embeds' listeners (the dashboard's poll listens for the page becoming visible again).
  expect(Object.keys(await globalListeners(page))).toContain('document:visibilitychange');

  // Neither page's CSS reaches the other (computed styles, both ways).
  const styles = await page.evaluate(() => {
    const inFirst = document.querySelector('#first-embed')!.shadowRoot!;
    const card = inFirst.querySelector('article.pd-device')!;
    const powerButton = inFirst.querySelector('button[role="switch"]')!;
    const pageButton = document.querySelector('article.offer button')!;
    const pageDiv = document.querySelector('.columns')!;
    const accent = (id: string) =>
      getComputedStyle(document.querySelector(id)!.shadowRoot!.querySelector('.pd-embed')!).getPropertyValue('--pd-accent').trim();
    return {
      cardBorderStyle: getComputedStyle(card).borderTopStyle,
      cardBackground: getComputedStyle(card).backgroundColor,
      cardFont: getComputedStyle(card).fontFamily,
      powerBackground: getComputedStyle(powerButton).backgroundColor,
      powerTransform: getComputedStyle(powerButton).textTransform,
      pageButtonBackground: getComputedStyle(pageButton).backgroundColor,
      pageButtonFont: getComputedStyle(pageButton).fontFamily,
      pageBoxSizing: getComputedStyle(pageDiv).boxSizing,
      pageBodyFont: getComputedStyle(document.body).fontFamily,
      pageBodyMargin: getComputedStyle(document.body).marginTop,
      pageStyles: document.querySelectorAll('style, link[rel="stylesheet"][href*="/remotes/"]').length,
      pageVariant: document.documentElement.dataset.variant ?? null,
      accents: [accent('#first-embed'), accent('#second-embed')],
    };
  });
  expect(styles.cardBorderStyle).not.toBe('dashed');
  expect(styles.cardBackground).not.toBe('rgb(255, 0, 255)');
  expect(styles.cardFont).not.toMatch(/Georgia/);
  expect(styles.powerBackground).not.toBe('rgb(160, 0, 0)');
  expect(styles.powerTransform).not.toBe('uppercase');
  expect(styles.pageButtonBackground).toBe('rgb(160, 0, 0)');
  expect(styles.pageButtonFont).toMatch(/Georgia/);
  expect(styles.pageBoxSizing).toBe('content-box'); // Paddock's `* { box-sizing: border-box }` stayed inside
  expect(styles.pageBodyFont).toMatch(/Georgia/);
  expect(styles.pageBodyMargin).toBe('0px');
  expect(styles.pageStyles).toBe(0); // no stylesheet of Paddock's in the page, neither <style> nor <link>
  expect(styles.pageVariant).toBeNull();
  expect(styles.accents[0]).not.toBe(styles.accents[1]); // default and partner colours side by side

  // Refreshed every 5 s: a device registered elsewhere shows up without a reload.
  await registerDemoDevice(request, baseURL!, user, 'fencealarm', 15, 'North fence');
  await expect(card(first, 'North fence')).toBeVisible({ timeout: 12_000 });
  await expect(card(second, 'North fence')).toBeVisible({ timeout: 12_000 });

  // The plug switches from the embed; the device answers.
  const plugState = async () =>
    (await (await apiCall(request, baseURL!, 'get', `smartplugs/${plug}`, { token: user.token })).json()).PowerEnabled as boolean;
  const before = await plugState();
  const power = card(first, 'Barn heater').getByRole('switch', { name: 'Power' });
  await expect(power).toHaveAttribute('aria-checked', String(before));
  await power.click();
  await expect(power).toHaveAttribute('aria-checked', String(!before), { timeout: 20_000 });
  await expect.poll(plugState, { timeout: 20_000 }).toBe(!before);

  // Unmounted: the elements are empty or gone, no call to the API follows, no listener and no session stay behind.
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiCalls.push(r.url());
  });
  const secondElement = await second.elementHandle();
  await page.evaluate(() => (window as unknown as { partnerDemo: { remove(): Promise<void> } }).partnerDemo.remove());
  await expect(first).toHaveCount(0);
  expect(await secondElement!.evaluate((el) => el.shadowRoot?.childNodes.length ?? 0)).toBe(0);
  await page.clock.runFor(6_000); // past a poll interval (DEVICE_LIST_REFRESH_MS, 5 s): a poll left behind runs now
  // A request of the page's own after it: any the timers above started was sent first.
  const own = page.waitForRequest((r) => r.url().startsWith(demoUrl(baseURL!)) && r.url().includes('after-unmount'));
  await page.evaluate(() => fetch(`${location.href}?after-unmount`, { cache: 'no-store' }).then((response) => response.status));
  await own;
  expect(apiCalls).toEqual([]);
  expect(await globalListeners(page)).toEqual(baseline);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('paddock.')))).toEqual([]);
});

// Issue 26: the sign-in inside the element comes from the partner's origin, so it gets an embed token — enough for the
// dashboard, nothing more (server/src/http/cors.test.ts shows what it is refused).
test('signing in inside the element shows the dashboard, and the partner page cannot delete the account', async ({
  page,
  request,
  baseURL,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/CORS policy/, /Failed to load resource/);
  const user = await signInByApi(request, baseURL!, 'embed-sign-in');
  await registerDemoDevice(request, baseURL!, user, 'fencealarm', 16, 'East paddock');
  await page.goto(demoUrl(baseURL!));
  const first = page.locator('#first-embed');
  await first.getByLabel('E-mail address').fill(user.email);
  await first.getByLabel('Password', { exact: true }).fill(user.password);
  await first.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(first.getByRole('article').filter({ hasText: 'East paddock' })).toBeVisible({ timeout: 20_000 });

  // The partner's page, even holding the customer's full token, cannot reach a call the embed does not make.
  const outcome = await page.evaluate(
    async ({ url, token }) => {
      try {
        const reply = await fetch(url, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
        return `answered ${reply.status}`;
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    },
    { url: `http://localhost:${port(baseURL!)}/api/users/${user.userId}`, token: user.token },
  );
  expect(outcome).toBe('refused: TypeError');
  expect((await apiCall(request, baseURL!, 'get', `users/${user.userId}`, { token: user.token })).status()).toBe(200);
});

test.describe('another origin', () => {
  test('the API refuses an origin that is not a partner’s', async ({ page, request, baseURL, allowConsoleErrors }) => {
    // The browser reports the refused call on the console; that is what this test is about.
    allowConsoleErrors(/CORS policy/, /Failed to load resource/);
    const user = await signInByApi(request, baseURL!, 'embed-foreign');
    const evil = 'http://evil.localhost:9';
    const devices = `${baseURL}/api/users/${user.userId}/devices`;
    const plain = await request.get(devices, { headers: { Origin: evil, Authorization: `Bearer ${user.token}` } });
    expect(plain.headers()['access-control-allow-origin']).toBeUndefined();
    const preflight = (origin: string) =>
      request.fetch(devices, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
      });
    const refused = await preflight(evil);
    expect(refused.status()).toBe(403);
    expect(refused.headers()['access-control-allow-origin']).toBeUndefined();
    const partner = await preflight(`http://shop.localhost:${port(baseURL!)}`);
    expect(partner.status()).toBe(204);
    expect(partner.headers()['access-control-allow-origin']).toBe(`http://shop.localhost:${port(baseURL!)}`);

    // And in the browser: a page of that origin cannot read the API.
    await page.route(`${evil}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Elsewhere</title><p>Elsewhere</p></html>' }),
    );
    await page.goto(`${evil}/`);
    const outcome = await page.evaluate(
      async ({ url, token }) => {
        try {
          const reply = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
          return `read ${reply.status}`;
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      },
      { url: `http://localhost:${port(baseURL!)}/api/users/${user.userId}/devices`, token: user.token },
    );
    expect(outcome).toBe('refused: TypeError');
  });
});
