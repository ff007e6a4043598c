// The admin pages at fleet scale (docs/architecture/README.md#budgets): GET /admin/stats and the admin device search
// (by key prefix and by owner e-mail prefix) with 100,000 registered devices and 20,000 users, p99 ≤ 200 ms.
// The fleet is written straight into the database with INSERT … SELECT generate_series (seconds, not minutes).
import { PRODUCT_IDS } from '@paddock/shared/domain';
import type { Database } from '../server/src/db/client';
import { initialFields } from '../server/src/devices/representation';
import type { RunningServer } from '../tests/support/server';
import { load } from './benchDevicesApi';
import type { Row } from './benchRows';

export const FLEET = { users: 20_000, devicesPerProduct: 20_000, stockPerProduct: 2_000, readings: 500_000, messages: 10_000 };
const BUDGET_MS = 200;
const keyOf = (productIndex: number) => `(${900_000_000_000_000 + productIndex * 1_000_000}::bigint + n)::text`;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** Writes the fleet into a migrated database while no server holds it. */
export async function seedAdminFleet(database: Database): Promise<void> {
  const { users, devicesPerProduct, stockPerProduct, readings, messages } = FLEET;
  await database.withConnection(async (c) => {
    await c.query(`INSERT INTO users (id, customer_id, email, password_hash, country, verified, created_at)
      SELECT 'bench-user-' || n, 'cus_bench_' || n, 'bench-user-' || n || '@bench.paddock.test', 'not-a-password', 'SE', n % 4 <> 0, now()
      FROM generate_series(1, ${users}) n`);
    // Half the users signed in at some point in the last 60 days.
    await c.query(`INSERT INTO tokens (id, user_id, token_hash, created_at, expires_at)
      SELECT 'bench-token-' || n, 'bench-user-' || n, md5('bench-token-' || n), now() - (n % 60) * interval '1 day', now() - (n % 60) * interval '1 day' + interval '1 day'
      FROM generate_series(1, ${users}, 2) n`);
    for (const [i, product] of PRODUCT_IDS.entries()) {
      await c.query(`INSERT INTO inventory (key, product, secret_hash, created_at)
        SELECT ${keyOf(i)}, '${product}', 'not-a-secret', now() FROM generate_series(1, ${devicesPerProduct + stockPerProduct}) n`);
      // Owners in turn; a tenth offline; plans, trials and ended subscriptions in thirds. Plans and trials run 1–60
      // days more, ended ones ended 1–60 days ago: nothing is due, so the server's renewal job stays idle while measured.
      await c.query(
        `INSERT INTO devices (key, product, owner_id, name, tags, access, notify, fields, subscription, registered_at, updated_at, offline)
        SELECT ${keyOf(i)}, '${product}', 'bench-user-' || (1 + n % ${users}), 'Bench ' || n, '[]'::jsonb,
          jsonb_build_array('bench-user-' || (1 + n % ${users}) || '@bench.paddock.test'), '[]'::jsonb, $1::jsonb,
          jsonb_build_object('Trialing', n % 3 = 0,
            'ExpiresAt', to_char((now() + (CASE WHEN n % 3 = 2 THEN -1 ELSE 1 END) * (1 + n % 60) * interval '1 day') AT TIME ZONE 'UTC', ${ISO}),
            'PriceIds', jsonb_build_object('Current', CASE WHEN n % 3 = 1 THEN 'price_bench' ELSE '' END, 'Next', '')),
          now(), now(), n % 10 = 0
        FROM generate_series(1, ${devicesPerProduct}) n`,
        [JSON.stringify(initialFields(product))],
      );
    }
    // Readings of the fences over the last 7 days (the database keeps the hourly count as they go in).
    await c.query(`INSERT INTO device_readings (key, at, data)
      SELECT (${900_000_000_000_000 + 1_000_000}::bigint + 1 + n % ${devicesPerProduct})::text, now() - (n % 604800) * interval '1 second', '{"Voltage": 5000}'::jsonb
      FROM generate_series(1, ${readings}) n ON CONFLICT DO NOTHING`);
    await c.query(`INSERT INTO mailbox (id, to_email, subject, body, sent_at)
      SELECT 'bench-mail-' || n, 'bench-user-1@bench.paddock.test', 'Alarm', 'Bench', now() - (n % 45) * interval '1 day' FROM generate_series(1, ${messages}) n`);
    await c.query(`INSERT INTO sms_outbox (id, to_phone, to_email, text, sent_at)
      SELECT 'bench-sms-' || n, '+46700000000', 'bench-user-1@bench.paddock.test', 'Bench', now() - (n % 45) * interval '1 day' FROM generate_series(1, ${messages}) n`);
    await c.query(`INSERT INTO payments (id, user_id, item, amount, currency, created_at, idempotency_key, price_key)
      SELECT 'bench-pay-' || n, 'bench-user-' || n, 'sms-100', 990, 'EUR', now(), 'bench-pay-' || n, 'Sms' FROM generate_series(1, 5000) n`);
    // As autovacuum would: index-only counts need the visibility map.
    await c.query('VACUUM ANALYZE');
  });
}

