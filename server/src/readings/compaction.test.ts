// Compaction of completed days (docs/architecture/readings.md "Store"): every reading kept exactly once, late ones
// ingested during the rewrite included; the partition's heap in (key, at) order afterwards; ingest going on during the
// copy (PostgreSQL: from another connection, inside the copy's transaction); one instance compacting at a time; the
// retention dropping compacted partitions as any other. An injected clock, no waiting.
import type { Connection } from '../db/client';
import { migrate } from '../db/migrate';
import { ingestBatch, type Uplink } from '../devices/gateway/ingest';
import { demoKey } from '../devices/inventory';
import { chartPoints } from '../history/chart';
import { rollUpAll } from '../history/rollups';
import { call, createMember, openTestDatabase, setUpTestApp, type TestApp } from '../testing/testApp';
import {
  COMPACTION_LEASE,
  compactedPartitions,
  compactionDue,
  compactPartition,
  compactReadings,
  LATE_READINGS_MS,
  readingsBacklog,
} from './compaction';
import { dayStart, listPartitions, maintainReadingPartitions, partitionName } from './partitions';

const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp;
setUpTestApp((app) => (t = app));

const reading = (key: string, at: Date, voltage: number, receivedAt: Date): Uplink => ({
  key,
  name: 'reading',
  payload: Buffer.from(JSON.stringify({ At: at.toISOString(), Voltage: voltage, Battery: 3.7, Rssi: -70 })),
  retained: false,
  receivedAt,
});

let used = 20; // fence alarms counted down from below partitions.test.ts's range
async function registeredFence(): Promise<string> {
  const owner = await createMember(t);
  const key = demoKey('fencealarm', (used -= 1));
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/fencealarms`, {
    token: owner.token,
    body: { Imei: key, Name: 'Compaction' },
  });
  expect(response.statusCode).toBe(201);
  await t.database.withConnection((c) => c.query(`UPDATE devices SET registered_at = '2000-01-01' WHERE key = $1`, [key]));
  return key;
}

/** `keys`' readings of `minutes` minutes from `from`, interleaved as devices write them (every key's minute m before m+1). */
const insertInterleaved = (c: Connection, keys: string[], from: number, minutes: number) =>
  c.query(
    `INSERT INTO device_readings (key, at, data)
     SELECT k, $2::timestamptz + m * interval '1 minute', jsonb_build_object('Voltage', 4000 + m % 97, 'Battery', 3.7, 'Rssi', -70)
     FROM generate_series(0, $3 - 1) AS m, unnest($1::text[]) AS k ORDER BY m, k`,
    [keys, new Date(from).toISOString(), minutes],
  );

/** Count and digest of a day's readings, in (key, at) order, optionally without some keys' readings. */
const digest = async (c: Connection, day: number, where = 'true') =>
  (
    await c.query<{ n: string; digest: string }>(
      `SELECT count(*)::text AS n, md5(string_agg(key || '|' || at::text || '|' || data::text, ',' ORDER BY key, at)) AS digest
       FROM device_readings WHERE at >= $1 AND at < $2 AND ${where}`,
      [new Date(day).toISOString(), new Date(day + DAY).toISOString()],
    )
  )[0];

/** Rows of the partition's heap, in heap (ctid) order, that come before one greater in (key, at) order: none when sorted. */
const outOfOrder = async (c: Connection, partition: string, where = 'true') =>
  Number(
    (
      await c.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM (
           SELECT key, at, lag(key) OVER w AS pk, lag(at) OVER w AS pa FROM "${partition}" WHERE ${where} WINDOW w AS (ORDER BY ctid)
         ) x WHERE (pk, pa) > (key, at)`,
      )
    )[0].n,
  );

