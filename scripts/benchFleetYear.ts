// A production-shaped readings table (issue 28, docs/architecture/budgets.md#a-production-shaped-readings-table): a
// fleet of the real products writing a reading a minute each, INTERLEAVED as devices write them (every device's
// reading of minute t before any of minute t+1), so one device's readings are spread over the heap as in production,
// not in the contiguous runs the other history rows insert. The readings go in through the table's real triggers
// (the rollups are part of what a reading costs), a day a statement, in time order. The same figures are measured on
// a second database of the same shape 1/30 of the size (the fleet divided by 30, the same days), alternating between
// the two so both see the same minute of this shared machine: a 20-day chart of one device, exports of one
// device-day and of 20 days, the dashboard's trend call and a gateway batch, each within 1.5 × the small table's.
// Also the bytes a reading takes (heap + indexes + rollups) and what a year at 10,000 and 100,000 devices takes.
// PostgreSQL only: PGlite cannot hold this. `npm run bench -- --fleet-year [--fleet-devices N] [--fleet-days N] [--keep]
// [--as-written-only] [--cluster-completed]`.
import { readdirSync } from 'node:fs';
import { HISTORY_FIELDS, PRODUCT_IDS, TREND_BUCKET_MS, TREND_FIELDS, type HistoryField, type ProductId } from '@paddock/shared/domain';
import { Client } from 'pg';
import { openDatabase, type Database } from '../server/src/db/client';
import { migrate, MIGRATIONS_DIR } from '../server/src/db/migrate';
import { configAfterChange } from '../server/src/devices/gateway/configSync';
import { ingestBatch } from '../server/src/devices/gateway/ingest';
import { SERVER_PRODUCTS } from '../server/src/devices/products';
import { initialFields } from '../server/src/devices/representation';
import { chartPoints } from '../server/src/history/chart';
import { csvExport } from '../server/src/history/exports';
import { exportPages } from '../server/src/history/queries';
import { rollUpAll } from '../server/src/history/rollups';
import { deviceTrends } from '../server/src/history/trends';
import { compactReadings, LATE_READINGS_MS } from '../server/src/readings/compaction';
import { DEFAULT_READINGS_RETENTION_DAYS, ensureDayPartitions, listPartitions, maintainReadingPartitions } from '../server/src/readings/partitions';
import { percentile, type Row } from './benchRows';
import {
  CHART_DAYS,
  decimalBytes,
  FLAT_RATIO,
  fleetYearOptions,
  MINUTES_A_DAY,
  SMALL_FRACTION,
  smallScale,
  yearBytes,
  type FleetScale,
} from './benchFleetYearScale';
import { rounds } from './benchWal';

/** The devices the trend user owns and the gateway batch carries: the same keys on both tables. */
const SAMPLE_DEVICES = 30;
const KEY_BASE = 960_000_000_000_000;
const USER = { id: 'bench-fleet-year-user', email: 'fleet-year@bench.paddock.test' };
const ROUNDS = 9;
const INGEST_BATCHES = 30;
/** The hours the rollup job builds itself at the end of the generation (the hours before: set-based, the same rows). */
const JOB_HOURS = 3;

const keyOf = (n: number) => String(KEY_BASE + n);
const productOf = (n: number): ProductId => PRODUCT_IDS[n % PRODUCT_IDS.length];

/**
 * What a product's reading stores, as the gateway stores it (ingest.ts: the payload without At, plus what the server
 * derives), from one simulator reading: constant fields as they are, numeric ones as a SQL expression that moves
 * with the device `n` and the minute `m` (a daily swing and a little noise), so the rollups and the values vary.
 */
function readingSql(product: ProductId): string {
  const [uplink] = rounds([{ key: keyOf(0), product }], Date.now(), 1)[0];
  const { At: _at, ...values } = JSON.parse(uplink.payload.toString()) as Record<string, unknown>;
  const data: Record<string, unknown> = { ...values, ...SERVER_PRODUCTS[product].readingHistory?.(initialFields(product), values) };
  const constants: Record<string, unknown> = {};
  const moving: string[] = [];
  const factor = `(0.9 + 0.08 * sin((m + n * 37) * 2 * pi() / ${MINUTES_A_DAY}) + ((n * 7 + m) % 17) / 1000.0)`;
  for (const [field, value] of Object.entries(data)) {
    if (typeof value !== 'number' || value === 0) constants[field] = value;
    else moving.push(`'${field}', ${Number.isInteger(value) ? `round(${value} * ${factor})::int` : `round((${value} * ${factor})::numeric, 2)`}`);
  }
  return `'${JSON.stringify(constants).replace(/'/g, "''")}'::jsonb || jsonb_build_object(${moving.join(', ')})`;
}