/** The admin calls under load (two admins at once), with the p99 each must stay under. */
export async function adminRows(server: RunningServer, admin: { email: string; password: string }, label: string): Promise<Row[]> {
  const signIn = await fetch(`${server.url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: admin.email, Password: admin.password }),
  });
  if (!signIn.ok) throw new Error(`admin sign-in: ${signIn.status} ${await signIn.text()}`);
  const { Token } = (await signIn.json()) as { Token: { String: string } };
  const headers = { authorization: `Bearer ${Token.String}` };
  const stats = '/api/admin/stats';
  const calls: [string, string][] = [
    [
      'GET /admin/devices/fencealarm?key= (prefix of 20,000)',
      `/api/admin/devices/fencealarm?key=${String(900_000_000_000_000 + 1_000_000).slice(0, 9)}`,
    ],
    ['GET /admin/devices/smartplug?key= (one device)', `/api/admin/devices/smartplug?key=${900_000_000_000_000 + 3 * 1_000_000 + 12_345}`],
    ['GET /admin/devices/fencealarm?owner= (prefix, mixed case)', '/api/admin/devices/fencealarm?owner=Bench-User-1234'],
    ['GET /admin/devices/smartplug2?owner= (prefix of all owners)', '/api/admin/devices/smartplug2?owner=bench-'],
  ];
  const scale = `${(FLEET.devicesPerProduct * PRODUCT_IDS.length).toLocaleString('en')} devices, ${FLEET.users.toLocaleString('en')} users, ${label}`;
  const row = (what: string, result: Awaited<ReturnType<typeof load>>, budgeted: boolean): Row => ({
    what: `${what}, ${scale}`,
    value: `${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms`,
    budget: budgeted ? `p99 ≤ ${BUDGET_MS} ms, answers 200` : 'measured, answers 200',
    ok: (!budgeted || result.p99Ms <= BUDGET_MS) && result.statuses.size === 1 && result.statuses.has(200),
  });
  // The statistics page is one admin's request at a time (the budget); two at once share the cores (measured).
  // A warm-up first: the first calls after a start read the tables from disk and plan the queries.
  await load(`${server.url}${stats}`, headers, { connections: 1, seconds: 2 });
  const rows: Row[] = [
    row('GET /admin/stats, one admin', await load(`${server.url}${stats}`, headers, { connections: 1, seconds: 10 }), true),
    row('GET /admin/stats, two admins at once', await load(`${server.url}${stats}`, headers, { connections: 2, seconds: 10 }), false),
  ];
  for (const [what, path] of calls)
    rows.push(row(`${what}, two admins at once`, await load(`${server.url}${path}`, headers, { connections: 2, seconds: 5 }), true));
  return rows;
}
