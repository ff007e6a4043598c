// The test files' databases start migrated without each running the migrations: they run once into a template, keyed
// by a hash of the migration files (and PGlite's version), and every test file's database is a copy of it. PGlite: a
// dump (`dumpDataDir`) in the temp folder that each file's in-memory database loads (`loadDataDir`). PostgreSQL: a
// template database that each file's `CREATE DATABASE … TEMPLATE` copies. Several jest workers (and several runs) may
// ask at once: the PGlite dump is written aside and renamed into place; the PostgreSQL template is built under an
// advisory lock and closed to connections, as a copy needs. A test of the migrations themselves opens an empty
// database instead (openTestDatabase).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { IN_MEMORY, openDatabase, pgErrorCode, pgliteDatabase, type Database } from '../db/client';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';

const CACHE_DIR = path.join(os.tmpdir(), 'paddock-test-templates');
/** Arbitrary, fixed: serializes the building of the PostgreSQL template among test workers and runs. */
const TEMPLATE_LOCK = 4_723_010;
const TEMPLATE_PREFIX = 'paddock_test_template_';

let hashed: Promise<string> | undefined;

/** What the migrated database depends on: every migration file's name and text, and PGlite's version (its dump format). */
function migrationsHash(): Promise<string> {
  hashed ??= (async () => {
    const hash = createHash('sha256');
    for (const file of (await readdir(MIGRATIONS_DIR)).sort())
      hash.update(`${file}\0${await readFile(path.join(MIGRATIONS_DIR, file), 'utf8')}\0`);
    const pglitePackage = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
    hash.update((JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string }).version);
    return hash.digest('hex').slice(0, 16);
  })();
  return hashed;
}

/** A new in-memory PGlite database, migrated: loaded from the dump, which is made first when the migrations changed. */
export async function openMigratedPglite(): Promise<Database> {
  return pgliteDatabase(await PGlite.create({ loadDataDir: await migratedPgliteDump() }));
}

async function migratedPgliteDump(): Promise<Blob> {
  const file = path.join(CACHE_DIR, `pglite-${await migrationsHash()}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const client = await PGlite.create();
  let dump: Blob;
  try {
    await migrate(pgliteDatabase(client));
    dump = await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
  // Written aside, then renamed: a worker reading the dump never sees half of one (rename replaces atomically).
  await mkdir(CACHE_DIR, { recursive: true });
  const aside = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
  await rename(aside, file).catch(async (error: unknown) => {
    await rm(aside, { force: true });
    throw error;
  });
  return dump;
}

const isReady = async (admin: Client, name: string) =>
  (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate AND NOT datallowconn', [name])).rowCount === 1;

/**
 * The name of a migrated template database on `serverUrl`'s server (a direct connection: the advisory lock is
 * session-level), built when missing. Templates of other migration files are dropped unless in use.
 */
export async function migratedPostgresTemplate(admin: Client, serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await migrationsHash()}`;
  if (await isReady(admin, name)) return name;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await isReady(admin, name)) return name;
    // A template left half-built by a run that died: built again.
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    // No connection may be open to a template while it is copied: none can be from now on.
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    const stale = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2`,
      [TEMPLATE_PREFIX, name],
    );
    for (const { datname } of stale.rows) {
      // Fails while another run copies it (or it is gone already): left to the next build.
      await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** Makes `name` as a copy of the migrated template; once more after building it again when another run dropped it meanwhile. */
export async function createMigratedPostgresDatabase(admin: Client, serverUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const template = await migratedPostgresTemplate(admin, serverUrl);
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      // 3D000: the template does not exist (any more).
      if (attempt > 1 || pgErrorCode(error) !== '3D000') throw error;
    }
  }
}
