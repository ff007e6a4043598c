// Applies the migrations in ./migrations in name order, each once (CONTRIBUTING.md "Add a migration",
// docs/operations/migrations.md). A migration NNNN_name has up to three files:
//   NNNN_name.sql             the schema change: one short transaction, under a session-level advisory lock that
//                             serializes instances starting together (the second waits, then finds nothing to do);
//   NNNN_name.concurrent.sql  index builds, `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS …` only, each on its
//                             own outside any transaction (PGlite, one connection, runs the plain form);
//   NNNN_name.backfill.sql    one statement under a `-- paddock:batch-size N` line, run again and again, each run a
//                             short transaction of its own with its progress, until the cursor it returns is NULL.
// The last two are the migration's deferred parts: the server applies the schema parts at start and runs the
// deferred parts in the background while it serves (one instance at a time), so ingest never waits on them.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Connection, Database } from './client';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
/** Arbitrary, fixed: identifies Paddock's migration lock among other advisory locks. */
const MIGRATION_LOCK = 4_723_001;
/** Held by the one session that runs deferred parts, so two instances never build or back-fill the same thing at once. */
const DEFERRED_LOCK = 4_723_003;

/** A migration file that cannot run as written: the message names the file and what is wrong. */
export class MigrationFormatError extends Error {
  constructor(file: string, problem: string) {
    super(`Migration ${file}: ${problem} (CONTRIBUTING.md "Add a migration")`);
    this.name = 'MigrationFormatError';
  }
}

interface IndexBuild {
  statement: string;
  unique: boolean;
  /** As written (quoted or not). */
  index: string;
  table: string;
  /** Everything after `ON table`: the method, columns, options and predicate. */
  definition: string;
}

interface Backfill {
  file: string;
  statement: string;
  batchSize: number;
}

export interface Migration {
  /** The schema file's name, as paddock_migrations records it. */
  name: string;
  schema: string;
  indexes: IndexBuild[];
  backfill: Backfill | null;
}

const PART = /^(\d+_[\w-]+?)(?:\.(concurrent|backfill))?\.sql$/;
const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const INDEX_BUILD = new RegExp(
  String.raw`^CREATE\s+(UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+(${IDENTIFIER})\s+ON\s+(?!ONLY\s)(${IDENTIFIER}(?:\.${IDENTIFIER})?)\s*(\S[\s\S]*)$`,
  'i',
);
const BATCH_SIZE = /^\s*--\s*paddock:batch-size\s+(\S+)\s*$/m;
const BATCH_PLACEHOLDER = /(?<!:):batch\b/g;
const CURSOR_PLACEHOLDER = /(?<!:):cursor\b/g;

/**
 * Splits SQL into statements at the semicolons outside quotes, dollar quotes and comments; each statement comes back
 * with its comments blanked out (what the checks read) and as written.
 */
function splitStatements(text: string): { code: string; written: string }[] {
  const statements: { code: string; written: string }[] = [];
  let code = '';
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    if (code.trim()) statements.push({ code: code.trim(), written: text.slice(start, end).trim() });
    code = '';
    start = end + 1;
  };
  const dollarQuote = /\$(?:[A-Za-z_]\w*)?\$/y;
  while (i < text.length) {
    const char = text[i];
    dollarQuote.lastIndex = i;
    const dollar = char === '$' ? dollarQuote.exec(text) : null;
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      code += ' ';
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      code += ' ';
    } else if (char === "'" || char === '"') {
      let end = i + 1;
      for (;;) {
        end = text.indexOf(char, end);
        if (end < 0 || text[end + 1] !== char) break;
        end += 2;
      }
      end = end < 0 ? text.length : end + 1;
      code += text.slice(i, end);
      i = end;
    } else if (dollar) {
      const close = text.indexOf(dollar[0], i + dollar[0].length);
      const end = close < 0 ? text.length : close + dollar[0].length;
      code += text.slice(i, end);
      i = end;
    } else if (char === ';') {
      push(i);
      i += 1;
    } else {
      code += char;
      i += 1;
    }
  }
  push(text.length);
  return statements;
}

