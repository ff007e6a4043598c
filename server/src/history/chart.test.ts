// Charts from the hourly rollups (docs/architecture/README.md#charts): the answer must be what the readings
// themselves say. Each test works the expected chart (or rollup) out in plain JS from every stored reading and
// compares; rollups that missed a reading, counted one from before the registration or outside the window, kept a
// later one of equal extremes, or took a reading delivered again would all show as a difference.
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHART_MAX_POINTS, HISTORY_FIELDS, PRODUCTS, type TimedValue } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import type { Connection } from '../db/client';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { devices } from '../db/schema';
import { ingestBatch, type Uplink } from '../devices/gateway/ingest';
import { demoKey } from '../devices/inventory';
import { call, createMember, openTestDatabase, setUpTestApp, type Member, type TestApp } from '../testing/testApp';
import { chartGrid } from './chart';
import { rollUpAll } from './rollups';

let t: TestApp;
setUpTestApp((app) => (t = app));

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ms = (iso: string) => Date.parse(iso);

interface StoredReading {
  key: string;
  at: number;
  data: Record<string, unknown>;
}

const storedReadings = (c: Connection, key?: string) =>
  c.query<StoredReading>(
    `SELECT key, floor(extract(epoch FROM at) * 1000)::float8 AS at, data FROM device_readings ${key ? 'WHERE key = $1' : ''} ORDER BY key, at`,
    key ? [key] : [],
  );

/** The chart the readings call for: every reading while they fit, else each bucket's earliest lowest and highest. */
function expectedChart(readings: StoredReading[], range: { from: string; to: string }, registeredAt: string): TimedValue[] {
  const [from, to] = [ms(range.from), ms(range.to)];
  const shown = readings
    .filter((r) => r.at >= Math.max(from, ms(registeredAt)) && r.at <= to && typeof r.data.Voltage === 'number')
    .map((r) => ({ time: r.at, value: r.data.Voltage as number }));
  if (shown.length <= CHART_MAX_POINTS) return shown;
  const grid = chartGrid(from, to);
  const buckets = new Map<number, { min: TimedValue; max: TimedValue }>();
  for (const point of shown) {
    const index = Math.floor((point.time - grid.origin) / grid.width);
    const bucket = buckets.get(index);
    if (!bucket) buckets.set(index, { min: point, max: point });
    else {
      // In time order, so strict comparisons keep the earliest of equal extremes.
      if (point.value < bucket.min.value) bucket.min = point;
      if (point.value > bucket.max.value) bucket.max = point;
    }
  }
  return [...buckets.values()].flatMap(({ min, max }) => (min === max ? [min] : min.time < max.time ? [min, max] : [max, min]));
}

interface Rollup {
  key: string;
  field: string;
  hour: number;
  count: number;
  min: number;
  minAt: number;
  max: number;
  maxAt: number;
}

const CHARTED = new Set<string>(Object.values(HISTORY_FIELDS));

/** The rollups the readings call for: per key, charted field (HISTORY_FIELDS) with a number and UTC hour. */
function expectedRollups(readings: StoredReading[]): Rollup[] {
  const rollups = new Map<string, Rollup>();
  for (const { key, at, data } of readings) {
    for (const [field, value] of Object.entries(data)) {
      if (typeof value !== 'number' || !CHARTED.has(field)) continue;
      const hour = Math.floor(at / HOUR) * HOUR;
      const id = `${key}|${field}|${hour}`;
      const rollup = rollups.get(id);
      if (!rollup) rollups.set(id, { key, field, hour, count: 1, min: value, minAt: at, max: value, maxAt: at });
      else {
        rollup.count += 1;
        if (value < rollup.min || (value === rollup.min && at < rollup.minAt)) [rollup.min, rollup.minAt] = [value, at];
        if (value > rollup.max || (value === rollup.max && at < rollup.maxAt)) [rollup.max, rollup.maxAt] = [value, at];
      }
    }
  }
  return [...rollups.values()].sort((a, b) => a.key.localeCompare(b.key) || a.field.localeCompare(b.field) || a.hour - b.hour);
}

