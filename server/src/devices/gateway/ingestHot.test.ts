// Ingest writes what it must (migration 0027, docs/architecture/README.md#ingest): the alarm flag and the sweep's
// bound are kept by triggers for every writer; on PostgreSQL a reading's device-row update is HOT, and a device row
// held by another transaction delays that device's readings only (the batcher's SKIP LOCKED and parking).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { offlineDeadline, type ProductId } from '@paddock/shared/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client } from 'pg';
import { ALARMS_RULE } from '../../db/predicates';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { deviceReadings, deviceSweep, devices } from '../../db/schema';
import { waitFor } from '../../testing/devices';
import { createUser, setUpTestApp, type TestApp } from '../../testing/testApp';
import { createModel, seededRng, step, type DeviceModel } from '../../simulator/model';
import { demoKey } from '../inventory';
import { initialFields, initialSubscription } from '../representation';
import { IngestBatcher } from './batcher';
import { configAfterChange } from './configSync';
import { ingestBatch, type Uplink } from './ingest';
import { sweepOffline } from './offlineSweep';
import { findDevice } from '../store';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';

let t: TestApp;
setUpTestApp((app) => (t = app));

/** Registers demo devices numbered `from`… of each product straight in the database, as registration leaves them. */
async function registerDevices(products: ProductId[], from: number, count: number): Promise<{ key: string; product: ProductId }[]> {
  const owner = await createUser(t);
  const now = t.clock.now();
  const rows = products.flatMap((product) =>
    Array.from({ length: count }, (_, i) => ({
      key: demoKey(product, from + i),
      product,
      ownerId: owner.id,
      name: `Hot ${i}`,
      access: [owner.email],
      notify: [owner.email],
      ...configAfterChange(product, null, initialFields(product), 0),
      subscription: initialSubscription(now),
      registeredAt: now,
      updatedAt: now,
      offlineAt: offlineDeadline(product, now),
    })),
  );
  await t.database.db.insert(devices).values(rows);
  return rows.map(({ key, product }) => ({ key, product }));
}

/** Simulator readings of each device, a minute apart, received as they are measured. */
function readings(list: { key: string; product: ProductId }[], count: number): Map<string, Uplink[]> {
  const rng = seededRng('ingest-hot');
  const start = t.clock.now().getTime() - count * 60_000;
  return new Map(
    list.map(({ key, product }) => {
      let model: DeviceModel = createModel(product, seededRng(key));
      const uplinks = Array.from({ length: count }, (_, i) => {
        const at = new Date(start + i * 60_000);
        const result = step(model, { seconds: 60, at, fault: 'none', relay: true }, rng);
        model = result.model;
        return { key, name: 'reading', payload: Buffer.from(JSON.stringify(result.reading)), retained: false, receivedAt: at };
      });
      return [key, uplinks];
    }),
  );
}

describe('kept by triggers for every writer (migration 0027)', () => {
  it('alarms_triggered follows fields, by the rule of db/predicates.ts', async () => {
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0027_ingest_hot.sql'), 'utf8');
    expect(migration).toContain(`NEW."alarms_triggered" := ${ALARMS_RULE};`);
    const [{ key }] = await registerDevices(['smartplug2'], 30, 1);
    const flag = async () => (await t.database.db.select({ on: devices.alarmsTriggered }).from(devices).where(eq(devices.key, key)))[0].on;
    expect(await flag()).toBe(false);
    await t.database.db.update(devices).set({ fields: sql`${devices.fields} || '{"ConnectionLost": true}'` }).where(eq(devices.key, key));
    expect(await flag()).toBe(true);
    await t.database.db.update(devices).set({ fields: sql`${devices.fields} || '{"ConnectionLost": false}'` }).where(eq(devices.key, key));
    expect(await flag()).toBe(false);
  });

  it('the sweep bound: readings leave it, the sweep moves it up to a deadline not passed, an earlier deadline lowers it', async () => {
    const [{ key, product }] = await registerDevices(['smartplug'], 30, 1);
    const bound = async () => (await t.database.db.select().from(deviceSweep).where(eq(deviceSweep.key, key)))[0].sweepAt;
    const registered = await bound();
    const [device] = await t.database.db.select().from(devices).where(eq(devices.key, key));
    expect(registered).toEqual(device.offlineAt);
    // A reading an hour later: the deadline moves on, the bound stays.
    const heard = new Date(registered!.getTime() + 3_600_000);
    const [uplink] = readings([{ key, product }], 1).get(key)!;
    expect((await ingestBatch(t.database.db, [{ ...uplink, receivedAt: heard }]))[0].outcome).toBe('applied');
    expect(await bound()).toEqual(registered);
    // Past the bound, not the deadline: not marked, and the bound moves to the deadline.
    expect(await sweepOffline(t.database.db, new Date(registered!.getTime() + 1000))).not.toContain(key);
    expect(await bound()).toEqual(offlineDeadline(product, heard));
    // A deadline moved earlier by hand is swept on time.
    await t.database.db.update(devices).set({ offlineAt: new Date(heard.getTime() + 1000) }).where(eq(devices.key, key));
    expect(await sweepOffline(t.database.db, new Date(heard.getTime() + 2000))).toContain(key);
    expect(await bound()).toBeNull();
  });
});

