// axe on every main page (issue 30, docs/architecture/README.md#habits): signed out, a farmer's pages with a device of
// every product (one with a low fence, two offline, so the plug's power switch is disabled), the pages of a device shared
// with someone else (its alarm selects and Unregister disabled for them), the admin pages and the partner embed, in
// en-GB and de-DE, at phone size; 0 serious or critical violations of WCAG 2 A/AA. axe does not measure disabled
// controls, so their text contrast (≥ 4.5:1, docs/product/states.md "State at a glance") is measured here too.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoKey } from '../../server/src/devices/inventory';
import { PRODUCT_INFO } from '../../shared/src/products/catalogue';
import type { ProductId } from '../../shared/src/products/ids';
import { apiCall, createVerifiedUser, expect, expectAccessible, registerDemoDevice, signInApi, test } from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';

// Keys from the demo inventory; number 7 of each product is this file's.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a photo of a receipt')]);
const LOCALES = ['en-GB', 'de-DE'] as const;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Login {
  email: string;
  password: string;
}
interface Seeded {
  farmer: Login & { token: string; userId: string };
  /** Someone the farmer shares the FenceAlarm with. */
  friend: Login;
  keys: Record<ProductId, string>;
}

let seeded: Seeded;

const NAMES: Record<ProductId, string> = {
  'farmcam-sim': 'Gate camera',
  fencealarm: 'Low fence',
  fencealarm2: 'Hill fence',
  smartplug: 'Calf heater',
  smartplug2: 'Trough pump',
};

async function simulate(request: APIRequestContext, baseURL: string, key: string, Fault: string) {
  const reply = await apiCall(request, baseURL, 'put', `admin/simulator/${key}`, { data: { Fault } });
  expect(reply.ok(), await reply.text()).toBeTruthy();
}

/**
 * The FenceAlarm2 and the SmartPlug offline, as the server reports them. The fault reaches a simulated device over
 * MQTT; one still connecting on a busy machine misses it, and a device seen again reads online: so it is sent again
 * (back online first, then away) until the server reports the device offline (its last will).
 */
async function takeOffline(request: APIRequestContext, baseURL: string, token: string, keys: Record<ProductId, string>) {
  for (const product of ['fencealarm2', 'smartplug'] as const) {
    const path = `${PRODUCT_INFO[product].apiCollection}/${keys[product]}`;
    const offline = async () =>
      ((await (await apiCall(request, baseURL, 'get', path, { token })).json()) as { Connection?: { Offline: boolean } }).Connection?.Offline;
    await expect
      .poll(
        async () => {
          if (await offline()) return true;
          await simulate(request, baseURL, keys[product], 'none');
          await simulate(request, baseURL, keys[product], 'offline');
          return offline();
        },
        { timeout: 90_000, intervals: [3_000, 5_000] },
      )
      .toBe(true);
  }
}

