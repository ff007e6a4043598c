// The migrations must build exactly the Drizzle schema: same tables, columns, types, nullability, keys and indexes.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { openDatabase } from './client';
import { migrate, MIGRATIONS_DIR } from './migrate';
import * as schema from './schema';
import { APP_START_TIMEOUT_MS, openTestDatabase } from '../testing/testApp';

const tables: PgTable[] = Object.values(schema);
// The partitions of a partitioned table (device_readings, docs/architecture/readings.md) repeat their parent's columns
// and indexes: the parent is what the Drizzle schema describes.
const PARTITIONS = `SELECT relname FROM pg_class WHERE relispartition AND relnamespace = 'public'::regnamespace`;

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

describe('migrations', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    test = await openTestDatabase();
  }, APP_START_TIMEOUT_MS);
  afterAll(() => test.dispose());

  it('apply once, then find nothing to do', async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
    expect(files.slice(0, 6)).toEqual(['0001_init.sql', '0002_devices.sql', '0003_device_gateway.sql', '0004_notifications.sql', '0005_payments.sql', '0006_push.sql']);
    expect(await migrate(test.database)).toEqual(files);
    expect(await migrate(test.database)).toEqual([]);
  });

  it('build the tables and columns of the Drizzle schema', async () => {
    const rows = await test.database.withConnection((c) =>
      c.query<ColumnInfo>(
        `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> 'paddock_migrations' AND table_name NOT IN (${PARTITIONS})
         ORDER BY table_name, column_name`,
      ),
    );
    const expected = tables
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns.map((column) => ({
          table_name: config.name,
          column_name: column.name,
          // information_schema names every array type ARRAY (text[] in api_keys.scopes, webhooks.events).
          data_type: column.getSQLType().endsWith('[]') ? 'ARRAY' : column.getSQLType(),
          is_nullable: column.notNull ? 'NO' : 'YES',
        }));
      })
      .sort((a, b) => a.table_name.localeCompare(b.table_name) || a.column_name.localeCompare(b.column_name));
    expect(rows.map((row) => ({ ...row }))).toEqual(expected);
  });

  it('build the keys, unique constraints, foreign keys and indexes of the Drizzle schema', async () => {
    const indexes = await test.database.withConnection((c) =>
      c.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'paddock_migrations' AND tablename NOT IN (${PARTITIONS})`,
      ),
    );
    const foreignKeys = await test.database.withConnection((c) =>
      c.query<{ conname: string }>(`SELECT conname FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`),
    );
    const expectedIndexes = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return [
        `${config.name}_pkey`,
        ...config.columns.filter((column) => column.isUnique).map((column) => column.uniqueName ?? ''),
        ...config.indexes.map((index) => index.config.name ?? ''),
      ];
    });
    const expectedForeignKeys = tables.flatMap((table) => getTableConfig(table).foreignKeys.map((fk) => fk.getName()));
    expect(indexes.map((row) => row.indexname).sort()).toEqual(expectedIndexes.sort());
    expect(foreignKeys.map((row) => row.conname).sort()).toEqual(expectedForeignKeys.sort());
  });
});

describe('migrate', () => {
  it('rolls back a failing migration and names it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'paddock-migrations-'));
    await writeFile(path.join(dir, '0001_good.sql'), 'CREATE TABLE good (id int);');
    await writeFile(path.join(dir, '0002_bad.sql'), 'CREATE TABLE half (id int); SELECT * FROM missing_table;');
    const test = await openTestDatabase();
    try {
      await expect(migrate(test.database, dir)).rejects.toThrow('Migration 0002_bad.sql failed');
      const tablesNow = await test.database.withConnection((c) =>
        c.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
      );
      expect(tablesNow.map((row) => row.tablename)).toEqual(['good', 'paddock_migrations']);
    } finally {
      await test.dispose();
    }
  }, APP_START_TIMEOUT_MS);

  // Concurrent starts need a second connection to the same database: PostgreSQL only (PGlite is in-process).
  if (process.env.PADDOCK_TEST_DB === 'postgres') it('lets two instances start at once: each migration is applied exactly once', async () => {
    const test = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: test.databaseUrl, databaseDirectUrl: test.databaseDirectUrl, dataDir: '' });
    try {
      const [a, b] = await Promise.all([migrate(test.database), migrate(second)]);
      expect([...a, ...b].sort()).toEqual((await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort());
    } finally {
      await second.close();
      await test.dispose();
    }
  }, APP_START_TIMEOUT_MS);
});
