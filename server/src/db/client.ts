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
  /** `unbounded`: no statement timeout on this connection (migrations). */
  withConnection<T>(fn: (connection: Connection) => Promise<T>, options?: { unbounded?: boolean }): Promise<T>;
  /**
   * LISTENs to `channel` (reconnecting by itself): `onMessage` gets each NOTIFY payload; `onLive(false)` whenever
   * notifications may have been missed (connection lost or not answering), `onLive(true)` once listening again.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLive: (live: boolean) => void): Promise<Listener>;
  close(): Promise<void>;
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

/** Requests that may wait for a connection, per connection; beyond that a query fails at once. */
const WAITING_PER_CONNECTION = 4;
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
  dataDir: string;
  databasePool?: PoolSettings;
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.databasePool) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith(IN_MEMORY);
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const client = inMemory ? await PGlite.create() : await PGlite.create(dataDir);
  const connection: Connection = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query<Row>(sql, params)).rows,
  };
  return {
    db: drizzlePglite({ client }),
    kind: 'pglite',
    location: inMemory ? 'in memory' : dataDir,
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

async function openPostgres(url: string, settings?: PoolSettings): Promise<Database> {
  const pool = settings
    ? new BoundedPool(
        {
          connectionString: url,
          max: settings.size,
          connectionTimeoutMillis: settings.waitMs,
          statement_timeout: settings.statementTimeoutMs,
          query_timeout: settings.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
        },
        settings.size * WAITING_PER_CONNECTION,
      )
    : new Pool({ connectionString: url });
  // An idle connection that the server drops (restart, failover, admin kill) must not crash the process:
  // the pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  return {
    db: drizzlePg({ client: pool }),
    kind: 'postgres',
    location: maskPassword(url),
    async withConnection(fn, { unbounded = false } = {}) {
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
    listen: (channel, onMessage, onLive) => listenPostgres(url, settings, channel, onMessage, onLive),
    close: () => pool.end(),
  };
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

/** A dedicated connection LISTENing on `channel`, checked every LISTEN_HEARTBEAT_MS and reopened when lost. */
async function listenPostgres(
  url: string,
  settings: PoolSettings | undefined,
  channel: string,
  onMessage: (payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<Listener> {
  const answerWithinMs = settings ? settings.waitMs + settings.statementTimeoutMs : 10_000;
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // Reopens after a pause, for as long as the database exists (a dropped one never comes back); the timer does not
  // keep the process alive on its own.
  const reopenLater = (error?: unknown) => {
    if (closed || pgErrorCode(error) === DATABASE_DOES_NOT_EXIST) return;
    retry = setTimeout(() => void open(), LISTEN_RETRY_MS);
    retry.unref();
  };
  const lost = (lostClient: Client) => {
    if (client !== lostClient) return;
    client = null;
    onLive(false);
    lostClient.end().catch(() => {});
    reopenLater();
  };
  const open = async () => {
    let next: Client | null = null;
    try {
      const opening = new Client({ connectionString: url, connectionTimeoutMillis: answerWithinMs, query_timeout: answerWithinMs });
      next = opening;
      opening.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      opening.on('error', () => lost(opening));
      opening.on('end', () => lost(opening));
      await opening.connect();
      await opening.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (closed) return void (await opening.end());
      client = opening;
      onLive(true);
    } catch (error) {
      next?.end().catch(() => {});
      reopenLater(error);
    }
  };
  const check = async () => {
    const current = client;
    if (!current) return;
    try {
      // pg reads a query's own `query_timeout` (lib/client.js), though its types do not name it.
      await current.query({ text: 'SELECT 1', query_timeout: LISTEN_CHECK_TIMEOUT_MS } as { text: string });
    } catch {
      lost(current);
    }
  };
  // One query at a time on the connection; callers that come while one waits for its turn share it, and each
  // caller's query starts after its call, as `sync` promises.
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  const sync = (): Promise<void> => {
    if (queued) return queued;
    const next = tail.then(() => {
      queued = null;
      return check();
    });
    queued = next;
    tail = next;
    return next;
  };
  const heartbeat = setInterval(() => void sync(), LISTEN_HEARTBEAT_MS);
  heartbeat.unref();
  await open();
  return {
    // A query on the listening connection: PostgreSQL delivers the notifications already queued for it first.
    sync,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const current = client;
      client = null;
      onLive(false);
      await current?.end().catch(() => {});
    },
  };
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
