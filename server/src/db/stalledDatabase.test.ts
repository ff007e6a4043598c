// A slow or stalled database (docs/architecture/README.md#a-stalled-database): requests fail fast with 503 and
// Retry-After instead of piling up, liveness keeps answering, readiness names the database, and the server
// recovers by itself. On PostgreSQL the database really stalls: a TCP proxy between the server and PostgreSQL stops
// forwarding for 10 s (PostgreSQL as seen through a frozen network or a paused host), and another connection
// holds a lock. On PGlite (one in-process connection) the parts that apply: liveness and readiness.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import { Client } from 'pg';
import { describeFailure } from '../http/errorHandler';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, openTestDatabase, type TestApp } from '../testing/testApp';
import { DatabaseUnavailableError, isDatabaseUnavailable, LISTEN_CHECK_TIMEOUT_MS, LISTEN_HEARTBEAT_MS } from './client';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';

describe('which failures mean "the database is unavailable"', () => {
  const pgError = (code: string) => Object.assign(new Error('pg'), { code });
  it.each([
    ['the statement timeout', pgError('57014')],
    ['a lock not available', pgError('55P03')],
    ['too many connections', pgError('53300')],
    ['a server shutting down', pgError('57P01')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['no answer in time', new Error('Query read timeout')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['too many waiting', new DatabaseUnavailableError('busy')],
    ['any of them inside Drizzle’s wrapper', new DrizzleQueryError('SELECT 1', [], pgError('57014'))],
  ])('%s → 503', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(describeFailure(error)).toEqual({ status: 503, code: 'service_unavailable' });
  });

  it.each([
    ['a unique violation', Object.assign(new Error('pg'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('pg'), { code: '42601' })],
    ['a plain bug', new TypeError('x is undefined')],
  ])('%s stays a 500', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(describeFailure(error).status).toBe(500);
  });
});

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers liveness without the database, and readiness with it (the broker off when the server runs no devices)', async () => {
    expect((await call(t.app, 'GET', '/api/health')).json()).toEqual({ Status: 'ok' });
    const ready = await call(t.app, 'GET', '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ Status: 'ok', Database: 'ok', Broker: 'off' });
  });
});