async function seed(request: APIRequestContext, baseURL: string): Promise<Seeded> {
  const user = await createVerifiedUser(request, baseURL, 'a11y');
  const farmer = { ...user, ...(await signInApi(request, baseURL, user.email, user.password)) };
  const friend = await createVerifiedUser(request, baseURL, 'a11y-friend');
  const keys = {} as Record<ProductId, string>;
  for (const product of Object.keys(NAMES) as ProductId[]) {
    // A retry of this file finds its devices still registered to the first run's farmer: staff unregister them first.
    await apiCall(request, baseURL, 'delete', `${PRODUCT_INFO[product].apiCollection}/${demoKey(product, 7)}`);
    keys[product] = await registerDemoDevice(request, baseURL, farmer, product, 7, NAMES[product]);
  }
  const shared = await apiCall(request, baseURL, 'patch', `fencealarms/${keys.fencealarm}`, { token: farmer.token, data: { Access: [friend.email] } });
  expect(shared.ok(), await shared.text()).toBeTruthy();
  await simulate(request, baseURL, keys.fencealarm, 'low-voltage');
  await takeOffline(request, baseURL, farmer.token, keys);
  // Two claims of one serial: one in the farmer's list, one in the admins' review (docs/product/admin.md).
  const serial = `FA2-A11Y-${Date.now()}`;
  const other = await createVerifiedUser(request, baseURL, 'a11y-other');
  const otherSession = await signInApi(request, baseURL, other.email, other.password);
  for (const session of [otherSession, farmer]) {
    const claim = await apiCall(request, baseURL, 'post', `users/${session.userId}/warranties`, {
      token: session.token,
      data: { Product: 'FenceAlarm2', SerialNumber: serial, Retailer: 'Granngården', DateOfPurchase: '2025-05-20', ProofOfPurchase: PNG.toString('base64') },
    });
    expect(claim.status(), await claim.text()).toBe(201);
  }
  const notice = await apiCall(request, baseURL, 'post', 'notices', {
    data: { Public: false, English: 'Service window on Sunday', German: 'Wartung am Sonntag', French: 'Maintenance dimanche', Swedish: 'Underhåll på söndag' },
  });
  expect(notice.status(), await notice.text()).toBeLessThan(300);
  return { farmer, friend, keys };
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext();
  try {
    seeded = await seed(request, process.env.PADDOCK_E2E_URL!);
  } finally {
    await request.dispose();
  }
});

/**
 * A browser in `locale` at phone size; signed in as `session` by the stored token, the way the app keeps it. The theme
 * follows the system's light or dark (prefers-color-scheme in shared/src/ui/theme.css): `colorScheme` picks it.
 */
async function openAs(browser: Browser, baseURL: string, locale: string, session?: Login, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, locale, colorScheme });
  const page = await context.newPage();
  if (session) {
    const reply = await page.request.post(`${baseURL}/api/sign-in`, { data: { Email: session.email, Password: session.password } });
    expect(reply.ok(), await reply.text()).toBeTruthy();
    const { Token, User } = (await reply.json()) as { Token: unknown; User: unknown };
    await page.goto('/sign-in');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('paddock.token', JSON.stringify(token));
      localStorage.setItem('paddock.user', JSON.stringify(user));
    }, { token: Token, user: User });
  }
  return { context, page };
}

/** Opens `path` and waits until its heading is there and nothing is loading. */
async function visit(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await expect(h1).toBeVisible();
  if (heading) await expect(h1).toContainText(heading);
  await expect(page.locator('.pd-loading')).toHaveCount(0);
}

/**
 * The text contrast of every visible disabled control and of the offline card's greyed values: the colour as
 * painted (its opacity and its ancestors' folded in) against the first opaque background behind it.
 */
async function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const m = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0];
      return [m[0], m[1], m[2], m[3] ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1) as Rgba;
    };
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const background = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let at: Element | null = element; at; at = at.parentElement) {
        const colour = parse(getComputedStyle(at).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1] as Rgba);
    };
    const opacity = (element: Element) => {
      let product = 1;
      for (let at: Element | null = element; at; at = at.parentElement) product *= Number(getComputedStyle(at).opacity);
      return product;
    };
    const found: string[] = [];
    const targets = document.querySelectorAll(
      'button:disabled, select:disabled, input:disabled:not([type="checkbox"]):not([type="radio"]), textarea:disabled, .pd-device--offline .pd-device__primary-value, .pd-device--offline .pd-device__details dd, .pd-device__seen, .pd-device--offline .pd-compact__value, .pd-compact__line .pd-device__status, .pd-trend__range',
    );
    for (const element of targets) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !(element.textContent ?? '').trim() && !(element as HTMLInputElement).value) continue;
      const back = background(element);
      const text = parse(getComputedStyle(element).color);
      const painted = over([text[0], text[1], text[2], text[3] * opacity(element)], back);
      const [l1, l2] = [luminance(painted), luminance(back)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      if (ratio < 4.5) found.push(`${element.tagName.toLowerCase()}.${element.className} “${(element.textContent ?? '').trim().slice(0, 30)}”: ${ratio.toFixed(2)}:1`);
    }
    return found;
  });
}

