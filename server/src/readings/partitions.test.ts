// Raw readings in daily partitions (docs/architecture/readings.md): where readings land on a fresh database and on
// one migrated from 0029 with readings in it, partitions ahead, retention by dropping whole partitions (an injected
// clock, no waiting), ingest past every partition or the retention, and maintenance runs racing each other.
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Connection, Database } from '../db/client';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { ingestBatch, type Uplink } from '../devices/gateway/ingest';
import { demoKey } from '../devices/inventory';
import { chartPoints } from '../history/chart';
import { rollUpAll } from '../history/rollups';
import { APP_START_TIMEOUT_MS, call, createMember, openTestDatabase, setUpTestApp, type TestApp } from '../testing/testApp';
import {
  dayStart,
  LEGACY_PARTITION,
  listPartitions,
  maintainReadingPartitions,
  PARTITION_AHEAD_DAYS,
  partitionName,
  startReadingMaintenance,
} from './partitions';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let t: TestApp;
setUpTestApp((app) => (t = app));

/** Which table holds each reading of `key` (tableoid), oldest first. */
const homes = (c: Connection, key: string) =>
  c.query<{ at: string; home: string }>(`SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS at, tableoid::regclass::text AS home FROM device_readings WHERE key = $1 ORDER BY at`, [key]);

const reading = (key: string, at: Date, voltage: number, receivedAt: Date): Uplink => ({
  key,
  name: 'reading',
  payload: Buffer.from(JSON.stringify({ At: at.toISOString(), Voltage: voltage, Battery: 3.7, Rssi: -70 })),
  retained: false,
  receivedAt,
});

