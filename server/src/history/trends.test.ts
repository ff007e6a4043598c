// GET /users/{id}/devices/trends (docs/product/api.md): the dashboard's trend lines, one SQL query for all cards.
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_IDS, PRODUCTS, TREND_BUCKET_MS, TREND_FIELDS, TREND_MAX_POINTS, TREND_WINDOW_MS, type ProductId } from '@paddock/shared/domain';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Connection } from '../db/client';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { devices } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { APP_START_TIMEOUT_MS, call, createMember, openTestDatabase, setUpTestApp, type Member, type TestApp } from '../testing/testApp';
import { rollUpAll, ROLLUP_GRACE_MS } from './rollups';
import { deviceTrends } from './trends';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

let next = 30;
async function registered(owner: Member, product: ProductId): Promise<string> {
  const key = demoKey(product, (next += 1));
  const { apiCollection, keyField } = PRODUCTS[product];
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${apiCollection}`, {
    token: owner.token,
    body: { [keyField]: key, Name: 'Trend' },
  });
  expect(response.statusCode).toBe(201);
  await t.database.db
    .update(devices)
    .set({ registeredAt: new Date('2000-01-01T00:00:00Z') })
    .where(eq(devices.key, key));
  return key;
}

/** A reading every minute over `minutes` up to now: `field` = base + i, and a field the trend does not draw. */
async function insertMinutes(key: string, field: string, base: number, minutes: number, endMs = Date.now()) {
  await t.database.withConnection((c) =>
    c.query(
      `INSERT INTO device_readings (key, at, data)
       SELECT $1, $2::timestamptz - i * interval '1 minute', jsonb_build_object($3::text, $4::float8 + i, 'Rssi', -70)
       FROM generate_series(0, $5 - 1) AS i`,
      [key, new Date(endMs).toISOString(), field, base, minutes],
    ),
  );
}

const trendsOf = (member: Member, id = member.id) => call(t.app, 'GET', `/api/users/${id}/devices/trends`, { token: member.token });

describe('GET /users/{id}/devices/trends', () => {
  let owner: Member;
  let friend: Member;
  let stranger: Member;
  let fence: string;
  let plug: string;
  let sim: string;
  let quiet: string;

  beforeAll(async () => {
    owner = await createMember(t);
    friend = await createMember(t);
    stranger = await createMember(t);
    fence = await registered(owner, 'fencealarm');
    plug = await registered(owner, 'smartplug');
    sim = await registered(owner, 'farmcam-sim');
    quiet = await registered(owner, 'fencealarm2');
    // 8 hours of minutes: only the last 6 count.
    await insertMinutes(fence, 'Voltage', 5000, 8 * 60);
    await insertMinutes(plug, 'Load', 100, 8 * 60);
    await insertMinutes(sim, 'RemainingData', 2000, 30);
    // The quiet fence only reported what is not its measure.
    await insertMinutes(quiet, 'Battery', 3, 30);
    await t.database.db
      .update(devices)
      .set({ access: [owner.email, friend.email] })
      .where(eq(devices.key, plug));
  });

  it('answers each reporting device of the list with its main measure, a point per bucket over the last hours', async () => {
    const response = await trendsOf(owner);
    expect(response.statusCode).toBe(200);
    const { To, Trends } = response.json() as {
      To: string;
      Trends: { Key: string; Field: string; Points: { At: string; Value: number }[] }[];
    };
    const byKey = Object.fromEntries(Trends.map((trend) => [trend.Key, trend]));
    expect(Object.keys(byKey).sort()).toEqual([fence, plug, sim].sort());
    expect(byKey[fence].Field).toBe('Voltage');
    expect(byKey[plug].Field).toBe('Load');
    expect(byKey[sim].Field).toBe('RemainingData');
    const windowStart = Date.parse(To) - TREND_WINDOW_MS;
    for (const trend of [byKey[fence], byKey[plug]]) {
      // 36 buckets of 10 minutes, the first and last possibly partial.
      expect(trend.Points.length).toBeGreaterThanOrEqual(TREND_MAX_POINTS);
      expect(trend.Points.length).toBeLessThanOrEqual(TREND_MAX_POINTS + 1);
      expect(Date.parse(trend.Points[0].At)).toBeGreaterThanOrEqual(windowStart - TREND_BUCKET_MS);
      const times = trend.Points.map((p) => Date.parse(p.At));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    // Newest readings have the smallest values (base + minutes ago): the line rises to the left, falls to now.
    const fencePoints = byKey[fence].Points;
    expect(fencePoints[0].Value).toBeGreaterThan(fencePoints[fencePoints.length - 1].Value);
    // Averages: no bucket holds a value from before the window (base + 360 and more).
    expect(Math.max(...fencePoints.map((p) => p.Value))).toBeLessThanOrEqual(5000 + 360);
    expect(byKey[sim].Points.length).toBeLessThanOrEqual(4);
  });

  it('a user the plug is shared with sees its line in their own list; a stranger sees nothing of it', async () => {
    const shared = (await trendsOf(friend)).json() as { Trends: { Key: string }[] };
    expect(shared.Trends.map((trend) => trend.Key)).toEqual([plug]);
    const none = (await trendsOf(stranger)).json() as { Trends: unknown[] };
    expect(none.Trends).toEqual([]);
  });

  it('another user’s list is refused (403), without a token 401, an admin may read it, an unknown id is 404', async () => {
    expect((await trendsOf(stranger, owner.id)).statusCode).toBe(403);
    expect((await trendsOf(friend, owner.id)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/devices/trends`)).statusCode).toBe(401);
    const asAdmin = await call(t.app, 'GET', `/api/users/${owner.id}/devices/trends`, { token: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect((asAdmin.json() as { Trends: unknown[] }).Trends).toHaveLength(3);
    expect((await call(t.app, 'GET', `/api/users/00000000-0000-4000-8000-000000000000/devices/trends`, { token: admin })).statusCode).toBe(
      404,
    );
  });

  it('a bad id is a 400 naming the field, never a 500', async () => {
    const response = await call(t.app, 'GET', `/api/users/${'x'.repeat(65)}/devices/trends`, { token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Field: 'id' });
  });

  it('reads every card’s line in one query', async () => {
    const execute = jest.spyOn(t.database.db, 'execute');
    const select = jest.spyOn(t.database.db, 'select');
    const trends = await deviceTrends(t.database.db, { id: owner.id, email: owner.email }, new Date());
    expect(trends).toHaveLength(3);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(select).not.toHaveBeenCalled();
    execute.mockRestore();
    select.mockRestore();
  });

  it('readings of an earlier owner (before the registration) are not shown', async () => {
    await t.database.db.update(devices).set({ registeredAt: new Date() }).where(eq(devices.key, sim));
    const { Trends } = (await trendsOf(owner)).json() as { Trends: { Key: string }[] };
    expect(Trends.map((trend) => trend.Key)).not.toContain(sim);
  });
});

