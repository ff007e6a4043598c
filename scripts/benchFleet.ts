// Fleet scale (docs/architecture/README.md#fleet-scale): 100,000 devices in the inventory, 10,000 registered across
// 2,000 users. Start-up (every configuration published again, in pages) against the same server on an empty
// database: time to ready and the process's peak RSS (VmHWM); one offline-sweep pass and one notification-worker pass
// over a backlog against a plain indexed SELECT of the rows they take; the embedded broker's retained messages
// against the registered devices, after start-up and after re-registrations, unregistrations and a deleted account.
// The fleet is written straight into the database (INSERT … SELECT generate_series, as scripts/benchAdmin.ts does).
import { readFileSync } from 'node:fs';
import { isConfiguredProduct, PRODUCT_IDS, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import pino from 'pino';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { sha256 } from '../server/src/crypto';
import type { Database } from '../server/src/db/client';
import { configAfterChange } from '../server/src/devices/gateway/configSync';
import { offlineSweepPass, SWEEP_PASS_DEVICES } from '../server/src/devices/gateway/offlineSweep';
import { initialFields } from '../server/src/devices/representation';
import { DEFAULT_NOTICE_SETTINGS } from '../server/src/notify/alarmNotices';
import { createMailer } from '../server/src/notify/mail';
import { outboxSmsProvider } from '../server/src/notify/sms';
import { WORKER_PASS_JOBS, workerPass } from '../server/src/notify/worker';
import { E2E_ADMIN, type RunningServer } from '../tests/support/server';
import { megabytes, type Row } from './benchRows';

export const FLEET_SCALE = { inventory: 100_000, registered: 10_000, users: 2_000, jobs: 5_000 };
const REGISTERED_PER_PRODUCT = FLEET_SCALE.registered / PRODUCT_IDS.length;
const keyOf = (productIndex: number) => `(${800_000_000_000_000 + productIndex * 1_000_000}::bigint + n)::text`;
const fleetKey = (productIndex: number, n: number) => String(800_000_000_000_000 + productIndex * 1_000_000 + n);
const ownerOf = (n: number) => `fleet-user-${1 + (n % FLEET_SCALE.users)}`;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Peak RSS a server at fleet size may take beyond the same server on an empty database: the retained configurations
 * it must hold (about 10 MB for 8,000) and one page of rows and messages in flight (gateway.ts republishConfigs).
 */
const START_MEMORY_MARGIN_MB = 32;
const PASS_BUDGET_MS = 1000;
/** The background loops stay out of the start-up measurements (their first run is one interval after start). */
const QUIET_LOOPS = { OFFLINE_SWEEP_SECONDS: '3600', NOTIFY_POLL_SECONDS: '3600', RENEWAL_INTERVAL_SECONDS: '3600' };

/** What the fleet bench needs of a database (scripts/bench.ts BenchDatabase). */
export interface FleetDatabase {
  label: string;
  start(extraEnv?: Record<string, string>): Promise<RunningServer>;
  open(): Promise<Database>;
  /** PostgreSQL's URL; none for the embedded PGlite (then dataDir). */
  url?: string;
  dataDir?: string;
}

/**
 * Writes the fleet into a migrated database while no server holds it: a fifth of each product's inventory
 * registered, owners in turn, each device shared with and notifying its owner, with its configuration published once
 * (Version 1, as at registration) and an active plan, so alarms are told.
 */
export async function seedFleet(database: Database): Promise<void> {
  const { users, inventory } = FLEET_SCALE;
  await database.withConnection(async (c) => {
    await c.query(`INSERT INTO users (id, customer_id, email, password_hash, country, verified, created_at)
      SELECT 'fleet-user-' || n, 'cus_fleet_' || n, 'fleet-user-' || n || '@bench.paddock.test', 'not-a-password', 'SE', true, now()
      FROM generate_series(1, ${users}) n`);
    for (const [i, product] of PRODUCT_IDS.entries()) {
      await c.query(`INSERT INTO inventory (key, product, secret_hash, created_at)
        SELECT ${keyOf(i)}, '${product}', 'not-a-secret', now() FROM generate_series(1, ${inventory / PRODUCT_IDS.length}) n`);
      const registered = configAfterChange(product, null, initialFields(product), 0);
      await c.query(
        `INSERT INTO devices (key, product, owner_id, name, tags, access, notify, fields, subscription, registered_at, updated_at,
          offline_at, config_version)
        SELECT ${keyOf(i)}, '${product}', 'fleet-user-' || (1 + n % ${users}), 'Fleet ' || n, '[]'::jsonb,
          jsonb_build_array('fleet-user-' || (1 + n % ${users}) || '@bench.paddock.test'),
          jsonb_build_array('fleet-user-' || (1 + n % ${users}) || '@bench.paddock.test'), $1::jsonb,
          jsonb_build_object('Trialing', false, 'ExpiresAt', to_char((now() + interval '30 days') AT TIME ZONE 'UTC', ${ISO}),
            'PriceIds', jsonb_build_object('Current', 'price_bench', 'Next', 'price_bench')),
          now(), now(), now() + interval '1 day', $2
        FROM generate_series(1, ${REGISTERED_PER_PRODUCT}) n`,
        [JSON.stringify(registered.fields), registered.configVersion],
      );
    }
    await c.query('VACUUM ANALYZE');
  });
}

/**
 * The backlog an outage leaves: a tenth of the fleet silent past its deadline, a tenth offline since yesterday with
 * its reminder due, a twentieth with a trigger the quiet period held, and FLEET_SCALE.jobs e-mails queued.
 */
export async function seedBacklog(database: Database): Promise<void> {
  await database.withConnection(async (c) => {
    await c.query(`UPDATE devices SET offline_at = now() - interval '1 minute' WHERE key::bigint % 10 = 0`);
    await c.query(`UPDATE devices SET offline = true, offline_at = now() - interval '1 day' WHERE key::bigint % 10 = 1`);
    await c.query(`INSERT INTO alarm_notices (key, alarm, open, notified_at)
      SELECT key, 'offline', true, now() - interval '25 hours' FROM devices WHERE key::bigint % 10 = 1`);
    await c.query(`INSERT INTO alarm_notices (key, alarm, open, notified_at, held_since)
      SELECT key, 'offline', false, now() - interval '20 minutes', now() - interval '20 minutes' FROM devices WHERE key::bigint % 20 = 2`);
    await c.query(`INSERT INTO jobs (id, kind, payload, run_at, created_at)
      SELECT 'fleet-job-' || n, 'alarm-notice',
        jsonb_build_object('userId', d.owner_id, 'channel', 'email', 'key', d.key, 'alarm', 'offline', 'event', 'triggered',
          'value', null, 'unit', null, 'at', to_char(now() AT TIME ZONE 'UTC', ${ISO})),
        now() - (${FLEET_SCALE.jobs} - n) * interval '10 ms', now()
      FROM generate_series(1, ${FLEET_SCALE.jobs}) n
      JOIN devices d ON d.key = (${800_000_000_000_000}::bigint + 1 + n % ${REGISTERED_PER_PRODUCT})::text`);
    await c.query('ANALYZE');
  });
}

/** The process's peak resident set so far (Linux). */
function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmHWM for ${pid}`);
  return Number(match[1]) * 1024;
}

/** Two starts (the machine is noisy): the faster time to ready, and the lower peak RSS (the same statistic both sides). */
async function startUps(database: FleetDatabase): Promise<{ ms: number; rss: number; runs: string }> {
  const runs: { ms: number; rss: number }[] = [];
  for (let i = 0; i < 2; i += 1) {
    const started = performance.now();
    const server = await database.start(QUIET_LOOPS);
    const ms = performance.now() - started;
    try {
      runs.push({ ms, rss: peakRss(server.pid) });
    } finally {
      await server.stop();
    }
  }
  return {
    ms: Math.min(...runs.map((r) => r.ms)),
    rss: Math.min(...runs.map((r) => r.rss)),
    runs: runs.map((r) => `${(r.ms / 1000).toFixed(1)} s/${megabytes(r.rss)}`).join(', '),
  };
}

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> => {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
};

/** The indexes a query's plan uses (EXPLAIN), so a row can show that its claim is indexed. */
async function indexesUsed(database: Database, sql: string, params: unknown[]): Promise<string[]> {
  const plan = await database.withConnection((c) => c.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params));
  return [...new Set(plan.flatMap((line) => [...line['QUERY PLAN'].matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g)].map((m) => m[1])))];
}

const SWEEP_CLAIM = `SELECT d.key, d.product, d.fields, d.updated_at, d.notify, d.access, d.owner_id, d.subscription
  FROM device_sweep s JOIN devices d ON d.key = s.key
  WHERE s.sweep_at <= $1 AND d.offline = false AND d.offline_at <= $1 ORDER BY s.sweep_at LIMIT $2`;
/** The sweep pass's other claims (notify/alarmNotices.ts), as Drizzle sends them: with parameters. */
const REMINDERS_CLAIM = `SELECT n.key FROM alarm_notices n JOIN devices d ON d.key = n.key
  WHERE n.alarm = $1 AND n.open = $2 AND d.offline = $2 AND n.notified_at <= $3 LIMIT 25`;
const HELD_CLAIM = `SELECT n.key FROM alarm_notices n JOIN devices d ON d.key = n.key WHERE n.held_since IS NOT NULL AND n.notified_at <= $1 LIMIT 25`;
const JOBS_CLAIM = `SELECT * FROM jobs WHERE failed_at IS NULL AND run_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
  ORDER BY run_at LIMIT $2`;

/**
 * One sweep pass and one worker pass over the backlog, twice each (the slower reported). The peer of each pass is the
 * same claim as a plain indexed SELECT of as many rows, right after it (the next rows of the same backlog): what
 * reading the rows costs, against the pass that also writes them and enqueues or sends their notifications.
 */
async function passRows(database: Database, label: string): Promise<Row[]> {
  const log = pino({ level: 'silent' });
  const { db } = database;
  const scale = `${FLEET_SCALE.registered.toLocaleString('en')} registered, ${label}`;
  const select = (sql: string, count: number) => timed(() => database.withConnection((c) => c.query(sql, [new Date(), count])));
  const rows: Row[] = [];

  const sweep = { ms: 0, peer: 0, marked: 0, reminded: 0, released: 0 };
  for (let i = 0; i < 2; i += 1) {
    const pass = await timed(() => offlineSweepPass(db, new Date(), DEFAULT_NOTICE_SETTINGS));
    const peer = await select(SWEEP_CLAIM, pass.result.marked.length);
    if (pass.ms > sweep.ms) {
      const { marked, reminded, released } = pass.result;
      Object.assign(sweep, { ms: pass.ms, peer: peer.ms, marked: marked.length, reminded: reminded.length, released: released.length });
    }
  }
  const sweepIndexes = [
    ...(await indexesUsed(database, SWEEP_CLAIM, [new Date(), SWEEP_PASS_DEVICES])),
    ...(await indexesUsed(database, REMINDERS_CLAIM, ['offline', true, new Date(Date.now() - 86_400_000)])),
    ...(await indexesUsed(database, HELD_CLAIM, [new Date(Date.now() - 900_000)])),
  ].filter((index) => index !== 'devices_pkey');
  const sweepIndexed = ['device_sweep_at_idx', 'alarm_notices_reminder_idx', 'alarm_notices_held_idx'].every((index) => sweepIndexes.includes(index));
  rows.push({
    what: `offline sweep, one pass, ${(FLEET_SCALE.registered / 10).toLocaleString('en')} devices silent and as many reminders due, ${scale}`,
    value: `${sweep.ms.toFixed(0)} ms (${sweep.marked} marked, ${sweep.reminded} reminded, ${sweep.released} held told; claims: ${sweepIndexes.join(', ') || 'no index'})`,
    peer: `${sweep.peer.toFixed(1)} ms (SELECT of ${sweep.marked} due devices)`,
    ratio: sweep.ms / sweep.peer,
    budget: `< ${PASS_BUDGET_MS} ms a pass, claims indexed`,
    ok: sweep.ms < PASS_BUDGET_MS && sweep.marked > 0 && sweepIndexed,
  });

  const deps = {
    db,
    mailer: createMailer({ smtpUrl: null, from: 'bench@paddock.test', db, now: () => new Date(), log }),
    sms: outboxSmsProvider(db, () => new Date(), log),
    push: { send: () => Promise.reject(new Error('no push in the bench')) },
    now: () => new Date(),
    log,
    publicUrl: 'http://localhost:8080',
  };
  const [{ queued }] = await database.withConnection((c) => c.query<{ queued: string }>('SELECT count(*) AS queued FROM jobs'));
  const work = { ms: 0, peer: 0, delivered: 0 };
  for (let i = 0; i < 2; i += 1) {
    const pass = await timed(() => workerPass(deps, 'fleet-bench'));
    const peer = await select(JOBS_CLAIM, pass.result.claimed);
    if (pass.ms > work.ms) Object.assign(work, { ms: pass.ms, peer: peer.ms, delivered: pass.result.delivered });
  }
  const jobIndexes = await indexesUsed(database, JOBS_CLAIM, [new Date(), WORKER_PASS_JOBS]);
  rows.push({
    what: `notification worker, one pass, ${Number(queued).toLocaleString('en')} e-mails queued, ${scale}`,
    value: `${work.ms.toFixed(0)} ms (${work.delivered} delivered; claim: ${jobIndexes.join(', ') || 'no index'})`,
    peer: `${work.peer.toFixed(1)} ms (SELECT of ${work.delivered} due jobs)`,
    ratio: work.ms / work.peer,
    budget: `< ${PASS_BUDGET_MS} ms a pass, claim indexed`,
    ok: work.ms < PASS_BUDGET_MS && work.delivered > 0 && jobIndexes.includes('jobs_run_at_idx'),
  });
  return rows;
}

/** The registered devices with a configuration: what the broker may retain one message each for. */
async function configuredCount(database: Database): Promise<number> {
  const configured = PRODUCT_IDS.filter((product) => isConfiguredProduct(product));
  const [{ n }] = await database.withConnection((c) =>
    c.query<{ n: string }>('SELECT count(*) AS n FROM devices WHERE config_version > 0 AND product = ANY($1)', [configured]),
  );
  return Number(n);
}

/**
 * The embedded broker of a server built in this process on the fleet: its retained messages after start-up, and after
 * 200 devices unregistered and registered again, 100 unregistered for good and one account deleted, through the API.
 */
async function retainedRows(fleet: FleetDatabase): Promise<Row[]> {
  const database = await fleet.open();
  const config = {
    ...loadConfig({
      DATABASE_URL: fleet.url ?? '',
      DATA_DIR: fleet.dataDir ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...QUIET_LOOPS,
    }),
    mqttPort: 0, // a free port (as the tests do)
  };
  const app = await buildApp(config, database, { devices: true });
  try {
    const broker = app.mqttBroker!;
    const settle = async (expected: number) => {
      // clearRetained publishes without waiting: give the broker a moment to take them.
      for (let i = 0; i < 100 && (await broker.retainedCount()) !== expected; i += 1) await new Promise((r) => setTimeout(r, 50));
      return broker.retainedCount();
    };
    const before = { retained: await broker.retainedCount(), registered: await configuredCount(database) };

    const tokens = new Map<string, string>();
    const tokenOf = async (userId: string) => {
      if (!tokens.has(userId)) {
        const token = `fleet-token-${userId}`;
        await database.withConnection((c) =>
          c.query(`INSERT INTO tokens (id, user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, now(), now() + interval '1 day')`, [
            token,
            userId,
            sha256(token),
          ]),
        );
        tokens.set(userId, token);
      }
      return { authorization: `Bearer ${tokens.get(userId)}` };
    };
    const expect = (what: string, status: number, wanted: number) => {
      if (status !== wanted) throw new Error(`${what}: ${status}, expected ${wanted}`);
    };
    const unregister = async (product: ProductId, n: number) => {
      const index = PRODUCT_IDS.indexOf(product);
      const reply = await app.inject({ method: 'DELETE', url: `/api/${PRODUCTS[product].apiCollection}/${fleetKey(index, n)}`, headers: await tokenOf(ownerOf(n)) });
      expect(`unregister ${fleetKey(index, n)}`, reply.statusCode, 204);
    };
    const register = async (product: ProductId, n: number) => {
      const index = PRODUCT_IDS.indexOf(product);
      const owner = ownerOf(n);
      const reply = await app.inject({
        method: 'POST',
        url: `/api/users/${owner}/${PRODUCTS[product].apiCollection}`,
        headers: await tokenOf(owner),
        payload: { [PRODUCTS[product].keyField]: fleetKey(index, n), Name: `Fleet ${n} again` },
      });
      expect(`register ${fleetKey(index, n)}`, reply.statusCode, 201);
    };
    for (let n = 100; n < 300; n += 1) {
      await unregister('smartplug', n);
      await register('smartplug', n);
    }
    for (let n = 300; n < 400; n += 1) await unregister('fencealarm', n);
    const leaving = 'fleet-user-7';
    // By staff (the fleet's users have no password to confirm a deletion of their own with).
    const [{ id: adminId }] = await database.withConnection((c) => c.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [E2E_ADMIN.email]));
    const deleted = await app.inject({ method: 'DELETE', url: `/api/users/${leaving}`, headers: await tokenOf(adminId) });
    expect('delete the account', deleted.statusCode, 204);
    const registered = await configuredCount(database);
    const after = { retained: await settle(registered), registered };

    const row = (what: string, counts: { retained: number; registered: number }): Row => ({
      what: `${what}, ${FLEET_SCALE.inventory.toLocaleString('en')} in the inventory, ${fleet.label}`,
      value: `${counts.retained.toLocaleString('en')} retained messages`,
      peer: `${counts.registered.toLocaleString('en')} registered devices with a configuration`,
      ratio: counts.retained / counts.registered,
      budget: '≤ 1 × the registered devices',
      ok: counts.retained <= counts.registered,
    });
    return [
      row('embedded broker after start-up', before),
      row('embedded broker after 200 re-registrations, 100 unregistrations, an account deleted', after),
    ];
  } finally {
    await app.close(); // closes the database too
  }
}

/** Every fleet row on one migrated and seeded database (its first start done), in the order the measurements need. */
export async function fleetRows(fleet: FleetDatabase): Promise<Row[]> {
  const empty = await startUps(fleet);
  const seeding = await fleet.open();
  await seedFleet(seeding).finally(() => seeding.close());
  const full = await startUps(fleet);
  const scale = `${FLEET_SCALE.inventory.toLocaleString('en')} devices, ${FLEET_SCALE.registered.toLocaleString('en')} registered, ${FLEET_SCALE.users.toLocaleString('en')} users, ${fleet.label}`;
  const rows: Row[] = [
    {
      what: `server start-up to ready (configurations republished in pages), ${scale}`,
      value: `${(full.ms / 1000).toFixed(1)} s (${full.runs})`,
      peer: `${(empty.ms / 1000).toFixed(1)} s on an empty database (${empty.runs})`,
      ratio: full.ms / empty.ms,
      budget: 'measured, ≤ 3 × empty',
      ok: full.ms <= 3 * empty.ms,
    },
    {
      what: `server start-up peak RSS (VmHWM), ${scale}`,
      value: megabytes(full.rss),
      peer: `${megabytes(empty.rss)} on an empty database`,
      ratio: full.rss / empty.rss,
      budget: `≤ empty + ${START_MEMORY_MARGIN_MB} MB`,
      ok: full.rss <= empty.rss + START_MEMORY_MARGIN_MB * 1024 * 1024,
    },
  ];
  rows.push(...(await retainedRows(fleet)));
  const direct = await fleet.open();
  try {
    await seedBacklog(direct);
    rows.push(...(await passRows(direct, fleet.label)));
  } finally {
    await direct.close();
  }
  return rows;
}
