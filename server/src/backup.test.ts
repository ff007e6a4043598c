// docs/operations/backup.md: `backup <file>` and `restore <file>` as real processes. On PGlite the backup of a
// stopped server's DATA_DIR restores into a fresh DATA_DIR; on PostgreSQL pg_dump of a running database restores
// into a fresh database. Either way a new instance on the restored database finds the users, devices and readings.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { registeredPlug } from './testing/devices';
import { call, createTestApp, openTestDatabase, signIn, type TestApp } from './testing/testApp';
import { ingestBatch } from './devices/gateway/ingest';
import { deviceReadings } from './db/schema';
import { backupDatabase } from './db/backup';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const POSTGRES = process.env.PADDOCK_TEST_DB === 'postgres';

/** `main.ts <command> <file>` on the given database, as an operator runs it; its exit code and output. */
function command(args: string[], database: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

let work: string;
const opened: TestApp[] = [];
const disposals: (() => Promise<void>)[] = [];
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'paddock-backup-'));
});
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close().catch(() => undefined);
  for (const dispose of disposals.splice(0)) await dispose();
  rmSync(work, { recursive: true, force: true });
});

it('restores a backup into a fresh instance, which finds the users, devices and readings', async () => {
  const source = await createTestApp(POSTGRES ? {} : { dataDir: path.join(work, 'data') });
  opened.push(source);
  const plug = await registeredPlug(source, 'smartplug', 17);
  const start = source.clock.now().getTime() - 10 * 60_000;
  const readings = [1, 2, 3].map((minute) => ({
    key: plug.key,
    name: 'reading',
    payload: Buffer.from(
      JSON.stringify({ At: new Date(start + minute * 60_000).toISOString(), Load: 100 + minute, Consumption: 35_000 + minute, Temperature: 4.5, SignalStrength: 78, PowerEnabled: true, MainsPower: true }),
    ),
    retained: false,
    receivedAt: source.clock.now(),
  }));
  expect((await ingestBatch(source.database.db, readings)).map((result) => result.outcome)).toEqual(['applied', 'applied', 'applied']);
  const stored = await source.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, plug.key)).orderBy(asc(deviceReadings.at));
  expect(stored).toHaveLength(3);

  const file = path.join(work, 'paddock.backup');
  let target: Record<string, string>;
  if (POSTGRES) {
    // pg_dump reads one snapshot: the source keeps running.
    const database = { DATABASE_URL: source.config.databaseUrl!, DATABASE_DIRECT_URL: source.config.databaseDirectUrl ?? '' };
    const backedUp = await command(['backup', file], database);
    expect(backedUp.output).toMatch(/Backed up the PostgreSQL database \(\d+ users, \d+ devices, 3 readings\)/);
    expect(backedUp.code).toBe(0);
    const fresh = await openTestDatabase();
    disposals.push(fresh.dispose);
    target = { DATABASE_URL: fresh.databaseUrl!, DATABASE_DIRECT_URL: fresh.databaseDirectUrl ?? '' };
  } else {
    // PGlite is one process's database: a backup under the running server is refused, naming what to do.
    const dataDir = source.config.dataDir;
    await expect(backupDatabase({ databaseUrl: null, dataDir }, path.join(work, 'torn.backup'))).rejects.toThrow(/is in use: stop the server first/);
    expect(existsSync(path.join(work, 'torn.backup'))).toBe(false);
    await source.close();
    opened.splice(opened.indexOf(source), 1);
    const backedUp = await command(['backup', file], { DATA_DIR: dataDir });
    expect(backedUp.output).toMatch(/Backed up the embedded database \(\d+ users, \d+ devices, 3 readings\)/);
    expect(backedUp.code).toBe(0);
    target = { DATA_DIR: path.join(work, 'restored', 'data') };
  }
  // A backup never overwrites a file.
  const again = await command(['backup', file], POSTGRES ? { DATABASE_URL: source.config.databaseUrl!, DATABASE_DIRECT_URL: source.config.databaseDirectUrl ?? '' } : { DATA_DIR: source.config.dataDir });
  expect(again).toMatchObject({ code: 1, output: expect.stringContaining('exists already') });

  const restored = await command(['restore', file], target);
  expect(restored.output).toMatch(/Restored the (PostgreSQL|embedded) database \(\d+ users, \d+ devices, 3 readings\)/);
  expect(restored.code).toBe(0);
  // A restore never lands on a database that holds one.
  const twice = await command(['restore', file], target);
  expect(twice.code).toBe(1);
  expect(twice.output).toMatch(POSTGRES ? /holds Paddock's tables already/ : /is not empty/);

  const instance = await createTestApp(
    POSTGRES ? { databaseUrl: target.DATABASE_URL, databaseDirectUrl: target.DATABASE_DIRECT_URL || null } : { dataDir: target.DATA_DIR },
  );
  opened.push(instance);
  // The owner signs in with the password of before and finds the plug; its readings are the same rows.
  const token = await signIn(instance, plug.owner.email, plug.owner.password);
  const device = await call(instance.app, 'GET', plug.path, { token });
  expect(device.statusCode).toBe(200);
  expect(device.json()).toMatchObject({ Imei: plug.key, Consumption: 35_003 }); // its last reading's values
  const found = await instance.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, plug.key)).orderBy(asc(deviceReadings.at));
  expect(found).toEqual(stored);
}, 300_000);

it('refuses a restore of a file that is missing, and a backup of a directory that holds no database', async () => {
  const missing = path.join(work, 'missing.backup');
  const restore = await command(['restore', missing], { DATA_DIR: path.join(work, 'data') });
  expect(restore).toMatchObject({ code: 1, output: expect.stringContaining(`restore: ${missing} does not exist`) });
  mkdirSync(path.join(work, 'empty'));
  await expect(backupDatabase({ databaseUrl: null, dataDir: path.join(work, 'empty') }, path.join(work, 'x.backup'))).rejects.toThrow(/holds no database/);
  await expect(backupDatabase({ databaseUrl: null, dataDir: 'memory://' }, path.join(work, 'y.backup'))).rejects.toThrow(/in-memory database/);
}, 120_000);