/**
 * axe (serious and critical fail), no `aria-allowed-role` at any impact (Lighthouse flagged it on /devices, issue 30),
 * and the contrast axe leaves out.
 */
async function check(page: Page, where: string) {
  await test.step(`axe: ${where}`, async () => {
    const results = await expectAccessible(page);
    const roles = results.violations.filter((v) => v.id === 'aria-allowed-role');
    expect(roles.flatMap((v) => v.nodes.map((n) => n.html)), `aria-allowed-role on ${where}`).toEqual([]);
    expect(await lowContrast(page), `low contrast on ${where}`).toEqual([]);
    const minor = results.violations.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`);
    if (minor.length) test.info().annotations.push({ type: 'axe, minor or moderate', description: `${where}: ${minor.join(', ')}` });
  });
}

for (const locale of LOCALES) {
  test.describe(locale, () => {
    test('signed out: sign-in, create account, reset password', async ({ browser, baseURL }) => {
      const { page, context } = await openAs(browser, baseURL!, locale);
      try {
        for (const path of ['/sign-in', '/create-account', '/reset-password']) {
          await visit(page, path);
          await check(page, path);
        }
      } finally {
        await context.close();
      }
    });

    test('a farmer: the dashboard (low, offline, a disabled switch), register, every settings page, logs', async ({ browser, baseURL, request }) => {
      const { farmer: login, keys } = seeded;
      await takeOffline(request, baseURL!, login.token, keys);
      const { page, context } = await openAs(browser, baseURL!, locale, login);
      try {
        await visit(page, '/devices');
        for (const name of Object.values(NAMES)) await expect(page.getByRole('article', { name })).toBeVisible();
        // Offline: greyed values, and the plug's power switch disabled.
        await expect(page.getByRole('article', { name: NAMES.fencealarm2 })).toHaveClass(/pd-device--offline/, { timeout: 30_000 });
        await expect(page.getByRole('article', { name: NAMES.smartplug }).getByRole('switch')).toBeDisabled({ timeout: 30_000 });
        await check(page, '/devices');
        await visit(page, '/devices/register');
        await check(page, '/devices/register');
        for (const product of Object.keys(keys) as ProductId[]) {
          await visit(page, `/${product}/${keys[product]}`, NAMES[product]);
          await check(page, `/${product} settings`);
        }
        for (const product of ['fencealarm', 'smartplug2'] as const) {
          await visit(page, `/${product}/${keys[product]}/logs`, NAMES[product]);
          await check(page, `/${product} logs`);
        }
      } finally {
        await context.close();
      }
    });

    test('a farmer: account, billing, warranties; a shared device with its controls disabled', async ({ browser, baseURL }) => {
      const { farmer: login, friend: friendLogin, keys } = seeded;
      const farmer = await openAs(browser, baseURL!, locale, login);
      try {
        for (const path of ['/account', '/billing', '/warranties']) {
          await visit(farmer.page, path);
          await check(farmer.page, path);
        }
      } finally {
        await farmer.context.close();
      }
      // The friend the fence is shared with: its alarm select and Unregister are disabled (docs/product/roles.md).
      const friend = await openAs(browser, baseURL!, locale, friendLogin);
      try {
        await visit(friend.page, `/fencealarm/${keys.fencealarm}`, NAMES.fencealarm);
        await expect(friend.page.locator('main select:disabled').first()).toBeVisible();
        await expect(friend.page.locator('main button:disabled').first()).toBeVisible();
        await check(friend.page, '/fencealarm settings, shared');
      } finally {
        await friend.context.close();
      }
    });

    test('the admin pages', async ({ browser, baseURL }) => {
      const { farmer, keys } = seeded;
      const { page, context } = await openAs(browser, baseURL!, locale, E2E_ADMIN);
      try {
        for (const path of [
          '/admin',
          `/admin/user/${farmer.userId}`,
          `/admin/fencealarm/${keys.fencealarm}`,
          `/admin/smartplug2/${keys.smartplug2}`,
          '/admin/stats',
          '/admin/notices',
          '/admin/warranty-claims',
          '/admin/audit',
        ]) {
          await visit(page, path);
          await check(page, path);
        }
      } finally {
        await context.close();
      }
    });

    test('the partner embed', async ({ browser, baseURL }) => {
      // docs/product/embedding.md: the demo partner page, with an element in this language.
      const { page, context } = await openAs(browser, baseURL!, locale);
      try {
        await page.goto(`http://shop.localhost:${new URL(baseURL!).port}/partner-demo/`);
        await page.evaluate(
          async ({ token, lang }) => {
            const demo = (window as unknown as { partnerDemo: { remove(): Promise<void>; apiBase: string } }).partnerDemo;
            await demo.remove();
            const element = document.createElement('paddock-devices');
            element.setAttribute('api-base', demo.apiBase);
            element.setAttribute('token', token);
            element.setAttribute('locale', lang);
            element.id = 'first-embed';
            document.getElementById('element-slot')!.appendChild(element);
          },
          { token: seeded.farmer.token, lang: locale },
        );
        await expect(page.locator('#first-embed').getByRole('article', { name: NAMES.smartplug2 })).toBeVisible({ timeout: 20_000 });
        await check(page, 'partner embed');
      } finally {
        await context.close();
      }
    });
  });
}

