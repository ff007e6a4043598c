// `npm run bench`: measures the standing budgets of docs/architecture/README.md#budgets against a production build on a fresh server.
// JS is counted as transferred bytes (gzip, as the server sends it) with a cold cache, through Chromium's
// own network accounting. The server's figures (device list, history with a year of readings, MQTT ingest) are
// measured on the embedded PGlite and again on PostgreSQL.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { Client } from 'pg';
import { openDatabase, type Database } from '../server/src/db/client';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { E2E_ADMIN, startPaddock, type RunningServer } from '../tests/support/server';
import { buildApps, root, run } from './apps.mjs';
import { devicesApiRows, prepareFiftyDevices, type FiftyDevices } from './benchDevicesApi';
import {
  chartPeers,
  chartRows,
  exportRows,
  historyRows,
  insertYearOfReadings,
  lastYear,
  type ChartDatabase,
  type ChartPeer,
  type TimeWindow,
} from './benchHistory';
import { countReadingsByExport, INGEST_TARGETS, ingestRows, type IngestDevice } from './benchIngest';
import { adminRows, seedAdminFleet } from './benchAdmin';
import { renewalRows } from './benchRenewals';
import { fleetRows } from './benchFleet';
import { walRows } from './benchWal';
import { dashboardRows, seedDashboardFarmers } from './benchDashboard';
import { trendRows } from './benchTrends';
import { fleetYearRows } from './benchFleetYear';
import { formatRows, type Row } from './benchRows';

const DEMO = { email: 'demo@bench.paddock.test', password: 'bench-demo-password' };
/** Every bench server: the demo user and inventory, no simulator (the bench's own devices are the only ones talking). */
const BENCH_ENV = {
  DEMO_EMAIL: DEMO.email,
  DEMO_PASSWORD: DEMO.password,
  SEED_DEMO: 'on',
  SIMULATOR: 'off',
  DEMO_DEVICE_SECRET: 'paddock-bench-devices',
};

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
  // Every server of the bench runs from the production build (server/dist, issue 29), built first when stale.
  run('npm', ['run', 'build', '--silent', '-w', 'server']);
  // `npm run bench -- --startup`: the server's start-up from the build beside the tsx start (PGlite, about a minute).
  if (process.argv.includes('--startup')) return printRows(await startupRows());
  // `npm run bench -- --devices`: the device list's rows alone, on PGlite and PostgreSQL (no build, about two minutes).
  if (process.argv.includes('--devices')) return printRows(await devicesOnlyRows());
  // `npm run bench -- --ingest`: the MQTT ingest rows alone, on PGlite and PostgreSQL (no build, about a minute).
  if (process.argv.includes('--ingest')) return printRows(await ingestOnlyRows());
  // `npm run bench -- --exports`: the year's CSV and XLSX exports alone, on PGlite and PostgreSQL (no build, a few minutes).
  if (process.argv.includes('--exports')) return printRows(await exportsOnlyRows());
  // `npm run bench -- --charts`: the chart rows of the history alone, on PGlite and PostgreSQL (no build, a few minutes).
  if (process.argv.includes('--charts')) return printRows(await chartsOnlyRows());
  // `npm run bench -- --admin`: the admin pages at fleet scale on PostgreSQL alone (no build, about a minute).
  if (process.argv.includes('--admin')) return printRows(await adminOnlyRows());
  // `npm run bench -- --fleet`: start-up, the offline sweep, the notification worker and the broker's retained messages
  // with 100,000 devices, 10,000 registered, on PostgreSQL and PGlite (no build, a few minutes).
  if (process.argv.includes('--fleet')) return printRows(await fleetOnlyRows());
  // `npm run bench -- --wal`: WAL bytes per stored reading and the HOT share of device-row updates, PostgreSQL (seconds).
  if (process.argv.includes('--wal')) return printRows(await walOnlyRows());
  // `npm run bench -- --trends`: the dashboard's trend call on 30 M and 1 M readings on PostgreSQL alone (no build, a few minutes).
  if (process.argv.includes('--trends')) return printRows(await trendRows(postgresDatabase));
  // `npm run bench -- --fleet-year [--fleet-devices N] [--fleet-days N] [--keep] [--as-written-only] [--cluster-completed]`:
  // charts, exports, trends and ingest on an interleaved 86 M-reading table beside one 1/30 of it, and bytes per reading (PostgreSQL
  // alone; hours at full scale on a busy 2-core machine, docs/architecture/budgets.md).
  if (process.argv.includes('--fleet-year')) return printRows(await fleetYearRows());
  buildApps();
  const rows = await frontEndRows();
  // `npm run bench -- --front-end`: the JS budgets only (a few seconds instead of minutes).
  if (!process.argv.includes('--front-end')) {
    rows.push(...(await startupRows()), ...(await databaseRows(pglite())));
    const postgres = await postgresDatabase();
    if (postgres) {
      rows.push(...(await databaseRows(postgres)), ...(await adminOnlyRows()), ...(await trendRows(postgresDatabase)));
      rows.push(...(await walOnlyRows()));
      // The fleet rows on PostgreSQL (about 80 s); PGlite's with `--fleet`.
      const fleet = await postgresDatabase();
      if (fleet) rows.push(...(await fleetRowsOn(fleet)));
    }
  }
  printRows(rows);
}