/** The trend call as it was before the rollups (migration 0028): every reading of the window, averaged per bucket. */
async function directTrends(user: { id: string; email: string }, to: Date): Promise<Map<string, [number, number][]>> {
  const field = `(CASE d.product ${PRODUCT_IDS.map((p) => `WHEN '${p}' THEN '${TREND_FIELDS[p]}'`).join(' ')} END)`;
  const rows = await t.database.withConnection((c) =>
    c.query<{ key: string; bucket: string | number; value: number }>(
      `SELECT d.key, floor(extract(epoch from r.at) / ${TREND_BUCKET_MS / 1000})::bigint AS bucket, avg((r.data ->> ${field})::float8) AS value
       FROM devices d JOIN device_readings r ON r.key = d.key AND r.at >= greatest($1::timestamptz, d.registered_at) AND r.at <= $2
       WHERE (d.owner_id = $3 OR d.access @> $4::jsonb) AND jsonb_typeof(r.data -> ${field}) = 'number'
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [new Date(to.getTime() - TREND_WINDOW_MS).toISOString(), to.toISOString(), user.id, JSON.stringify([user.email])],
    ),
  );
  const trends = new Map<string, [number, number][]>();
  for (const row of rows) trends.set(row.key, [...(trends.get(row.key) ?? []), [Number(row.bucket) * TREND_BUCKET_MS, Number(row.value)]]);
  return trends;
}

const setRollupsSince = (since: string) =>
  t.database.withConnection((c) =>
    c.exec(`CREATE OR REPLACE FUNCTION reading_trend_buckets_since() RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT '${since}'::timestamptz $$`),
  );

// The rollups hold the trend fields (TREND_FIELDS) the rollup job builds (history/rollups.ts, migration 0031); the
// direct average below reads the readings themselves, so a field missing from the rollups shows as a difference.
describe('trends from the rollups (migrations 0028, 0031)', () => {
  it('answers as the direct average of the readings, on random data, re-deliveries and readings before the registration', async () => {
    const owner = await createMember(t);
    const keys = [await registered(owner, 'fencealarm'), await registered(owner, 'smartplug2'), await registered(owner, 'farmcam-sim')];
    const fields = ['Voltage', 'Load', 'RemainingData'];
    // A seeded generator: a failure replays.
    let seed = 27;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const to = new Date(Math.floor(Date.now() / 1000) * 1000 - 123_457);
    // The plug changed hands inside the window, between two buckets' edges: its earlier readings are not shown.
    const registeredAt = new Date(to.getTime() - 2 * 3_600_000 - 271_828);
    await t.database.db.update(devices).set({ registeredAt }).where(eq(devices.key, keys[1]));
    const readings: { key: string; at: string; data: Record<string, unknown> }[] = [];
    for (const [i, key] of keys.entries()) {
      for (let n = 0; n < 400; n += 1) {
        // From 7 h before `to` to 15 minutes after it (a device's clock may run ahead), at millisecond times.
        const at = new Date(to.getTime() - 7 * 3_600_000 + Math.floor(random() * (7.25 * 3_600_000))).toISOString();
        const value = random() < 0.05 ? 'n/a' : Math.round(random() * 1e6) / 100;
        readings.push({ key, at, data: random() < 0.05 ? { Rssi: -70 } : { [fields[i]]: value, Rssi: -70 } });
      }
      // Exactly at the window's start, at `to`, and on the plug's registration.
      for (const at of [new Date(to.getTime() - TREND_WINDOW_MS), to, registeredAt]) readings.push({ key, at: at.toISOString(), data: { [fields[i]]: 7.5 } });
    }
    const insert = (rows: typeof readings) =>
      t.database.withConnection((c) =>
        c.query(
          `INSERT INTO device_readings (key, at, data) SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(key text, at timestamptz, data jsonb)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(rows)],
        ),
      );
    // In statements of random sizes, as the gateway's batches; then some delivered again (the first copy stays).
    for (let i = 0; i < readings.length; ) {
      const size = 1 + Math.floor(random() * 60);
      await insert(readings.slice(i, i + size));
      i += size;
    }
    await insert(readings.filter(() => random() < 0.1).map((r) => ({ ...r, data: { Voltage: 1e9, Load: 1e9, RemainingData: 1e9 } })));

    const user = { id: owner.id, email: owner.email };
    const direct = await directTrends(user, to);
    expect([...direct.keys()].sort()).toEqual([...keys].sort());
    expect(direct.get(keys[1])![0][0]).toBeGreaterThanOrEqual(Math.floor(registeredAt.getTime() / TREND_BUCKET_MS) * TREND_BUCKET_MS);
    // Every hour not rolled up yet (from the readings); then the job built the hours over by `to` (the last one or
    // two from the readings); then late readings of built hours mark them again; then the job built those again.
    const stages = [
      async () => undefined,
      () => rollUpAll(t.database.db, to),
      () =>
        insert(
          keys.flatMap((key, i) =>
            [3, 4, 5.5].map((hours) => ({ key, at: new Date(to.getTime() - hours * 3_600_000 + 777).toISOString(), data: { [fields[i]]: 1234.5 + hours } })),
          ),
        ),
      () => rollUpAll(t.database.db, to),
    ];
    const markedHours = () =>
      t.database.withConnection((c) => c.query<{ hour: Date | string }>(`SELECT hour FROM reading_rollup_pending WHERE key = ANY($1)`, [keys]));
    for (const [stage, prepare] of stages.entries()) {
      await prepare();
      const expected = await directTrends(user, to);
      // Built (stages 1 and 3): only the hours not over by `to` (and its grace) are left marked.
      const left = (await markedHours()).filter(({ hour }) => new Date(hour).getTime() + 3_600_000 + ROLLUP_GRACE_MS <= to.getTime());
      expect([stage, left.length > 0]).toEqual([stage, stage === 0 || stage === 2]);
      // With the rollups from the start, and as right after an upgrade (rollups from a bucket inside the window on).
      for (const since of ['-infinity', new Date(to.getTime() - 3 * 3_600_000 - 600_000).toISOString(), new Date(to.getTime() + 3_600_000).toISOString()]) {
        await setRollupsSince(since);
        try {
          const trends = await deviceTrends(t.database.db, user, to);
          expect(trends.map((trend) => trend.Key).sort()).toEqual([...keys].sort());
          for (const trend of trends) {
            const points = expected.get(trend.Key)!;
            expect(trend.Points.map((p) => Date.parse(p.At))).toEqual(points.map(([at]) => at));
            trend.Points.forEach((p, i) => expect([stage, since, trend.Key, p.At, p.Value]).toEqual([stage, since, trend.Key, p.At, expect.closeTo(points[i][1], 6)]));
          }
        } finally {
          await setRollupsSince('-infinity');
        }
      }
    }
  });

  it('reads only the partial buckets’ and the hours not rolled up yet’s readings, by index range: whatever the table holds', async () => {
    const owner = await createMember(t);
    const keys = [await registered(owner, 'fencealarm'), await registered(owner, 'smartplug'), await registered(owner, 'fencealarm2')];
    for (const key of keys) await insertMinutes(key, key === keys[1] ? 'Load' : 'Voltage', 10, 8 * 60);
    // The rest of the fleet's history: readings the call must not read.
    await t.database.withConnection(async (c) => {
      await c.query(`INSERT INTO device_readings (key, at, data)
        SELECT 'fleet-' || (i % 50), now() - (i / 50) * interval '1 minute', jsonb_build_object('Voltage', i)
        FROM generate_series(1, 50000) i`);
    });
    // The hours over built by the job (history/rollups.ts); the current one (and the last, in its grace) are not.
    await rollUpAll(t.database.db, new Date());
    await t.database.withConnection((c) => c.exec('ANALYZE device_readings; ANALYZE reading_trend_buckets; ANALYZE reading_rollup_pending; ANALYZE devices'));
    // The call's own query, explained with what it read.
    const db = t.database.db;
    const execute = db.execute.bind(db);
    let plan: unknown;
    const explained = async (query: SQLWrapper | string) => {
      const result = (await execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
      const text = result.rows[0]['QUERY PLAN'];
      plan = typeof text === 'string' ? JSON.parse(text) : text;
      return { rows: [] };
    };
    const spy = jest.spyOn(db, 'execute').mockImplementationOnce(explained as never);
    await deviceTrends(db, { id: owner.id, email: owner.email }, new Date());
    spy.mockRestore();
    const scans: { type: string; touched: number }[] = [];
    const walk = (node: Record<string, unknown>) => {
      // The table or those of its partitions (migration 0030) the query ran (not pruned at run time).
      if (String(node['Relation Name']).startsWith('device_readings') && Number(node['Actual Loops'] ?? 1) > 0) {
        const rows = ['Actual Rows', 'Rows Removed by Filter', 'Rows Removed by Index Recheck'].reduce((n, k) => n + Number(node[k] ?? 0), 0);
        scans.push({ type: String(node['Node Type']), touched: rows * Number(node['Actual Loops'] ?? 1) });
      }
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((plan as { Plan: Record<string, unknown> }[])[0].Plan);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) expect(scan.type).not.toMatch(/Seq Scan/);
    // A reading a minute: at most the two partial buckets' 22 readings a device and those of the hours not rolled up
    // yet (the current one, and the last in its grace: up to 120); the direct average read 360 a device.
    expect(scans.reduce((n, scan) => n + scan.touched, 0)).toBeLessThanOrEqual(keys.length * (2 * 60 + 2 * (TREND_BUCKET_MS / 60_000 + 1)));
  });
});