const leftovers = (c: Connection) =>
  c.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relname ~ '^device_readings_p[0-9]{8}_[cl][0-9a-f]{6}$'
     UNION ALL SELECT tgname FROM pg_trigger WHERE tgname LIKE 'compaction_late_%'`,
  );

describe('compaction of a completed day', () => {
  it('rewrites it in (key, at) order, keeping every reading exactly once, late ones ingested during the rewrite included', async () => {
    const today = dayStart(t.clock.now().getTime());
    // The legacy partition covers up to the day after tomorrow (partitions.test.ts): the first day partitions are from there.
    const day = today + 2 * DAY;
    const name = partitionName(day);
    const fences = [await registeredFence(), await registeredFence()];
    const keys = [...fences, ...Array.from({ length: 18 }, (_, i) => `9900000000${String(i).padStart(5, '0')}`)];
    await t.database.withConnection((c) => insertInterleaved(c, keys, day, 180));
    const before = await t.database.withConnection((c) => digest(c, day));
    expect(Number(before.n)).toBe(20 * 180);
    expect(await t.database.withConnection((c) => outOfOrder(c, name))).toBeGreaterThan(0); // interleaved as written

    // Not due before it has been over for the late-reading window, nor today.
    expect((await compactionDue(t.database.db, new Date(day + DAY + LATE_READINGS_MS - MINUTE), 36_500)).map((p) => p.name)).not.toContain(
      name,
    );
    const now = new Date(day + DAY + LATE_READINGS_MS);
    expect((await compactionDue(t.database.db, now, 36_500)).map((p) => p.name)).toContain(name);

    // Late readings of the day, through the gateway: one during the copy's transaction (PostgreSQL: another
    // connection; it must not wait for the copy), one after the copy, one that is already stored (not doubled).
    const lateAt = (minute: number) => new Date(day + 20 * 60 * MINUTE + minute * MINUTE);
    const postgres = t.database.kind === 'postgres';
    const ingested: string[] = [];
    const run = await compactReadings(t.database.db, {
      now,
      retentionDays: 36_500,
      holder: 'instance-a',
      hooks: {
        copying: postgres
          ? async () => {
              ingested.push(...(await ingestBatch(t.database.db, [reading(fences[0], lateAt(1), 4501, now)])).map((r) => r.outcome));
            }
          : undefined,
        copied: async () => {
          const results = await ingestBatch(t.database.db, [
            reading(fences[1], lateAt(2), 4502, now),
            reading(fences[0], new Date(day + 5 * MINUTE), 4000, now),
          ]);
          ingested.push(...results.map((r) => r.outcome));
        },
      },
    });
    expect(ingested).toEqual(postgres ? ['applied', 'applied', 'applied'] : ['applied', 'applied']);
    expect(run.compacted.map((done) => done.partition)).toEqual([name]);
    expect(run.compacted[0]).toMatchObject({ copied: 20 * 180, late: postgres ? 2 : 1 });

    await t.database.withConnection(async (c) => {
      // The same readings as before, once each, plus the late ones once.
      const copiedOnly = `NOT (at >= '${lateAt(0).toISOString()}')`;
      expect(await digest(c, day, copiedOnly)).toEqual(before);
      const late = await c.query<{ key: string; voltage: number }>(
        `SELECT key, (data->>'Voltage')::int AS voltage FROM device_readings WHERE at >= $1 AND at < $2 ORDER BY at`,
        [lateAt(0).toISOString(), new Date(day + DAY).toISOString()],
      );
      expect(late).toEqual([...(postgres ? [{ key: fences[0], voltage: 4501 }] : []), { key: fences[1], voltage: 4502 }]);
      // The heap in (key, at) order, the late readings after the copied ones.
      expect(await outOfOrder(c, name, copiedOnly)).toBe(0);
      const [{ after }] = await c.query<{ after: boolean }>(
        `SELECT (SELECT max(ctid) FROM "${name}" WHERE ${copiedOnly}) < (SELECT min(ctid) FROM "${name}" WHERE NOT ${copiedOnly}) AS "after"`,
      );
      expect(after).toBe(true);
      // A partition again, same name and bounds, marked compacted; nothing of the rewrite left behind.
      expect(await leftovers(c)).toEqual([]);
      const [{ check }] = await c.query<{ check: string }>(
        `SELECT count(*)::text AS "check" FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c'`,
        [name],
      );
      expect(check).toBe('0');
    });
    expect(await listPartitions(t.database.db)).toContainEqual({ name, from: day, to: day + DAY, isDefault: false });
    expect(await compactedPartitions(t.database.db)).toContain(name);
    expect((await compactionDue(t.database.db, now, 36_500)).map((p) => p.name)).not.toContain(name);

    // Ingest of the day goes on into the compacted partition, and its chart draws.
    expect(await ingestBatch(t.database.db, [reading(fences[1], lateAt(3), 4503, now)])).toEqual([{ outcome: 'applied' }]);
    const window = { key: fences[1], field: 'Voltage' as const, from: new Date(day), to: new Date(day + DAY - 1) };
    const points = await chartPoints(t.database.db, window, window);
    expect(points.map((point) => point.value)).toEqual(expect.arrayContaining([4000, 4502, 4503]));
  });

  it('is done by one instance at a time: another finds the lease held, and takes the next day once it is released', async () => {
    const today = dayStart(t.clock.now().getTime());
    const [first, second] = [today + 4 * DAY, today + 5 * DAY];
    const keys = Array.from({ length: 8 }, (_, i) => `9910000000${String(i).padStart(5, '0')}`);
    await t.database.withConnection(async (c) => {
      await insertInterleaved(c, keys, first, 60);
      await insertInterleaved(c, keys, second, 60);
    });
    const now = new Date(second + DAY + LATE_READINGS_MS);
    const due = (await compactionDue(t.database.db, now, 36_500)).map((p) => p.name);
    expect(due).toEqual(expect.arrayContaining([partitionName(first), partitionName(second)]));

    let during: Awaited<ReturnType<typeof compactReadings>> | undefined;
    const a = await compactReadings(t.database.db, {
      now,
      retentionDays: 36_500,
      holder: 'instance-a',
      max: 1,
      hooks: {
        copied: async () => void (during = await compactReadings(t.database.db, { now, retentionDays: 36_500, holder: 'instance-b' })),
      },
    });
    expect(during).toEqual({ compacted: [], more: false, heldBy: 'instance-a' });
    expect(a.compacted).toHaveLength(1);
    expect(a.more).toBe(true);
    // Released after the run: two instances at once now, and each remaining day is compacted once.
    const runs = await Promise.all(
      ['instance-a', 'instance-b'].map((holder) => compactReadings(t.database.db, { now, retentionDays: 36_500, holder, max: 10 })),
    );
    const names = [...a.compacted, ...runs.flatMap((run) => run.compacted)].map((done) => done.partition);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining([partitionName(first), partitionName(second)]));
    await t.database.withConnection(async (c) => {
      for (const day of [first, second]) {
        expect((await digest(c, day)).n).toBe(String(8 * 60));
        expect(await outOfOrder(c, partitionName(day))).toBe(0);
      }
      expect(await c.query(`SELECT 1 FROM instance_leases WHERE name = $1`, [COMPACTION_LEASE])).toEqual([]);
    });
  });
});

