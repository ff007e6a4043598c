// The server's command line: `serve` (default), `migrate`, `seed`, `inventory-import <file.csv>`, `backup <file>` and
// `restore <file>` (docs/operations/backup.md), and `env` (the variable table, markdown).
// First of all: tracing, when configured, must patch http and pg before they load (observability/tracing.ts).
import './observability/tracing';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { configDocsMarkdown, loadConfig, strayVariableWarnings, type Config } from './config';
import { backupDatabase, restoreDatabase, type DatabaseCounts } from './db/backup';
import { openDatabase, type Database } from './db/client';
import { migrate, startFinishingMigrations } from './db/migrate';
import { mailDescription } from './notify/mail';
import { demoInventory, importInventory, loadDemoDeviceSecret, parseInventoryCsv } from './devices/inventory';
import { describeBrokerUrl } from './mqtt/client';
import { seed, type SeedResult } from './seed';
import { startSimulator } from './simulator';
import { holdSimulator } from './jobs/singletons';

/** `deferred`: 'later' leaves migrations' index builds and back-fills to the background (serve: docs/operations/migrations.md). */
async function prepareDatabase(config: Config, deferred: 'now' | 'later' = 'now'): Promise<{ database: Database; seeded: SeedResult }> {
  const database = await openDatabase(config);
  try {
    await migrate(database, undefined, { deferred });
    return { database, seeded: await seed(database.db, config) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The sign-in lines of the banner: a password the seed generated is shown this once, and never again. */
function accountLines(config: Config, seeded: SeedResult): string[] {
  const line = (label: string, email: string, generated: string | undefined, given: string | null, variable: string) =>
    generated
      ? `  ${label}${email} / ${generated}  (generated now and shown only this once: note it, or change it after signing in)`
      : `  ${label}${email}  (initial password: ${given ? `from ${variable}` : 'shown at the first start'})`;
  return [
    line('Admin:     ', config.admin.email, seeded.generated.admin, config.admin.password, 'ADMIN_PASSWORD'),
    config.demo ? line('Demo user: ', config.demo.email, seeded.generated.demo, config.demo.password, 'DEMO_PASSWORD') : '  Demo user: off (SEED_DEMO=off)',
  ];
}

/** Where devices (and the simulator) reach the broker, without the server's credentials. */
function deviceBrokerUrl(config: Config, app: FastifyInstance): string {
  return app.mqttBroker ? app.mqttBroker.url : describeBrokerUrl(config.mqttUrl!);
}

/** `held`: the simulator runs here; false: another instance holds its lease (several instances on one PostgreSQL). */
function banner(config: Config, database: Database, seeded: SeedResult, app: FastifyInstance, simulated: number, held = true): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${config.port}`;
  const lines = [
    '',
    `  Paddock is running at ${url}`,
    `  API docs:  ${url}/api/docs`,
    ...accountLines(config, seeded),
    `  Database:  ${database.kind === 'pglite' ? `embedded PGlite, ${database.location}` : `PostgreSQL, ${database.location}`}`,
    `  Mail:      ${mailDescription(config.smtpUrl, config.adminMailbox)}`,
    `  Devices:   ${app.mqttBroker ? `embedded MQTT broker on port ${app.mqttBroker.port}` : `MQTT broker ${deviceBrokerUrl(config, app)}${config.amqpUrl ? ', uplinks from its queue paddock.uplinks' : ''}`}`,
    `  Simulator: ${!simulated ? 'off' : held ? `${simulated} demo devices, a reading every ${config.simulatorIntervalSeconds} s` : 'held by another instance (it starts here if that one stops or its lease runs out)'}`,
    '',
  ];
  return lines.join('\n');
}

async function serve(config: Config): Promise<void> {
  const { database, seeded } = await prepareDatabase(config, 'later');
  try {
    await serveOn(config, database, seeded);
  } catch (error) {
    // A password generated this start is never shown again: do not let a failed start lose it.
    if (seeded.generated.admin || seeded.generated.demo) console.error(accountLines(config, seeded).join('\n'));
    throw error;
  }
}

async function serveOn(config: Config, database: Database, seeded: SeedResult): Promise<void> {
  // The broker, the gateway and the offline sweep start with the app, and stop with app.close().
  const app = await buildApp(config, database, { devices: true });
  // The simulator itself, or on PostgreSQL its lease: it runs on one instance at a time (jobs/singletons.ts).
  let simulator: { stop(): Promise<void> } | null = null;
  // Migrations' index builds and back-fills, after the start (docs/operations/migrations.md).
  let migrations: { stop(): Promise<void> } | null = null;
  let stopping = false;
  // docs/operations/deploy.md#stopping-and-restarting: readiness 503 at once, no new work, what is held finished within
  // SHUTDOWN_GRACE_SECONDS (exit 0), else exit 1 naming what was still running.
  const stop = (signal: string) => {
    if (stopping) {
      app.log.warn({ signal, stillRunning: app.shutdown.stillRunning() }, 'second signal: stopping now');
      process.exit(1);
    }
    stopping = true;
    const graceSeconds = config.shutdownGraceSeconds;
    app.log.info({ signal, graceSeconds }, 'shutting down: readiness answers 503, no new work, finishing what is in hand');
    setTimeout(() => {
      app.log.error({ graceSeconds, stillRunning: app.shutdown.stillRunning() }, 'shutdown grace period over: exiting with work still running');
      process.exit(1);
    }, graceSeconds * 1000);
    const shutdown = app.shutdown;
    // Readiness turns at once; uplinks and job loops stop while the simulated devices leave and the requests in
    // flight finish (still listening meanwhile). Then the app closes: the listener, the gateway, the broker, the database.
    const requests = shutdown.track('HTTP requests in flight', shutdown.requestsFinished());
    Promise.all([shutdown.drain(), shutdown.track('stopping the simulator', Promise.resolve(simulator?.stop())), requests,
      shutdown.track('stopping the migrations\' back-fill', Promise.resolve(migrations?.stop()))])
      .then(() => shutdown.track('closing the app (the listener, the gateway, the broker, the database)', app.close()))
      .then(
        () => {
          app.log.info('shut down');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await app.listen({ port: config.port, host: config.host });
  migrations = startFinishingMigrations(database, { log: app.log.child({ component: 'migrations' }) });
  const devices = config.simulator && config.demo ? demoInventory({ demoDeviceSecret: await loadDemoDeviceSecret(database.db, config) }) : [];
  const simulate = () =>
    startSimulator({
      url: deviceBrokerUrl(config, app),
      devices,
      intervalSeconds: config.simulatorIntervalSeconds,
      log: app.log.child({ component: 'simulator' }),
    });
  let held = true;
  if (devices.length && database.kind === 'postgres') {
    const log = app.log.child({ component: 'lease' });
    const lease = holdSimulator({ db: database.db, holder: app.instanceId, ttlMs: config.leaseTtlMs, log, start: simulate });
    simulator = lease;
    await lease.settled;
    held = lease.held;
  } else if (devices.length) {
    simulator = await simulate();
  }
  console.log(banner(config, database, seeded, app, devices.length, held));
}

async function main(command: string): Promise<void> {
  if (command === 'env') {
    console.log(configDocsMarkdown());
    return;
  }
  const config = loadConfig();
  // A typo of a variable would otherwise fall back to its default unnoticed (docs/operations/configure.md).
  for (const warning of strayVariableWarnings()) console.warn(`Warning: ${warning}`);
  const counted = ({ users, devices, readings }: DatabaseCounts) => `${users} users, ${devices} devices, ${readings} readings`;
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
      const { database, seeded } = await prepareDatabase(config);
      await database.close();
      console.log(['Seeded', ...accountLines(config, seeded)].join('\n'));
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
    case 'backup':
    case 'restore': {
      const file = process.argv[3];
      if (!file) throw new Error(`Usage: ${command} <file> (docs/operations/backup.md)`);
      const counts = command === 'backup' ? await backupDatabase(config, file) : await restoreDatabase(config, file);
      console.log(`${command === 'backup' ? 'Backed up' : 'Restored'} ${config.databaseUrl ? 'the PostgreSQL database' : 'the embedded database'} (${counted(counts)}) ${command === 'backup' ? 'to' : 'from'} ${file}`);
      return;
    }
    default:
      throw new Error(`Unknown command "${command}"; use serve, migrate, seed, inventory-import, backup, restore or env`);
  }
}

main(process.argv[2] ?? 'serve').catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