function parseIndexBuilds(file: string, text: string): IndexBuild[] {
  const statements = splitStatements(text);
  if (!statements.length) throw new MigrationFormatError(file, 'has no statement');
  return statements.map(({ code, written }, i) => {
    const match = INDEX_BUILD.exec(code);
    if (!match) {
      throw new MigrationFormatError(
        file,
        `statement ${i + 1} is not "CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS <name> ON <table> …" (only index builds run outside the schema transaction)`,
      );
    }
    return { statement: written, unique: Boolean(match[1]), index: match[2], table: match[3], definition: match[4] };
  });
}

function parseBackfill(file: string, text: string): Backfill {
  const size = BATCH_SIZE.exec(text)?.[1];
  if (!size) throw new MigrationFormatError(file, 'needs a "-- paddock:batch-size N" line');
  const batchSize = Number(size);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new MigrationFormatError(file, `batch size "${size}" is not a positive integer`);
  const statements = splitStatements(text);
  if (statements.length !== 1) throw new MigrationFormatError(file, `needs exactly one statement, has ${statements.length}`);
  const [{ code, written }] = statements;
  for (const [placeholder, pattern] of [[':batch', BATCH_PLACEHOLDER], [':cursor', CURSOR_PLACEHOLDER]] as const) {
    if (!code.match(pattern)) throw new MigrationFormatError(file, `does not use ${placeholder} (a batch starts after :cursor and takes at most :batch rows)`);
  }
  if (/^\s*(BEGIN|START|COMMIT|END|ROLLBACK)\b/i.test(code)) throw new MigrationFormatError(file, 'runs in a transaction of its own: no BEGIN or COMMIT');
  return { file, statement: written, batchSize };
}

/** Reads and checks every migration in `dir`: a malformed file fails here, before anything is applied. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((name) => /^\d+_.*\.sql$/.test(name)).sort();
  const byName = new Map<string, { schema?: string; concurrent?: string; backfill?: string }>();
  for (const file of files) {
    const match = PART.exec(file);
    if (!match) throw new MigrationFormatError(file, 'is not named NNNN_name.sql, NNNN_name.concurrent.sql or NNNN_name.backfill.sql');
    const parts = byName.get(match[1]) ?? {};
    parts[(match[2] ?? 'schema') as 'schema' | 'concurrent' | 'backfill'] = file;
    byName.set(match[1], parts);
  }
  const migrations: Migration[] = [];
  for (const [base, parts] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!parts.schema) throw new MigrationFormatError(parts.concurrent ?? parts.backfill ?? base, `has no ${base}.sql beside it`);
    const read = (file: string) => readFile(path.join(dir, file), 'utf8');
    const schema = await read(parts.schema);
    if (splitStatements(schema).some(({ code }) => /\bCONCURRENTLY\b/i.test(code))) {
      throw new MigrationFormatError(parts.schema, `builds CONCURRENTLY inside the schema transaction: move the build to ${base}.concurrent.sql`);
    }
    migrations.push({
      name: parts.schema,
      schema,
      indexes: parts.concurrent ? parseIndexBuilds(parts.concurrent, await read(parts.concurrent)) : [],
      backfill: parts.backfill ? parseBackfill(parts.backfill, await read(parts.backfill)) : null,
    });
  }
  return migrations;
}

/** Where the deferred parts of an applied migration stand (columns added to paddock_migrations in place: older rows are done). */
interface Progress {
  name: string;
  deferred_pending: boolean;
  indexes_built: number;
  backfill_cursor: string | null;
  backfill_batches: number;
}

