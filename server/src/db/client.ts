// Opens the database: embedded PGlite (default, DATA_DIR) or PostgreSQL (DATABASE_URL), behind one Drizzle type.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';

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
  withConnection<T>(fn: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const IN_MEMORY = 'memory://';

export async function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
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
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new Pool({ connectionString: url });
  // An idle connection that the server drops (restart, failover, admin kill) must not crash the process:
  // the pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  return {
    db: drizzlePg({ client: pool }),
    kind: 'postgres',
    location: maskPassword(url),
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
        });
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
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

export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';
