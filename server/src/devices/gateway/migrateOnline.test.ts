// Migrations that never stop ingest (issue 28, CONTRIBUTING.md "Add a migration", docs/operations/migrations.md):
// a fixture migration adds a rollup of device_readings (schema part), an index on device_readings (built
// CONCURRENTLY on PostgreSQL) and a back-fill of the rollup from every stored reading, in batches, while the
// gateway's ingest keeps storing readings. On PostgreSQL over ~2 M readings; on PGlite (one connection) over a
// smaller table, showing that the back-fill's batches interleave with ingest. And the checks on malformed files.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ingestBatch, type Uplink } from './ingest';
import { demoKey } from '../inventory';
import { call, createMember, createTestApp, type TestApp } from '../../testing/testApp';
import { finishMigrations, loadMigrations, migrate, MigrationFormatError, type MigrationLog } from '../../db/migrate';

const POSTGRES = process.env.PADDOCK_TEST_DB === 'postgres';
/** Bulk readings: devices × minutes (PostgreSQL: 2 M rows; PGlite: 30 k). */
const BULK_DEVICES = POSTGRES ? 2000 : 200;
const BULK_MINUTES = POSTGRES ? 1000 : 150;
const BATCH_SIZE = POSTGRES ? 50_000 : 2000;
const INGEST_DEVICES = 20;
/** The back-fill is stopped after this many batches (as a crash would stop it) and resumed. */
const STOP_AFTER_BATCHES = 3;

