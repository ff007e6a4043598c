// `npm run simulate`: the simulator on its own, signing in as every demo-inventory device against MQTT_URL (or
// the embedded broker's port on this machine), with the demo device secret of DEMO_DEVICE_SECRET or the database.
// Its variables come from the server's own loader (config.ts), `.env` and `NAME_FILE` secrets included, so it
// honours each one as the server does (docs/configuration.md). Stops cleanly on SIGINT/SIGTERM; a second signal stops at once.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPORTING_INTERVAL_MAX_SECONDS } from '@paddock/shared/contract';
import { loadConfig, type Config } from '../config';
import { IN_MEMORY, openDatabase } from '../db/client';
import { demoInventory, readDemoDeviceSecret } from '../devices';
import { startSimulator, type SimulatorLog } from './index';

type Env = Readonly<Record<string, string | undefined>>;

/** The parts of the server's configuration the simulator runs on (its broker, pace, device secret and where that is kept). */
export const SIMULATOR_CONFIG = ['mqttUrl', 'mqttPort', 'simulatorIntervalSeconds', 'demoDeviceSecret', 'databaseUrl'] as const;
export type SimulatorConfig = Pick<Config, (typeof SIMULATOR_CONFIG)[number]>;

export interface CliSettings {
  url: string;
  intervalSeconds: number;
  demoDeviceSecret: string | null;
  databaseUrl: string | null;
}

/** The simulator's settings from the server's configuration; throws naming the variable when one is bad. */
export function simulatorSettings(config: SimulatorConfig): CliSettings {
  const intervalSeconds = config.simulatorIntervalSeconds;
  if (intervalSeconds > REPORTING_INTERVAL_MAX_SECONDS) {
    throw new Error(`SIMULATOR_INTERVAL_SECONDS must be a whole number of seconds from 1 to ${REPORTING_INTERVAL_MAX_SECONDS}, got "${intervalSeconds}"`);
  }
  return {
    url: config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttPort}`,
    intervalSeconds,
    demoDeviceSecret: config.demoDeviceSecret,
    databaseUrl: config.databaseUrl,
  };
}

/** The simulator's settings from the environment, read as the server reads it (loadConfig). */
export function cliSettings(env: Env, cwd: string = process.cwd()): CliSettings {
  return simulatorSettings(loadConfig(env, cwd));
}

/**
 * The secret the demo devices sign in with: DEMO_DEVICE_SECRET, else the one the server made on its first start, read
 * from its PostgreSQL database. The embedded PGlite database belongs to the running server alone.
 */
export async function cliDemoDeviceSecret(settings: Pick<CliSettings, 'demoDeviceSecret' | 'databaseUrl'>): Promise<string> {
  if (settings.demoDeviceSecret) return settings.demoDeviceSecret;
  const { databaseUrl } = settings;
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
  // `.env` as `npm start` reads it (scripts/dotenv.mjs): a variable set in the environment wins over the file.
  const dotEnv = path.resolve(__dirname, '..', '..', '..', '.env');
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  // Relative `NAME_FILE` paths from where `npm run simulate` was typed, not the server workspace npm moves to.
  const settings = cliSettings(process.env, process.env.INIT_CWD ?? process.cwd());
  const { url, intervalSeconds } = settings;
  const devices = demoInventory({ demoDeviceSecret: await cliDemoDeviceSecret(settings) });
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
