// The rollup job (history/rollups.ts, migration 0031), on PGlite and PostgreSQL: each hour's chart and trend rollups
// are what its readings say (worked out here in plain JS), built once the hour is over, built again for a late
// reading, never counting a reading twice, with two runners at once; and on PostgreSQL a writer and the job in flight
// at the same time never miss each other.
import { HISTORY_FIELDS, TREND_BUCKET_MS, TREND_FIELDS } from '@paddock/shared/domain';
import { Client } from 'pg';
import type { Connection } from '../db/client';
import { migrate } from '../db/migrate';
import { waitFor } from '../testing/devices';
import { openTestDatabase } from '../testing/testApp';
import { rollUpAll, rollUpBatch, ROLLUP_GRACE_MS, type RolledHour } from './rollups';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const HOUR = 3_600_000;
const CHARTED = [...new Set<string>(Object.values(HISTORY_FIELDS))];
const TRENDED = [...new Set<string>(Object.values(TREND_FIELDS))];

let test: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  test = await openTestDatabase();
  await migrate(test.database);
}, 120_000); // PGlite's start on a loaded machine
afterAll(() => test.dispose());

const withC = <T>(work: (c: Connection) => Promise<T>) => test.database.withConnection(work);
const ms = (value: Date | string | number) => new Date(value).getTime();

interface Reading {
  key: string;
  at: number;
  data: Record<string, unknown>;
}

async function insert(rows: { key: string; at: number; data: Record<string, unknown> }[]): Promise<void> {
  await withC((c) =>
    c.query(
      `INSERT INTO device_readings (key, at, data) SELECT key, at, data FROM jsonb_to_recordset($1::jsonb) AS r(key text, at timestamptz, data jsonb)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })))],
    ),
  );
}

const readingsOf = (keys: string[]) =>
  withC((c) =>
    c.query<Reading>(`SELECT key, floor(extract(epoch FROM at) * 1000)::float8 AS at, data FROM device_readings WHERE key = ANY($1) ORDER BY key, at`, [keys]),
  );

type Extreme = [key: string, field: string, hour: number, count: number, min: number, minAt: number, max: number, maxAt: number];
type Bucket = [key: string, field: string, bucket: number, count: number, sum: number];

/** 0017's rollup of `readings` in the hours `built`: the earliest of equal extremes. */
function expectedExtremes(readings: Reading[], built: (key: string, hour: number) => boolean): Extreme[] {
  const rows = new Map<string, Extreme>();
  for (const { key, at, data } of readings) {
    const hour = Math.floor(at / HOUR) * HOUR;
    if (!built(key, hour)) continue;
    for (const field of CHARTED) {
      const value = data[field];
      if (typeof value !== 'number') continue;
      const id = `${key}|${field}|${hour}`;
      const row = rows.get(id);
      if (!row) rows.set(id, [key, field, hour, 1, value, at, value, at]);
      else {
        row[3] += 1;
        if (value < row[4]) [row[4], row[5]] = [value, at];
        if (value > row[6]) [row[6], row[7]] = [value, at];
      }
    }
  }
  return [...rows.values()].sort(byIds);
}

/** 0028's rollup of `readings` in the hours `built`: count and sum per 10-minute bucket. */
function expectedBuckets(readings: Reading[], built: (key: string, hour: number) => boolean): Bucket[] {
  const rows = new Map<string, Bucket>();
  for (const { key, at, data } of readings) {
    if (!built(key, Math.floor(at / HOUR) * HOUR)) continue;
    const bucket = Math.floor(at / TREND_BUCKET_MS) * TREND_BUCKET_MS;
    for (const field of TRENDED) {
      const value = data[field];
      if (typeof value !== 'number') continue;
      const id = `${key}|${field}|${bucket}`;
      const row = rows.get(id) ?? [key, field, bucket, 0, 0];
      row[3] += 1;
      row[4] += value;
      rows.set(id, row);
    }
  }
  return [...rows.values()].sort(byIds);
}

function byIds(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

async function stored(keys: string[]): Promise<{ extremes: Extreme[]; buckets: Bucket[]; pending: string[] }> {
  return withC(async (c) => {
    const extremes = await c.query<{ row: Extreme }>(
      `SELECT json_build_array(key, field, floor(extract(epoch FROM hour) * 1000)::float8, count::float8, min,
         floor(extract(epoch FROM min_at) * 1000)::float8, max, floor(extract(epoch FROM max_at) * 1000)::float8) AS row
       FROM reading_hour_extremes WHERE key = ANY($1)`,
      [keys],
    );
    const buckets = await c.query<{ row: Bucket }>(
      `SELECT json_build_array(key, field, floor(extract(epoch FROM bucket) * 1000)::float8, count, sum::float8) AS row
       FROM reading_trend_buckets WHERE key = ANY($1)`,
      [keys],
    );
    const pending = await c.query<{ mark: string }>(`SELECT key || ' ' || to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') AS mark FROM reading_rollup_pending WHERE key = ANY($1) ORDER BY 1`, [keys]);
    const parse = <T>(row: T | string): T => (typeof row === 'string' ? (JSON.parse(row) as T) : row);
    return {
      extremes: extremes.map((r) => parse(r.row)).sort(byIds),
      buckets: buckets.map((r) => parse(r.row)).sort(byIds),
      pending: pending.map((r) => r.mark),
    };
  });
}