async function ensureMigrationsTable(connection: Connection): Promise<void> {
  await connection.exec(
    'CREATE TABLE IF NOT EXISTS paddock_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const columns = await connection.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'paddock_migrations'`,
  );
  if (columns.some((column) => column.column_name === 'deferred_pending')) return;
  await connection.exec(`ALTER TABLE paddock_migrations
    ADD COLUMN IF NOT EXISTS deferred_pending boolean NOT NULL DEFAULT false,
    ADD COLUMN IF NOT EXISTS indexes_built integer NOT NULL DEFAULT 0,
    ADD COLUMN IF NOT EXISTS backfill_cursor text,
    ADD COLUMN IF NOT EXISTS backfill_batches integer NOT NULL DEFAULT 0,
    ADD COLUMN IF NOT EXISTS finished_at timestamptz`);
}

const readProgress = (connection: Connection) =>
  connection.query<Progress>(
    'SELECT name, deferred_pending, indexes_built, backfill_cursor, backfill_batches FROM paddock_migrations ORDER BY name',
  );

/** What the deferred parts tell: progress (debug) and completion (info). A pino logger fits. */
export interface MigrationLog {
  info(object: object, message: string): void;
  debug(object: object, message: string): void;
}

const SILENT: MigrationLog = { info: () => {}, debug: () => {} };

export interface MigrateOptions {
  /**
   * 'now' (the default: tools, tests, the `migrate` command): the deferred parts run before this returns.
   * 'later' (the server's start): they are left to finishMigrations, run in the background while the server serves.
   */
  deferred?: 'now' | 'later';
  log?: MigrationLog;
}

/** Applies the schema parts not applied yet; returns their names. */
export async function migrate(database: Database, dir: string = MIGRATIONS_DIR, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = await loadMigrations(dir);
  const log = options.log ?? SILENT;
  return database.withConnection(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await ensureMigrationsTable(connection);
      const rows = await readProgress(connection);
      const done = new Set(rows.map((row) => row.name));
      let pending = rows.some((row) => row.deferred_pending);
      const applied: string[] = [];
      for (const migration of migrations.filter(({ name }) => !done.has(name))) {
        // A schema part may rely on all that came before it: an earlier migration's index or back-fill still
        // pending (stacked releases) is finished first, and the start waits for it.
        if (pending) await runDeferred(database, connection, migrations, { wait: true, log });
        // One exec, so nothing else on a shared PGlite connection can run inside this transaction; the schema is
        // closed by a line of its own, in case it ends in a comment.
        const deferred = migration.indexes.length > 0 || migration.backfill !== null;
        try {
          await connection.exec(
            `BEGIN;\n${migration.schema}\n;\nINSERT INTO paddock_migrations (name, deferred_pending) VALUES ('${migration.name}', ${deferred});\nCOMMIT;`,
          );
        } catch (error) {
          await connection.exec('ROLLBACK');
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        }
        pending = deferred;
        applied.push(migration.name);
      }
      if ((options.deferred ?? 'now') === 'now') await runDeferred(database, connection, migrations, { wait: true, log });
      return applied;
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
    // A migration may rewrite a large table: no statement timeout (and waiting for another instance's lock is fine).
  }, { unbounded: true });
}

/**
 * Runs the deferred parts still pending (after migrate with deferred: 'later'); returns the migrations it finished,
 * or null when another instance runs them now. Stops between two steps once `signal` aborts: the next call goes on
 * from there, as does the next start after a crash (each batch commits with its progress).
 */
export async function finishMigrations(
  database: Database,
  dir: string = MIGRATIONS_DIR,
  options: { log?: MigrationLog; signal?: AbortSignal } = {},
): Promise<string[] | null> {
  const migrations = await loadMigrations(dir);
  return database.withConnection(
    (connection) => runDeferred(database, connection, migrations, { wait: false, log: options.log ?? SILENT, signal: options.signal }),
    { unbounded: true },
  );
}

