import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

const E2E_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  // The barcode scanner gets a camera: permission granted, Chromium's test-pattern video.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './support/globalSetup.ts',
  fullyParallel: false,
  workers: 2,
  // One retry in CI, reported as flaky in the list: a timing slip on a busy 2-core machine should not undo a landing;
  // a test that fails twice still fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: E2E_CHROMIUM_ARGS },
    viewport: { width: 360, height: 780 },
    locale: 'en-GB',
    trace: 'retain-on-failure',
    // The app's service worker precaches everything and answers from its cache, where page.route() cannot see the
    // requests (Playwright's docs): blocked, except in the specs about the worker itself (push, installable), which
    // allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
});
