// Opens the database: embedded PGlite (default, DATA_DIR) or PostgreSQL (DATABASE_URL), behind one Drizzle type.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { Client, Pool } from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;

/** Plain SQL on one connection (migrations need a session-level advisory lock held on a single connection). */
export interface Connection {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start banner; a URL's password is masked. */
  location: string;
  /**
   * `unbounded`: a session of its own with no statement timeout (migrations: their advisory lock is session-level),
   * on the direct connection when DATABASE_URL goes through a pooler (DATABASE_DIRECT_URL).
   */
  withConnection<T>(fn: (connection: Connection) => Promise<T>, options?: { unbounded?: boolean }): Promise<T>;
  /**
   * LISTENs to `channel` (reconnecting by itself): `onMessage` gets each NOTIFY payload; `onLive(false)` whenever
   * notifications may have been missed (connection lost or not answering), `onLive(true)` once listening again.
   * Every channel of a Database shares one connection (the direct one behind a pooler).
   */
  listen(channel: string, onMessage: (payload: string) => void, onLive: (live: boolean) => void): Promise<Listener>;
  /** PostgreSQL's pool right now (metrics, observability/metrics.ts); absent on PGlite, a single connection. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections the pool may open, open ones, idle ones, and queries waiting for one. */
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface Listener {
  /** Resolves once every notification of a transaction committed before the call has reached `onMessage`. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export const IN_MEMORY = 'memory://';

/**
 * PostgreSQL limits that keep a slow or stalled database from piling requests up (docs/architecture/README.md#a-stalled-database):
 * connections, how long a query waits for one, and the statement timeout. Without them (tools, the bench's own
 * connection) nothing is bounded.
 */
export interface PoolSettings {
  size: number;
  waitMs: number;
  statementTimeoutMs: number;
}

/**
 * Requests that may wait for a connection, per connection; beyond that a query fails at once. Six with the default
 * pool of 7 lets ~40 wait, as four did with the pool of 10 before it (a thousand devices signing in at once queue
 * their secret checks here).
 */
const WAITING_PER_CONNECTION = 6;
/** The client-side backstop after the statement timeout: a database that stopped answering cannot cancel anything. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;
/** setTimeout's longest delay: "no time-out" for a connection that must not have one. */
const NO_TIMEOUT_MS = 2 ** 31 - 1;

/** The database cannot take a query now: too many waiting, no connection in time, or it stopped answering. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

export async function openDatabase(options: {
  databaseUrl: string | null;
  /** The session-level connection (LISTEN, migrations) when DATABASE_URL is a pooler in transaction mode. */
  databaseDirectUrl?: string | null;
  dataDir: string;
  databasePool?: PoolSettings;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databaseDirectUrl || options.databaseUrl, options.databasePool)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith(IN_MEMORY);
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  return pgliteDatabase(inMemory ? await PGlite.create() : await PGlite.create(dataDir), inMemory ? 'in memory' : dataDir);
}

/** An open PGlite as a Database (the tests open theirs from a migrated dump, testing/migratedTemplate.ts). */
export function pgliteDatabase(client: PGlite, location = 'in memory'): Database {
  const connection: Connection = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query<Row>(sql, params)).rows,
  };
  return {
    db: drizzlePglite({ client }),
    kind: 'pglite',
    location,
    // PGlite is a single connection already.
    withConnection: (fn) => fn(connection),
    async listen(channel, onMessage, onLive) {
      // One in-process connection: a NOTIFY reaches the callback as its transaction commits, before the writer goes on.
      const unlisten = await client.listen(channel, onMessage);
      onLive(true);
      return {
        sync: async () => {},
        close: async () => {
          onLive(false);
          if (!client.closed) await unlisten();
        },
      };
    },
    close: () => client.close(),
  };
}

/** A pool that refuses at once when too many queries already wait for a connection, instead of queueing without end. */
class BoundedPool extends Pool {
  constructor(
    config: ConstructorParameters<typeof Pool>[0],
    private readonly maxWaiting: number,
  ) {
    super(config);
  }

