// Connections fit (docs/architecture/scale-out.md#database-connections): every channel of an instance shares one
// listening connection; 10 instances with the default settings stay within PostgreSQL's default 100 connections
// under load; and behind PgBouncer in transaction mode (Debian's, spawned here) the statement timeout still fires,
// prepared statements work, two instances migrating at once apply each migration once, and notifications arrive.
// On PostgreSQL these run on the server itself (TEST_DATABASE_DIRECT_URL when the suite runs behind PgBouncer):
// they count its connections.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { loadConfig } from '../config';
import { pause, waitFor } from '../testing/devices';
import { pgbouncerInstalled, startPgBouncer, type PgBouncer } from '../testing/pgbouncer';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, openTestDatabase, type TestApp } from '../testing/testApp';
import { IN_MEMORY, isDatabaseUnavailable, openDatabase, pgErrorCode, type Database, type Listener } from './client';
import { migrate } from './migrate';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const INSTANCES = 10;
/** PostgreSQL's default max_connections (100) less the 3 it keeps for superusers. */
const FOR_ORDINARY_ROLES = 97;
/** Left for psql, monitoring and backups. */
const HEADROOM = 5;

describe('the connection budget of the defaults', () => {
  it('fits 10 instances, each with its pool, its one listener and (behind a pooler) a migration connection while starting', () => {
    const { size } = loadConfig({}).databasePool;
    expect(INSTANCES * (size + 1) + INSTANCES).toBeLessThanOrEqual(FOR_ORDINARY_ROLES - HEADROOM);
  });
});

/** A listener that records what it heard and whether it is live. */
async function listening(database: Database, channel: string) {
  const heard: string[] = [];
  const live: boolean[] = [];
  const listener: Listener = await database.listen(
    channel,
    (payload) => heard.push(payload),
    (now) => live.push(now),
  );
  return { heard, live, listener };
}

async function notify(database: Database, channel: string, payload: string): Promise<void> {
  await database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

describe('listening on several channels', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    test = await openTestDatabase();
  }, APP_START_TIMEOUT_MS);
  afterAll(() => test.dispose());

  it('delivers each channel its own notifications, also to two listeners of one channel, and one stops alone', async () => {
    const a = await listening(test.database, 'channel_a');
    const b = await listening(test.database, 'channel_b');
    const b2 = await listening(test.database, 'channel_b');
    expect([a.live, b.live, b2.live]).toEqual([[true], [true], [true]]);
    await notify(test.database, 'channel_a', 'to a');
    await notify(test.database, 'channel_b', 'to b');
    await a.listener.sync();
    await b.listener.sync();
    expect([a.heard, b.heard, b2.heard]).toEqual([['to a'], ['to b'], ['to b']]);

    await b2.listener.close();
    expect(b2.live).toEqual([true, false]);
    await notify(test.database, 'channel_b', 'again');
    await b.listener.sync();
    expect([b.heard, b2.heard]).toEqual([['to b', 'again'], ['to b']]);
    await a.listener.close();
    await b.listener.close();
  });
});