const markOf = (key: string, hour: string) => `${key} ${hour}`;
const rolledIds = (rolled: RolledHour[]) => rolled.map(({ key, hour }) => `${key} ${hour.toISOString().slice(0, 13)}`).sort();

describe('migration 0031', () => {
  it('leaves on device_readings only triggers that write once per device-hour or a shard: the mark and the reading count', async () => {
    const triggers = await withC((c) =>
      c.query<{ name: string }>(`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = 'device_readings'::regclass AND NOT tgisinternal ORDER BY 1`),
    );
    expect(triggers.map((t) => t.name)).toEqual(['reading_hours_count', 'reading_rollup_mark']);
  });
});

describe('the rollup job', () => {
  /** Readings a few minutes apart over 10:00–12:59 on 2024-03-01, many ties, some fields not numbers. */
  function hoursOf(key: string, seed: number): Reading[] {
    let state = seed;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const start = ms('2024-03-01T10:00:00Z');
    return Array.from({ length: 60 }, (_, i) => ({
      key,
      at: start + i * 179_000 + Math.floor(random() * 1000),
      data: {
        Voltage: 5000 + Math.floor(random() * 5),
        Load: random() < 0.1 ? 'n/a' : Math.floor(random() * 100),
        RemainingData: Math.floor(random() * 3),
        Temperature: -Math.floor(random() * 4),
        Rssi: -70,
      },
    }));
  }

  it('builds each marked hour once it is over, exactly; a late reading has its hour built again; a reading sent again is not counted', async () => {
    const key = 'rollup-one';
    await insert(hoursOf(key, 1));
    expect((await stored([key])).pending).toEqual(['10', '11', '12'].map((h) => markOf(key, `2024-03-01T${h}`)));

    // At 12:30 the 10:00 and 11:00 hours are over (and their grace); 12:00 is not.
    const now = new Date(ms('2024-03-01T12:00:00Z') + ROLLUP_GRACE_MS + 1);
    expect(rolledIds(await rollUpAll(test.database.db, now))).toEqual([`${key} 2024-03-01T10`, `${key} 2024-03-01T11`]);
    const before12 = (_: string, hour: number) => hour < ms('2024-03-01T12:00:00Z');
    let readings = await readingsOf([key]);
    let rollups = await stored([key]);
    expect(rollups.pending).toEqual([markOf(key, '2024-03-01T12')]);
    expect(rollups.extremes).toEqual(expectedExtremes(readings, before12));
    expect(rollups.buckets).toEqual(expectedBuckets(readings, before12));
    expect(rollups.extremes.length).toBeGreaterThan(0);

    // A late reading of 10:00, a new lowest voltage: marks its hour; the rollups stay until the job builds it again.
    await insert([{ key, at: ms('2024-03-01T10:59:59.999Z'), data: { Voltage: 1, Load: 7 } }]);
    expect((await stored([key])).pending).toEqual([markOf(key, '2024-03-01T10'), markOf(key, '2024-03-01T12')]);
    expect((await stored([key])).extremes).toEqual(rollups.extremes);
    // Sent again (its key and time are stored): nothing stored, nothing marked.
    await insert([{ key, at: readings.find((r) => r.at >= ms('2024-03-01T11:00:00Z'))!.at, data: { Voltage: -1 } }]);
    expect(rolledIds(await rollUpAll(test.database.db, now))).toEqual([`${key} 2024-03-01T10`]);
    readings = await readingsOf([key]);
    rollups = await stored([key]);
    expect(rollups.extremes).toEqual(expectedExtremes(readings, before12));
    expect(rollups.buckets).toEqual(expectedBuckets(readings, before12));
    expect(rollups.extremes).toContainEqual([key, 'Voltage', ms('2024-03-01T10:00:00Z'), 22, 1, ms('2024-03-01T10:59:59.999Z'), expect.any(Number), expect.any(Number)]);

    // Idempotent: nothing due, nothing done; every hour marked again, the same rows built.
    expect(await rollUpAll(test.database.db, now)).toEqual([]);
    await withC((c) => c.query(`INSERT INTO reading_rollup_pending (key, hour) SELECT $1, h FROM unnest($2::timestamptz[]) h ON CONFLICT DO NOTHING`, [key, ['2024-03-01T10:00:00Z', '2024-03-01T11:00:00Z']]));
    expect(await rollUpAll(test.database.db, now)).toHaveLength(2);
    expect(await stored([key])).toEqual(rollups);

    // Once 12:00 is over too, every reading is in the rollups once.
    await rollUpAll(test.database.db, new Date(ms('2024-03-01T13:00:00Z') + ROLLUP_GRACE_MS));
    rollups = await stored([key]);
    expect(rollups.pending).toEqual([]);
    expect(rollups.extremes).toEqual(expectedExtremes(readings, () => true));
    expect(rollups.buckets).toEqual(expectedBuckets(readings, () => true));
  });

  it('with two runners at once, builds every hour once and counts every reading once', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `rollup-many-${i}`);
    for (const [i, key] of keys.entries()) await insert(hoursOf(key, 100 + i));
    const now = new Date('2024-03-02T00:00:00Z');
    const [a, b] = await Promise.all([rollUpAll(test.database.db, now), rollUpAll(test.database.db, now)]);
    const both = [...rolledIds(a), ...rolledIds(b)].sort();
    expect(both).toHaveLength(keys.length * 3);
    expect(new Set(both).size).toBe(both.length);
    const readings = await readingsOf(keys);
    const rollups = await stored(keys);
    expect(rollups.pending).toEqual([]);
    expect(rollups.extremes).toEqual(expectedExtremes(readings, () => true));
    expect(rollups.buckets).toEqual(expectedBuckets(readings, () => true));
  }, 120_000);
});