/** The product-dependent reading of device `n` at minute `m`, for every product. */
const dataSql = () => `CASE n % ${PRODUCT_IDS.length} ${PRODUCT_IDS.map((p, i) => `WHEN ${i} THEN ${readingSql(p)}`).join(' ')} END`;

/** One bench database on the PostgreSQL server at `serverUrl`, made afresh unless kept from an earlier run at the same scale and schema. */
interface FleetDatabase {
  label: string;
  scale: FleetScale;
  database: Database;
  /** The last minute of the generated readings. */
  end: Date;
  /** Seconds each phase of the generation took (none when kept from an earlier run). */
  phases: Record<string, number>;
  /** How the schema of the day stores readings, for the rows. */
  layout: string;
  close(): Promise<void>;
}

const latestMigration = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d+_[\w-]+\.sql$/.test(name))
    .sort()
    .at(-1)!;

async function fleetDatabase(
  serverUrl: string,
  name: string,
  label: string,
  scale: FleetScale,
  sample: number,
  end: Date,
  keep: boolean,
): Promise<FleetDatabase> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const head = latestMigration();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists && keep) {
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      const [meta] = await database
        .withConnection((c) => c.query<{ devices: number; days: number; head: string; end: Date }>('SELECT devices, days, head, "end" FROM bench_fleet_meta'))
        .catch(() => []);
      if (meta && meta.devices === scale.devices && meta.days === scale.days && meta.head === head) {
        console.log(`(fleet-year: ${label} kept from an earlier run, ${name})`);
        return { label, scale, database, end: new Date(meta.end), phases: {}, layout: await layoutOf(database), close: () => database.close() };
      }
      await database.close();
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    const phases = await generate(database, scale, sample, end, label);
    await database.withConnection((c) =>
      c.query('CREATE TABLE bench_fleet_meta AS SELECT $1::int AS devices, $2::int AS days, $3::text AS head, $4::timestamptz AS "end"', [
        scale.devices,
        scale.days,
        head,
        end,
      ]),
    );
    return { label, scale, database, end, phases, layout: await layoutOf(database), close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Migrates, registers the fleet and writes its readings; the seconds of each phase. */
async function generate(database: Database, { devices, days }: FleetScale, sample: number, end: Date, label: string): Promise<Record<string, number>> {
  const phases: Record<string, number> = {};
  const timed = async (phase: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    phases[phase] = (performance.now() - started) / 1000;
  };
  await timed('migrate', () => migrate(database));
  await timed('register', () => register(database, devices, sample));
  const start = new Date(end.getTime() - (days * MINUTES_A_DAY - 1) * 60_000);
  const schema = await schemaOf(database);
  // Partitioned (migration 0030): the server's maintenance as on a server installed on the fleet's first day (the
  // table of 0030 adopted then), and each day's partition made before its readings arrive, as ingest makes them.
  if (schema.partitioned) await timed('partitions', () => maintainReadingPartitions(database.db, start, DEFAULT_READINGS_RETENTION_DAYS));
  const data = dataSql();
  await timed('readings', () =>
    database.withConnection(
      async (c) => {
        for (let day = 0; day < days; day += 1) {
          const dayFrom = start.getTime() + day * MINUTES_A_DAY * 60_000;
          const dayTo = dayFrom + MINUTES_A_DAY * 60_000;
          if (schema.partitioned) await ensureDayPartitions(database.db, [dayFrom, dayTo - 60_000]);
          const started = performance.now();
          // A day of the fleet's readings in time order (ORDER BY m, n), so the heap holds them as the gateway's batches
          // would: each minute's readings of every device side by side. A device reports within its minute.
          await c.query(
            `INSERT INTO device_readings (key, at, data)
             SELECT (${KEY_BASE}::bigint + n)::text, $1::timestamptz + m * interval '1 minute' + (n % 60) * interval '1 second', ${data}
             FROM generate_series($2::int, $3::int) m CROSS JOIN generate_series(0, $4::int) n
             ORDER BY m, n`,
            [start, day * MINUTES_A_DAY, (day + 1) * MINUTES_A_DAY - 1, devices - 1],
          );
          const seconds = (performance.now() - started) / 1000;
          if (day === 0 || (day + 1) % 5 === 0 || day === days - 1) {
            console.log(`(fleet-year: ${label} day ${day + 1}/${days}: ${((devices * MINUTES_A_DAY) / seconds).toFixed(0)} readings/s)`);
          }
        }
      },
      { unbounded: true },
    ),
  );
  if (schema.rollupJob) {
    // Rollups by the job (migration 0031, history/rollups.ts): ~330 device-hours a second on this machine, so weeks of
    // a fleet would still take minutes here. The hours before the last ones are built at once with the job's own
    // statements (the same rows), and the job builds the last JOB_HOURS', timed.
    const jobFrom = new Date(Math.floor(end.getTime() / 3_600_000 - JOB_HOURS) * 3_600_000);
    await timed('rollups before the last hours (set-based)', () => rollUpBefore(database, jobFrom));
    let built = 0;
    await timed('rollup job', async () => (built = (await rollUpAll(database.db, new Date(end.getTime() + 60_000))).length));
    console.log(`(fleet-year: ${label}: the rollup job built the last ${built.toLocaleString('en')} device-hours in ${phases['rollup job'].toFixed(1)} s)`);
  }
  // As autovacuum would have by now on a live table: hint bits set, visibility map and statistics current.
  await timed('vacuum', () =>
    database.withConnection(
      async (c) => {
        for (const table of await rollupTables(c)) await c.exec(`VACUUM ANALYZE ${table}`);
        await c.exec('VACUUM ANALYZE device_readings');
        await c.exec('VACUUM ANALYZE devices');
      },
      { unbounded: true },
    ),
  );
  return phases;
}

/** What the schema of the day does with readings: partitions (migration 0030), rollups by a job (0031) rather than triggers. */
async function schemaOf(database: Database): Promise<{ partitioned: boolean; rollupJob: boolean }> {
  const [found] = await database.withConnection((c) =>
    c.query<{ partitioned: boolean; rollupJob: boolean }>(
      `SELECT (SELECT relkind = 'p' FROM pg_class WHERE oid = 'device_readings'::regclass) AS partitioned,
        to_regclass('reading_rollup_pending') IS NOT NULL AS "rollupJob"`,
    ),
  );
  return found;
}

/**
 * The chart and trend rollups of every hour before `before`, with the rollup job's statements (history/rollups.ts
 * rollUpBatch) over all of them at once, and their marks gone: what the job leaves once it has caught up.
 */
async function rollUpBefore(database: Database, before: Date): Promise<void> {
  const charted = `'{${[...new Set(Object.values(HISTORY_FIELDS))].join(',')}}'::text[]`;
  const trended = `'{${[...new Set(Object.values(TREND_FIELDS))].join(',')}}'::text[]`;
  await database.withConnection(
    async (c) => {
      await c.query(
        `INSERT INTO "reading_hour_extremes" ("key", "field", "hour", "count", "min", "min_at", "max", "max_at")
        SELECT "key", "field", "hour", count(*), min("value"), (array_agg("at" ORDER BY "value", "at"))[1],
          max("value"), (array_agg("at" ORDER BY "value" DESC, "at"))[1]
        FROM (SELECT r."key", f AS "field", date_bin('1 hour', r."at", 'epoch') AS "hour", r."at", (r."data" ->> f)::float8 AS "value"
          FROM "device_readings" r CROSS JOIN unnest(${charted}) f WHERE r."at" < $1 AND jsonb_typeof(r."data" -> f) = 'number') v
        GROUP BY 1, 2, 3`,
        [before],
      );
      await c.query(
        `INSERT INTO "reading_trend_buckets" ("key", "field", "bucket", "count", "sum")
        SELECT r."key", f, date_bin(interval '${TREND_BUCKET_MS / 1000} seconds', r."at", 'epoch'), count(*), sum((r."data" ->> f)::numeric)
        FROM "device_readings" r CROSS JOIN unnest(${trended}) f WHERE r."at" < $1 AND jsonb_typeof(r."data" -> f) = 'number'
        GROUP BY 1, 2, 3`,
        [before],
      );
      await c.query(`DELETE FROM "reading_rollup_pending" WHERE "hour" < $1`, [before]);
    },
    { unbounded: true },
  );
}

const layoutOf = async (database: Database) => {
  const { partitioned, rollupJob } = await schemaOf(database);
  return `${partitioned ? 'daily partitions' : 'one table'}, rollups by ${rollupJob ? 'the rollup job' : 'triggers'}`;
};

/** The user, the fleet (the first `sample` devices theirs), registered 1,000 days ago so no reading is an earlier owner's. */
async function register(database: Database, devices: number, sample: number): Promise<void> {
  await database.withConnection(async (c) => {
    await c.query(
      `INSERT INTO users (id, customer_id, email, password_hash, country, verified, created_at) VALUES
        ($1, 'cus_bench_fleet_year', $2, 'not-a-password', 'SE', true, now()),
        ('bench-fleet-year-fleet', 'cus_bench_fleet_year_fleet', 'fleet-year-fleet@bench.paddock.test', 'not-a-password', 'SE', true, now())`,
      [USER.id, USER.email],
    );
    for (const [i, product] of PRODUCT_IDS.entries()) {
      const registered = configAfterChange(product, null, initialFields(product), 0);
      const key = `(${KEY_BASE}::bigint + n)::text`;
      const these = `FROM generate_series(0, ${devices - 1}) n WHERE n % ${PRODUCT_IDS.length} = ${i}`;
      await c.query(`INSERT INTO inventory (key, product, secret_hash, created_at) SELECT ${key}, '${product}', 'not-a-secret', now() ${these}`);
      await c.query(
        `INSERT INTO devices (key, product, owner_id, name, tags, access, notify, fields, subscription, registered_at, updated_at,
          offline_at, config_version)
        SELECT ${key}, '${product}', CASE WHEN n < ${sample} THEN $1 ELSE 'bench-fleet-year-fleet' END, 'Fleet ' || n, '[]'::jsonb,
          '[]'::jsonb, '[]'::jsonb, $2::jsonb,
          jsonb_build_object('Trialing', false, 'ExpiresAt', to_char((now() + interval '30 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'PriceIds', jsonb_build_object('Current', 'price_bench', 'Next', 'price_bench')),
          now() - interval '1000 days', now(), now() + interval '1 day', $3
        ${these}`,
        [USER.id, JSON.stringify(registered.fields), registered.configVersion],
      );
    }
  });
}

/** The rollup tables (every table named reading_*, not a partition), as the schema of the day has them. */
async function rollupTables(c: { query<R>(sql: string, params?: unknown[]): Promise<R[]> }): Promise<string[]> {
  const rows = await c.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relkind IN ('r', 'p') AND NOT relispartition AND relname LIKE 'reading\\_%'
     AND relnamespace = 'public'::regnamespace ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** A table and its partitions, if any (pg_partition_tree lists nothing for a table that is not partitioned). */
const treeOf = (table: string) => `SELECT relid FROM pg_partition_tree(${table}::regclass) UNION SELECT ${table}::regclass`;

/** On-disk bytes of the readings (every partition) and of each rollup table, with the readings stored. */
async function sizes(database: Database): Promise<{ readings: number; heap: number; indexes: number; rollups: Record<string, number> }> {
  return database.withConnection(async (c) => {
    const [raw] = await c.query<{ heap: string; indexes: string; readings: string }>(
      `WITH tree AS (${treeOf("'device_readings'")})
       SELECT sum(pg_table_size(relid))::bigint AS heap, sum(pg_indexes_size(relid))::bigint AS indexes,
        -- The leaves only: ANALYZE of a partitioned table gives the parent the count of all its partitions' rows too.
        (SELECT sum(reltuples)::bigint FROM pg_class WHERE oid IN (SELECT relid FROM tree) AND relkind = 'r' AND reltuples > 0) AS readings
       FROM tree`,
    );
    const rollups: Record<string, number> = {};
    for (const table of await rollupTables(c)) {
      const [{ bytes }] = await c.query<{ bytes: string }>(
        `SELECT sum(pg_total_relation_size(relid))::bigint AS bytes FROM (${treeOf('$1')}) tree`,
        [table],
      );
      rollups[table] = Number(bytes);
    }
    return { readings: Number(raw.readings), heap: Number(raw.heap), indexes: Number(raw.indexes), rollups };
  });
}

/**
 * The shared pages the queries of `run` touch (EXPLAIN ANALYZE BUFFERS of each as it runs, then the query itself):
 * what a call costs whatever else the machine is doing.
 */
async function buffersOf(database: Database, run: () => Promise<unknown>): Promise<number> {
  const db = database.db as unknown as {
    execute(query: unknown): Promise<unknown>;
    dialect: { sqlToQuery(query: unknown): { sql: string; params: unknown[] } };
  };
  const execute = db.execute;
  let buffers = 0;
  db.execute = async (query: { getSQL(): unknown }) => {
    const { sql, params } = db.dialect.sqlToQuery(query.getSQL());
    const [row] = await database.withConnection((c) =>
      c.query<{ 'QUERY PLAN': { Plan: Record<string, number> }[] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params),
    );
    const { Plan } = row['QUERY PLAN'][0];
    buffers += Plan['Shared Hit Blocks'] + Plan['Shared Read Blocks'];
    return execute.call(db, query);
  };
  try {
    await run();
  } finally {
    db.execute = execute;
  }
  return buffers;
}

/** A figure measured on both tables: each call's ms, and what the last call answered (to compare the two). */
interface Measured {
  ms: number[];
  answer: string;
  buffers: number;
}

/**
 * `call` on the big table and the small one in turn, ROUNDS times after one untimed call each (code paths compiled,
 * caches filled): both see the same minutes of the machine.
 */
async function alternating(
  tables: FleetDatabase[],
  call: (table: FleetDatabase, round: number) => Promise<string>,
  rounds = ROUNDS,
  explain = true,
): Promise<Measured[]> {
  const results = tables.map(() => ({ ms: [] as number[], answer: '', buffers: 0 }));
  for (const [i, table] of tables.entries()) {
    if (explain) results[i].buffers = await buffersOf(table.database, () => call(table, 0));
    else await call(table, 0);
  }
  for (let round = 1; round <= rounds; round += 1) {
    for (const [i, table] of tables.entries()) {
      const started = performance.now();
      results[i].answer = await call(table, round);
      results[i].ms.push(performance.now() - started);
    }
  }
  for (const result of results) result.ms.sort((a, b) => a - b);
  return results;
}

const scaleText = ({ devices, days }: FleetScale) =>
  `${devices.toLocaleString('en')} devices × ${days} days (${((devices * days * MINUTES_A_DAY) / 1e6).toFixed(devices * days * MINUTES_A_DAY < 1e7 ? 2 : 1)} M readings)`;

const buffersText = ({ buffers }: Measured) => (buffers ? `, ${buffers.toLocaleString('en')} buffers` : '');

/**
 * A figure beside its 1/30 peer. `target` false: reported only, for a layout production does not keep (completed
 * days are compacted by the server's job, docs/architecture/readings.md "Store"); the answers must still agree.
 */
function flatRow(what: string, [big, small]: Measured[], [bigTable, smallTable]: FleetDatabase[], target = true): Row {
  const [bigMs, smallMs] = [percentile(big.ms, 50), percentile(small.ms, 50)];
  const ratio = bigMs / smallMs;
  const sameAnswer = big.answer === small.answer;
  return {
    what: `${what}, ${scaleText(bigTable.scale)} written interleaved (${bigTable.layout}), PostgreSQL`,
    value: `median ${bigMs.toFixed(1)} ms, p99 ${percentile(big.ms, 99).toFixed(1)} ms (n=${big.ms.length}${buffersText(big)}; ${big.answer})`,
    peer: `median ${smallMs.toFixed(1)} ms (${buffersText(small).slice(2)}${small.buffers ? '; ' : ''}${small.answer}) on ${scaleText(smallTable.scale)}`,
    ratio,
    budget: target ? `≤ ${FLAT_RATIO} ×, the same answer` : 'reported (before compaction), the same answer',
    ok: sameAnswer && (!target || ratio <= FLAT_RATIO),
  };
}

/** The first sample device of a product charted by voltage (a FenceAlarm), and the day windows measured. */
function windows(end: Date) {
  const dayMs = MINUTES_A_DAY * 60_000;
  const to = end;
  return {
    chart: { from: new Date(to.getTime() - CHART_DAYS * dayMs + 60_000), to },
    // The last whole day before the chart's last one, so no edge of it is the ingest's.
    day: { from: new Date(to.getTime() - 2 * dayMs + 60_000), to: new Date(to.getTime() - dayMs) },
  };
}

/** The device charted and exported: the first sample device with a voltage (a FenceAlarm). */
function chartedDevice(sample: number): { key: string; field: HistoryField } {
  const charted = Array.from({ length: sample }, (_, n) => n).find((n) => TREND_FIELDS[productOf(n)] === 'Voltage') ?? 0;
  return { key: keyOf(charted), field: TREND_FIELDS[productOf(charted)] };
}

/**
 * By default (not with `--as-written-only`): the server's compaction (readings/compaction.ts) of every day due at the table's end (over
 * for the late-reading window: all but the last two of the chart's days), as the job would have run it day after day;
 * while it runs on the big table, the sample devices' gateway batches go on and are timed. Then the reads again.
 */
async function compactedRows(tables: FleetDatabase[], sample: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const table of tables) {
    const started = performance.now();
    const compacting = compactReadings(table.database.db, {
      now: table.end,
      retentionDays: DEFAULT_READINGS_RETENTION_DAYS,
      holder: 'bench-fleet-year',
      max: Number.MAX_SAFE_INTEGER,
    });
    const ingest = table === tables[0] ? await ingestWhile(table, sample, compacting) : [];
    const run = await compacting;
    const seconds = (performance.now() - started) / 1000;
    const readings = run.compacted.reduce((n, done) => n + done.copied + done.late, 0);
    const slowest = Math.max(...run.compacted.map((done) => done.ms)) / 1000;
    console.log(
      `(fleet-year: ${table.label}: ${run.compacted.length} completed partitions compacted in ${seconds.toFixed(1)} s, ${readings.toLocaleString('en')} readings, the longest day ${slowest.toFixed(1)} s)`,
    );
    if (table === tables[0]) {
      rows.push({
        what: `Compaction of the completed days (readings/compaction.ts), ${scaleText(table.scale)}: ${run.compacted.length} days, ${readings.toLocaleString('en')} readings`,
        value: `${seconds.toFixed(1)} s (${(readings / seconds).toFixed(0)} readings a second; a day ${slowest.toFixed(1)} s at most)`,
        budget: 'reported',
        ok: run.compacted.length > 0,
      });
      rows.push({
        what: `Gateway batch of ${sample} readings during the compaction (ingestBatch, the big table)`,
        value: ingest.length
          ? `median ${percentile(ingest, 50).toFixed(1)} ms, max ${Math.max(...ingest).toFixed(1)} ms (n=${ingest.length})`
          : 'no batch: the compaction ended first',
        budget: 'reported (the swap holds the table ≤ 1 s a day)',
        ok: ingest.length > 0,
      });
    }
  }
  const { key, field } = chartedDevice(sample);
  rows.push(
    ...(await readRows(tables, key, field, `, completed days compacted by the server (late window ${LATE_READINGS_MS / 3_600_000} h)`, true)),
  );
  return rows;
}

/** The sample devices' next readings through the gateway, a batch at a time, until `work` ends; each batch's ms. */
async function ingestWhile(table: FleetDatabase, sample: number, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.then(
    () => (done = true),
    () => (done = true),
  );
  const devices = Array.from({ length: sample }, (_, n) => ({ key: keyOf(n), product: productOf(n) }));
  const [{ last }] = await table.database.withConnection((c) =>
    c.query<{ last: Date }>('SELECT max(at) AS last FROM device_readings WHERE key = ANY($1)', [devices.map((d) => d.key)]),
  );
  const start = Math.ceil(new Date(last).getTime() / 60_000) * 60_000 + 60_000;
  const ms: number[] = [];
  for (let round = 0; !done; round += 1) {
    const [batch] = rounds(devices, start + round * 60_000, 1);
    const began = performance.now();
    await ingestBatch(table.database.db, batch);
    ms.push(performance.now() - began);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return ms;
}

/**
 * `--cluster-completed`: every partition of a completed day rewritten in (key, at) order (CLUSTER on its primary
 * key): what the server's compaction does, by another means, for comparison; then the reads again.
 */
async function clusteredRows(tables: FleetDatabase[], sample: number): Promise<Row[]> {
  for (const table of tables) {
    const started = performance.now();
    const today = Math.floor(table.end.getTime() / 86_400_000) * 86_400_000;
    const done = (await listPartitions(table.database.db)).filter((partition) => !partition.isDefault && partition.to !== null && partition.to <= today);
    await table.database.withConnection(
      async (c) => {
        for (const { name } of done) {
          const [{ index }] = await c.query<{ index: string }>(
            `SELECT indexrelid::regclass::text AS index FROM pg_index WHERE indrelid = $1::regclass AND indisprimary`,
            [`"${name}"`],
          );
          // Each alone: VACUUM runs outside a transaction, and several statements in one query make one.
          await c.exec(`CLUSTER "${name}" USING ${index}`);
          await c.exec(`VACUUM ANALYZE "${name}"`);
        }
      },
      { unbounded: true },
    );
    console.log(`(fleet-year: ${table.label}: ${done.length} completed partitions clustered in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  const { key, field } = chartedDevice(sample);
  return readRows(tables, key, field, ', completed days CLUSTERed by the bench', false);
}

/** The measured rows on the two tables (big first). */
async function measure(tables: FleetDatabase[], sample: number): Promise<Row[]> {
  const { key, field } = chartedDevice(sample);
  const rows: Row[] = [];
  const ends = tables.map((t) => t.end.getTime());
  if (new Set(ends).size !== 1) console.log('(fleet-year: the two tables end at different minutes; each is measured over its own windows)');

  // As written, every day is interleaved; production keeps that layout only inside the late-reading window.
  rows.push(...(await readRows(tables, key, field, ', as written (every day interleaved)', false)));
  rows.push(...(await writeRows(tables, sample)));
  return rows;
}

/** The chart and the exports of device `key` (big first); `how` is said of the layout in each row. */
async function readRows(tables: FleetDatabase[], key: string, field: HistoryField, how: string, target: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  const chart = await alternating(tables, async (table) => {
    const { chart: range } = windows(table.end);
    return `${(await chartPoints(table.database.db, { key, field, ...range }, range)).length} points`;
  });
  rows.push(flatRow(`Chart of one device over ${CHART_DAYS} days (${(CHART_DAYS * MINUTES_A_DAY).toLocaleString('en')} readings, history/chart.ts)${how}`, chart, tables, target));

  const exportOf = async (table: FleetDatabase, range: { from: Date; to: Date }) => {
    let bytes = 0;
    let lines = 0;
    for await (const chunk of csvExport(exportPages(table.database.db, { key, field, ...range }, 'csv'), field)) {
      const text = String(chunk);
      bytes += Buffer.byteLength(text);
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
    }
    return `${(lines - 1).toLocaleString('en')} rows, ${bytes.toLocaleString('en')} B`;
  };
  const day = await alternating(tables, (table) => exportOf(table, windows(table.end).day));
  rows.push(flatRow(`CSV export of one device-day (exportPages + csvExport)${how}`, day, tables, target));
  const days = await alternating(tables, (table) => exportOf(table, windows(table.end).chart), 5);
  rows.push(flatRow(`CSV export of one device over ${CHART_DAYS} days${how}`, days, tables, target));
  return rows;
}

/** The trend call of the sample devices' user, and their next readings through the gateway's batches (big first). */
async function writeRows(tables: FleetDatabase[], sample: number): Promise<Row[]> {
  const rows: Row[] = [];

  const trends = await alternating(tables, async (table) => {
    const cards = await deviceTrends(table.database.db, USER, table.end);
    return `${cards.length} cards, ${cards.reduce((n, card) => n + card.Points.length, 0)} points`;
  });
  rows.push(flatRow(`Trend call of a ${sample}-device user (history/trends.ts)`, trends, tables));

  // The sample devices' next readings, a batch a minute after the table's last: as the gateway hands them over.
  const devices = Array.from({ length: sample }, (_, n) => ({ key: keyOf(n), product: productOf(n) }));
  const batches = await Promise.all(
    tables.map(async (table) => {
      const [{ last }] = await table.database.withConnection((c) =>
        c.query<{ last: Date }>('SELECT max(at) AS last FROM device_readings WHERE key = ANY($1)', [devices.map((d) => d.key)]),
      );
      const start = Math.ceil(new Date(last).getTime() / 60_000) * 60_000 + 60_000;
      return rounds(devices, start, INGEST_BATCHES + 1);
    }),
  );
  const ingest = await alternating(
    tables,
    async (table, round) => {
      const results = await ingestBatch(table.database.db, batches[tables.indexOf(table)][round]);
      return `${results.filter((r) => r.outcome === 'applied').length} of ${results.length} applied`;
    },
    INGEST_BATCHES,
    // Its statements run in the batch's transaction, which EXPLAIN on another connection would wait for.
    false,
  );
  rows.push(flatRow(`Gateway batch of ${sample} readings (ingestBatch, through the triggers)`, ingest, tables));
  return rows;
}

/** Bytes per reading on the big table, and a year of readings at 10,000 and 100,000 devices at that rate. */
async function sizeRows(table: FleetDatabase): Promise<Row[]> {
  const size = await sizes(table.database);
  const rollups = Object.values(size.rollups).reduce((a, b) => a + b, 0);
  const per = (bytes: number) => bytes / size.readings;
  const total = per(size.heap + size.indexes + rollups);
  const rollupText = Object.entries(size.rollups)
    .map(([name, bytes]) => `${name} ${per(bytes).toFixed(1)}`)
    .join(', ');
  const year = (devices: number) =>
    `${decimalBytes(yearBytes(total, devices))} (raw ${decimalBytes(yearBytes(per(size.heap + size.indexes), devices))}, rollups ${decimalBytes(yearBytes(per(rollups), devices))})`;
  return [
    {
      what: `Bytes per reading on disk, ${scaleText(table.scale)} (device_readings and its partitions; the rollup tables)`,
      value: `${total.toFixed(1)} B: heap ${per(size.heap).toFixed(1)} + indexes ${per(size.indexes).toFixed(1)} + rollups ${per(rollups).toFixed(1)} (${rollupText})`,
      budget: 'reported (issue 28: 207 B before)',
      ok: size.readings > 0,
    },
    {
      what: 'A year at a reading a minute, at these bytes per reading',
      value: `10,000 devices: ${year(10_000)}; 100,000 devices: ${year(100_000)}`,
      budget: 'reported',
      ok: size.readings > 0,
    },
  ];
}

/** `npm run bench -- --fleet-year`: the rows, with the generation's phases printed as they finish. */
export async function fleetYearRows(argv: readonly string[] = process.argv): Promise<Row[]> {
  const options = fleetYearOptions(argv);
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const probe = new Client({ connectionString: serverUrl });
  await probe.connect().catch(() => {
    throw new Error(`the fleet-year figures need PostgreSQL (TEST_DATABASE_URL; none at ${serverUrl}): PGlite cannot hold them`);
  });
  await probe.end();
  // BENCH_FLEET_DATABASE names the two databases (its value and _small after it), e.g. to keep two schemas' apart.
  const base = process.env.BENCH_FLEET_DATABASE ?? 'paddock_bench_fleet';
  if (!/^[a-z_][a-z0-9_]*$/.test(base)) throw new Error(`BENCH_FLEET_DATABASE must be a plain lower-case name, not ${base}`);
  const names = [base, `${base}_small`];
  // Both tables end at the same minute (an hour ago: room for the ingest rows' readings), so each call asks both the same.
  const end = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000);
  const tables: FleetDatabase[] = [];
  const sample = Math.min(SAMPLE_DEVICES, smallScale(options).devices);
  try {
    for (const [name, label, scale] of [
      [names[0], 'big', options],
      [names[1], `1/${SMALL_FRACTION}`, smallScale(options)],
    ] as const) {
      const table = await fleetDatabase(serverUrl, name, label, { devices: scale.devices, days: scale.days }, sample, end, options.keep);
      tables.push(table);
      const phases = Object.entries(table.phases).map(([phase, s]) => `${phase} ${s.toFixed(1)} s`);
      if (phases.length) console.log(`(fleet-year: ${label} table, ${scaleText(table.scale)}: ${phases.join(', ')})`);
    }
    const rows = [...(await measure(tables, sample)), ...(await sizeRows(tables[0]))];
    if (options.compactCompleted) {
      rows.push(
        ...(await compactedRows(tables, sample).catch((error: Error) => [
          { what: 'Reads with completed days compacted by the server', value: `failed: ${error.message}`, budget: '—', ok: false },
        ])),
      );
    }
    if (options.clusterCompleted) {
      // After the rows above are safe: a failure here costs only its own rows.
      rows.push(
        ...(await clusteredRows(tables, sample).catch((error: Error) => [
          { what: 'Reads with completed days CLUSTERed by the bench', value: `failed: ${error.message}`, budget: '—', ok: false },
        ])),
      );
    }
    return rows;
  } finally {
    for (const table of tables) await table.close();
    if (!options.keep) {
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