const storedRollups = (c: Connection, key?: string) =>
  c.query<Rollup>(
    `SELECT key, field, floor(extract(epoch FROM hour) * 1000)::float8 AS hour, count::float8 AS count, min,
            floor(extract(epoch FROM min_at) * 1000)::float8 AS "minAt", max, floor(extract(epoch FROM max_at) * 1000)::float8 AS "maxAt"
     FROM reading_hour_extremes ${key ? 'WHERE key = $1' : ''} ORDER BY key COLLATE "C", field COLLATE "C", hour`,
    key ? [key] : [],
  );
const sortedLikeJs = (rows: Rollup[]) =>
  [...rows].sort((a, b) => a.key.localeCompare(b.key) || a.field.localeCompare(b.field) || a.hour - b.hour);

let used = 1; // demo numbers 2–60 are in the inventory (DEMO_DEVICES_PER_PRODUCT)
async function registeredFence(owner: Member, registeredAt: string): Promise<string> {
  const key = demoKey('fencealarm', (used += 1));
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/fencealarms`, {
    token: owner.token,
    body: { Imei: key, Name: 'Chart' },
  });
  expect(response.statusCode).toBe(201);
  await t.database.db
    .update(devices)
    .set({ registeredAt: new Date(registeredAt) })
    .where(eq(devices.key, key));
  return key;
}

/** `count` readings a minute apart from `start` but at `except`: Voltage 5000–5049 in a scrambled order, many ties. */
async function insertMinutes(key: string, start: string, count: number, except: readonly string[] = []): Promise<void> {
  await t.database.withConnection(
    (c) =>
      c.query(
        `INSERT INTO device_readings (key, at, data)
       SELECT $1, at, jsonb_build_object('Voltage', 5000 + (i * 7919) % 50, 'Battery', 3.7, 'Rssi', -70 - i % 3)
       FROM generate_series(0, $3 - 1) AS i, LATERAL (SELECT $2::timestamptz + i * interval '1 minute' AS at) m
       WHERE NOT at = ANY($4::timestamptz[])`,
        [key, start, count, except],
      ),
    // A bulk load, not a request: no statement timeout (PostgreSQL).
    { unbounded: true },
  );
}

async function setVoltage(key: string, at: string, voltage: number): Promise<void> {
  await t.database.withConnection((c) =>
    c.query(`INSERT INTO device_readings (key, at, data) VALUES ($1, $2, $3)`, [
      key,
      at,
      JSON.stringify({ Voltage: voltage, Battery: 3.7, Rssi: -70 }),
    ]),
  );
}

async function chart(owner: Member, key: string, range: { from: string; to: string }): Promise<TimedValue[]> {
  const response = await call(t.app, 'GET', `/api/${PRODUCTS.fencealarm.apiCollection}/${key}/voltage?${new URLSearchParams(range)}`, {
    token: owner.token,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ Timestamp: string; Voltage: number }[]>().map((p) => ({ time: ms(p.Timestamp), value: p.Voltage }));
}

describe('chartGrid', () => {
  it('lays at most CHART_MAX_POINTS / 2 buckets over any window; from 21 days on, whole UTC hours, at least half as many', () => {
    const start = ms('2024-03-31T00:59:59.999Z');
    const DAY = 24 * HOUR;
    for (const span of [
      MINUTE,
      HOUR,
      20 * DAY,
      500 * HOUR - 2,
      500 * HOUR - 1,
      21 * DAY,
      31 * DAY,
      41.7 * DAY,
      42 * DAY,
      100 * DAY,
      366 * DAY,
    ]) {
      for (const shift of [0, 1, 17 * MINUTE + 1234, 59 * MINUTE]) {
        const from = start + shift;
        const to = from + span;
        const grid = chartGrid(from, to);
        const buckets = Math.floor((to - grid.origin) / grid.width) - Math.floor((from - grid.origin) / grid.width) + 1;
        expect(buckets).toBeLessThanOrEqual(CHART_MAX_POINTS / 2);
        expect(grid.width * buckets).toBeGreaterThan(to - from);
        expect(grid.hourly).toBe(to - from + 1 >= 500 * HOUR);
        if (grid.hourly) {
          expect(grid.width % HOUR).toBe(0);
          expect(grid.origin).toBe(0);
          expect(buckets).toBeGreaterThanOrEqual(CHART_MAX_POINTS / 4);
        } else expect(grid.width).toBeLessThan(HOUR);
      }
    }
    // A year: 9-hour buckets, so ~974 buckets and at most ~1,950 points; a month: 744 buckets of an hour.
    expect(chartGrid(ms('2024-01-01T00:00:00Z'), ms('2024-12-31T23:59:00Z')).width).toBe(9 * HOUR);
    expect(chartGrid(ms('2024-01-01T00:00:00Z'), ms('2024-01-31T23:59:59.999Z')).width).toBe(HOUR);
  });
});

describe('a chart over months', () => {
  const DAYS = 62;
  const RANGE = { from: '2024-01-01T00:17:30.000Z', to: '2024-03-01T13:45:10.000Z' };
  let owner: Member;
  let key: string;
  let readings: StoredReading[];
  beforeAll(async () => {
    owner = await createMember(t);
    key = await registeredFence(owner, '2000-01-01T00:00:00Z');
    // Extremes next to every cut: `from` and `to` (inside and outside their hours) and the registration below,
    // inserted after the hours around them were rolled up (readings arriving late).
    const extremes = [
      ['2024-01-01T00:17:00.000Z', 9100], // before `from`, in its hour
      ['2024-01-01T00:18:00.000Z', 12], // after `from`, in its hour
      ['2024-03-01T13:45:00.000Z', 9300], // before `to`, in its hour
      ['2024-03-01T13:46:00.000Z', 9400], // after `to`, in its hour
      ['2024-01-20T07:33:00.000Z', 11], // before the registration at 07:33:30, in its hour
      ['2024-01-20T07:34:00.000Z', 9200], // after it
    ] as const;
    await insertMinutes(
      key,
      '2023-12-31T00:00:00Z',
      DAYS * 24 * 60,
      extremes.map(([at]) => at),
    );
    // Rolled up (the job, history/rollups.ts), then the extremes arrive late: their hours are marked and read from
    // the readings until the job builds them again.
    await rollUpAll(t.database.db, t.clock.now());
    for (const [at, voltage] of extremes) await setVoltage(key, at, voltage);
    readings = await t.database.withConnection((c) => storedReadings(c, key));
    expect(readings).toHaveLength(DAYS * 24 * 60);
  }, 120_000);

  it.each([
    ['from and to cut', '2000-01-01T00:00:00.000Z', [12, 9300], [9100, 9400]],
    ['the registration and to cut', '2024-01-20T07:33:30.000Z', [9200, 9300], [9100, 9400, 12, 11]],
  ])('is each bucket’s earliest lowest and highest reading of the window where %s an hour', async (_case, registeredAt, shown, hidden) => {
    await t.database.db
      .update(devices)
      .set({ registeredAt: new Date(registeredAt) })
      .where(eq(devices.key, key));
    const points = await chart(owner, key, RANGE);
    // Bucketed (the readings do not fit), over the part of the window since the registration.
    expect(points.length).toBeGreaterThan(CHART_MAX_POINTS / 4);
    expect(points.length).toBeLessThanOrEqual(CHART_MAX_POINTS);
    const values = points.map((p) => p.value);
    for (const value of shown) expect(values).toContain(value);
    for (const value of hidden) expect(values).not.toContain(value);
    expect(points).toEqual(expectedChart(readings, RANGE, registeredAt));
  });

  it('is the same once the late readings’ hours are built again, and from the readings alone with every hour marked', async () => {
    const pendingHours = () => t.database.withConnection((c) => c.query(`SELECT hour FROM reading_rollup_pending WHERE key = $1`, [key]));
    // The late extremes' hours (two in each).
    expect(await pendingHours()).toHaveLength(3);
    const registeredAt = '2024-01-20T07:33:30.000Z';
    const points = await chart(owner, key, RANGE);
    expect(points).toEqual(expectedChart(readings, RANGE, registeredAt));
    await rollUpAll(t.database.db, t.clock.now());
    expect(await pendingHours()).toHaveLength(0);
    expect(await chart(owner, key, RANGE)).toEqual(points);
    // As if every reading had come late: all from the readings.
    await t.database.withConnection((c) =>
      c.query(`INSERT INTO reading_rollup_pending (key, hour) SELECT DISTINCT key, date_bin('1 hour', at, 'epoch') FROM device_readings WHERE key = $1`, [key]),
    );
    expect(await chart(owner, key, RANGE)).toEqual(points);
    await rollUpAll(t.database.db, t.clock.now());
    expect(sortedLikeJs(await t.database.withConnection((c) => storedRollups(c, key)))).toEqual(expectedRollups(readings));
  }, 120_000);
});

describe('readings through the gateway', () => {
  const fenceReading = (key: string, at: string, voltage: number): Uplink => ({
    key,
    name: 'reading',
    payload: Buffer.from(JSON.stringify({ At: at, Voltage: voltage, Battery: 3.7, Rssi: -70 })),
    retained: false,
    receivedAt: t.clock.now(),
  });

  it('late, out of order and delivered again: the rollups are those of the readings stored', async () => {
    const owner = await createMember(t);
    const key = await registeredFence(owner, '2000-01-01T00:00:00Z');
    // Newest first, over several batches; equal extremes arrive after later ones; one reading comes again with a
    // Voltage that would be a new extreme, and one batch holds the same reading twice.
    const batches = [
      [fenceReading(key, '2024-02-10T11:05:00.000Z', 5200), fenceReading(key, '2024-02-10T10:50:00.000Z', 100)],
      [fenceReading(key, '2024-02-10T10:30:00.000Z', 100), fenceReading(key, '2024-02-10T10:40:00.000Z', 7000)],
      [fenceReading(key, '2024-02-10T10:10:00.000Z', 100), fenceReading(key, '2024-02-10T10:45:00.000Z', 7000)],
      [
        fenceReading(key, '2024-02-10T10:30:00.000Z', 1),
        fenceReading(key, '2024-02-10T10:20:00.000Z', 7000),
        fenceReading(key, '2024-02-10T10:20:00.000Z', 9999),
      ],
      [fenceReading(key, '2024-02-10T09:59:59.999Z', 50), fenceReading(key, '2024-02-10T11:00:00.000Z', 20_000)],
    ];
    // The rollup job after each batch: each later batch's readings are late ones of hours already built.
    for (const batch of batches) {
      expect((await ingestBatch(t.database.db, batch)).every((result) => result.outcome === 'applied')).toBe(true);
      await rollUpAll(t.database.db, t.clock.now());
    }
    const [stored, rollups] = await t.database.withConnection(
      async (c) => [await storedReadings(c, key), await storedRollups(c, key)] as const,
    );
    expect(stored).toHaveLength(9);
    expect(sortedLikeJs(rollups)).toEqual(expectedRollups(stored));
    // Spelled out for the hour that saw it all: the earliest of equal extremes, the reading sent again not counted.
    expect(rollups.find((r) => r.field === 'Voltage' && r.hour === ms('2024-02-10T10:00:00Z'))).toEqual({
      key,
      field: 'Voltage',
      hour: ms('2024-02-10T10:00:00Z'),
      count: 6,
      min: 100,
      minAt: ms('2024-02-10T10:10:00Z'),
      max: 7000,
      maxAt: ms('2024-02-10T10:20:00Z'),
    });
  });
});

describe('readings on the edges of buckets', () => {
  it.each([
    ['hour-wide buckets (rollups)', { from: '2024-01-01T00:00:00.000Z', to: '2024-03-01T00:00:00.000Z' }, '2024-01-31T00:00:00Z'],
    [
      'buckets shorter than an hour (readings)',
      { from: '2024-01-31T00:00:00.000Z', to: '2024-02-02T00:00:00.000Z' },
      '2024-01-31T00:00:00Z',
    ],
  ])('count in the bucket they fall in: %s', async (_case, range, start) => {
    const owner = await createMember(t);
    const key = await registeredFence(owner, '2000-01-01T00:00:00Z');
    const grid = chartGrid(ms(range.from), ms(range.to));
    // A bucket's last millisecond and the next one's first, each the lowest of its bucket, the edge between them
    // inside the readings (which are more than fit, so the chart is bucketed).
    const edge = grid.origin + (Math.floor((ms(start) - grid.origin) / grid.width) + 5) * grid.width;
    const [before, after] = [new Date(edge - 1).toISOString(), new Date(edge).toISOString()];
    await insertMinutes(key, start, 2 * 24 * 60, [before, after]);
    // Built, then the two edge readings late: their hours from the readings, the others from the rollups.
    await rollUpAll(t.database.db, t.clock.now());
    await setVoltage(key, before, 3);
    await setVoltage(key, after, 4);
    const readings = await t.database.withConnection((c) => storedReadings(c, key));
    const points = await chart(owner, key, range);
    expect(points).toContainEqual({ time: edge - 1, value: 3 });
    expect(points).toContainEqual({ time: edge, value: 4 });
    expect(points).toEqual(expectedChart(readings, range, '2000-01-01T00:00:00Z'));
  });
});

describe('migration 0017', () => {
  // The charted fields are HISTORY_FIELDS, the rollup job's (history/rollups.ts, since 0031): expectedRollups keeps
  // only those, and the readings below also have numeric fields that are not charted.
  it('rolls up the readings stored before it, and the rollup job goes on from there (0031)', async () => {
    const test = await openTestDatabase();
    try {
      // Migrated as a release before 0017 left it, with readings in it.
      const before = await mkdtemp(path.join(os.tmpdir(), 'paddock-before-0017-'));
      const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d+_[\w-]+\.sql$/.test(name) && name < '0017');
      for (const file of files) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      expect(await migrate(test.database, before)).toEqual(files.sort());
      const insert = (c: Connection, key: string, at: string, data: Record<string, unknown>) =>
        c.query(`INSERT INTO device_readings (key, at, data) VALUES ($1, $2, $3)`, [key, at, JSON.stringify(data)]);
      await test.database.withConnection(async (c) => {
        await c.query(
          `INSERT INTO device_readings (key, at, data)
           SELECT 'plug-' || i % 3, '2024-05-01T00:00:00Z'::timestamptz + i * interval '47 seconds',
                  jsonb_build_object('Load', (i * 31) % 17, 'Consumption', i, 'Temperature', 20 + i % 5, 'SignalStrength', i % 90, 'PowerEnabled', true, 'Note', 'text')
           FROM generate_series(0, 9999) AS i`,
        );
        await insert(c, 'fence-1', '2024-05-01T03:00:00.000Z', { Voltage: 5000 });
        await insert(c, 'fence-1', '2024-05-01T03:59:59.999Z', { Voltage: 5000, Battery: 'low' });
      });
      expect((await migrate(test.database))[0]).toBe('0017_reading_hour_extremes.sql');
      await test.database.withConnection(async (c) => {
        expect(sortedLikeJs(await storedRollups(c))).toEqual(expectedRollups(await storedReadings(c)));
        // Later readings into hours the backfill rolled up: marked, and built again by the job.
        await insert(c, 'fence-1', '2024-05-01T03:30:00.000Z', { Voltage: 4000 });
        await insert(c, 'fence-1', '2024-05-01T03:00:00.000Z', { Voltage: 1 }).catch(() => undefined); // already stored: refused
        await c.query(
          `INSERT INTO device_readings (key, at, data) VALUES ('plug-0', '2024-05-01T00:00:00.5Z', '{"Load": -1}'), ('plug-0', '2024-05-01T00:00:00Z', '{"Load": 99}') ON CONFLICT DO NOTHING`,
        );
      });
      expect(await rollUpAll(test.database.db, new Date())).toHaveLength(2);
      await test.database.withConnection(async (c) => {
        const readings = await storedReadings(c);
        expect(readings.length).toBe(10_000 + 4);
        expect(sortedLikeJs(await storedRollups(c))).toEqual(expectedRollups(readings));
      });
    } finally {
      await test.dispose();
    }
  }, 120_000);
});