async function writeMigration(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paddock-migrations-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

// The lowest and highest Voltage of each device and UTC day: kept by a trigger for new readings (schema part),
// rolled up from the stored ones by the back-fill. least/greatest make a reading rolled up twice (by both) harmless.
const ROLLUP = `
  SELECT key, (at AT TIME ZONE 'UTC')::date AS day, min((data ->> 'Voltage')::float8) AS min, max((data ->> 'Voltage')::float8) AS max
  FROM %ROWS% WHERE jsonb_typeof(data -> 'Voltage') = 'number' GROUP BY 1, 2`;
const UPSERT = `ON CONFLICT (key, day) DO UPDATE SET min = least(d.min, excluded.min), max = greatest(d.max, excluded.max)`;
const FIXTURE = {
  '9001_voltage_days.sql': `
    CREATE TABLE voltage_days (key text NOT NULL, day date NOT NULL, min float8 NOT NULL, max float8 NOT NULL, PRIMARY KEY (key, day));
    CREATE FUNCTION voltage_days_keep() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO voltage_days AS d (key, day, min, max) ${ROLLUP.replace('%ROWS%', 'new_rows')} ORDER BY 1, 2 ${UPSERT};
      RETURN NULL;
    END $$;
    CREATE TRIGGER voltage_days_keep AFTER INSERT ON device_readings
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION voltage_days_keep();
    -- ends in a comment, without a semicolon`,
  '9001_voltage_days.concurrent.sql': `
    -- device_readings may be partitioned (0030): migrate builds each partition's index and attaches it.
    CREATE INDEX CONCURRENTLY IF NOT EXISTS device_readings_voltage_idx ON device_readings (((data ->> 'Voltage')::float8));`,
  '9001_voltage_days.backfill.sql': `
    -- paddock:batch-size ${BATCH_SIZE}
    -- The next :batch readings in key order after :cursor (the last one rolled up, as JSON), by the primary key.
    WITH batch AS MATERIALIZED (
      SELECT key, at, data FROM device_readings
      WHERE :cursor IS NULL OR (key, at) > ((:cursor)::jsonb ->> 'key', ((:cursor)::jsonb ->> 'at')::timestamptz)
      ORDER BY key, at LIMIT :batch
    ), rolled AS (
      INSERT INTO voltage_days AS d (key, day, min, max) ${ROLLUP.replace('%ROWS%', 'batch')} ORDER BY 1, 2 ${UPSERT}
    )
    SELECT jsonb_build_object('key', key, 'at', at)::text AS cursor FROM batch ORDER BY key DESC, at DESC LIMIT 1;`,
};

// One app (a migrated database) for the file: building one takes long on a loaded machine.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

describe('a migration with a back-fill and an index build, while ingest goes on', () => {
  it(`stores and acknowledges every reading, ingest stays fast, and the back-fill resumes where it stopped (${BULK_DEVICES * BULK_MINUTES} readings)`, async () => {
    const owner = await createMember(t);
    const keys: string[] = [];
    for (let n = 11; n < 11 + INGEST_DEVICES; n += 1) {
      const key = demoKey('fencealarm', n);
      const response = await call(t.app, 'POST', `/api/users/${owner.id}/fencealarms`, { token: owner.token, body: { Imei: key, Name: 'Online' } });
      expect(response.statusCode).toBe(201);
      keys.push(key);
    }
    // Stored history, one statement; its own rollup triggers are off for the fill (session_replication_role):
    // what this test measures is the migration, not the fill.
    await t.database.withConnection(async (c) => {
      await c.exec('BEGIN');
      await c.exec('SET LOCAL session_replication_role = replica');
      await c.exec(`INSERT INTO device_readings (key, at, data)
        SELECT 'bulk-' || lpad(d::text, 5, '0'), date_trunc('minute', now()) - make_interval(mins => m),
          jsonb_build_object('Voltage', (d * 7 + m * 13) % 9000, 'Battery', 12.5)
        FROM generate_series(1, ${BULK_DEVICES}) d, generate_series(1, ${BULK_MINUTES}) m`);
      await c.exec('COMMIT');
      await c.exec('ANALYZE device_readings');
    }, { unbounded: true });

    // The gateway's ingest (ingestBatch, as its batcher calls it), a batch of one reading per device after another.
    const acknowledged = new Map<string, Set<string>>(keys.map((key) => [key, new Set()]));
    const ingestEnds: number[] = [];
    const latencies: { start: number; ms: number }[] = [];
    const since = Date.now() - 3_600_000;
    let stopIngest = false;
    let round = 0;
    const ingest = (async () => {
      while (!stopIngest) {
        round += 1;
        const at = new Date(since + round * 1000).toISOString();
        const uplinks: Uplink[] = keys.map((key) => ({
          key,
          name: 'reading',
          payload: Buffer.from(JSON.stringify({ At: at, Voltage: 4000 + round, Battery: 3.7, Rssi: -70 })),
          retained: false,
          receivedAt: new Date(),
        }));
        const start = performance.now();
        const results = await ingestBatch(t.database.db, uplinks, undefined, { skipLocked: true });
        latencies.push({ start, ms: performance.now() - start });
        ingestEnds.push(performance.now());
        results.forEach((result, i) => {
          if (result.outcome === 'applied') acknowledged.get(uplinks[i].key)!.add(at);
        });
        // PGlite answers without I/O: a loop of its queries alone would never let timers or file reads run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    const batchEnds: number[] = [];
    const controller = new AbortController();
    const log: MigrationLog = {
      info: () => {},
      debug: () => {
        batchEnds.push(performance.now());
        if (batchEnds.length === STOP_AFTER_BATCHES) controller.abort();
      },
    };
    const dir = await writeMigration(FIXTURE);
    const started = performance.now();
    try {
      // The server's start: the schema part only; then the deferred parts in the background, stopped and resumed.
      expect(await migrate(t.database, dir, { deferred: 'later' })).toEqual(['9001_voltage_days.sql']);
      expect(await finishMigrations(t.database, dir, { log, signal: controller.signal })).toEqual([]);
      const [stopped] = await t.database.withConnection((c) =>
        c.query<{ deferred_pending: boolean; backfill_batches: number; backfill_cursor: string | null }>(
          `SELECT deferred_pending, backfill_batches, backfill_cursor FROM paddock_migrations WHERE name = '9001_voltage_days.sql'`,
        ),
      );
      expect(stopped).toEqual({ deferred_pending: true, backfill_batches: STOP_AFTER_BATCHES, backfill_cursor: expect.stringContaining('bulk-') });
      expect(await finishMigrations(t.database, dir, { log })).toEqual(['9001_voltage_days.sql']);
    } finally {
      stopIngest = true;
      await ingest;
    }
    const finished = performance.now();

    // Every acknowledged reading is stored, and nothing else for these devices.
    const stored = await t.database.withConnection((c) =>
      c.query<{ key: string; at: string }>(
        `SELECT key, to_json(at) #>> '{}' AS at FROM device_readings WHERE key IN (${keys.map((key) => `'${key}'`).join(', ')}) AND at >= '${new Date(since).toISOString()}'`,
      ),
    );
    const storedByKey = new Map<string, Set<string>>(keys.map((key) => [key, new Set()]));
    for (const row of stored) storedByKey.get(row.key)!.add(new Date(row.at).toISOString());
    const ackedCount = [...acknowledged.values()].reduce((sum, set) => sum + set.size, 0);
    expect(ackedCount).toBeGreaterThan(0);
    for (const key of keys) expect([...storedByKey.get(key)!].sort()).toEqual([...acknowledged.get(key)!].sort());

    // Ingest went on through the migration: batches between the back-fill's batches, and none slow.
    const during = latencies.filter(({ start }) => start >= started && start <= finished).map(({ ms }) => ms).sort((a, b) => a - b);
    const p99 = during[Math.min(during.length - 1, Math.floor(during.length * 0.99))];
    expect(during.length).toBeGreaterThan(10);
    expect(p99).toBeLessThan(2000);
    expect(ingestEnds.filter((end) => end > batchEnds[0] && end < batchEnds[batchEnds.length - 1]).length).toBeGreaterThan(0);
    expect(batchEnds.length).toBeGreaterThan(STOP_AFTER_BATCHES + 1);

    // The back-fill is complete: the rollup equals one computed from every reading now stored.
    const [{ differ, rows }] = await t.database.withConnection((c) =>
      c.query<{ differ: number; rows: number }>(`SELECT
        (SELECT count(*)::int FROM ((TABLE voltage_days EXCEPT ${ROLLUP.replace('%ROWS%', 'device_readings')})
          UNION ALL (${ROLLUP.replace('%ROWS%', 'device_readings')} EXCEPT TABLE voltage_days)) d) AS differ,
        (SELECT count(*)::int FROM voltage_days) AS rows`),
      // Two scans of every reading: longer than the app's statement timeout on a loaded machine.
      { unbounded: true },
    );
    expect(differ).toBe(0);
    expect(rows).toBeGreaterThanOrEqual(BULK_DEVICES);
    // The index exists and is valid (on every partition, when device_readings has partitions).
    const indexes = await t.database.withConnection((c) =>
      c.query<{ valid: boolean }>(`SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = 'device_readings_voltage_idx'::regclass`),
    );
    expect(indexes).toEqual([{ valid: true }]);
    console.log(
      `migration over ${BULK_DEVICES * BULK_MINUTES} readings: ${Math.round(finished - started)} ms, ${batchEnds.length} back-fill batches, ` +
        `${during.length} ingest batches meanwhile (p99 ${Math.round(p99)} ms), ${ackedCount} readings acknowledged`,
    );
  }, 300_000);
});

describe('malformed migration files', () => {
  const failsWith = async (files: Record<string, string>, message: string) => {
    const error = await loadMigrations(await writeMigration(files)).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(MigrationFormatError);
    expect((error as Error).message).toContain(message);
  };

  it('names the file and what is wrong', async () => {
    await failsWith({ '0001_a.sql': 'SELECT 1', '0001_a.backfill.sql': 'SELECT :cursor AS cursor LIMIT :batch' }, '0001_a.backfill.sql: needs a "-- paddock:batch-size N" line');
    await failsWith({ '0001_a.sql': 'SELECT 1', '0001_a.backfill.sql': '-- paddock:batch-size many\nSELECT 1' }, 'batch size "many" is not a positive integer');
    await failsWith(
      { '0001_a.sql': 'SELECT 1', '0001_a.backfill.sql': "-- paddock:batch-size 10\nSELECT ':x;y' AS a, :cursor AS cursor LIMIT :batch; SELECT 2" },
      'needs exactly one statement, has 2',
    );
    await failsWith({ '0001_a.sql': 'SELECT 1', '0001_a.backfill.sql': '-- paddock:batch-size 10\nSELECT NULL::text AS cursor LIMIT :batch' }, 'does not use :cursor');
    await failsWith(
      { '0001_a.sql': 'SELECT 1', '0001_a.concurrent.sql': 'CREATE INDEX CONCURRENTLY IF NOT EXISTS a_idx ON a (id);\nDROP TABLE a;' },
      '0001_a.concurrent.sql: statement 2 is not "CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS',
    );
    await failsWith({ '0001_a.sql': 'SELECT 1', '0001_a.concurrent.sql': 'CREATE INDEX CONCURRENTLY a_idx ON a (id)' }, 'statement 1 is not');
    await failsWith({ '0001_a.sql': 'CREATE TABLE a (id int);\nCREATE INDEX CONCURRENTLY a_idx ON a (id);' }, 'move the build to 0001_a.concurrent.sql');
    await failsWith({ '0002_b.backfill.sql': '-- paddock:batch-size 1\nSELECT :cursor AS cursor LIMIT :batch' }, 'has no 0002_b.sql beside it');
    await failsWith({ '0003_c.later.sql': 'SELECT 1' }, '0003_c.later.sql: is not named NNNN_name.sql');
  });

  it('fails migrate before anything is applied', async () => {
    const dir = await writeMigration({ '9101_good.sql': 'CREATE TABLE good (id int);', '9102_bad.sql': 'SELECT 1', '9102_bad.backfill.sql': 'SELECT 1' });
    await expect(migrate(t.database, dir)).rejects.toThrow('Migration 9102_bad.backfill.sql: needs a "-- paddock:batch-size N" line');
    const [{ good }] = await t.database.withConnection((c) => c.query<{ good: string | null }>(`SELECT to_regclass('good')::text AS good`));
    expect(good).toBeNull();
  });
});