/** finishMigrations in the background, tried again every `retryMs` while another instance holds the work (it may stop). */
export function startFinishingMigrations(database: Database, options: { log: MigrationLog & { error(object: object, message: string): void }; retryMs?: number }) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Ends the wait early on stop(): clearing the timer alone would leave `running` pending for ever (a SIGTERM within
  // retryMs of a start that lost the work to another instance then ran out SHUTDOWN_GRACE_SECONDS and exited 1).
  let wake: (() => void) | undefined;
  const run = async (): Promise<void> => {
    try {
      const finished = await finishMigrations(database, MIGRATIONS_DIR, { log: options.log, signal: controller.signal });
      if (finished !== null || controller.signal.aborted) return;
    } catch (error) {
      options.log.error({ err: error }, 'deferred migration step failed; tried again later');
    }
    if (!controller.signal.aborted) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.retryMs ?? 30_000);
        timer.unref();
      });
      if (!controller.signal.aborted) return run();
    }
  };
  const running = run();
  return {
    done: running,
    /** Stops after the current batch or index build. */
    async stop() {
      controller.abort();
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}

/** Under DEFERRED_LOCK (waited for, or tried once): each pending migration's index builds, then its back-fill. */
async function runDeferred(
  database: Database,
  connection: Connection,
  migrations: Migration[],
  options: { wait: boolean; log: MigrationLog; signal?: AbortSignal },
): Promise<string[] | null> {
  if (options.wait) {
    await connection.query('SELECT pg_advisory_lock($1)', [DEFERRED_LOCK]);
  } else {
    const [{ locked }] = await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [DEFERRED_LOCK]);
    if (!locked) return null;
  }
  try {
    await ensureMigrationsTable(connection);
    const finished: string[] = [];
    for (const progress of (await readProgress(connection)).filter((row) => row.deferred_pending)) {
      const migration = migrations.find(({ name }) => name === progress.name);
      if (!migration) throw new Error(`Migration ${progress.name} is still to finish but its files are not in this release`);
      if (!(await finishOne(database, connection, migration, progress, options))) return finished;
      finished.push(migration.name);
    }
    return finished;
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [DEFERRED_LOCK]);
  }
}

/** Returns false when stopped before the end. */
async function finishOne(
  database: Database,
  connection: Connection,
  migration: Migration,
  progress: Progress,
  { log, signal }: { log: MigrationLog; signal?: AbortSignal },
): Promise<boolean> {
  for (let i = progress.indexes_built; i < migration.indexes.length; i += 1) {
    if (signal?.aborted) return false;
    const build = migration.indexes[i];
    const started = performance.now();
    await buildIndex(database, connection, build);
    await connection.query('UPDATE paddock_migrations SET indexes_built = $2 WHERE name = $1', [migration.name, i + 1]);
    log.info({ migration: migration.name, index: build.index, ms: Math.round(performance.now() - started) }, 'index built');
  }
  if (!migration.backfill) {
    await connection.query('UPDATE paddock_migrations SET deferred_pending = false, finished_at = now() WHERE name = $1', [migration.name]);
    return true;
  }
  const { statement, batchSize, file } = migration.backfill;
  let cursor = progress.backfill_cursor;
  let batches = progress.backfill_batches;
  for (;;) {
    if (signal?.aborted) return false;
    const literal = cursor === null ? 'NULL::text' : `'${cursor.replace(/'/g, "''")}'::text`;
    const bound = statement.replace(BATCH_PLACEHOLDER, String(batchSize)).replace(CURSOR_PLACEHOLDER, literal);
    // The batch and its progress commit together: a crash repeats no batch and skips none.
    const next = await database.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql.raw(bound))) as unknown as { rows: Record<string, unknown>[] };
      if (rows.length > 1 || (rows.length === 1 && !('cursor' in rows[0]))) {
        throw new MigrationFormatError(file, 'must return one row with a "cursor" column (NULL or no row: done)');
      }
      const value = rows[0]?.cursor;
      const after = value === null || value === undefined ? null : String(value);
      if (after !== null && after === cursor) throw new MigrationFormatError(file, `returned the cursor it was given (${after}): it would never end`);
      await tx.execute(sql`UPDATE paddock_migrations SET backfill_cursor = ${after}, backfill_batches = backfill_batches + 1,
        deferred_pending = ${after !== null}, finished_at = CASE WHEN ${after === null} THEN now() END WHERE name = ${migration.name}`);
      return after;
    });
    batches += 1;
    log.debug({ migration: migration.name, batches, cursor: next }, 'back-fill batch');
    if (next === null) break;
    cursor = next;
    // PGlite runs in this process and its queries resolve without I/O: let the server's own work in between.
    await new Promise((resolve) => setImmediate(resolve));
  }
  log.info({ migration: migration.name, batches }, 'back-fill finished');
  return true;
}

