// The built apps run under the server's Content-Security-Policy (no inline or eval scripts, not framed): no
// page of the shell, the remotes or the API docs trips it. (A remote configured on another origin: shell.spec.ts.)
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openNavigation, signInThroughForm, test } from '../support/fixtures';
import { E2E_ADMIN, repoRoot } from '../support/server';
import { serveDirectory } from '../support/staticServer';

/** Every CSP violation the page reports (the event and the console message), collected from the first script on. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy|unsafe-eval/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

test('the shell and every remote run without a CSP violation', async ({ page }) => {
  const violations = watchViolations(page);
  const response = await page.goto('/sign-in');
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The start-up splash is hidden by the app (its fallback is a script file now, not inline).
  await expect(page.locator('#pd-splash')).toHaveCount(0);

  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openNavigation(page);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByLabel('E-mail address')).toHaveValue(E2E_ADMIN.email);
  await openNavigation(page);
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/warranties');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/api/docs');
  // The API docs page brings its own large viewer script: on a busy machine it renders after the default 10 s.
  await expect(page.getByText('Paddock API').first()).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});

test('a remote on an origin the server was not told about is refused by the CSP', async ({ page, baseURL, allowConsoleErrors }) => {
  const remote = await serveDirectory(join(repoRoot, 'mfe-account', 'dist'));
  // The refusal itself, and the failure told by the federation runtime and by React's error boundary.
  allowConsoleErrors(/Content Security Policy/, /The account section could not be loaded/);
  try {
    const violations = watchViolations(page);
    const remotes = (await (await fetch(`${baseURL}/remotes.json`)).json()) as Record<string, string>;
    // An attacker who could change remotes.json (or a stale cache) still cannot load scripts from elsewhere.
    await page.route('**/remotes.json', (route) => route.fulfill({ json: { ...remotes, account: `${remote.url}/mf-manifest.json` } }));
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible();
    expect(remote.requests.some((path) => path.endsWith('.js'))).toBe(false);
    expect(violations.length).toBeGreaterThan(0);
  } finally {
    await remote.close();
  }
});
