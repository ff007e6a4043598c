// `npm run bench`: measures the standing budgets of DESIGN §7 against a production build on a fresh server.
// JS is counted as transferred bytes (gzip, as the server sends it) with a cold cache, through Chromium's
// own network accounting.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { buildApps, root } from './apps.mjs';
import { Client } from 'pg';
import { startPaddock, type RunningServer } from '../tests/support/server';
import { load, prepareFiftyDevices } from './benchDevicesApi';

const DEMO = { email: 'demo@bench.paddock.test', password: 'bench-demo-password' };

interface Row {
  what: string;
  value: string;
  budget: string;
  ok: boolean;
}

/** The gzip size of a served script, from the `.gz` copy the build wrote (small files are sent as they are). */
function gzipBytes(url: string): number {
  const path = new URL(url).pathname;
  const remote = /^\/remotes\/([^/]+)\/(.*)$/.exec(path);
  const file = remote ? join(root, `mfe-${remote[1]}`, 'dist', remote[2]) : join(root, 'shell', 'dist', path.slice(1));
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

async function jsTransferred(page: Page, action: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, string>();
  let bytes = 0;
  let transferred = 0;
  const urls: string[] = [];
  const sizes: string[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = scripts.get(event.requestId);
    if (url) {
      // The budget counts gzip; Chromium may take brotli from the server, so count the gzip copy of each script.
      const gzip = gzipBytes(url);
      bytes += gzip;
      transferred += event.encodedDataLength;
      urls.push(url);
      sizes.push(`${(gzip / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    }
  });
  await action();
  await cdp.detach();
  // BENCH_VERBOSE=1 lists every script, to see what to trim.
  if (process.env.BENCH_VERBOSE) console.log(sizes.sort().reverse().join('\n'));
  return { kb: bytes / 1024, transferredKb: transferred / 1024, urls };
}

async function main() {
  buildApps();
  const server = await startPaddock({ DEMO_EMAIL: DEMO.email, DEMO_PASSWORD: DEMO.password, SEED_DEMO: 'on', SIMULATOR: 'off' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const rows: Row[] = [];
  try {
    const signInPage = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    const signIn = await jsTransferred(signInPage, async () => {
      await signInPage.goto(`${server.url}/sign-in`);
      await signInPage.getByLabel('E-mail address').waitFor();
    });
    rows.push({ what: 'JS (gzip) before /sign-in is usable', value: `${signIn.kb.toFixed(1)} KB (${signIn.transferredKb.toFixed(1)} KB as sent, brotli)`, budget: '≤ 150 KB', ok: signIn.kb <= 150 });

    const devicesPage = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    const devices = await jsTransferred(devicesPage, async () => {
      await devicesPage.goto(`${server.url}/sign-in`);
      await devicesPage.getByLabel('E-mail address').fill(DEMO.email);
      await devicesPage.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await devicesPage.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
      await devicesPage.waitForURL(/\/devices/);
      await devicesPage.getByRole('article').first().waitFor();
    });
    const heavy = devices.urls.filter((u) => /echarts|zxing/i.test(u));
    rows.push({
      what: 'JS (gzip) before /devices shows (from a cold start through sign-in)',
      value: `${devices.kb.toFixed(1)} KB (${devices.transferredKb.toFixed(1)} KB as sent)${heavy.length ? ` incl. ${heavy.join(', ')}` : ''}`,
      budget: '≤ 200 KB, no echarts/zxing',
      ok: devices.kb <= 200 && heavy.length === 0,
    });
    rows.push(...(await devicesApiRows(server, 'embedded PGlite')));
  } finally {
    await browser.close();
    await server.stop();
  }
  rows.push(...(await onPostgres()));
  console.log('\n| what | measured | budget | |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.what} | ${row.value} | ${row.budget} | ${row.ok ? 'ok' : 'OVER'} |`);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

async function devicesApiRows(server: RunningServer, database: string): Promise<Row[]> {
  const { url, headers, etag } = await prepareFiftyDevices(server, DEMO);
  const full = await load(url, headers);
  const notModified = await load(url, { ...headers, 'if-none-match': etag });
  const row = (what: string, result: Awaited<ReturnType<typeof load>>, status: number): Row => ({
    what: `GET /users/{id}/devices, 50 devices, ${what}, ${database}`,
    value: `${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms`,
    budget: `answers ${status}`,
    ok: result.statuses.size === 1 && result.statuses.has(status),
  });
  return [row('200', full, 200), row('304 (If-None-Match)', notModified, 304)];
}

/** The same API figures on PostgreSQL (TEST_DATABASE_URL, or the local server when it answers). */
async function onPostgres(): Promise<Row[]> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `paddock_bench_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`(no PostgreSQL at ${serverUrl}: the API figures are for PGlite only)`);
    return [];
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await startPaddock({ DEMO_EMAIL: DEMO.email, DEMO_PASSWORD: DEMO.password, SEED_DEMO: 'on', SIMULATOR: 'off', DATABASE_URL: url.toString() });
  try {
    return await devicesApiRows(server, 'PostgreSQL');
  } finally {
    await server.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

void main();