if (onPostgres) {
  describe('on PostgreSQL', () => {
    // The share over a run is the bench's row (npm run bench -- --wal): it depends on pruning, which a long
    // transaction anywhere in the database holds back; here what makes a reading's update HOT at all.
    it('a reading updates its device row in place (HOT): no index refers to what it changes', async () => {
      const changed = ['fields', 'last_seen_at', 'reporting_seconds', 'offline_at', 'updated_at'];
      const client = new Client({ connectionString: t.config.databaseUrl! });
      await client.connect();
      try {
        const { rows: indexes } = await client.query<{ definition: string }>(
          `SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indrelid = 'devices'::regclass`,
        );
        for (const { definition } of indexes) for (const column of changed) expect(definition).not.toMatch(new RegExp(`\\b${column}\\b`));
        const [{ key, product }] = await registerDevices(['smartplug'], 31, 1);
        const [first, second] = readings([{ key, product }], 2).get(key)!;
        const db = drizzle(client);
        await ingestBatch(db, [first]); // the row grows to its size with live values
        await client.query('VACUUM devices');
        // One connection of its own, so its statistics can be flushed before they are read.
        const stats = async () => {
          await client.query('SELECT pg_stat_force_next_flush()');
          await client.query('SELECT 1'); // flushed as the backend goes idle after a statement
          const { rows } = await client.query<{ upd: string; hot: string }>(
            `SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'devices'`,
          );
          return { updates: Number(rows[0].upd), hot: Number(rows[0].hot) };
        };
        const before = await stats();
        await ingestBatch(db, [second]);
        const after = await stats();
        expect({ updates: after.updates - before.updates, hot: after.hot - before.hot }).toEqual({ updates: 1, hot: 1 });
      } finally {
        await client.end();
      }
    });

    it('a device row held by another transaction delays only that device: the others stored at once, it after, in order', async () => {
      const list = await registerDevices(['smartplug', 'fencealarm'], 2, 25);
      const perDevice = 4;
      const all = readings(list, perDevice);
      const [held] = list;
      const holder = new Client({ connectionString: t.config.databaseUrl! });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT key FROM devices WHERE key = $1 FOR UPDATE', [held.key]);
        const batcher = new IngestBatcher(t.database.db, undefined);
        const started = performance.now();
        const settledAt = new Map<string, number[]>();
        const settled = (key: string) => settledAt.set(key, [...(settledAt.get(key) ?? []), performance.now() - started]);
        // Each device sends its readings one after another, as fast as they are acknowledged; the held one all at
        // once (one batch), and one more while it is held (queued behind them).
        const sending = list.map(async ({ key }) => {
          if (key === held.key) {
            const [last, ...first] = [...all.get(key)!].reverse();
            const early = first.reverse().map((uplink) => batcher.submit(uplink).then((result) => (settled(key), result)));
            // Once they are parked (their batch found the row held), one more comes.
            const parked = (batcher as unknown as { parked: Map<string, unknown[]> }).parked;
            await waitFor(async () => parked.get(key)?.length ?? 0, (count) => count === first.length, 5000);
            const late = batcher.submit(last).then((result) => (settled(key), result));
            for (const result of await Promise.all([...early, late])) expect(result.outcome).toBe('applied');
            return;
          }
          for (const uplink of all.get(key)!) {
            expect((await batcher.submit(uplink)).outcome).toBe('applied');
            settled(key);
          }
        });
        const others = list.filter(({ key }) => key !== held.key);
        await waitFor(
          async () => others.every(({ key }) => settledAt.get(key)?.length === perDevice),
          (done) => done,
          3000,
        );
        expect(settledAt.get(held.key)).toBeUndefined();
        const releasedAt = performance.now() - started;
        await holder.query('COMMIT');
        await Promise.all(sending);
        // Right after the release (the parked device is retried within PARKED_MAX_MS).
        expect(Math.max(...settledAt.get(held.key)!)).toBeLessThan(releasedAt + 1500);
        const stored = await t.database.db
          .select({ key: deviceReadings.key, at: deviceReadings.at })
          .from(deviceReadings)
          .where(inArray(deviceReadings.key, list.map(({ key }) => key)));
        expect(stored.length).toBe(list.length * perDevice);
        // In order: the live values are the last reading's (read from it, devices/liveValues.ts).
        const row = (await findDevice(t.database.db, held.key))!;
        const last = JSON.parse(all.get(held.key)![perDevice - 1].payload.toString()) as { At: string };
        expect(row.lastSeenAt).toEqual(all.get(held.key)![perDevice - 1].receivedAt);
        expect(row.readingAt).toEqual(new Date(last.At));
        expect(JSON.stringify(row.fields)).toContain(last.At);
      } finally {
        await holder.end();
      }
    });
  });
}