/** Forwards TCP to PostgreSQL until `stall()`; then holds every byte both ways (and every new connection's) until `resume()`. */
async function stallableProxy(target: { host: string; port: number }) {
  let stalled = false;
  const held: (() => void)[] = [];
  const upstreams = new Set<Socket>();
  let opened = 0;
  const forward = (from: Socket, to: Socket) => from.on('data', (chunk) => (stalled ? held.push(() => to.write(chunk)) : to.write(chunk)));
  const server: Server = createServer((client) => {
    opened += 1;
    const upstream = connect(target.port, target.host);
    upstreams.add(upstream);
    forward(client, upstream);
    forward(upstream, client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      upstreams.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Connections ever opened through the proxy. */
    get opened() {
      return opened;
    },
    stall: () => (stalled = true),
    resume() {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of upstreams) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const POOL = { size: 3, waitMs: 500, statementTimeoutMs: 1000 };
/** The longest a request may take while the database is away: the statement timeout, the client's margin, the wait. */
const FAIL_WITHIN_MS = POOL.statementTimeoutMs + 1000 + POOL.waitMs + 1000;

if (onPostgres) {
  describe('PostgreSQL stalled for 10 s, then back', () => {
    let t: TestApp;
    let proxy: Awaited<ReturnType<typeof stallableProxy>>;
    let direct: Awaited<ReturnType<typeof openTestDatabase>>;

    beforeAll(async () => {
      // The database the app uses, reached through the proxy; createTestApp's own fresh one goes unused.
      direct = await openTestDatabase();
      // PostgreSQL itself, even when the suite runs behind PgBouncer: the proxy is the network to the database, the
      // listening connection's included.
      const url = new URL(direct.databaseDirectUrl ?? direct.databaseUrl!);
      proxy = await stallableProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      t = await createTestApp({ databaseUrl: url.toString(), databaseDirectUrl: null, databasePool: POOL });
    }, APP_START_TIMEOUT_MS);
    afterAll(async () => {
      proxy.resume();
      await t.close();
      await proxy.close();
      await direct.dispose();
    });

    /** A request and how long its answer took. */
    async function timed(url: string, token?: string) {
      const started = performance.now();
      const reply = await call(t.app, 'GET', url, { token });
      return { reply, ms: performance.now() - started };
    }

    it('answers 503 with Retry-After within seconds, refuses beyond a bounded queue, and recovers by itself', async () => {
      const me = await createMember(t);
      const list = `/api/users/${me.id}/devices`;
      expect((await call(t.app, 'GET', list, { token: me.token })).statusCode).toBe(200);

      proxy.stall();
      const stalledAt = performance.now();
      const openedBefore = proxy.opened;
      // A burst far beyond the pool and its queue (3 connections, 18 waiting; the rest refused at once) on a call
      // that reads the database: every request is answered within the statement timeout and the wait.
      const burst = await Promise.all(Array.from({ length: 40 }, () => timed(`/api/users/${me.id}`, me.token)));
      for (const { reply, ms } of burst) {
        expect(reply.statusCode).toBe(503);
        expect(reply.headers['retry-after']).toBe('5');
        expect(reply.json()).toMatchObject({ Error: 'service_unavailable' });
        expect(ms).toBeLessThan(FAIL_WITHIN_MS);
      }

      // Liveness needs no database; readiness names it, within its second.
      expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
      const ready = await timed('/api/health/ready');
      expect(ready.reply.statusCode).toBe(503);
      expect(ready.reply.json()).toEqual({ Status: 'unavailable', Database: 'down', Broker: 'off' });
      expect(ready.ms).toBeLessThan(2000);

      // The list may be answered from memory (devices/listCache.ts) until the listening connection's heartbeat finds
      // the database silent; from then on every poll fails fast too, for the rest of the 10 s.
      // (A heartbeat every LISTEN_HEARTBEAT_MS, answered within LISTEN_CHECK_TIMEOUT_MS; a heartbeat more for a busy event loop.)
      const trustedUntil = stalledAt + 3 * LISTEN_HEARTBEAT_MS + LISTEN_CHECK_TIMEOUT_MS;
      // Polls come apart, as over a network: a reply from memory needs no I/O, so back-to-back injected requests
      // would run as one chain of microtasks, and the heartbeat's timers (the very check that ends the trust) would
      // not fire until the loop ended.
      let failed = 0;
      while (performance.now() - stalledAt < 10_000) {
        const poll = await timed(list, me.token);
        if (failed > 0 || performance.now() > trustedUntil) expect(poll.reply.statusCode).toBe(503);
        if (poll.reply.statusCode === 503) failed += 1;
        else expect(poll.reply.statusCode).toBe(200);
        expect(poll.ms).toBeLessThan(FAIL_WITHIN_MS);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(failed).toBeGreaterThan(0);
      expect(proxy.opened - openedBefore).toBeLessThan(40);

      proxy.resume();
      const resumedAt = performance.now();
      let status = 0;
      while (status !== 200 && performance.now() - resumedAt < 10_000) {
        status = (await call(t.app, 'GET', list, { token: me.token })).statusCode;
        if (status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(200);
      expect((await call(t.app, 'GET', '/api/health/ready')).json()).toEqual({ Status: 'ok', Database: 'ok', Broker: 'off' });
    }, 40_000);

    it('answers 503 while another connection holds a lock past the statement timeout, then serves again', async () => {
      const me = await createMember(t);
      const locker = new Client({ connectionString: direct.databaseUrl! });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE tokens IN ACCESS EXCLUSIVE MODE');
        const held = await timed(`/api/users/${me.id}/devices`, me.token);
        expect(held.reply.statusCode).toBe(503);
        expect(held.reply.headers['retry-after']).toBe('5');
        expect(held.ms).toBeLessThan(FAIL_WITHIN_MS);
        await locker.query('ROLLBACK');
      } finally {
        await locker.end();
      }
      expect((await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: me.token })).statusCode).toBe(200);
    }, 20_000);
  });
}
