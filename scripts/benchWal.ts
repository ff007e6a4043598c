// What ingest writes (docs/architecture/README.md#ingest): WAL bytes per stored reading through the gateway's batches
// (ingestBatch, as the broker hands them over) beside a plain INSERT of the same rows into a table shaped like
// device_readings, in the same run on the same PostgreSQL (pg_current_wal_lsn() before and after each); and the share
// of the device-row updates PostgreSQL made in place (HOT: pg_stat_user_tables n_tup_hot_upd / n_tup_upd over the run).
// The fleet's devices each send one reading per batch, as at a real reporting interval (a device with many readings
// in one batch writes its row once for all of them: that is the cheap case). The WAL position is the server's, so
// whatever else runs on that server meanwhile counts too: run it on a quiet one (npm run bench -- --wal).
import { offlineDeadline, type ProductId } from '@paddock/shared/domain';
import { Client } from 'pg';
import type { Database } from '../server/src/db/client';
import { configAfterChange } from '../server/src/devices/gateway/configSync';
import { MAX_BATCH } from '../server/src/devices/gateway/batcher';
import { ingestBatch, type Uplink } from '../server/src/devices/gateway/ingest';
import { rollUpAll } from '../server/src/history/rollups';
import { initialFields } from '../server/src/devices/representation';
import { createModel, seededRng, step, type DeviceModel } from '../server/src/simulator/model';
import type { Row } from './benchRows';

const PRODUCTS_TIMED: ProductId[] = ['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'];
export const WAL_SCALE = { devicesPerProduct: 75, users: 30, rounds: 20 };
/** docs/architecture/README.md#budgets */
export const WAL_BUDGET = { bytesPerReading: 600, hotShare: 0.9 };
const INTERVAL_MS = 60_000;
const KEY_BASE = 700_000_000_000_000;

/**
 * The devices of the run: registered to WAL_SCALE.users owners in turn, each shared with and notifying its owner,
 * and reporting: last heard `lastSeenAt`, offline three intervals later unless heard again (as a fleet in its steady
 * state, where a reading moves the deadline later and so leaves the sweep's table alone, migration 0027).
 */
export async function seedDevices(database: Database, lastSeenAt = new Date()): Promise<{ key: string; product: ProductId }[]> {
  const { users, devicesPerProduct } = WAL_SCALE;
  await database.withConnection(async (c) => {
    await c.query(`INSERT INTO users (id, customer_id, email, password_hash, country, verified, created_at)
      SELECT 'wal-user-' || n, 'cus_wal_' || n, 'wal-user-' || n || '@bench.paddock.test', 'not-a-password', 'SE', true, now()
      FROM generate_series(1, ${users}) n`);
    for (const [i, product] of PRODUCTS_TIMED.entries()) {
      const key = `(${KEY_BASE + i * 1_000_000}::bigint + n)::text`;
      await c.query(`INSERT INTO inventory (key, product, secret_hash, created_at)
        SELECT ${key}, '${product}', 'not-a-secret', now() FROM generate_series(1, ${devicesPerProduct}) n`);
      const registered = configAfterChange(product, null, initialFields(product), 0);
      await c.query(
        `INSERT INTO devices (key, product, owner_id, name, tags, access, notify, fields, subscription, registered_at, updated_at,
          last_seen_at, offline_at, config_version)
        SELECT ${key}, '${product}', 'wal-user-' || (1 + n % ${users}), 'WAL ' || n, '[]'::jsonb,
          jsonb_build_array('wal-user-' || (1 + n % ${users}) || '@bench.paddock.test'),
          jsonb_build_array('wal-user-' || (1 + n % ${users}) || '@bench.paddock.test'), $1::jsonb,
          jsonb_build_object('Trialing', false, 'ExpiresAt', to_char((now() + interval '30 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'PriceIds', jsonb_build_object('Current', 'price_bench', 'Next', 'price_bench')),
          now() - interval '1 day', now() - interval '1 day', $3, $4, $2
        FROM generate_series(1, ${devicesPerProduct}) n`,
        [JSON.stringify(registered.fields), registered.configVersion, lastSeenAt, offlineDeadline(product, lastSeenAt)],
      );
    }
    await c.query('VACUUM ANALYZE devices');
  });
  return PRODUCTS_TIMED.flatMap((product, i) =>
    Array.from({ length: devicesPerProduct }, (_, n) => ({ key: String(KEY_BASE + i * 1_000_000 + n + 1), product })),
  );
}

/** Each round's batch: one simulator reading per device, a reporting interval after the one before. */
export function rounds(devices: { key: string; product: ProductId }[], start: number, count = WAL_SCALE.rounds): Uplink[][] {
  const models = new Map<string, DeviceModel>(devices.map(({ key, product }) => [key, createModel(product, seededRng(key))]));
  const rng = seededRng('wal-bench');
  return Array.from({ length: count }, (_, round) => {
    const at = new Date(start + round * INTERVAL_MS);
    return devices.map(({ key }) => {
      const result = step(models.get(key)!, { seconds: INTERVAL_MS / 1000, at, fault: 'none', relay: true }, rng);
      models.set(key, result.model);
      return { key, name: 'reading', payload: Buffer.from(JSON.stringify(result.reading)), retained: false, receivedAt: at };
    });
  });
}

