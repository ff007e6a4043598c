// Applies the SQL files in ./migrations in name order, each once and in its own transaction. A session-level
// advisory lock serializes instances that start together, so the second one waits and then finds nothing to do.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
/** Arbitrary, fixed: identifies Paddock's migration lock among other advisory locks. */
const MIGRATION_LOCK = 4_723_001;

/** Returns the names of the migrations applied by this call. */
export async function migrate(database: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => /^\d+_[\w-]+\.sql$/.test(name)).sort();
  return database.withConnection(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await connection.exec(
        'CREATE TABLE IF NOT EXISTS paddock_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set((await connection.query<{ name: string }>('SELECT name FROM paddock_migrations')).map((row) => row.name));
      const applied: string[] = [];
      for (const file of files.filter((name) => !done.has(name))) {
        const sql = await readFile(path.join(dir, file), 'utf8');
        await connection.exec('BEGIN');
        try {
          await connection.exec(sql);
          await connection.query('INSERT INTO paddock_migrations (name) VALUES ($1)', [file]);
          await connection.exec('COMMIT');
        } catch (error) {
          await connection.exec('ROLLBACK');
          throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
    // A migration may rewrite a large table: no statement timeout (and waiting for another instance's lock is fine).
  }, { unbounded: true });
}
