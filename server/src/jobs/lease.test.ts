// Leases on singleton work (jobs/lease.ts), on PGlite and PostgreSQL: one claim takes, renews, expires and is taken
// over; a holder that cannot renew stops its work before anyone else can start it; racing claims on PostgreSQL never
// give a lease to two holders.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { pause, waitFor } from '../testing/devices';
import { APP_START_TIMEOUT_MS, openTestDatabase } from '../testing/testApp';
import {
  acquireLease,
  claimLease,
  holdWhileAlive,
  LeaseHeldError,
  releaseLease,
  renewPeriodMs,
  type HeldLease,
  type LeaseLoss,
} from './lease';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Short, but several of PGlite's slowest queries on a loaded machine: renewals every 300 ms. */
const TTL_MS = 900;

let test: Awaited<ReturnType<typeof openTestDatabase>>;
/** Behind PgBouncer, PostgreSQL itself: these tests time a holder's renewals to the millisecond, and a claim queued in
 * the pooler behind other test files' work made one flaky there; leases through a pooler are proven by
 * jobs/singletons.test.ts and db/connections.test.ts. */
let direct: Database | null = null;
let db: Db;
let leaseCount = 0;
/** A fresh lease name per test, so tests never see each other's rows. */
const newLease = () => `test-lease-${(leaseCount += 1)}`;

beforeAll(async () => {
  test = await openTestDatabase();
  await migrate(test.database);
  if (test.databaseDirectUrl) direct = await openDatabase({ databaseUrl: test.databaseDirectUrl, dataDir: '' });
  db = (direct ?? test.database).db;
}, APP_START_TIMEOUT_MS);
afterAll(async () => {
  await direct?.close();
  await test.dispose();
});

async function leaseRow(name: string): Promise<{ holder: string; remaining_ms: number; acquired_at: Date } | undefined> {
  const result = await db.execute(
    sql`SELECT holder, (extract(epoch FROM expires_at - now()) * 1000)::float8 AS remaining_ms, acquired_at FROM instance_leases WHERE name = ${name}`,
  );
  return (result as unknown as { rows: { holder: string; remaining_ms: number; acquired_at: Date }[] }).rows[0];
}

describe('claimLease', () => {
  it('takes a free lease, refuses it to another holder while it runs, and renews it for its holder', async () => {
    const name = newLease();
    const taken = await claimLease(db, name, 'a', 60_000);
    expect(taken).toMatchObject({ held: true, holder: 'a' });
    expect(taken.remainingMs).toBeGreaterThan(55_000);
    const acquiredAt = (await leaseRow(name))!.acquired_at;

    const refused = await claimLease(db, name, 'b', 60_000);
    expect(refused).toMatchObject({ held: false, holder: 'a', expiresAtMs: taken.expiresAtMs });
    expect(refused.remainingMs).toBeGreaterThan(55_000);

    await pause(20);
    const renewed = await claimLease(db, name, 'a', 120_000);
    expect(renewed).toMatchObject({ held: true, holder: 'a' });
    expect(renewed.expiresAtMs!).toBeGreaterThan(taken.expiresAtMs! + 50_000);
    // Renewing is not changing hands.
    expect((await leaseRow(name))!.acquired_at).toEqual(acquiredAt);
  });

  it('lets another holder take it once it has expired by the database clock', async () => {
    const name = newLease();
    await claimLease(db, name, 'a', 150);
    expect(await claimLease(db, name, 'b', 60_000)).toMatchObject({ held: false, holder: 'a' });
    const taken = await waitFor(
      () => claimLease(db, name, 'b', 60_000),
      (claim) => claim.held,
      5000,
    );
    expect(taken.holder).toBe('b');
    expect(await claimLease(db, name, 'a', 60_000)).toMatchObject({ held: false, holder: 'b' });
  });

  it('is released by its holder only, and is then free at once', async () => {
    const name = newLease();
    await claimLease(db, name, 'a', 60_000);
    expect(await releaseLease(db, name, 'b')).toBe(false);
    expect(await claimLease(db, name, 'b', 60_000)).toMatchObject({ held: false, holder: 'a' });
    expect(await releaseLease(db, name, 'a')).toBe(true);
    expect(await leaseRow(name)).toBeUndefined();
    expect(await claimLease(db, name, 'b', 60_000)).toMatchObject({ held: true, holder: 'b' });
  });
});