  // pg calls connect(callback) from pool.query and connect() from transactions; both are bounded here.
  override connect(...args: unknown[]): never {
    const callback = args[0] as ((error: Error) => void) | undefined;
    if (this.waitingCount >= this.maxWaiting) {
      const error = new DatabaseUnavailableError(`${this.waitingCount} queries already wait for a PostgreSQL connection`);
      if (callback) process.nextTick(callback, error);
      return (callback ? undefined : Promise.reject(error)) as never;
    }
    return (super.connect as (...a: unknown[]) => never)(...args);
  }
}

/**
 * A pg client whose statements are never named: behind a pooler in transaction mode the next query may reach
 * another server connection, where a statement prepared by name does not exist (PgBouncer before 1.21 cannot carry
 * them). Drizzle's `.prepare(name)` names them (docs/architecture/scale-out.md#database-connections).
 */
class UnnamedStatementsClient extends Client {
  override query(...args: unknown[]): never {
    const config = args[0];
    if (config && typeof config === 'object' && 'name' in config && !('submit' in config)) args[0] = { ...config, name: undefined };
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** Arbitrary, fixed: serializes instances that set their role's statement timeout at the same moment. */
const ROLE_SETTING_LOCK = 4_723_002;

/**
 * Behind a pooler in transaction mode the timeout cannot ride on the connection (a startup parameter PgBouncer
 * refuses, a SET it would leak to other clients): it becomes the role's default in this database, set on the
 * direct connection, which every server connection the pooler opens then starts with. Written only when it
 * differs, under a lock (concurrent ALTER ROLE of one role fails with "tuple concurrently updated").
 */
async function setRoleStatementTimeout(directUrl: string, timeoutMs: number): Promise<void> {
  const client = new Client({ connectionString: directUrl });
  await client.connect();
  try {
    const wanted = `statement_timeout=${timeoutMs}`;
    const current = async () =>
      (
        await client.query<{ setconfig: string[] | null }>(
          `SELECT setconfig FROM pg_db_role_setting
            WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
              AND setrole = (SELECT oid FROM pg_roles WHERE rolname = current_user)`,
        )
      ).rows[0]?.setconfig ?? [];
    if ((await current()).includes(wanted)) return;
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [ROLE_SETTING_LOCK]);
    const [{ database }] = (await client.query<{ database: string }>('SELECT current_database() AS database')).rows;
    if (!(await current()).includes(wanted)) {
      await client.query(`ALTER ROLE CURRENT_USER IN DATABASE "${database.replace(/"/g, '""')}" SET statement_timeout = ${Math.trunc(timeoutMs)}`);
    }
    await client.query('COMMIT');
  } finally {
    await client.end().catch(() => {});
  }
}

async function openPostgres(url: string, directUrl: string, settings?: PoolSettings): Promise<Database> {
  // DATABASE_DIRECT_URL set apart from DATABASE_URL: the pool goes through a pooler in transaction mode.
  const pooled = directUrl !== url;
  if (pooled && settings) await setRoleStatementTimeout(directUrl, settings.statementTimeoutMs);
  const pool = settings
    ? new BoundedPool(
        {
          connectionString: url,
          max: settings.size,
          connectionTimeoutMillis: settings.waitMs,
          ...(pooled ? { Client: UnnamedStatementsClient } : { statement_timeout: settings.statementTimeoutMs }),
          query_timeout: settings.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
        },
        settings.size * WAITING_PER_CONNECTION,
      )
    : new Pool({ connectionString: url, ...(pooled ? { Client: UnnamedStatementsClient } : {}) });
  // An idle connection that the server drops (restart, failover, admin kill) must not crash the process:
  // the pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  if (pooled && settings) await warnUnlessTimeoutApplies(pool, settings.statementTimeoutMs);
  const listener = new SharedListener(directUrl, settings ? settings.waitMs + settings.statementTimeoutMs : 10_000);
  return {
    db: drizzlePg({ client: pool }),
    kind: 'postgres',
    location: maskPassword(url),
    async withConnection(fn, { unbounded = false } = {}) {
      if (unbounded && pooled) return withSession(directUrl, fn);
      const client = await pool.connect();
      const timeout = unbounded && settings ? { query_timeout: NO_TIMEOUT_MS } : {};
      let broken: Error | undefined;
      try {
        if (unbounded && settings) await client.query({ text: 'SET statement_timeout = 0', ...timeout });
        const result = await fn({
          exec: async (sql) => {
            await client.query({ text: sql, ...timeout });
          },
          query: async <Row>(sql: string, params?: unknown[]) =>
            (await client.query({ text: sql, values: params, ...timeout })).rows as Row[],
        });
        if (unbounded && settings) await client.query('RESET statement_timeout');
        return result;
      } catch (error) {
        // A connection whose statement timeout is unknown, or that timed out, is not given to anyone else.
        broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onMessage, onLive) => listener.add(channel, onMessage, onLive),
    poolStats: () => ({ max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.closeAll();
      await pool.end();
    },
  };
}

/** A connection of its own on the direct URL, with no statement timeout, closed afterwards. */
async function withSession<T>(directUrl: string, fn: (connection: Connection) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: directUrl });
  await client.connect();
  try {
    await client.query('SET statement_timeout = 0');
    return await fn({
      exec: async (sql) => {
        await client.query(sql);
      },
      query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
    });
  } finally {
    await client.end().catch(() => {});
  }
}

/** Says so when the pooler's connections do not run with the configured timeout (older than the role setting, or another role). */
async function warnUnlessTimeoutApplies(pool: Pool, timeoutMs: number): Promise<void> {
  try {
    const { rows } = await pool.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'statement_timeout'`);
    if (Number(rows[0]?.setting) !== timeoutMs) {
      console.warn(
        `PostgreSQL through DATABASE_URL runs with statement_timeout ${rows[0]?.setting} ms, not DATABASE_STATEMENT_TIMEOUT_MS ${timeoutMs}: ` +
          "the pooler's server connections predate the setting (they pick it up when it reopens them) or log in as another role",
      );
    }
  } catch {
    // The database is away: the first request will say so.
  }
}

/** How often the listening connection is checked: a stalled one could otherwise hide missed notifications. */
export const LISTEN_HEARTBEAT_MS = 2000;
/**
 * How long a check may take before the connection counts as lost: what is kept in memory (sessions, device list
 * versions) is trusted at most a heartbeat and this long after the database went silent (docs/architecture/README.md#a-stalled-database).
 */
export const LISTEN_CHECK_TIMEOUT_MS = 1000;
const LISTEN_RETRY_MS = 1000;
/** PostgreSQL's invalid_catalog_name: the database is gone (dropped), not merely away. */
const DATABASE_DOES_NOT_EXIST = '3D000';

interface Subscriber {
  channel: string;
  onMessage: (payload: string) => void;
  onLive: (live: boolean) => void;
  live: boolean;
}

const listenSql = (verb: 'LISTEN' | 'UNLISTEN', channel: string) => `${verb} "${channel.replace(/"/g, '""')}"`;

/**
 * One dedicated connection LISTENing on every channel of a Database (a connection per instance, whatever the
 * channels: docs/architecture/scale-out.md#database-connections), checked every LISTEN_HEARTBEAT_MS and reopened
 * when lost; it exists while anyone listens.
 */
class SharedListener {
  private readonly subscribers = new Set<Subscriber>();
  private client: Client | null = null;
  private opening: Promise<void> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  // One query at a time on the connection; `sync` callers that come while one waits for its turn share it, and
  // each caller's query starts after its call, as `sync` promises.
  private tail: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly answerWithinMs: number,
  ) {}

