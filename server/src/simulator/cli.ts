// `npm run simulate`: the simulator on its own, signing in as every demo-inventory device against MQTT_URL (or
// the embedded broker's port on this machine), with the demo device secret of DEMO_DEVICE_SECRET or the database.
// Stops cleanly on SIGINT/SIGTERM; a second signal stops at once.
import { REPORTING_INTERVAL_MAX_SECONDS } from '@paddock/shared/contract';
import { CONFIG_DOCS } from '../config';
import { IN_MEMORY, openDatabase } from '../db/client';
import { demoInventory, readDemoDeviceSecret } from '../devices/inventory';
import { startSimulator, type SimulatorLog } from './index';

const configDefault = (name: string) => CONFIG_DOCS.find((doc) => doc.name === name)?.default ?? '';

/** The simulator's settings from the environment; throws naming the variable when one is bad. */
export function cliSettings(env: Readonly<Record<string, string | undefined>>) {
  const port = env.MQTT_PORT?.trim() || configDefault('MQTT_PORT');
  const url = env.MQTT_URL?.trim() || `mqtt://127.0.0.1:${port}`;
  const rawInterval = env.SIMULATOR_INTERVAL_SECONDS?.trim() || configDefault('SIMULATOR_INTERVAL_SECONDS') || '10';
  const intervalSeconds = Number(rawInterval);
  if (!/^\d+$/.test(rawInterval) || intervalSeconds < 1 || intervalSeconds > REPORTING_INTERVAL_MAX_SECONDS) {
    throw new Error(`SIMULATOR_INTERVAL_SECONDS must be a whole number of seconds from 1 to ${REPORTING_INTERVAL_MAX_SECONDS}, got "${rawInterval}"`);
  }
  return { url, intervalSeconds, demoDeviceSecret: env.DEMO_DEVICE_SECRET?.trim() || null };
}

/**
 * The secret the demo devices sign in with: DEMO_DEVICE_SECRET, else the one the server made on its first start, read
 * from its PostgreSQL database. The embedded PGlite database belongs to the running server alone.
 */
export async function cliDemoDeviceSecret(env: Readonly<Record<string, string | undefined>>): Promise<string> {
  const given = cliSettings(env).demoDeviceSecret;
  if (given) return given;
  const databaseUrl = env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    throw new Error(
      'DEMO_DEVICE_SECRET is not set, and the secret the server generated sits in its embedded database, which only the running server may open. Set DEMO_DEVICE_SECRET for the server and the simulator, or point both at PostgreSQL with DATABASE_URL.',
    );
  }
  const database = await openDatabase({ databaseUrl, dataDir: IN_MEMORY });
  try {
    const secret = await readDemoDeviceSecret(database.db).catch(() => null);
    if (!secret) throw new Error('The database at DATABASE_URL has no demo device secret yet: start the server once with SEED_DEMO on, or set DEMO_DEVICE_SECRET.');
    return secret;
  } finally {
    await database.close();
  }
}

// The simulator logs pino-style (details, message); on a terminal the message reads better first.
const line = (a: unknown[]) => {
  const [details, message, ...rest] = a;
  const pinoStyle = typeof details === 'object' && details !== null && typeof message === 'string';
  return [new Date().toISOString(), ...(pinoStyle ? [message, JSON.stringify(details), ...rest] : a)];
};
const log: SimulatorLog = {
  info: (...a) => console.log(...line(a)),
  warn: (...a) => console.warn(...line(a)),
  error: (...a) => console.error(...line(a)),
};

async function main(): Promise<void> {
  const { url, intervalSeconds } = cliSettings(process.env);
  const devices = demoInventory({ demoDeviceSecret: await cliDemoDeviceSecret(process.env) });
  const simulator = await startSimulator({ url, intervalSeconds, devices, log });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: stopping the simulator`);
    simulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    log.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