/** Backends connected to `database` on the server, the counting one excepted. */
async function connectionsTo(admin: Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
  return rows[0].n;
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

if (onPostgres) {
  /** The PostgreSQL server itself, not a pooler in front of it. */
  const serverUrl = process.env.TEST_DATABASE_DIRECT_URL || process.env.TEST_DATABASE_URL!;

  describe('one listening connection per instance (PostgreSQL)', () => {
    let test: Awaited<ReturnType<typeof openTestDatabase>>;
    let admin: Client;
    let database: Database;
    beforeAll(async () => {
      test = await openTestDatabase();
      admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      // Only listeners until the notifications are sent: the pool stays unopened until then.
      database = await openDatabase({ databaseUrl: test.databaseDirectUrl ?? test.databaseUrl, dataDir: IN_MEMORY });
    }, APP_START_TIMEOUT_MS);
    afterAll(async () => {
      await database.close();
      await admin.end();
      await test.dispose();
    });

    it('listens on both channels over one connection, and both come back live after it is killed', async () => {
      const name = databaseName(test.databaseDirectUrl ?? test.databaseUrl!);
      const versions = await listening(database, 'device_list_version');
      const sessions = await listening(database, 'session_change');
      expect(await connectionsTo(admin, name)).toBe(1);
      const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      // Lost (nothing kept may be trusted), then live again by itself, on one connection still.
      await waitFor(async () => [versions.live, sessions.live], ([v, s]) => v.join() === 'true,false,true' && s.join() === 'true,false,true');
      expect(await connectionsTo(admin, name)).toBe(1);
      await notify(database, 'device_list_version', 'v');
      await notify(database, 'session_change', 's');
      await waitFor(async () => [versions.heard, sessions.heard], ([v, s]) => v.join() === 'v' && s.join() === 's');
      await versions.listener.close();
      await sessions.listener.close();
      // The pool's connection (notify) is all that is left.
      await waitFor(() => connectionsTo(admin, name), (n) => n === 1);
    });
  });

  describe('10 instances with the default settings (PostgreSQL)', () => {
    // A role of its own, limited to the budget: an instance that opened more than its share would be refused
    // ("too many connections for role", answered 503), as it would be by max_connections.
    const role = `paddock_budget_${randomBytes(4).toString('hex')}`;
    const name = `paddock_test_${randomBytes(6).toString('hex')}`;
    let admin: Client;
    const apps: TestApp[] = [];
    let budget = 0;

    beforeAll(async () => {
      const { size } = loadConfig({}).databasePool;
      budget = INSTANCES * (size + 1);
      admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT ${budget}`);
      await admin.query(`CREATE DATABASE ${name} OWNER ${role}`);
      const url = new URL(serverUrl);
      url.username = role;
      url.password = '';
      url.pathname = `/${name}`;
      // Directly on PostgreSQL with the default pool size. The wait for a connection is long: ten instances share
      // this process's one core here, so what is measured is connections, not how fast one is handed out; a refused
      // connection (53300) is still a 503 at once.
      const databasePool = { ...loadConfig({}).databasePool, waitMs: 30_000 };
      const first = await createTestApp({ databaseUrl: url.toString(), databaseDirectUrl: null, databasePool });
      apps.push(first);
      while (apps.length < INSTANCES) apps.push(await createTestApp({ databasePool }, { sameDatabaseAs: first }));
    }, 120_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }, APP_START_TIMEOUT_MS); // ten apps to close

    it('stay within the budget while every pool is busy, and nothing is refused', async () => {
      const member = await createMember(apps[0]);
      let peak = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await connectionsTo(admin, name));
          await pause(20);
        }
      })();
      // Three rounds of 15 concurrent reads on every instance: more than a pool, fewer than it lets wait.
      const statuses: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const replies = await Promise.all(
          apps.flatMap((t) => Array.from({ length: 15 }, () => call(t.app, 'GET', `/api/users/${member.id}`, { token: member.token }))),
        );
        statuses.push(...replies.map((reply) => reply.statusCode));
      }
      sampling = false;
      await sampler;
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(peak).toBeLessThanOrEqual(budget);
      expect(peak).toBeLessThan(100);
      // The pools were really busy: well beyond the ten listening connections.
      expect(peak).toBeGreaterThan(2 * INSTANCES);
    }, 60_000);
  });

  describe('behind PgBouncer in transaction mode (PostgreSQL)', () => {
    let bouncer: PgBouncer;
    let test: Awaited<ReturnType<typeof openTestDatabase>>;
    let directUrl: string;
    let pooledUrl: string;
    const opened: Database[] = [];
    // One timeout for every instance here: it is the role's default in the database, which the pooler's server
    // connections take when they open (db/client.ts setRoleStatementTimeout).
    const statementTimeoutMs = 1000;
    const open = async () => {
      const database = await openDatabase({
        databaseUrl: pooledUrl,
        databaseDirectUrl: directUrl,
        dataDir: IN_MEMORY,
        databasePool: { size: 3, waitMs: 2000, statementTimeoutMs },
      });
      opened.push(database);
      return database;
    };

    beforeAll(async () => {
      if (!pgbouncerInstalled()) throw new Error('PgBouncer is not installed: apt-get install -y pgbouncer (.ci/run does)');
      bouncer = await startPgBouncer(serverUrl, { poolSize: 5 });
      test = await openTestDatabase();
      directUrl = test.databaseDirectUrl ?? test.databaseUrl!;
      pooledUrl = bouncer.pooledUrl(directUrl);
    }, APP_START_TIMEOUT_MS);
    afterAll(async () => {
      for (const database of opened) await database.close();
      await test.dispose();
      await bouncer.stop();
    });

    it('cancels a statement that runs past the statement timeout', async () => {
      const database = await open();
      const started = performance.now();
      const error = await database.db.execute(sql`SELECT pg_sleep(4)`).then(
        () => null,
        (failure: unknown) => failure,
      );
      // Cancelled by PostgreSQL (57014), not by the client's backstop a second later.
      expect(pgErrorCode(error)).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(statementTimeoutMs + 900);
    });

    it('applies each migration once when two instances migrate at once', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      const [first, second] = await Promise.all([migrate(a), migrate(b)]);
      expect([first, second].map((applied) => applied.length).sort((x, y) => x - y)).toEqual([0, expect.any(Number)]);
      expect(first.length + second.length).toBeGreaterThan(0);
      expect(await migrate(a)).toEqual([]);
    }, 60_000);

    it('runs named prepared statements from many connections at once', async () => {
      const database = await open();
      const query = database.db
        .select({ n: sql<number>`${sql.placeholder('n')}::int + 1` })
        .from(sql`(SELECT 1) AS one`)
        .prepare('connections_test_statement');
      for (let round = 0; round < 20; round += 1) {
        const rows = await Promise.all(Array.from({ length: 8 }, (_, n) => query.execute({ n })));
        expect(rows.map((row) => row[0].n)).toEqual(Array.from({ length: 8 }, (_, n) => n + 1));
      }
    });

    it('delivers notifications committed through the pooler to the listener on the direct connection', async () => {
      const database = await open();
      const heard = await listening(database, 'device_list_version');
      for (let n = 0; n < 5; n += 1) await notify(database, 'device_list_version', `v${n}`);
      await heard.listener.sync();
      expect(heard.heard).toEqual(['v0', 'v1', 'v2', 'v3', 'v4']);
      await heard.listener.close();
    });
  });
}
