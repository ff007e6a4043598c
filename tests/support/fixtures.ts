import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type BrowserContext, type ConsoleMessage, type Page, type TestInfo } from '@playwright/test';
import { demoKey } from '../../server/src/devices/inventory';
import { PRODUCT_INFO } from '../../shared/src/products/catalogue';
import type { ProductId } from '../../shared/src/products/ids';
import { E2E_ADMIN } from './server';
import type { CaughtMail } from './mailCatcher';

export { expect };

/**
 * The browser's own line for an API reply the app answers in words (a 400, 401, 409… that the test provokes and
 * checks on the page): not an error of the page. A failed load of anything else (an icon, a script) is.
 */
const isApiReplyLine = (message: ConsoleMessage) =>
  message.text().startsWith('Failed to load resource: the server responded with a status of') && message.location().url.includes('/api/');

export const test = base.extend<{
  allowConsoleErrors: (...lines: RegExp[]) => void;
  noConsoleErrors: void;
  /**
   * The dashboard's view this browser starts with, as if chosen before: 'detailed' unless a spec says otherwise, as
   * the journeys act on the detailed cards' buttons; null leaves the screen's own default (compact on a phone,
   * docs/product/screens.md /devices). A choice made during the test is kept.
   */
  dashboardView: 'compact' | 'detailed' | null;
}>({
  baseURL: async ({}, use) => {
    const url = process.env.PADDOCK_E2E_URL;
    if (!url) throw new Error('PADDOCK_E2E_URL is not set: run through tests/playwright.config.ts');
    await use(url);
  },
  dashboardView: ['detailed', { option: true }],
  context: async ({ context, dashboardView }, use) => {
    if (dashboardView) await startDashboardAs(context, dashboardView);
    await use(context);
  },
  /** Names the console errors a test provokes on purpose (a remote that 404s, a cut network), as patterns. */
  allowConsoleErrors: async ({}, use, testInfo) => {
    const allowed: RegExp[] = [];
    (testInfo as unknown as { allowedConsoleErrors: RegExp[] }).allowedConsoleErrors = allowed;
    await use((...lines) => allowed.push(...lines));
  },
  // No page logs a console error or throws (docs/architecture/README.md#habits): checked on every page of every test.
  noConsoleErrors: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error' && !isApiReplyLine(message)) errors.push(`${message.text()} (${message.location().url})`);
        });
        page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      const allowed = (testInfo as unknown as { allowedConsoleErrors?: RegExp[] }).allowedConsoleErrors ?? [];
      expect(errors.filter((error) => !allowed.some((line) => line.test(error))), 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Makes the dashboard of every page of `context` start in `view`, as if this browser had chosen it (the `dashboardView`
 * option does this for the test's own context; a context a test opens itself calls this). A choice made later is kept.
 */
export async function startDashboardAs(context: BrowserContext, view: 'compact' | 'detailed') {
  await context.addInitScript((chosen) => {
    try {
      if (localStorage.getItem('paddock.dashboardView') === null) localStorage.setItem('paddock.dashboardView', JSON.stringify(chosen));
    } catch {
      // a page without storage (about:blank): nothing to keep
    }
  }, view);
}

/**
 * Resolves once the page has painted twice more: what a state change scheduled before now (a render after a reply)
 * has reached the screen. The event a test waits for before it checks that something did not show or move.
 */
export async function painted(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** axe on the current page: fails on serious or critical violations (docs/architecture/README.md#habits); returns all it found. */
export async function expectAccessible(page: Page) {
  // The start-up splash fades out over the page; axe would measure the contrast of its half-transparent text.
  await expect(page.locator('#pd-splash')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  return results;
}

/**
 * Records every toast the page shows from now on (until it navigates), for `expectToast`: a success toast is up for
 * 500 ms (docs/product/limits.md), and Playwright's polling of a locator, every 500-1000 ms once it backs off, can
 * miss it on a loaded machine.
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { paddockToasts: string[] }).paddockToasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.pd-toast')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until the page has shown a toast with `text` since recordToasts. */
export async function expectToast(page: Page, text: string) {
  const shown = (wanted: string) => (window as unknown as { paddockToasts: string[] }).paddockToasts.some((t) => t.includes(wanted));
  await page.waitForFunction(shown, text, { timeout: 10_000 });
}

/** Screenshots at phone and desktop size, kept as test artefacts (docs/architecture/README.md#look-and-feel). */
export async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize();
  for (const [width, height] of [
    [360, 780],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}x${height}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.paddock.test`;
}

/** Signs in through the API: the token and user id the API calls need. */
export async function signInApi(request: APIRequestContext, baseURL: string, email: string, password: string) {
  const reply = await request.post(`${baseURL}/api/sign-in`, { data: { Email: email, Password: password } });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  const { Token, User } = (await reply.json()) as { Token: { String: string }; User: { Id: string } };
  return { token: Token.String, userId: User.Id };
}

async function adminToken(request: APIRequestContext, baseURL: string) {
  return (await signInApi(request, baseURL, E2E_ADMIN.email, E2E_ADMIN.password)).token;
}

/**
 * The mails the server sent to `email`, newest first, as the recipient got them: from the mail catcher
 * (support/mailCatcher.ts), since the built-in mailbox masks the codes of other people's mails.
 */
export async function mailsTo(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const url = process.env.PADDOCK_E2E_MAIL_URL;
  if (!url) throw new Error('PADDOCK_E2E_MAIL_URL is not set: run through tests/playwright.config.ts');
  const reply = await request.get(`${url}/mails?to=${encodeURIComponent(email)}`);
  return reply.ok() ? reply.json() : [];
}

/** The newest message to `email`, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, _baseURL: string, email: string) {
  let mails: Awaited<ReturnType<typeof mailsTo>> = [];
  await expect
    .poll(async () => {
      mails = await mailsTo(request, email);
      return mails.length;
    })
    .toBeGreaterThan(0);
  return mails[0];
}

export function codeFrom(text: string): string {
  const match = text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
}

export const USER_PASSWORD = 'correct-horse-battery';

/** A verified user made through the public API (the journey test covers doing this in the browser). */
export async function createVerifiedUser(request: APIRequestContext, baseURL: string, prefix = 'user', country = 'SE') {
  const email = uniqueEmail(prefix);
  const created = await request.post(`${baseURL}/api/users`, { data: { Email: email, Password: USER_PASSWORD, Country: country } });
  expect(created.status(), await created.text()).toBe(202);
  const mail = await latestMail(request, baseURL, email);
  const verified = await request.put(`${baseURL}/api/verify-email`, { data: { Email: email, VerificationCode: codeFrom(mail.Text) } });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  return { email, password: USER_PASSWORD };
}

/** On a phone the navbar's items sit behind the menu button; opens it when it is there. */
export async function openNavigation(page: Page) {
  const menu = page.getByRole('button', { name: /^(Menu|Menü|Meny)$/ });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A new verified user signed in through the form on `page`; returns what the API calls need too. */
export async function signInNewUser(page: Page, request: APIRequestContext, baseURL: string, prefix: string, country = 'SE') {
  const user = await createVerifiedUser(request, baseURL, prefix, country);
  await page.goto('/sign-in');
  await signInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/devices$/);
  const session = await page.evaluate(() => ({
    token: JSON.parse(localStorage.getItem('paddock.token') ?? 'null')?.String as string,
    userId: JSON.parse(localStorage.getItem('paddock.user') ?? 'null')?.Id as string,
  }));
  return { ...user, ...session };
}

/** A JSON call to the API as the given user (or as the admin when no token is given). */
export async function apiCall(
  request: APIRequestContext,
  baseURL: string,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: { token?: string; data?: unknown } = {},
) {
  const token = options.token ?? (await adminToken(request, baseURL));
  return request[method](`${baseURL}/api/${path}`, { data: options.data, headers: { Authorization: `Bearer ${token}` } });
}

/**
 * Registers device number `n` of a product's demo inventory (which the server's simulator drives) for the user
 * through the API; returns its key. Each spec file keeps to its own numbers, so parallel files never share a device.
 */
export async function registerDemoDevice(
  request: APIRequestContext,
  baseURL: string,
  user: { token: string; userId: string },
  product: ProductId,
  n: number,
  name: string,
) {
  const key = demoKey(product, n);
  const { apiCollection, keyField } = PRODUCT_INFO[product];
  const reply = await apiCall(request, baseURL, 'post', `users/${user.userId}/${apiCollection}`, { token: user.token, data: { [keyField]: key, Name: name } });
  expect(reply.status(), await reply.text()).toBe(201);
  return key;
}
