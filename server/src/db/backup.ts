// `backup <file>` and `restore <file>` (docs/operations/backup.md). The embedded PGlite database is saved as a
// tarball of its data directory (PGlite's own dumpDataDir) while no server holds it: PGlite is one process's
// database, so a copy taken under a running server would be torn. PostgreSQL goes through pg_dump / pg_restore in
// their custom format; its point-in-time recovery (base backups and WAL archiving) is PostgreSQL's own, documented there.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';

export interface BackupTarget {
  databaseUrl: string | null;
  /** PostgreSQL itself when databaseUrl is a pooler (pg_dump needs a session of its own). */
  databaseDirectUrl?: string | null;
  dataDir: string;
}

/** What a restored (or backed-up) database holds: the operator's check that it is the one they meant. */
export interface DatabaseCounts {
  users: number;
  devices: number;
  readings: number;
}

/** PGlite writes this file while a process holds the directory and removes it on a clean close. */
const HELD_MARKER = 'postmaster.pid';

const COUNTS_SQL = `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM devices)::int AS devices,
  (SELECT count(*) FROM device_readings)::int AS readings`;

export async function backupDatabase(target: BackupTarget, file: string): Promise<DatabaseCounts> {
  const output = path.resolve(file);
  if (existsSync(output)) throw new Error(`backup: ${output} exists already; name a new file (a backup never overwrites one)`);
  return target.databaseUrl ? backupPostgres(target.databaseDirectUrl || target.databaseUrl, output) : backupPglite(target.dataDir, output);
}

export async function restoreDatabase(target: BackupTarget, file: string): Promise<DatabaseCounts> {
  const input = path.resolve(file);
  if (!existsSync(input)) throw new Error(`restore: ${input} does not exist`);
  return target.databaseUrl ? restorePostgres(target.databaseDirectUrl || target.databaseUrl, input) : restorePglite(target.dataDir, input);
}

function requireDirectory(dataDir: string): void {
  if (dataDir.startsWith('memory://')) throw new Error('DATA_DIR is memory://: an in-memory database has nothing to back up or restore');
}

async function backupPglite(dataDir: string, output: string): Promise<DatabaseCounts> {
  requireDirectory(dataDir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`backup: DATA_DIR ${dataDir} holds no database`);
  if (existsSync(path.join(dataDir, HELD_MARKER))) {
    throw new Error(
      `backup: the database in DATA_DIR ${dataDir} is in use: stop the server first (docs/operations/backup.md). ` +
        'If no server runs (it was killed), start it and stop it once so the database recovers, then back up.',
    );
  }
  const client = await PGlite.create(dataDir);
  try {
    const counts = (await client.query<DatabaseCounts>(COUNTS_SQL)).rows[0];
    const tarball = await client.dumpDataDir('gzip');
    // Written beside the target and renamed: an interrupted backup never looks like a complete one.
    const partial = `${output}.partial`;
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    await rename(partial, output);
    return counts;
  } finally {
    await client.close();
  }
}

async function restorePglite(dataDir: string, input: string): Promise<DatabaseCounts> {
  requireDirectory(dataDir);
  if (existsSync(dataDir) && (await readdir(dataDir)).length) {
    throw new Error(`restore: DATA_DIR ${dataDir} is not empty; restore into a new DATA_DIR (or move the old one away first)`);
  }
  const tarball = new Blob([await readFile(input)]);
  // Unpacked into a sibling and renamed: a failed restore leaves no half database where the server would start on it.
  const staging = `${dataDir.replace(/\/+$/, '')}.restoring-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(staging), { recursive: true });
  try {
    const client = await PGlite.create(staging, { loadDataDir: tarball });
    let counts: DatabaseCounts;
    try {
      counts = (await client.query<DatabaseCounts>(COUNTS_SQL)).rows[0];
    } finally {
      await client.close();
    }
    if (existsSync(dataDir)) await rm(dataDir, { recursive: true }); // the empty directory checked above
    await rename(staging, dataDir);
    return counts;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * libpq's connection without the password on the command line (where `ps` shows it to every user): the URL goes
 * without it, the password through PGPASSWORD.
 */
function libpqConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs pg_dump or pg_restore; its own messages go to our stderr (they name objects, never the password). */
function run(command: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? `${command} is not installed: install the PostgreSQL client tools (Debian: postgresql-client) of the server's major version or newer` : `${command}: ${error.message}`)),
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit code ${code})`))));
  });
}

async function postgresCounts(databaseUrl: string): Promise<DatabaseCounts> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<DatabaseCounts>(COUNTS_SQL)).rows[0];
  } finally {
    await client.end();
  }
}

async function backupPostgres(databaseUrl: string, output: string): Promise<DatabaseCounts> {
  const { url, env } = libpqConnection(databaseUrl);
  const partial = `${output}.partial`;
  // The custom format is compressed and lets pg_restore pick objects; pg_dump reads one consistent snapshot, so the
  // servers keep running.
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`], env);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await chmod(partial, 0o600); // password hashes and keys: readable by the operator only, like the PGlite backup
  await rename(partial, output);
  return postgresCounts(databaseUrl);
}

async function restorePostgres(databaseUrl: string, input: string): Promise<DatabaseCounts> {
  if ((await stat(input)).size === 0) throw new Error(`restore: ${input} is empty`);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const held = await client.query<{ held: boolean }>("SELECT to_regclass('paddock_migrations') IS NOT NULL AS held");
    if (held.rows[0].held) {
      throw new Error(`restore: the database of DATABASE_URL (${client.database}) holds Paddock's tables already; restore into a new, empty database (createdb) and point DATABASE_URL at it`);
    }
  } finally {
    await client.end();
  }
  const { url, env } = libpqConnection(databaseUrl);
  // One transaction: a restore that fails on any object leaves the database as empty as it was.
  await run('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${url}`, input], env);
  return postgresCounts(databaseUrl);
}
