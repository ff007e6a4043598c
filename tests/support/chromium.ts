// Chromium comes from Debian; browsers are never downloaded by the test tool (docs/architecture/README.md#running-it).
// One launch set-up for the end-to-end tests and the front-end benchmark.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Quiet, headless-friendly flags: no sandbox in containers, no GPU, no background traffic that would skew timings. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
