// The shell's composition and guards: redirects, server messages, remotes on other origins or missing, one session.
import { join } from 'node:path';
import { createVerifiedUser, expect, expectAccessible, openNavigation, signInThroughForm, snapshot, test } from '../support/fixtures';
import { repoRoot, startPaddock } from '../support/server';
import { serveDirectory } from '../support/staticServer';

test('a signed-out visit to /account goes to /sign-in, which will come back to it', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('a wrong password shows the server’s message and keeps what was typed', async ({ page, request, baseURL }) => {
  const user = await createVerifiedUser(request, baseURL!, 'wrong-password');
  await page.goto('/sign-in');
  await signInThroughForm(page, user.email, 'not-the-right-password');
  await expect(page.getByText('Wrong e-mail address or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel('E-mail address')).toHaveValue(user.email);
  await expectAccessible(page);
});

test('signing in through the account remote updates the shell’s navbar without a reload', async ({ page, request, baseURL }) => {
  const user = await createVerifiedUser(request, baseURL!, 'navbar');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sign-in');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Devices' })).toHaveCount(0);
  // A marker on window survives only if the page is never reloaded.
  await page.evaluate(() => ((window as unknown as { paddockMarker: string }).paddockMarker = 'same page'));

  await signInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/devices$/);
  await expect(navigation.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Devices' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { paddockMarker?: string }).paddockMarker)).toBe('same page');

  // The account settings come from the same session store.
  await navigation.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('E-mail address')).toHaveValue(user.email);
  await expectAccessible(page);
});

test('the shell composes a remote served from a second origin', async ({ page }) => {
  // A server of its own to start (over 40 s on a busy machine, 60 s in one CI run).
  test.slow();
  const remote = await serveDirectory(join(repoRoot, 'mfe-account', 'dist'));
  // A server told where the remote is: remotes.json names it and the CSP allows its origin. No devices to simulate.
  const server = await startPaddock({ REMOTE_ACCOUNT_URL: `${remote.url}/mf-manifest.json`, SIMULATOR: 'off' });
  try {
    const response = await page.goto(`${server.url}/sign-in`);
    expect(response!.headers()['content-security-policy']).toContain(`script-src 'self' ${remote.url}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    // The manifest, the container and the sign-in chunk all came from the second port.
    expect(remote.requests).toContain('/mf-manifest.json');
    expect(remote.requests.some((path) => path.endsWith('.js'))).toBe(true);
  } finally {
    await server.stop();
    await remote.close();
  }
});

test('a remote that 404s shows "section unavailable" with Retry, and the rest of the shell keeps working', async ({
  page,
  request,
  baseURL,
  allowConsoleErrors,
}, testInfo) => {
  // The 404 itself, and the failure told by the federation runtime and by React's error boundary.
  allowConsoleErrors(/status of 404 \(Not Found\) \(\S*\/remotes\/devices-missing\//, /The devices section could not be loaded/);
  const user = await createVerifiedUser(request, baseURL!, 'missing-remote');
  const remotes = (await (await fetch(`${baseURL}/remotes.json`)).json()) as Record<string, string>;
  let devicesMissing = true;
  await page.route('**/remotes.json', (route) =>
    route.fulfill({ json: { ...remotes, devices: `${baseURL}/remotes/devices-missing/mf-manifest.json` } }),
  );
  await page.route('**/remotes/devices-missing/**', async (route) => {
    if (devicesMissing) return route.fulfill({ status: 404, body: 'not found' });
    // "Redeployed": the same address now answers with the real remote.
    const real = await fetch(route.request().url().replace('/remotes/devices-missing/', '/remotes/devices/'));
    return route.fulfill({ status: real.status, headers: Object.fromEntries(real.headers), body: Buffer.from(await real.arrayBuffer()) });
  });

  await page.goto('/sign-in');
  await signInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'section-unavailable');

  // The navbar and the other remotes still work.
  await openNavigation(page);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('E-mail address')).toHaveValue(user.email);

  // Once the remote is back, Retry loads it without reloading the page.
  devicesMissing = false;
  await openNavigation(page);
  await page.getByRole('link', { name: 'Devices' }).click();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No devices yet')).toBeVisible();
});

test('a signed-in user on an unknown route sees "Page not found" with a way back', async ({ page, request, baseURL }) => {
  const user = await createVerifiedUser(request, baseURL!, 'not-found');
  await page.goto('/sign-in');
  await signInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/devices$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: /back/i }).or(page.getByRole('link', { name: /back/i })).first().click();
  await expect(page).toHaveURL(/\/devices$/);
});

test('/connection-error shows the message with the support host and reloads the app root on "Try again"', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/ERR_CONNECTION_REFUSED \(\S*\/remotes\.json\)/, /could not load \/remotes\.json/);
  await page.route('**/remotes.json', (route) => route.abort('connectionrefused'));
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/connection-error$/);
  await expect(page.getByText('support.paddock.farm').first()).toBeVisible();
  await expectAccessible(page);
  await page.unroute('**/remotes.json');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('when the shell’s own script cannot load, the splash turns into a message with Try again', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404 \(Not Found\) \(\S*\/main\.[0-9a-f]+\.js\)/);
  await page.clock.install();
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/sign-in');
  await page.clock.runFor(16_000);
  await expect(page.getByRole('alert')).toContainText('Paddock could not start.');
  await expect(page.getByRole('alert')).toContainText('Paddock konnte nicht starten.');
  await page.unroute(/\/main\.[0-9a-f]+\.js$/);
  await page.getByRole('button', { name: /Try again/ }).click();
  await page.clock.runFor(2_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