let used = 40; // fence alarms counted down from the top of the demo inventory (chart.test.ts counts up)
async function registeredFence(): Promise<string> {
  const owner = await createMember(t);
  const key = demoKey('fencealarm', (used -= 1));
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/fencealarms`, { token: owner.token, body: { Imei: key, Name: 'Partitions' } });
  expect(response.statusCode).toBe(201);
  await t.database.withConnection((c) => c.query(`UPDATE devices SET registered_at = '2000-01-01' WHERE key = $1`, [key]));
  return key;
}

describe('a fresh database', () => {
  it('has the partitions of today and the week ahead once the server has started, and readings land in them', async () => {
    const today = dayStart(t.clock.now().getTime());
    const partitions = await listPartitions(t.database.db);
    // The empty legacy table became the partition of everything before the day after tomorrow; days from there on.
    const legacy = partitions.find((partition) => partition.name === LEGACY_PARTITION)!;
    expect(legacy).toMatchObject({ from: null, to: today + 2 * DAY, isDefault: false });
    for (let day = today + 2 * DAY; day <= today + PARTITION_AHEAD_DAYS * DAY; day += DAY)
      expect(partitions).toContainEqual({ name: partitionName(day), from: day, to: day + DAY, isDefault: false });
    expect(partitions.some((partition) => partition.isDefault)).toBe(false);

    // Three days on (the clock moved), a reading goes to its day's partition, and the rollup triggers still fire.
    const key = await registeredFence();
    const receivedAt = new Date(today + 3 * DAY + 10 * HOUR);
    expect(await ingestBatch(t.database.db, [reading(key, receivedAt, 4100, receivedAt)])).toEqual([{ outcome: 'applied' }]);
    await t.database.withConnection(async (c) => {
      expect((await homes(c, key)).map((row) => row.home)).toEqual([partitionName(today + 3 * DAY)]);
      // The parent's statement triggers fire for its partitions: the hour is counted (0014, kept by name in 0030).
      const counted = await c.query<{ n: string }>(`SELECT sum(count)::text AS n FROM reading_hours WHERE hour = $1`, [new Date(receivedAt.getTime() - (receivedAt.getTime() % HOUR))]);
      expect(Number(counted[0].n)).toBeGreaterThanOrEqual(1);
      const triggers = await c.query<{ tgname: string }>(
        `SELECT tgname FROM pg_trigger WHERE tgrelid = 'device_readings'::regclass AND NOT tgisinternal ORDER BY tgname`,
      );
      expect(triggers.map((row) => row.tgname)).toContain('reading_hours_count');
    });
  });

  it('stores a reading of a day no partition covers yet (made on the spot), and never one older than the retention', async () => {
    const key = await registeredFence();
    // Far past the week of partitions made ahead (a maintenance job stopped for a month): the batch still stores.
    const later = new Date(dayStart(t.clock.now().getTime()) + 40 * DAY + 5 * HOUR);
    const results = await ingestBatch(t.database.db, [reading(key, later, 4200, later), reading(key, new Date(later.getTime() - 36 * DAY), 4300, later)]);
    expect(results).toEqual([{ outcome: 'applied' }, { outcome: 'applied' }]);
    // Older than the retention (36,500 days in the tests' configuration) at its arrival: dropped, with the reason.
    const ancient = new Date(later.getTime() - 36_501 * DAY);
    const [old] = await ingestBatch(t.database.db, [reading(key, ancient, 4400, later)]);
    expect(old).toEqual({ outcome: 'ignored', reason: expect.stringContaining('older than the raw retention (READINGS_RETENTION_DAYS)'), drop: 'past_retention' });
    await t.database.withConnection(async (c) =>
      expect((await homes(c, key)).map((row) => row.home)).toEqual([partitionName(dayStart(later.getTime() - 36 * DAY)), partitionName(dayStart(later.getTime()))]),
    );
  });
});

/** A database migrated as release 0029 left it (no partitions), with `fill` run on it. */
async function migratedTo0029(fill: (c: Connection) => Promise<unknown>): Promise<Awaited<ReturnType<typeof openTestDatabase>>> {
  const test = await openTestDatabase();
  const before = await mkdtemp(path.join(os.tmpdir(), 'paddock-before-0030-'));
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d+_[\w-]+\.sql$/.test(name) && name < '0030');
  for (const file of files) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  expect(await migrate(test.database, before)).toEqual(files.sort());
  await test.database.withConnection(fill);
  return test;
}

const insertHours = (c: Connection, key: string, from: string, hours: number) =>
  c.query(
    `INSERT INTO device_readings (key, at, data)
     SELECT $1, $2::timestamptz + i * interval '10 minutes', jsonb_build_object('Voltage', 4000 + i % 97, 'Battery', 3.7, 'Rssi', -70)
     FROM generate_series(0, $3 * 6 - 1) AS i`,
    [key, from, hours],
  );

const count = async (database: Database, where = 'true') =>
  Number((await database.withConnection((c) => c.query<{ n: string }>(`SELECT count(*)::text AS n FROM device_readings WHERE ${where}`)))[0].n);

describe('a database migrated from 0029 with readings in it', () => {
  it('keeps them in the attached legacy partition, and new readings go to new partitions', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const test = await migratedTo0029((c) => insertHours(c, 'fence-old', '2026-03-01T00:00:00Z', 24 * 9));
    try {
      expect((await migrate(test.database))[0]).toBe('0030_reading_partitions.sql');
      // Right after the migration: one default partition, the old table, rows untouched.
      expect(await listPartitions(test.database.db)).toEqual([{ name: LEGACY_PARTITION, from: null, to: null, isDefault: true }]);
      expect(await count(test.database)).toBe(24 * 9 * 6);

      const run = await maintainReadingPartitions(test.database.db, now, 400);
      // The newest reading is of 9 March 23:50: the legacy partition ends two days after the later of it and now.
      expect(run.adopted).toBe(Date.parse('2026-03-12T00:00:00Z'));
      const partitions = await listPartitions(test.database.db);
      expect(partitions[0]).toEqual({ name: LEGACY_PARTITION, from: null, to: Date.parse('2026-03-12T00:00:00Z'), isDefault: false });
      expect(partitions.slice(1).map((partition) => partition.name)).toEqual(
        ['20260312', '20260313', '20260314', '20260315', '20260316', '20260317'].map((day) => `device_readings_p${day}`),
      );
      await test.database.withConnection(async (c) => {
        await insertHours(c, 'fence-old', '2026-03-13T00:00:00Z', 1);
        const homesByTable = await c.query<{ home: string; n: string }>(
          `SELECT tableoid::regclass::text AS home, count(*)::text AS n FROM device_readings GROUP BY 1 ORDER BY 1`,
        );
        expect(homesByTable).toEqual([
          { home: LEGACY_PARTITION, n: String(24 * 9 * 6) },
          { home: 'device_readings_p20260313', n: '6' },
        ]);
        // The statement triggers (now on the parent) counted the new hour as before.
        const [{ n }] = await c.query<{ n: string }>(`SELECT sum(count)::text AS n FROM reading_hours WHERE hour = '2026-03-13T00:00:00Z'`);
        expect(n).toBe('6');
      });
      // A second run finds nothing to do.
      expect(await maintainReadingPartitions(test.database.db, now, 400)).toEqual({ adopted: null, created: [], dropped: [], waiting: [] });
    } finally {
      await test.dispose();
    }
  }, APP_START_TIMEOUT_MS);
});

describe('retention', () => {
  it('drops exactly the partitions wholly older than the setting; charts of those windows draw from the rollups', async () => {
    const start = new Date('2026-03-10T12:00:00Z');
    const test = await migratedTo0029((c) => insertHours(c, 'fence-old', '2026-03-01T00:00:00Z', 24));
    try {
      await migrate(test.database);
      await maintainReadingPartitions(test.database.db, start, 5);
      await test.database.withConnection(async (c) => {
        for (const day of ['2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']) await insertHours(c, 'fence-old', `${day}T00:00:00Z`, 24);
      });
      // Ten days on with a retention of 5: everything before 15 March 12:00 may go, a partition only whole; but not
      // before the hours stored since 0031 are rolled up (the rollup job, history/rollups.ts): kept till then.
      const later = new Date('2026-03-20T12:00:00Z');
      const early = await maintainReadingPartitions(test.database.db, later, 5);
      expect(early.dropped).toEqual([LEGACY_PARTITION]); // its readings came before 0031: rolled up by the triggers
      expect(early.waiting).toEqual(['device_readings_p20260312', 'device_readings_p20260313', 'device_readings_p20260314']);
      await rollUpAll(test.database.db, later);
      const run = await maintainReadingPartitions(test.database.db, later, 5);
      expect(run.dropped).toEqual(['device_readings_p20260312', 'device_readings_p20260313', 'device_readings_p20260314']);
      const partitions = await listPartitions(test.database.db);
      expect(partitions[0]).toMatchObject({ name: 'device_readings_p20260315', from: Date.parse('2026-03-15T00:00:00Z') });
      expect(await count(test.database)).toBe(24 * 6);
      expect(await count(test.database, `at < '2026-03-15'`)).toBe(0);
      // The rollups stay: a chart of 1 March (raw readings gone) still draws, from whole hours.
      const rollups = await test.database.withConnection((c) =>
        c.query<{ n: string }>(`SELECT count(*)::text AS n FROM reading_hour_extremes WHERE key = 'fence-old' AND field = 'Voltage' AND hour < '2026-03-02'`),
      );
      expect(rollups[0].n).toBe('24');
      const window = { key: 'fence-old', field: 'Voltage' as const, from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-01T23:59:59.999Z') };
      const points = await chartPoints(test.database.db, window, window);
      expect(points.length).toBeGreaterThanOrEqual(24);
      expect(points.every((point) => point.time >= window.from.getTime() && point.time <= window.to.getTime())).toBe(true);
      expect(Math.min(...points.map((point) => point.value))).toBe(4000);
      // A retention run again the same day drops nothing more.
      expect((await maintainReadingPartitions(test.database.db, later, 5)).dropped).toEqual([]);
    } finally {
      await test.dispose();
    }
  }, APP_START_TIMEOUT_MS);

  it('two maintenance runs at once (two instances) both succeed and make each partition once', async () => {
    const test = await migratedTo0029((c) => insertHours(c, 'fence-old', '2026-03-01T00:00:00Z', 2));
    try {
      await migrate(test.database);
      const now = new Date('2026-03-10T12:00:00Z');
      const runs = await Promise.all([maintainReadingPartitions(test.database.db, now, 400), maintainReadingPartitions(test.database.db, now, 400)]);
      expect(runs.filter((run) => run.adopted !== null)).toHaveLength(1);
      expect([...runs[0].created, ...runs[1].created].sort()).toEqual(
        ['20260312', '20260313', '20260314', '20260315', '20260316', '20260317'].map((day) => `device_readings_p${day}`),
      );
      // And the job as the server starts it, twice over, later: the days ahead appear once each.
      const log = { info: () => undefined, warn: () => undefined, error: () => undefined, child: () => log } as never;
      const later = () => new Date('2026-03-14T12:00:00Z');
      const loops = await Promise.all([1, 2].map(() => startReadingMaintenance({ db: test.database.db, now: later, retentionDays: 400, log })));
      await Promise.all(loops.map((loop) => loop.stop()));
      const names = (await listPartitions(test.database.db)).map((partition) => partition.name);
      expect(names.at(-1)).toBe('device_readings_p20260321');
      expect(new Set(names).size).toBe(names.length);
    } finally {
      await test.dispose();
    }
  }, APP_START_TIMEOUT_MS);
});
