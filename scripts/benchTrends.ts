// The dashboard's trend call at fleet scale (issue 27, docs/architecture/README.md#trends): a 300-device user's
// GET /users/{id}/devices/trends query (history/trends.ts deviceTrends) on a 30 M-row readings table — 10,000 devices
// reporting every minute for about two days — within 100 ms, and within 1.5 × the same call on a 1 M-row table (the
// same 300 devices and days, 34 other devices) measured in the same run: its cost follows the user's devices, not
// the table. The readings go in with one INSERT … SELECT generate_series with the table's triggers off and its key
// built after, then the trend rollups with one INSERT … SELECT over them (not row by row through the trigger).
import { PRODUCT_IDS, TREND_FIELDS } from '@paddock/shared/domain';
import type { Database } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { initialFields, initialSubscription } from '../server/src/devices/representation';
import { deviceTrends } from '../server/src/history/trends';
import type { Row } from './benchRows';

const USER_DEVICES = 300;
const MINUTES = 3_000;
const TABLES = [
  { label: '1 M', devices: 334 },
  { label: '30 M', devices: 10_000 },
] as const;
const BUDGET_MS = 100;
const PEER_RATIO = 1.5;
const USER = { id: 'bench-trends-user', email: 'trends@bench.paddock.test' };
const ROUNDS = 21;

/** A fresh, empty PostgreSQL database, dropped by `drop`. */
export interface TrendsDatabase {
  open(): Promise<Database>;
  drop(): Promise<void>;
}

const keyOf = (n: string) => `(930000000000000 + ${n})::text`;
const productOf = (n: string) => `(ARRAY[${PRODUCT_IDS.map((p) => `'${p}'`).join(',')}])[1 + ${n} % ${PRODUCT_IDS.length}]`;
const fieldOf = (n: string) => `(ARRAY[${PRODUCT_IDS.map((p) => `'${TREND_FIELDS[p]}'`).join(',')}])[1 + ${n} % ${PRODUCT_IDS.length}]`;

/** The user, `devices` devices (the first 300 theirs), a reading a minute each over MINUTES, and the rollups; in seconds. */
async function load(database: Database, devices: number): Promise<number> {
  const started = Date.now();
  await database.withConnection(
    async (c) => {
      await c.query(`INSERT INTO users (id, customer_id, email, password_hash, country, verified, created_at) VALUES
        ($1, 'cus_bench_trends', $2, 'not-a-password', 'SE', true, now()), ('bench-trends-fleet', 'cus_bench_fleet', 'fleet@bench.paddock.test', 'not-a-password', 'SE', true, now())`,
        [USER.id, USER.email]);
      await c.query(`INSERT INTO inventory (key, product, secret_hash, created_at)
        SELECT ${keyOf('n')}, ${productOf('n')}, 'not-a-secret', now() FROM generate_series(0, ${devices - 1}) n`);
      await c.query(`INSERT INTO devices (key, product, owner_id, name, tags, access, notify, fields, subscription, registered_at, updated_at)
        SELECT ${keyOf('n')}, ${productOf('n')}, CASE WHEN n < ${USER_DEVICES} THEN $1 ELSE 'bench-trends-fleet' END, 'Trend ' || n,
          '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, $2::jsonb -> ${productOf('n')}, $3::jsonb, now() - interval '30 days', now()
        FROM generate_series(0, ${devices - 1}) n`,
        [USER.id, JSON.stringify(Object.fromEntries(PRODUCT_IDS.map((p) => [p, initialFields(p)]))), JSON.stringify(initialSubscription(new Date()))],
      );
      // Bulk: no trigger per statement, the key built once after the rows (an index kept row by row is slower), no WAL
      // (a bench database, dropped at the end; the reads measured are the same on a logged table).
      await c.exec(`ALTER TABLE device_readings DISABLE TRIGGER USER; ALTER TABLE device_readings SET UNLOGGED;
        ALTER TABLE device_readings DROP CONSTRAINT device_readings_pkey; SET maintenance_work_mem = '512MB'`);
      // In time order, the devices interleaved, as the gateway's batches store them.
      await c.exec(`INSERT INTO device_readings (key, at, data)
        SELECT ${keyOf('n')}, date_trunc('minute', now()) - m * interval '1 minute' + (n % 60) * interval '1 second',
          jsonb_build_object(${fieldOf('n')}, (n * 7 + m) % 1000, 'Rssi', -70)
        FROM generate_series(${MINUTES - 1}, 0, -1) m CROSS JOIN generate_series(0, ${devices - 1}) n`);
      await c.exec(`ALTER TABLE device_readings ADD CONSTRAINT device_readings_pkey PRIMARY KEY (key, at);
        ALTER TABLE device_readings SET LOGGED; ALTER TABLE device_readings ENABLE TRIGGER USER`);
      // The rollups as migration 0028's trigger makes them, in one statement.
      await c.exec(`INSERT INTO reading_trend_buckets (key, field, bucket, count, sum)
        SELECT r.key, f, date_bin('10 minutes', r.at, 'epoch'), count(*), sum((r.data ->> f)::numeric)
        FROM device_readings r CROSS JOIN unnest('{${[...new Set(Object.values(TREND_FIELDS))].join(',')}}'::text[]) f
        WHERE jsonb_typeof(r.data -> f) = 'number' GROUP BY 1, 2, 3`);
      // Each alone: VACUUM runs outside a transaction (it sets the visibility map, as autovacuum would by now).
      for (const table of ['device_readings', 'reading_trend_buckets', 'devices']) await c.exec(`VACUUM ANALYZE ${table}`);
    },
    { unbounded: true },
  );
  return (Date.now() - started) / 1000;
}