const lsn = async (c: Client) => (await c.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn;

/**
 * WAL written since `from`: with pg_walinspect (a contrib extension) only this database's records and its
 * transactions' commits, so a shared server's other work does not count; else the whole server's.
 */
async function walBytes(c: Client, from: string): Promise<number> {
  const whole = async () =>
    Number((await c.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint AS bytes', [from])).rows[0].bytes);
  const inspect = await c.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect').then(
    () => true,
    () => false,
  );
  if (!inspect) return whole();
  // A busy server's checkpoint may have recycled the segments already: then the whole server's.
  const mine = await c.query<{ bytes: string }>(
    `WITH r AS (SELECT xid, record_length, coalesce(block_ref, '') AS ref FROM pg_get_wal_records_info($1, pg_current_wal_flush_lsn())),
      here AS (SELECT '%/' || oid || '/%' AS pattern FROM pg_database WHERE datname = current_database()),
      mine AS (SELECT DISTINCT xid FROM r, here WHERE ref LIKE pattern AND xid::text <> '0')
    SELECT coalesce(sum(record_length), 0) AS bytes FROM r, here
    WHERE ref LIKE pattern OR (ref = '' AND xid IN (SELECT xid FROM mine))`,
    [from],
  ).catch(() => null);
  return mine ? Number(mine.rows[0].bytes) : whole();
}

interface Updates {
  updates: number;
  hot: number;
}
async function deviceUpdates(c: Client): Promise<Updates> {
  const { rows } = await c.query<{ upd: string; hot: string }>(
    `SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'devices'`,
  );
  return { updates: Number(rows[0].upd), hot: Number(rows[0].hot) };
}

/** The statistics of the pool's connections reach pg_stat_user_tables when they flush (within ~10 s of going idle). */
async function updatesAfter(c: Client, before: Updates, expected: number): Promise<Updates> {
  const until = Date.now() + 30_000;
  for (;;) {
    await c.query('SELECT pg_stat_force_next_flush()');
    const now = await deviceUpdates(c);
    const seen = { updates: now.updates - before.updates, hot: now.hot - before.hot };
    if (seen.updates >= expected || Date.now() > until) return seen;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function walBreakdown(c: Client, from: string): Promise<void> {
  await c.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  // This database's records only (a shared server's other databases write WAL meanwhile too).
  const records = `SELECT *, substring(block_ref from 'rel [0-9]+/[0-9]+/([0-9]+)') AS node FROM pg_get_wal_records_info($1, pg_current_wal_flush_lsn())
    WHERE block_ref LIKE (SELECT '%/' || oid || '/%' FROM pg_database WHERE datname = current_database())`;
  const byType = await c.query(
    `SELECT resource_manager, record_type, count(*) AS n, sum(record_length) AS bytes, sum(fpi_length) AS fpi FROM (${records}) r GROUP BY 1, 2 ORDER BY 4 DESC LIMIT 20`,
    [from],
  );
  console.table(byType.rows);
  const byTable = await c.query(
    `SELECT coalesce(c.relname, r.node) AS relation, record_type, count(*) AS n, sum(record_length) AS bytes, sum(fpi_length) AS fpi
    FROM (${records}) r LEFT JOIN pg_class c ON c.relfilenode::text = r.node GROUP BY 1, 2 ORDER BY 4 DESC LIMIT 25`,
    [from],
  );
  console.table(byTable.rows);
}

/** The WAL and HOT rows on a migrated PostgreSQL database (`url` is its URL, `database` open on it). */
export async function walRows(database: Database, url: string, label = 'PostgreSQL'): Promise<Row[]> {
  const start = Date.now() - 2 * WAL_SCALE.rounds * INTERVAL_MS;
  const devices = await seedDevices(database, new Date(start - INTERVAL_MS));
  const all = rounds(devices, start, 2 * WAL_SCALE.rounds);
  const batches = all.slice(0, WAL_SCALE.rounds);
  const readings = batches.reduce((sum, batch) => sum + batch.length, 0);
  // Then a burst, as in the ingest row: each device's next readings all in one batch (MAX_BATCH uplinks a batch).
  const later = all.slice(WAL_SCALE.rounds);
  const perBatch = Math.floor(MAX_BATCH / WAL_SCALE.rounds);
  const burst = Array.from({ length: Math.ceil(devices.length / perBatch) }, (_, i) =>
    devices.slice(i * perBatch, (i + 1) * perBatch).flatMap((_, j) => later.map((round) => round[i * perBatch + j])),
  );
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    // pg_walinspect before the first position: its catalog rows would otherwise count as the ingest's WAL (~13 B a reading).
    await c.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect').catch(() => undefined);
    // A checkpoint before each side, so both pay the full-page images of the pages they touch first alike.
    await c.query('CHECKPOINT');
    const updatesBefore = await deviceUpdates(c);
    const from = await lsn(c);
    for (const batch of batches) await ingestBatch(database.db, batch);
    const ingestWal = await walBytes(c, from);
    // BENCH_VERBOSE=1: where the bytes went, by table and record type (pg_walinspect, a contrib extension).
    if (process.env.BENCH_VERBOSE) await walBreakdown(c, from);
    const { rows: [{ stored }] } = await c.query<{ stored: string }>('SELECT count(*) AS stored FROM device_readings WHERE key = ANY($1)', [devices.map((d) => d.key)]);
    const updates = await updatesAfter(c, updatesBefore, devices.length * batches.length);
    await c.query('CHECKPOINT');
    const burstFrom = await lsn(c);
    for (const batch of burst) await ingestBatch(database.db, batch);
    const burstWal = await walBytes(c, burstFrom);
    // The rollups are built by a job once each hour is over (history/rollups.ts, migration 0031), not at ingest: its
    // WAL per device-hour built, and so per reading at one a minute (this run's hours hold 20 readings a device).
    await c.query('CHECKPOINT');
    const rollupFrom = await lsn(c);
    const built = (await rollUpAll(database.db, new Date(Date.now() + 3 * 3_600_000))).length;
    const rollupWal = await walBytes(c, rollupFrom);

    await c.query('CREATE TABLE wal_peer_readings (key text NOT NULL, at timestamptz NOT NULL, data jsonb NOT NULL, PRIMARY KEY (key, at))');
    try {
      await c.query('CHECKPOINT');
      const peerFrom = await lsn(c);
      for (const batch of batches) {
        const values = batch.map((uplink) => ({ key: uplink.key, at: JSON.parse(uplink.payload.toString()).At, data: uplink.payload.toString() }));
        await c.query(
          `INSERT INTO wal_peer_readings (key, at, data) SELECT key, at, data::jsonb FROM jsonb_to_recordset($1::jsonb) AS r(key text, at timestamptz, data text) ON CONFLICT DO NOTHING`,
          [JSON.stringify(values)],
        );
      }
      const peerWal = await walBytes(c, peerFrom);
      const perReading = ingestWal / Number(stored);
      const peerPerRow = peerWal / readings;
      const hotShare = updates.updates ? updates.hot / updates.updates : 0;
      const scale = `${devices.length} devices × ${batches.length} batches of one reading each, ${label}`;
      return [
        {
          what: `WAL bytes per stored reading through the gateway's batches, ${scale}`,
          value: `${perReading.toFixed(0)} B (${Number(stored).toLocaleString('en')} readings stored, ${(ingestWal / 1024).toFixed(0)} KB)`,
          peer: `${peerPerRow.toFixed(0)} B (plain INSERT of the same rows)`,
          ratio: perReading / peerPerRow,
          budget: `≤ ${WAL_BUDGET.bytesPerReading} B`,
          ok: perReading <= WAL_BUDGET.bytesPerReading && Number(stored) === readings,
        },
        {
          what: `WAL bytes per stored reading, a burst: each of ${devices.length} devices' next ${WAL_SCALE.rounds} readings in one batch, ${label}`,
          value: `${(burstWal / readings).toFixed(0)} B (${(burstWal / 1024).toFixed(0)} KB)`,
          peer: `${peerPerRow.toFixed(0)} B (plain INSERT of the rows above)`,
          ratio: burstWal / readings / peerPerRow,
          budget: `≤ ${WAL_BUDGET.bytesPerReading} B`,
          ok: burstWal / readings <= WAL_BUDGET.bytesPerReading,
        },
        {
          what: `WAL bytes of the rollup job (history/rollups.ts) per device-hour it built, and per reading at one a minute, ${label}`,
          value: `${(rollupWal / Math.max(built, 1)).toFixed(0)} B a device-hour, ${(rollupWal / Math.max(built, 1) / 60).toFixed(0)} B a reading (${built} device-hours)`,
          budget: 'measured (its share of the ≤ 600 B a reading)',
          ok: built > 0,
        },
        {
          what: `share of HOT device-row updates, ${scale}`,
          value: `${(hotShare * 100).toFixed(1)} % (${updates.hot.toLocaleString('en')} of ${updates.updates.toLocaleString('en')})`,
          budget: `≥ ${WAL_BUDGET.hotShare * 100} %`,
          ok: hotShare >= WAL_BUDGET.hotShare,
        },
      ];
    } finally {
      await c.query('DROP TABLE wal_peer_readings');
    }
  } finally {
    await c.end();
  }
}