function printRows(rows: Row[]): void {
  console.log(`\n${formatRows(rows)}`);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

/** The device list's targets as ratios to the hello-world peer (docs/architecture/README.md#budgets). */
const LIST_TARGETS = {
  'embedded PGlite': { full: 0.05, notModified: 0.2 },
  PostgreSQL: { full: 0.15, notModified: 0.5 },
} as const;

const listRows = (session: FiftyDevices, label: string) => devicesApiRows(session, label, LIST_TARGETS[label as keyof typeof LIST_TARGETS]);

/** `measure`'s rows on a server over a fresh PGlite and one over a fresh PostgreSQL database (when there is one). */
async function onFreshDatabases(measure: (server: RunningServer, database: BenchDatabase) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const database of [pglite(), await postgresDatabase()]) {
    if (!database) continue;
    try {
      const server = await database.start();
      try {
        rows.push(...(await measure(server, database)));
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  }
  return rows;
}

/** The device list on a fresh PGlite and a fresh PostgreSQL database, nothing else. */
const devicesOnlyRows = () =>
  onFreshDatabases(async (server, database) => listRows(await prepareFiftyDevices(server, DEMO), database.label));

/** MQTT ingest on a fresh PGlite and a fresh PostgreSQL database, nothing else. */
const ingestOnlyRows = () =>
  onFreshDatabases(async (server, database) => {
    const session = await prepareFiftyDevices(server, DEMO);
    const countReadings =
      database.countReadings ?? ((devices, from, to) => countReadingsByExport(server, session.headers, devices, from, to));
    return ingestRows(
      { server, demoDeviceSecret: BENCH_ENV.DEMO_DEVICE_SECRET, countReadings, peerDatabaseUrl: database.url ?? null },
      database.label as keyof typeof INGEST_TARGETS,
    );
  });

/**
 * `measure`'s rows over a year of readings on a fresh PGlite and a fresh PostgreSQL database: the year goes in as in
 * databaseRows, then `before` runs on the same direct connection (the chart peers), then the server starts.
 */
async function onYearOfReadings<Before>(
  before: (direct: Database, year: TimeWindow) => Promise<Before>,
  measure: (server: RunningServer, headers: Record<string, string>, year: TimeWindow, label: string, before: Before) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const database of [pglite(), await postgresDatabase()]) {
    if (!database) continue;
    try {
      await (await database.start()).stop();
      const year = lastYear();
      const direct = await database.open();
      const prepared = await insertYearOfReadings(direct, year)
        .then(() => before(direct, year))
        .finally(() => direct.close());
      const server = await database.start();
      try {
        const { headers } = await prepareFiftyDevices(server, DEMO);
        rows.push(...(await measure(server, headers, year, database.label, prepared)));
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  }
  return rows;
}

/** The year's exports alone. */
const exportsOnlyRows = () =>
  onYearOfReadings(
    async () => undefined,
    (server, headers, year, label) => exportRows(server, headers, year, label),
  );

/** The charts over the year alone, with their peers. */
const chartsOnlyRows = () =>
  onYearOfReadings(chartPeers, (server, headers, year, label, peers) => chartRows(server, headers, year, label as ChartDatabase, peers));

/** The admin pages over 100,000 devices and 20,000 users (scripts/benchAdmin.ts), on a PostgreSQL database of their own. */
async function adminOnlyRows(): Promise<Row[]> {
  const database = await postgresDatabase();
  if (!database) throw new Error('the admin figures need PostgreSQL (TEST_DATABASE_URL)');
  try {
    await (await database.start()).stop();
    const direct = await database.open();
    await seedAdminFleet(direct).finally(() => direct.close());
    const server = await database.start();
    try {
      return await adminRows(server, E2E_ADMIN, database.label);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/** What ingest writes (scripts/benchWal.ts) on a fresh PostgreSQL database, migrated by a first start. */
async function walOnlyRows(): Promise<Row[]> {
  const database = await postgresDatabase();
  if (!database?.url) throw new Error('the WAL figures need PostgreSQL (TEST_DATABASE_URL)');
  try {
    await (await database.start()).stop();
    const direct = await database.open();
    return await walRows(direct, database.url).finally(() => direct.close());
  } finally {
    await database.drop();
  }
}

/** The fleet rows (scripts/benchFleet.ts) on a fresh PostgreSQL database (when there is one) and a fresh PGlite. */
async function fleetOnlyRows(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const database of [await postgresDatabase(), pglite()]) if (database) rows.push(...(await fleetRowsOn(database)));
  return rows;
}

/** The fleet rows on one fresh database, dropped after (about 80 s on PostgreSQL, 110 s on PGlite). */
async function fleetRowsOn(database: BenchDatabase): Promise<Row[]> {
  try {
    await (await database.start()).stop();
    return await fleetRows(database);
  } finally {
    await database.drop();
  }
}

/** The JS a phone downloads before the sign-in page and the device dashboard are usable, and the dashboard with 500 devices (scripts/benchDashboard.ts). */
async function frontEndRows(): Promise<Row[]> {
  // The browser first: Playwright closes it when the process ends, while a server left running (no Chromium) would outlive it.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

  // The dashboard's farmers (scripts/benchDashboard.ts) go in after the first start migrates, while no server holds it.
  const database = pglite();
  const server = await database
    .start()
    .then((first) => first.stop())
    .then(() => database.open())
    .then((direct) => seedDashboardFarmers(direct).finally(() => direct.close()))
    .then(() => database.start())
    .catch(async (error: unknown) => {
      await browser.close();
      await database.drop();
      throw error;
    });
  const rows: Row[] = [];
  try {
    const signInPage = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    const signIn = await jsTransferred(signInPage, async () => {
      await signInPage.goto(`${server.url}/sign-in`);
      await signInPage.getByLabel('E-mail address').waitFor();
    });
    rows.push({
      what: 'JS (gzip) before /sign-in is usable',
      value: `${signIn.kb.toFixed(1)} KB (${signIn.transferredKb.toFixed(1)} KB as sent, brotli)`,
      budget: '≤ 150 KB',
      ok: signIn.kb <= 150,
    });

    // The farmer who opens the app is signed in already: sign in once, then open /devices again with a cold cache
    // (no HTTP cache, no service worker), as after a new release. The sign-in page has its own row above.
    const devicesContext = await browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
    const devicesPage = await devicesContext.newPage();
    await devicesPage.goto(`${server.url}/sign-in`);
    await devicesPage.getByLabel('E-mail address').fill(DEMO.email);
    await devicesPage.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await devicesPage.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    await devicesPage.waitForURL(/\/devices/);
    await devicesPage.getByRole('article').first().waitFor();
    const devices = await jsTransferred(devicesPage, async () => {
      await devicesPage.goto(`${server.url}/devices`);
      await devicesPage.getByRole('article').first().waitFor();
    });
    const heavy = devices.urls.filter((u) => /echarts|zxing/i.test(u));
    rows.push({
      what: 'JS (gzip) before /devices shows cards (signed in, cold cache)',
      value: `${devices.kb.toFixed(1)} KB (${devices.transferredKb.toFixed(1)} KB as sent)${heavy.length ? ` incl. ${heavy.join(', ')}` : ''}`,
      budget: '≤ 200 KB, no echarts/zxing',
      ok: devices.kb <= 200 && heavy.length === 0,
    });
    rows.push(...(await dashboardRows(browser, server)));
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
  return rows;
}

/** A database the server figures are measured on. */
interface BenchDatabase {
  /** As the rows name it. */
  label: string;
  /** Starts Paddock on it (migrating and seeding it the first time), with `extraEnv` over the bench's, from the build
   * unless `compiled` is false (tsx). */
  start(extraEnv?: Record<string, string>, compiled?: boolean): Promise<RunningServer>;
  /** Opens it in this process with the server's own client; the embedded PGlite only while no server has it. */
  open(): Promise<Database>;
  /** PostgreSQL's URL (the ingest row's peer connects to it). */
  url?: string;
  /** The embedded PGlite's directory. */
  dataDir?: string;
  /** Counts readings while the server runs, where another process can (else through the API). */
  countReadings?(devices: IngestDevice[], from: Date, to: Date): Promise<number>;
  drop(): Promise<void>;
}

/**
 * Start-up to the first answer on a migrated database: the production build (server/dist/main.js) beside the
 * TypeScript source through tsx, which transpiles every file at each start (issue 29's target: under 3 s from the
 * build). On PostgreSQL, as production runs, and on the embedded PGlite (whose WebAssembly start is most of its time).
 * Each figure is the best of three starts: what the code costs, not what the busy machine adds.
 */
async function startupRows(): Promise<Row[]> {
  const databases = [await postgresDatabase(), pglite()].filter((database): database is BenchDatabase => database !== null);
  const rows: Row[] = [];
  for (const database of databases) {
    const startedIn = async (compiled: boolean) => {
      const server = await database.start({}, compiled);
      await server.stop();
      return server.startedInMs;
    };
    const bestOfThree = async (compiled: boolean) =>
      Math.min(await startedIn(compiled), await startedIn(compiled), await startedIn(compiled));
    try {
      await startedIn(true); // migrates and seeds
      const fromBuild = await bestOfThree(true);
      const throughTsx = await bestOfThree(false);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      rows.push({
        what: `server start to answering, from the build (tsx start as peer), migrated ${database.label}`,
        value: seconds(fromBuild),
        peer: seconds(throughTsx),
        ratio: fromBuild / throughTsx,
        budget: '< 3 s',
        ok: fromBuild < 3000,
      });
    } finally {
      await database.drop();
    }
  }
  return rows;
}

function pglite(): BenchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'paddock-bench-'));
  return {
    label: 'embedded PGlite',
    dataDir,
    start: (extraEnv = {}, compiled = true) => startPaddock({ ...BENCH_ENV, ...extraEnv }, { dataDir, compiled }),
    open: () => openDatabase({ databaseUrl: null, dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL (or the local one), or null when none answers. */
async function postgresDatabase(): Promise<BenchDatabase | null> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `paddock_bench_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`(no PostgreSQL at ${serverUrl}: the server figures are for PGlite only)`);
    return null;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const open = () => openDatabase({ databaseUrl, dataDir: '' });
  return {
    label: 'PostgreSQL',
    url: databaseUrl,
    start: (extraEnv = {}, compiled = true) => startPaddock({ ...BENCH_ENV, DATABASE_URL: databaseUrl, ...extraEnv }, { compiled }),
    open,
    async countReadings(devices, from, to) {
      const database = await open();
      try {
        const [{ count }] = await database.withConnection((c) =>
          c.query<{ count: string }>(`SELECT count(*) FROM device_readings WHERE key = ANY($1) AND at BETWEEN $2 AND $3`, [
            devices.map((d) => d.key),
            from,
            to,
          ]),
        );
        return Number(count);
      } finally {
        await database.close();
      }
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Every server figure on one database: the device list under load, history over a year, ingest through MQTT, renewals. */
async function databaseRows(database: BenchDatabase): Promise<Row[]> {
  try {
    // The first start migrates and seeds; the year goes in while no server holds the database (PGlite has one writer).
    await (await database.start()).stop();
    const year = lastYear();
    const direct = await database.open();
    // The charts' peers and the renewal job run in this process too, on the same direct connection.
    let peers: ChartPeer[] = [];
    const renewals = await insertYearOfReadings(direct, year)
      .then(async () => (peers = await chartPeers(direct, year)))
      .then(() => renewalRows(direct, database.label))
      .finally(() => direct.close());
    const server = await database.start();
    try {
      const session = await prepareFiftyDevices(server, DEMO);
      const list = await listRows(session, database.label);
      const countReadings =
        database.countReadings ?? ((devices, from, to) => countReadingsByExport(server, session.headers, devices, from, to));
      return [
        ...list,
        ...(await historyRows(server, session.headers, year, database.label as ChartDatabase, peers)),
        ...(await ingestRows(
          { server, demoDeviceSecret: BENCH_ENV.DEMO_DEVICE_SECRET, countReadings, peerDatabaseUrl: database.url ?? null },
          database.label as keyof typeof INGEST_TARGETS,
        )),
        ...renewals,
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

void main();