/** The median of ROUNDS calls after a warm-up, in ms, and what the last one answered. */
async function measure(database: Database): Promise<{ ms: number; cards: number; points: number; buffers: number }> {
  const call = () => deviceTrends(database.db, USER, new Date());
  for (let i = 0; i < 3; i += 1) await call();
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof call>> = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    last = await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    ms: times[Math.floor(times.length / 2)],
    cards: last.length,
    points: last.reduce((n, t) => n + t.Points.length, 0),
    buffers: await buffersOf(database),
  };
}

/** The pages the call's query touches (EXPLAIN … BUFFERS): what it costs, whatever else the machine is doing. */
async function buffersOf(database: Database): Promise<number> {
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
    buffers = Plan['Shared Hit Blocks'] + Plan['Shared Read Blocks'];
    return { rows: [] };
  };
  try {
    await deviceTrends(database.db, USER, new Date());
  } finally {
    db.execute = execute;
  }
  return buffers;
}

/** The trend row: the 30 M-row table beside the 1 M-row one, each on a fresh database dropped after. */
export async function trendRows(fresh: () => Promise<TrendsDatabase | null>): Promise<Row[]> {
  const results: { label: string; ms: number; cards: number; points: number; buffers: number; loadS: number }[] = [];
  for (const table of TABLES) {
    const target = await fresh();
    if (!target) throw new Error('the trend figures need PostgreSQL (TEST_DATABASE_URL)');
    try {
      const database = await target.open();
      try {
        await migrate(database);
        const loadS = await load(database, table.devices);
        results.push({ label: table.label, loadS, ...(await measure(database)) });
        const r = results.at(-1)!;
        console.log(`(trends: ${table.label} readings loaded in ${loadS.toFixed(0)} s, call ${r.ms.toFixed(1)} ms, ${r.buffers} buffers)`);
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  }
  const [small, big] = results;
  const ratio = big.ms / small.ms;
  const answered = big.cards === USER_DEVICES && small.cards === USER_DEVICES;
  return [
    {
      what: `Trend call, ${USER_DEVICES}-device user, 30 M readings (PostgreSQL; loaded in ${big.loadS.toFixed(0)} s; ${big.points} points)`,
      value: `${big.ms.toFixed(1)} ms (${big.buffers} buffers)`,
      peer: `${small.ms.toFixed(1)} ms (${small.buffers} buffers) on 1 M readings`,
      ratio,
      budget: `≤ ${BUDGET_MS} ms, ≤ ${PEER_RATIO} ×, ${USER_DEVICES} lines`,
      ok: big.ms <= BUDGET_MS && ratio <= PEER_RATIO && answered,
    },
  ];
}
