// A real Paddock server process on a test app's PostgreSQL database, for the tests that kill one (kill -9): the
// in-process test app (no device side) prepares the database and reads it back; the child runs the device side,
// the gateway and the notification worker.
import { startPaddock, type RunningServer, type StartOptions } from '../../../tests/support/server';
import type { TestApp } from '../testing/testApp';

export type { RunningServer };

export const startChildServer = (t: TestApp, env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> =>
  startPaddock(
    {
      DATABASE_URL: t.config.databaseUrl!,
      DATABASE_DIRECT_URL: t.config.databaseDirectUrl ?? '',
      SIMULATOR: 'off',
      SEED_DEMO: 'off',
      DEMO_DEVICE_SECRET: t.config.demoDeviceSecret,
      ADMIN_EMAIL: t.config.admin.email,
      ADMIN_PASSWORD: t.config.admin.password,
      NOTIFY_POLL_SECONDS: '1',
      // A killed server's leases (the embedded broker's: jobs/singletons.ts) keep the next one waiting this long at most.
      LEASE_TTL_SECONDS: '5',
      ...env,
    },
    options,
  );

/** kill -9: no shutdown hook runs, whatever was in hand is cut off. */
export async function killHard(server: RunningServer): Promise<void> {
  process.kill(server.pid, 'SIGKILL');
  await server.stop(); // waits for the exit and removes its temporary folder
}
