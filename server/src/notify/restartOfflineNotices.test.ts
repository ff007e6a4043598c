// A restart sends no "device offline" alarm for the devices that come back within OFFLINE_NOTICE_DELAY_SECONDS
// (docs/operations/deploy.md#restarts-and-offline-alarms): a server with the embedded broker stops with its devices
// connected, stays down past their deadline, and starts again on the same database; its sweep marks them offline but
// holds the notices. The device that reconnects is never told about; the one that does not is, once the delay is over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { downTopic, upTopic } from '@paddock/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { buildApp } from '../app';
import { IN_MEMORY, openDatabase, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { devices, jobs } from '../db/schema';
import { offlineSweepPass } from '../devices/gateway/offlineSweep';
import { demoInventory, demoKey } from '../devices/inventory';
import { seed } from '../seed';
import { connectDevice, freePort } from '../testing/devices';
import { APP_START_TIMEOUT_MS, openTestDatabase, TestClock, testConfig, type TestConfig } from '../testing/testApp';
import { ALARM_JOB, noticeSettings } from './alarmNotices';

const DELAY_SECONDS = 60;
const INTERVAL_SECONDS = 60;
const DEMO_DEVICE_SECRET = 'restart-test-device-secret';
/** Both alarm offline whatever their settings (docs/protocol.md, Notifications). */
const RETURNING = demoKey('fencealarm', 1);
const GONE = demoKey('smartplug2', 1);

const clock = new TestClock();
let config: TestConfig;
let postgres: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
let dataDir: string | null = null;
let app: FastifyInstance | null = null;
/** The running server's database connection. */
let db: Db;
const clients: MqttClient[] = [];

beforeAll(async () => {
  // The database outlives each server: PostgreSQL's test database, or PGlite in a folder.
  if (process.env.PADDOCK_TEST_DB === 'postgres') postgres = await openTestDatabase();
  else dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-restart-'));
  config = testConfig({
    now: clock.now,
    databaseUrl: postgres?.databaseUrl ?? null,
    databaseDirectUrl: postgres?.databaseDirectUrl ?? null,
    dataDir: dataDir ?? IN_MEMORY,
    mqttPort: await freePort(),
    demoDeviceSecret: DEMO_DEVICE_SECRET,
    offlineNoticeDelaySeconds: DELAY_SECONDS,
    // The sweep and the worker run here by hand, at the test clock's moments; the jobs stay in the queue to be read.
    offlineSweepSeconds: 3600,
    notifyPollSeconds: 3600,
  });
}, APP_START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await app?.close();
  await postgres?.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A server as `serve` starts one: migrated, seeded, the device side running. */
async function startServer(): Promise<FastifyInstance> {
  const database = await openDatabase(config);
  await migrate(database);
  await seed(database.db, config);
  db = database.db;
  return buildApp(config, database, { devices: true });
}

/** As main.ts stops one on SIGTERM. */
async function stopServer(server: FastifyInstance): Promise<void> {
  await server.shutdown.drain();
  await server.close();
}

/** The device signs in to the embedded broker and says it is online, reporting every INTERVAL_SECONDS. */
async function deviceOnline(key: string): Promise<MqttClient> {
  const secret = demoInventory({ demoDeviceSecret: DEMO_DEVICE_SECRET }).find((entry) => entry.key === key)!.secret;
  const client = await connectDevice(`mqtt://127.0.0.1:${config.mqttPort}`, key, secret);
  clients.push(client);
  await client.subscribeAsync(downTopic(key, 'config'), { qos: 1 });
  await client.publishAsync(upTopic(key, 'status'), JSON.stringify({ Online: true, IntervalSeconds: INTERVAL_SECONDS }), { qos: 1 });
  return client;
}

async function device(key: string) {
  const [row] = await db.select({ offline: devices.offline, lastSeenAt: devices.lastSeenAt }).from(devices).where(eq(devices.key, key));
  return row;
}

const offline = async (key: string) => (await device(key)).offline;

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within 20 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The offline alarm notifications enqueued for `key` (one per recipient and channel). */
async function offlineNotices(key: string): Promise<number> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, ALARM_JOB), sql`${jobs.payload}->>'key' = ${key}`, sql`${jobs.payload}->>'alarm' = 'offline'`));
  return rows.length;
}

const sweep = () => offlineSweepPass(db, clock.now(), noticeSettings(config));

it('a restart sends no offline alarm for a device back within the delay, and sends it for one that stays away', async () => {
  app = await startServer();
  await deviceOnline(RETURNING);
  await deviceOnline(GONE);
  await until('both devices heard from', async () => Boolean((await device(RETURNING)).lastSeenAt && (await device(GONE)).lastSeenAt));

  // The server stops with both devices connected (they lose the broker with it) and stays down past their deadline.
  await stopServer(app);
  app = null;
  clock.advance(4 * INTERVAL_SECONDS * 1000);
  app = await startServer();

  // Its first sweep finds both silent: marked offline, the notices held.
  expect((await sweep()).marked).toEqual(expect.arrayContaining([RETURNING, GONE]));
  expect(await offline(RETURNING)).toBe(true);
  expect(await offlineNotices(RETURNING)).toBe(0);
  expect(await offlineNotices(GONE)).toBe(0);

  // One device reconnects within the delay; the other never does.
  clock.advance((DELAY_SECONDS / 2) * 1000);
  await deviceOnline(RETURNING);
  await until('the returning device online again', async () => !(await offline(RETURNING)));
  expect(await offline(GONE)).toBe(true);
  expect((await sweep()).released).toEqual([]);

  // The delay is over: the device still away is told about, the one back never.
  clock.advance((DELAY_SECONDS / 2) * 1000 + 1000);
  expect((await sweep()).released).toEqual([GONE]);
  expect(await offlineNotices(GONE)).toBeGreaterThan(0);
  expect(await offlineNotices(RETURNING)).toBe(0);
  expect(await offline(GONE)).toBe(true);
}, 240_000); // two server starts on a PGlite folder: slow on a busy machine
