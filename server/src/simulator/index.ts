// The device simulator (issue 3): every inventory device it is given signs in to the MQTT broker as that device
// and behaves like one (docs/protocol.md). The server starts it inside `npm start` unless
// SIMULATOR=off; `npm run simulate` runs it on its own (cli.ts).
import { REPORTING_INTERVAL_MAX_SECONDS } from '@paddock/shared/contract';
import type { ProductId } from '@paddock/shared/domain';
import { ConnectionProblems, SimulatedDevice, type SimulatorLog } from './device';

export type { SimulatorLog } from './device';

export interface SimulatorOptions {
  /** The broker, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  devices: { key: string; product: ProductId; secret: string }[];
  /** Whole seconds between readings (each jittered by ±10 %), 1 to a day; reported as IntervalSeconds in the status. */
  intervalSeconds: number;
  log: SimulatorLog;
  /** The clock the plugs' rules read; the real one unless a test moves it. */
  now?: () => Date;
}

/** Connections open this far apart, so 200 devices take 5 s instead of hitting the broker at once. */
export const STAGGER_MS = 25;

/** Starts one simulated device per entry (connections open in the background) and returns how to stop them all. */
export async function startSimulator(options: SimulatorOptions): Promise<{ stop(): Promise<void> }> {
  const interval = options.intervalSeconds;
  if (!Number.isInteger(interval) || interval < 1 || interval > REPORTING_INTERVAL_MAX_SECONDS) {
    throw new Error(`intervalSeconds must be a whole number from 1 to ${REPORTING_INTERVAL_MAX_SECONDS}, got ${interval}`);
  }
  const { intervalSeconds, log, now } = options;
  const url = withoutCredentials(options.url);
  const problems = new ConnectionProblems(log);
  const devices = options.devices.map((spec) => new SimulatedDevice(spec, { url, intervalSeconds, log, problems, now }));
  const starts = devices.map((device, i) => setTimeout(() => device.start(), i * STAGGER_MS));
  log.info({ devices: devices.length, broker: url, intervalSeconds }, 'device simulator started');
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        starts.forEach(clearTimeout);
        await Promise.all(devices.map((device) => device.stop()));
        log.info({ devices: devices.length }, 'device simulator stopped');
      })();
      return stopping;
    },
  };
}

/**
 * The broker URL without a user name or password: every device signs in as itself (mqtt.js would let credentials
 * in the URL win over the device's), and the server's credentials of MQTT_URL must not reach the log.
 */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