  async add(channel: string, onMessage: (payload: string) => void, onLive: (live: boolean) => void): Promise<Listener> {
    const subscriber: Subscriber = { channel, onMessage, onLive, live: false };
    this.subscribers.add(subscriber);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.sync(), LISTEN_HEARTBEAT_MS);
      this.heartbeat.unref();
    }
    const client = this.client;
    if (client) {
      // Listening already: this channel joins the connection; lost meanwhile, the reopening covers it.
      await this.enqueue(async () => {
        if (this.client !== client) return;
        try {
          await client.query(listenSql('LISTEN', channel));
          if (this.client === client && this.subscribers.has(subscriber)) this.setLive(subscriber, true);
        } catch {
          this.lost(client);
        }
      });
    } else {
      await (this.opening ?? this.open());
    }
    return { sync: () => this.sync(), close: () => this.remove(subscriber) };
  }

  /** Every listener of this Database stops (the Database closes). */
  async closeAll(): Promise<void> {
    for (const subscriber of [...this.subscribers]) await this.remove(subscriber);
  }

  private async remove(subscriber: Subscriber): Promise<void> {
    if (!this.subscribers.delete(subscriber)) return;
    subscriber.live = false;
    subscriber.onLive(false);
    const client = this.client;
    if (this.subscribers.size === 0) {
      clearInterval(this.heartbeat);
      clearTimeout(this.retry);
      this.heartbeat = undefined;
      this.client = null;
      await client?.end().catch(() => {});
      return;
    }
    if (client && ![...this.subscribers].some((other) => other.channel === subscriber.channel)) {
      await this.enqueue(() => client.query(listenSql('UNLISTEN', subscriber.channel)).then(() => undefined, () => undefined));
    }
  }

  private setLive(subscriber: Subscriber, live: boolean): void {
    if (subscriber.live === live && live) return;
    subscriber.live = live;
    subscriber.onLive(live);
  }

  /** Reopens after a pause, while anyone listens and the database exists (a dropped one never comes back); the timer does not keep the process alive. */
  private reopenLater(error?: unknown): void {
    if (this.subscribers.size === 0 || pgErrorCode(error) === DATABASE_DOES_NOT_EXIST) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (!this.client && !this.opening) void this.open();
    }, LISTEN_RETRY_MS);
    this.retry.unref();
  }

  private lost(lostClient: Client): void {
    if (this.client !== lostClient) return;
    this.client = null;
    for (const subscriber of this.subscribers) {
      subscriber.live = false;
      subscriber.onLive(false);
    }
    lostClient.end().catch(() => {});
    this.reopenLater();
  }

  private open(): Promise<void> {
    clearTimeout(this.retry);
    const opening = this.connect().finally(() => {
      if (this.opening === opening) this.opening = null;
    });
    this.opening = opening;
    return opening;
  }

  private async connect(): Promise<void> {
    let next: Client | null = null;
    try {
      const opening = new Client({ connectionString: this.url, connectionTimeoutMillis: this.answerWithinMs, query_timeout: this.answerWithinMs });
      next = opening;
      opening.on('notification', (message) => {
        for (const subscriber of this.subscribers) if (subscriber.channel === message.channel) subscriber.onMessage(message.payload ?? '');
      });
      opening.on('error', () => this.lost(opening));
      opening.on('end', () => this.lost(opening));
      await opening.connect();
      // Channels added while these LISTENs run are taken too, before anyone is told the connection is live.
      const listened = new Set<string>();
      for (;;) {
        const missing = [...new Set([...this.subscribers].map((subscriber) => subscriber.channel))].filter((channel) => !listened.has(channel));
        if (missing.length === 0) break;
        for (const channel of missing) {
          await opening.query(listenSql('LISTEN', channel));
          listened.add(channel);
        }
      }
      if (this.subscribers.size === 0) return void (await opening.end());
      this.client = opening;
      for (const subscriber of this.subscribers) this.setLive(subscriber, true);
    } catch (error) {
      next?.end().catch(() => {});
      this.reopenLater(error);
    }
  }

  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const next = this.tail.then(run);
    this.tail = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private async check(): Promise<void> {
    const current = this.client;
    if (!current) return;
    try {
      // pg reads a query's own `query_timeout` (lib/client.js), though its types do not name it.
      await current.query({ text: 'SELECT 1', query_timeout: LISTEN_CHECK_TIMEOUT_MS } as { text: string });
    } catch {
      this.lost(current);
    }
  }

  /** A query on the listening connection: PostgreSQL delivers the notifications already queued for it first. */
  sync(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.enqueue(() => {
      this.queued = null;
      return this.check();
    });
    this.queued = next;
    return next;
  }
}

function maskPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres (unparsable DATABASE_URL)';
  }
}

/** Postgres error code of a failed query; Drizzle wraps driver errors, so the code may sit on `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** PostgreSQL conditions that say "not now" rather than "wrong": cancelled by the statement timeout, shutting down, too many connections, lock not available, connection lost. */
const UNAVAILABLE_CODES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '55P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /connection terminated/i,
  /connection timeout/i,
];
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether a failure means the database is slow, stalled or gone (answer 503 with Retry-After), not that the
 * request or the code is wrong. Drizzle wraps driver errors, so the whole cause chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (e instanceof DatabaseUnavailableError) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';
