// The server's command line: `serve` (default), `migrate`, `seed`, `inventory-import <file.csv>`, and `env` (the
// variable table, markdown).
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { configDocsMarkdown, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { mailDescription } from './notify/mail';
import { demoInventory, importInventory, parseInventoryCsv } from './devices/inventory';
import { describeBrokerUrl } from './mqtt/client';
import { seed } from './seed';
import { startSimulator } from './simulator';

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

/** Where devices (and the simulator) reach the broker, without the server's credentials. */
function deviceBrokerUrl(config: Config, app: FastifyInstance): string {
  return app.mqttBroker ? app.mqttBroker.url : describeBrokerUrl(config.mqttUrl!);
}

function banner(config: Config, database: Database, app: FastifyInstance, simulated: number): string {
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
    `  Devices:   ${app.mqttBroker ? `embedded MQTT broker on port ${app.mqttBroker.port}` : `MQTT broker ${deviceBrokerUrl(config, app)}`}`,
    `  Simulator: ${simulated ? `${simulated} demo devices, a reading every ${config.simulatorIntervalSeconds} s` : 'off'}`,
    '',
  ];
  return lines.join('\n');
}

async function serve(config: Config): Promise<void> {
  const database = await prepareDatabase(config);
  // The broker, the gateway and the offline sweep start with the app, and stop with app.close().
  const app = await buildApp(config, database, { devices: true });
  let simulator: { stop(): Promise<void> } | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // a second signal: stop now
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // The simulated devices leave first, then the app closes the sweep, the gateway, the broker and the database.
    Promise.resolve(simulator?.stop())
      .then(() => app.close())
      .then(
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
  const devices = config.simulator && config.demo ? demoInventory(config) : [];
  if (devices.length) {
    simulator = await startSimulator({
      url: deviceBrokerUrl(config, app),
      devices,
      intervalSeconds: config.simulatorIntervalSeconds,
      log: app.log.child({ component: 'simulator' }),
    });
  }
  console.log(banner(config, database, app, devices.length));
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