// The dark theme (prefers-color-scheme: dark) has its own palette: the same checks, axe's contrast rule and the
// disabled and offline measure above, on the main pages of each kind (docs/architecture/README.md#look-and-feel).
test.describe('dark theme', () => {
  test('signed out, a farmer’s pages (offline values, a disabled switch, a shared device), the admin pages', async ({ browser, baseURL, request }) => {
    const { farmer: login, friend: friendLogin, keys } = seeded;
    await takeOffline(request, baseURL!, login.token, keys);
    const signedOut = await openAs(browser, baseURL!, 'en-GB', undefined, 'dark');
    try {
      expect(await signedOut.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
      await visit(signedOut.page, '/sign-in');
      await check(signedOut.page, 'dark /sign-in');
    } finally {
      await signedOut.context.close();
    }
    const farmer = await openAs(browser, baseURL!, 'de-DE', login, 'dark');
    try {
      const { page } = farmer;
      await visit(page, '/devices');
      await expect(page.getByRole('article', { name: NAMES.fencealarm2 })).toHaveClass(/pd-device--offline/, { timeout: 30_000 });
      await expect(page.getByRole('article', { name: NAMES.smartplug }).getByRole('switch')).toBeDisabled({ timeout: 30_000 });
      await check(page, 'dark /devices');
      await visit(page, `/fencealarm2/${keys.fencealarm2}`, NAMES.fencealarm2);
      await check(page, 'dark /fencealarm2 settings');
      await visit(page, `/smartplug2/${keys.smartplug2}/logs`, NAMES.smartplug2);
      await check(page, 'dark /smartplug2 logs');
      for (const path of ['/account', '/billing', '/warranties']) {
        await visit(page, path);
        await check(page, `dark ${path}`);
      }
    } finally {
      await farmer.context.close();
    }
    const friend = await openAs(browser, baseURL!, 'en-GB', friendLogin, 'dark');
    try {
      await visit(friend.page, `/fencealarm/${keys.fencealarm}`, NAMES.fencealarm);
      await expect(friend.page.locator('main button:disabled').first()).toBeVisible();
      await check(friend.page, 'dark /fencealarm settings, shared');
    } finally {
      await friend.context.close();
    }
    const admin = await openAs(browser, baseURL!, 'en-GB', E2E_ADMIN, 'dark');
    try {
      for (const path of ['/admin', '/admin/stats', '/admin/audit', '/admin/warranty-claims']) {
        await visit(admin.page, path);
        await check(admin.page, `dark ${path}`);
      }
    } finally {
      await admin.context.close();
    }
  });
});