/** A holder's work: records when it runs, and that no two holders ever run it at once. */
class Work {
  running = new Set<string>();
  overlaps = 0;
  events: string[] = [];
  losses: LeaseLoss[] = [];
  hold(name: string, holder: string, database: Db = db): HeldLease {
    return holdWhileAlive({
      db: database,
      name,
      holder,
      ttlMs: TTL_MS,
      log: silent,
      onAcquired: () => {
        if (this.running.size) this.overlaps += 1;
        this.running.add(holder);
        this.events.push(`start ${holder}`);
      },
      onLost: (reason) => {
        this.running.delete(holder);
        this.losses.push(reason);
        this.events.push(`stop ${holder}`);
      },
    });
  }
}

/**
 * A Db whose queries fail while `down` (a database away for this instance only); `answered` counts the queries it
 * answered, so a test waits for a holder's claims (each one query) instead of for time.
 */
function breakable(real: Db): { db: Db; down: boolean; answered: number } {
  const state = { down: false, db: real, answered: 0 };
  state.db = new Proxy(real, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return async (query: unknown) => {
          if (state.down) throw new Error('connection refused');
          const result = await target.execute(query as never);
          state.answered += 1;
          return result;
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return state;
}

describe('holdWhileAlive', () => {
  it('runs the work on one holder; a stop releases the lease and another holder takes the work over', async () => {
    const name = newLease();
    const work = new Work();
    const [dbA, dbB, dbC] = [breakable(db), breakable(db), breakable(db)];
    const a = work.hold(name, 'a', dbA.db);
    await waitFor(async () => a.held, Boolean);
    const b = work.hold(name, 'b', dbB.db);
    const c = work.hold(name, 'c', dbC.db);
    // Several renewals later (a's claims answered), and b and c refused twice each: still a's alone.
    const claimed = dbA.answered;
    await waitFor(async () => [dbA.answered - claimed, dbB.answered, dbC.answered], (counts) => counts.every((n) => n >= 2), 5000);
    expect([a.held, b.held, c.held]).toEqual([true, false, false]);
    expect(work.events).toEqual(['start a']);
    expect((await leaseRow(name))!.holder).toBe('a');

    const stoppedAt = performance.now();
    await a.stop();
    expect(await leaseRow(name).then((row) => row?.holder)).not.toBe('a');
    await waitFor(async () => b.held || c.held, Boolean, 5000);
    // Released, so taken within a renewal period rather than a whole TTL.
    expect(performance.now() - stoppedAt).toBeLessThan(TTL_MS);
    expect(work.events.slice(0, 2)).toEqual(['start a', 'stop a']);
    expect(work.losses).toEqual(['stopping']);
    await Promise.all([b.stop(), c.stop()]);
    expect(work.overlaps).toBe(0);
    expect(await leaseRow(name)).toBeUndefined();
  });

  it('a holder that cannot reach the database stops its work before the lease expires; another takes it after', async () => {
    const name = newLease();
    const work = new Work();
    const broken = breakable(db);
    const a = work.hold(name, 'a', broken.db);
    await waitFor(async () => a.held, Boolean);
    const b = work.hold(name, 'b');
    const claimed = broken.answered;
    await waitFor(async () => broken.answered, (answered) => answered > claimed, 5000); // a has renewed once
    broken.down = true;
    const { remaining } = await waitFor(
      async () => ({ lost: !a.held, remaining: (await leaseRow(name))!.remaining_ms }),
      (state) => state.lost,
      5000,
    );
    // a gave the work up while its lease still ran: no one else could have started it yet.
    expect(remaining).toBeGreaterThan(0);
    expect(work.losses).toEqual(['not renewed in time']);
    expect(work.events).toEqual(['start a', 'stop a']);
    await waitFor(async () => b.held, Boolean, 5000);
    expect(work.events).toEqual(['start a', 'stop a', 'start b']);

    // a's database is back: a finds b holding and waits (its second claim since shows the first one's answer taken).
    broken.down = false;
    const refusedFrom = broken.answered;
    await waitFor(async () => broken.answered, (answered) => answered >= refusedFrom + 2, 5000);
    expect(a.held).toBe(false);
    await Promise.all([a.stop(), b.stop()]);
    expect(work.overlaps).toBe(0);
  });

  it('gives the lease up when the work fails to start, so another holder gets it', async () => {
    const name = newLease();
    const started: string[] = [];
    const failing = holdWhileAlive({
      db,
      name,
      holder: 'a',
      ttlMs: TTL_MS,
      log: silent,
      onAcquired: () => {
        started.push('a');
        throw new Error('cannot start');
      },
    });
    await waitFor(
      async () => started.length,
      (n) => n > 0,
    );
    const b = holdWhileAlive({ db, name, holder: 'b', ttlMs: TTL_MS, log: silent, onAcquired: () => void started.push('b') });
    await waitFor(async () => started.includes('b'), Boolean, 5000);
    await Promise.all([failing.stop(), b.stop()]);
  });
});

describe('holdWhileAlive on a clock whose timers fire early', () => {
  afterEach(() => jest.useRealTimers());

  it('gives the work up once the lease is due, even when the loss timer fired a little before it', async () => {
    jest.useFakeTimers();
    // A claim that answers once, then fails like a database gone away.
    let answered = false;
    const database = {
      execute: async () => {
        if (answered) throw new Error('connection refused');
        answered = true;
        return { rows: [{ held: true, holder: 'a', expires_ms: Date.now() + TTL_MS, remaining_ms: TTL_MS }] };
      },
    } as unknown as Db;
    const losses: LeaseLoss[] = [];
    const held = holdWhileAlive({
      db: database,
      name: 'early',
      holder: 'a',
      ttlMs: TTL_MS,
      log: silent,
      onLost: (reason) => void losses.push(reason),
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(held.held).toBe(true);
    // Node counts a timer from the event loop's cached clock, so it can run a few ms before performance.now() says it
    // is due: the loss timer's first look finds the lease not due yet.
    const now = performance.now.bind(performance);
    const early = jest.spyOn(performance, 'now').mockImplementation(() => now() - 5);
    await jest.advanceTimersByTimeAsync(TTL_MS - renewPeriodMs(TTL_MS) + 4);
    expect(held.held).toBe(true);
    early.mockRestore();
    await jest.advanceTimersByTimeAsync(10);
    expect(held.held).toBe(false);
    expect(losses).toEqual(['not renewed in time']);
    await held.stop();
  });
});

describe('acquireLease', () => {
  it('refuses a lease a live holder keeps renewing, without waiting for it to expire', async () => {
    const name = newLease();
    const live = holdWhileAlive({ db, name, holder: 'a', ttlMs: TTL_MS, log: silent });
    await waitFor(async () => live.held, Boolean);
    const started = performance.now();
    const refusal = await acquireLease({ db, name, holder: 'b', ttlMs: TTL_MS, log: silent }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(LeaseHeldError);
    expect(refusal).toMatchObject({ lease: name, holder: 'a' });
    // Seen renewed after a renewal period, not waited on for a whole TTL (which a live holder never lets pass).
    expect(performance.now() - started).toBeLessThan(TTL_MS);
    expect(live.held).toBe(true);
    await live.stop();
  });

  it('waits out a holder that stopped renewing (killed), then holds the lease', async () => {
    const name = newLease();
    await claimLease(db, name, 'dead', TTL_MS);
    const started = performance.now();
    const held = await acquireLease({ db, name, holder: 'b', ttlMs: TTL_MS, log: silent });
    expect(held.held).toBe(true);
    expect(performance.now() - started).toBeLessThan(TTL_MS * 3);
    expect((await leaseRow(name))!.holder).toBe('b');
    await held.stop();
  });
});

if (onPostgres) {
  describe('racing holders (PostgreSQL)', () => {
    const databases: Database[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 4; i += 1) databases.push(await openDatabase({ databaseUrl: test.databaseUrl, dataDir: '' }));
    });
    afterAll(() => Promise.all(databases.map((database) => database.close())));

    it('give an expired lease to exactly one of 24 concurrent claims, round after round', async () => {
      const name = newLease();
      for (let round = 0; round < 15; round += 1) {
        await db.execute(sql`UPDATE instance_leases SET expires_at = now() - interval '1 second' WHERE name = ${name}`);
        const claims = await Promise.all(
          Array.from({ length: 24 }, (_, i) => claimLease(databases[i % databases.length].db, name, `holder-${round}-${i}`, 60_000)),
        );
        const winners = claims.filter((claim) => claim.held);
        expect(winners).toHaveLength(1);
        expect((await leaseRow(name))!.holder).toBe(winners[0].holder);
      }
    });

    it('keep one runner of the work while holders come and go', async () => {
      const name = newLease();
      const work = new Work();
      const holders = databases.map((database, i) => work.hold(name, `h${i}`, database.db));
      await waitFor(
        async () => holders.filter((h) => h.held).length,
        (n) => n === 1,
      );
      // Stop the holder three times over; each time another takes the work, never two at once.
      for (let i = 0; i < 3; i += 1) {
        const current = holders.find((h) => h.held)!;
        await current.stop();
        holders.splice(holders.indexOf(current), 1);
        await waitFor(
          async () => holders.filter((h) => h.held).length,
          (n) => n === 1,
          5000,
        );
        expect(work.running.size).toBe(1);
      }
      await Promise.all(holders.map((h) => h.stop()));
      expect(work.overlaps).toBe(0);
      expect(work.events.filter((e) => e.startsWith('start'))).toHaveLength(4);
    });
  });
}