/**
 * PostgreSQL builds without blocking writes (CONCURRENTLY, outside a transaction, on the migrations' own session:
 * the direct connection behind a pooler). A failed earlier build left an invalid index: dropped and built again. A
 * partitioned table takes no concurrent build: the parent's index is made ON ONLY (invalid), each partition's built
 * concurrently and attached, and the parent's turns valid once all are (docs/operations/migrations.md).
 */
async function buildIndex(database: Database, connection: Connection, build: IndexBuild): Promise<void> {
  const unique = build.unique ? 'UNIQUE ' : '';
  if (database.kind === 'pglite') {
    await connection.exec(`CREATE ${unique}INDEX IF NOT EXISTS ${build.index} ON ${build.table} ${build.definition}`);
    return;
  }
  const [table] = await connection.query<{ kind: string }>('SELECT relkind AS kind FROM pg_class WHERE oid = to_regclass($1)', [build.table]);
  if (!table) throw new Error(`Index ${build.index}: no table ${build.table}`);
  if (table.kind !== 'p') {
    const [existing] = await connection.query<{ valid: boolean }>('SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass($1)', [build.index]);
    if (existing && !existing.valid) await connection.exec(`DROP INDEX CONCURRENTLY IF EXISTS ${build.index}`);
    await connection.exec(build.statement);
    return;
  }
  await connection.exec(`CREATE ${unique}INDEX IF NOT EXISTS ${build.index} ON ONLY ${build.table} ${build.definition}`);
  // Partitions created meanwhile get the index with their table; the loop ends when none lacks it.
  for (;;) {
    const missing = await connection.query<{ partition: string; relname: string }>(
      `SELECT p.oid::regclass::text AS partition, p.relname FROM pg_inherits h JOIN pg_class p ON p.oid = h.inhrelid
        WHERE h.inhparent = to_regclass($1)
          AND NOT EXISTS (SELECT FROM pg_inherits ih JOIN pg_index i ON i.indexrelid = ih.inhrelid
            WHERE ih.inhparent = to_regclass($2) AND i.indrelid = p.oid)
        ORDER BY p.relname`,
      [build.table, build.index],
    );
    if (!missing.length) return;
    for (const { partition, relname } of missing) {
      const index = quoteIdentifier(partitionIndexName(unquote(build.index), relname));
      await buildIndex(database, connection, {
        statement: `CREATE ${unique}INDEX CONCURRENTLY IF NOT EXISTS ${index} ON ${partition} ${build.definition}`,
        unique: build.unique,
        index,
        table: partition,
        definition: build.definition,
      });
      await connection.exec(`ALTER INDEX ${build.index} ATTACH PARTITION ${index}`);
    }
  }
}

const unquote = (identifier: string) => (identifier.startsWith('"') ? identifier.slice(1, -1).replace(/""/g, '"') : identifier.toLowerCase());
const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `<index>_<partition>`, shortened with a hash of both when longer than PostgreSQL's 63 bytes. */
function partitionIndexName(index: string, partition: string): string {
  const name = `${index}_${partition}`;
  if (Buffer.byteLength(name) <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${index.slice(0, 27)}_${partition.slice(-26)}_${hash}`;
}