describe('a compaction that fails', () => {
  it('leaves the day as it was, uncompacted and nothing of the rewrite behind, and the next attempt compacts it', async () => {
    const day = dayStart(t.clock.now().getTime()) + 6 * DAY;
    const name = partitionName(day);
    await t.database.withConnection((c) => insertInterleaved(c, ['99200000000001', '99200000000002', '99200000000003'], day, 90));
    const partition = (await listPartitions(t.database.db)).find((found) => found.name === name)!;
    const before = await t.database.withConnection((c) => digest(c, day));
    const failing = compactPartition(t.database.db, partition, null, {
      copied: () => Promise.reject(new Error('the instance stops here')),
    });
    await expect(failing).rejects.toThrow('the instance stops here');
    await t.database.withConnection(async (c) => {
      expect(await leftovers(c)).toEqual([]);
      expect(await digest(c, day)).toEqual(before);
    });
    expect(await compactedPartitions(t.database.db)).not.toContain(name);

    const done = await compactPartition(t.database.db, partition, null);
    expect(done).toMatchObject({ partition: name, copied: 270, late: 0 });
    await t.database.withConnection(async (c) => {
      expect(await digest(c, day)).toEqual(before);
      expect(await outOfOrder(c, name)).toBe(0);
    });
    // Compacted already: a second attempt (another instance's, late) does nothing.
    expect(await compactPartition(t.database.db, partition, null)).toBeNull();
  });
});

describe('retention', () => {
  // A database of its own, migrated from scratch: longer than the default timeout on a loaded machine.
  it('drops compacted partitions past the setting like any other', async () => {
    const test = await openTestDatabase();
    try {
      await migrate(test.database);
      const start = new Date('2026-03-10T12:00:00Z');
      await maintainReadingPartitions(test.database.db, start, 400);
      const days = ['2026-03-12', '2026-03-13', '2026-03-14'].map((day) => Date.parse(`${day}T00:00:00Z`));
      await test.database.withConnection(async (c) => {
        for (const day of days) await insertInterleaved(c, ['1', '2', '3'], day, 120);
      });
      const compacted = await compactReadings(test.database.db, {
        now: new Date('2026-03-16T12:00:00Z'),
        retentionDays: 400,
        holder: 'solo',
        max: 10,
      });
      expect(compacted.compacted.map((done) => done.partition)).toEqual(days.map(partitionName));
      // The metrics' backlog (docs/operations/monitor.md): nothing due right after the run; three days later the days
      // since are due, and the compacted days are past a 4-day retention until the maintenance drops them.
      expect(await readingsBacklog(test.database.db, new Date('2026-03-16T12:00:00Z'), 400)).toEqual({ awaitingCompaction: 0, pastRetention: 0 });
      const later = new Date('2026-03-19T12:00:00Z');
      const behind = await readingsBacklog(test.database.db, later, 4);
      expect(behind.awaitingCompaction).toBe((await compactionDue(test.database.db, later, 4)).length);
      expect(behind.awaitingCompaction).toBeGreaterThan(0);
      expect(behind.pastRetention).toBeGreaterThanOrEqual(days.length);
      await rollUpAll(test.database.db, later);
      // A retention of 4 days at 19 March 12:00: the days before 15 March 12:00 go, compacted or not.
      const run = await maintainReadingPartitions(test.database.db, later, 4);
      expect(run.dropped).toEqual(expect.arrayContaining(days.map(partitionName)));
      const left = await test.database.withConnection((c) =>
        c.query<{ n: string }>(`SELECT count(*)::text AS n FROM device_readings WHERE at < '2026-03-15'`),
      );
      expect(left[0].n).toBe('0');
      expect(await compactedPartitions(test.database.db)).toEqual(new Set());
      expect((await readingsBacklog(test.database.db, later, 4)).pastRetention).toBe(0);
    } finally {
      await test.dispose();
    }
  }, 60_000);
});