if (onPostgres) {
  describe('a writer and the job at the same time (PostgreSQL)', () => {
    let writer: Client;
    beforeAll(async () => {
      writer = new Client({ connectionString: test.databaseDirectUrl ?? test.databaseUrl! });
      await writer.connect();
    });
    afterAll(() => writer.end());

    const waitingOnAdvisoryLock = (query: string) =>
      waitFor(
        () =>
          withC((c) =>
            c.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE $1`,
              [`%${query}%`],
            ),
          ),
        ([{ n }]) => n === 1,
      );

    it('the job waits for a writer past its mark, then counts its reading', async () => {
      const key = 'rollup-race-1';
      const hour = ms('2024-04-01T08:00:00Z');
      await insert([{ key, at: hour + 60_000, data: { Voltage: 10 } }]);
      // A reading into the marked hour, not committed: the mark was there, so it wrote none.
      await writer.query('BEGIN');
      await writer.query(`INSERT INTO device_readings (key, at, data) VALUES ($1, $2, '{"Voltage": 5}')`, [key, new Date(hour + 120_000)]);
      const job = rollUpBatch(test.database.db, new Date(hour + 2 * HOUR));
      await waitingOnAdvisoryLock('reading_rollup_lock');
      await writer.query('COMMIT');
      expect(rolledIds(await job)).toEqual([`${key} 2024-04-01T08`]);
      const rollups = await stored([key]);
      expect(rollups.pending).toEqual([]);
      expect(rollups.extremes).toEqual([[key, 'Voltage', hour, 2, 5, hour + 120_000, 10, hour + 60_000]]);
    });

    it('a writer during the job waits for its commit and marks the hour again', async () => {
      const key = 'rollup-race-2';
      const hour = ms('2024-04-01T09:00:00Z');
      await insert([{ key, at: hour + 60_000, data: { Voltage: 10 } }]);
      // The job's steps (rollups.ts), held open: marks claimed, shards taken, the hour read, the mark deleted.
      const job = writer;
      await job.query('BEGIN');
      await job.query(`SELECT 1 FROM reading_rollup_pending WHERE key = $1 FOR UPDATE`, [key]);
      await job.query(`SELECT reading_rollup_lock(ARRAY[$1], true)`, [key]);
      await job.query(`DELETE FROM reading_rollup_pending WHERE key = $1`, [key]);
      const late = insert([{ key, at: hour + 180_000, data: { Voltage: 1 } }]);
      await waitingOnAdvisoryLock('INSERT INTO device_readings');
      await job.query('COMMIT');
      await late;
      expect((await stored([key])).pending).toEqual([markOf(key, '2024-04-01T09')]);
      await rollUpAll(test.database.db, new Date(hour + 2 * HOUR));
      expect((await stored([key])).extremes).toEqual([[key, 'Voltage', hour, 2, 1, hour + 180_000, 10, hour + 60_000]]);
    });
  });
}