describe('migration 0028 on a database with readings', () => {
  it('rolls up from the bucket after the upgrade, and the readings already stored there; the rollup job goes on from there (0031)', async () => {
    const test = await openTestDatabase();
    try {
      const before = await mkdtemp(path.join(os.tmpdir(), 'paddock-before-0028-'));
      const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d+_[\w-]+\.sql$/.test(name) && name < '0028');
      for (const file of files) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      await migrate(test.database, before);
      const insert = (c: Connection, at: string, voltage: number) =>
        c.query(`INSERT INTO device_readings (key, at, data) VALUES ('trend-key', $1, $2) ON CONFLICT DO NOTHING`, [at, JSON.stringify({ Voltage: voltage })]);
      const rollups = (c: Connection) =>
        c.query<{ bucket: Date; count: number; sum: number }>(`SELECT bucket, count, sum::float8 AS sum FROM reading_trend_buckets WHERE key = 'trend-key' ORDER BY bucket`);
      await test.database.withConnection(async (c) => {
        await c.query(`INSERT INTO inventory (key, product, secret_hash, created_at) VALUES ('trend-key', 'fencealarm', 'x', now())`);
        await insert(c, new Date(Date.now() - 3_600_000).toISOString(), 1);
        // A device whose clock runs a day ahead.
        await insert(c, '2999-01-01T00:00:30Z', 2);
      });
      expect(await migrate(test.database)).toContain('0028_reading_trend_buckets.sql');
      await test.database.withConnection(async (c) => {
        const [{ since }] = await c.query<{ since: Date }>(`SELECT reading_trend_buckets_since() AS since`);
        const bucketAfterNow = (Math.floor(Date.now() / TREND_BUCKET_MS) + 1) * TREND_BUCKET_MS;
        expect([bucketAfterNow - TREND_BUCKET_MS, bucketAfterNow]).toContain(new Date(since).getTime());
        expect(await rollups(c)).toEqual([{ bucket: new Date('2999-01-01T00:00:00Z'), count: 1, sum: 2 }]);
        await insert(c, '2999-01-01T00:09:59Z', 3);
        await insert(c, '2999-01-01T00:09:59Z', 4);
      });
      // Its hour built once it is over.
      expect(await rollUpAll(test.database.db, new Date('2999-01-01T01:00:00Z'))).toEqual([]);
      expect(await rollUpAll(test.database.db, new Date('2999-01-01T02:00:00Z'))).toHaveLength(1);
      await test.database.withConnection(async (c) => {
        expect(await rollups(c)).toEqual([{ bucket: new Date('2999-01-01T00:00:00Z'), count: 2, sum: 5 }]);
      });
    } finally {
      await test.dispose();
    }
  }, APP_START_TIMEOUT_MS);
});
