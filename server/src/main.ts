// The server's command line: `serve` (default), `migrate`, `seed`, `inventory-import <file.csv>`, and `env` (the
// variable table, markdown).
import { readFile } from 'node:fs/promises';
import { buildApp } from './app';
import { configDocsMarkdown, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { mailDescription } from './notify/mail';
import { importInventory, parseInventoryCsv } from './devices/inventory';
import { seed } from './seed';

async function prepareDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(config);
  try {
    await migrate(database);
    await seed(database.db, config);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

function banner(config: Config, database: Database): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${config.port}`;
  const lines = [
    '',
    `  Paddock is running at ${url}`,
    `  API docs:  ${url}/api/docs`,
    `  Admin:     ${config.admin.email} / ${config.admin.password}  (initial password)`,
    config.demo ? `  Demo user: ${config.demo.email} / ${config.demo.password}  (initial password)` : '  Demo user: off (SEED_DEMO=off)',
    `  Database:  ${database.kind === 'pglite' ? `embedded PGlite, ${database.location}` : `PostgreSQL, ${database.location}`}`,
    `  Mail:      ${mailDescription(config.smtpUrl)}`,
    '',
  ];
  return lines.join('\n');
}

async function serve(config: Config): Promise<void> {
  const database = await prepareDatabase(config);
  const app = await buildApp(config, database);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // a second signal: stop now
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await app.listen({ port: config.port, host: config.host });
  console.log(banner(config, database));
}

async function main(command: string): Promise<void> {
  if (command === 'env') {
    console.log(configDocsMarkdown());
    return;
  }
  const config = loadConfig();
  switch (command) {
    case 'serve':
      return serve(config);
    case 'migrate': {
      const database = await openDatabase(config);
      const applied = await migrate(database).finally(() => database.close());
      console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
      return;
    }
    case 'seed': {
      const database = await prepareDatabase(config);
      await database.close();
      console.log('Seeded');
      return;
    }
    case 'inventory-import': {
      const file = process.argv[3];
      if (!file) throw new Error('Usage: inventory-import <file.csv> (lines: key,product,secret)');
      const { entries, errors } = parseInventoryCsv(await readFile(file, 'utf8'));
      if (errors.length) throw new Error(`Nothing imported; fix these rows first:\n${errors.join('\n')}`);
      const database = await openDatabase(config);
      try {
        await migrate(database);
        const { added, known } = await importInventory(database.db, entries, config.now());
        console.log(`Inventory: ${added} added, ${known} already known`);
      } finally {
        await database.close();
      }
      return;
    }
    default:
      throw new Error(`Unknown command "${command}"; use serve, migrate, seed, inventory-import or env`);
  }
}

main(process.argv[2] ?? 'serve').catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
