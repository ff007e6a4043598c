// The singleton work under leases (jobs/singletons.ts): the simulator runs while its lease is held and stops with it;
// on PostgreSQL a second instance on the embedded broker is refused before it opens a port, with the reason.
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { freePort } from '../testing/devices';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../testing/testApp';
import { claimLease } from './lease';
import { EMBEDDED_BROKER_LEASE, holdSimulator, SIMULATOR_LEASE } from './singletons';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function leaseHolder(t: TestApp, name: string): Promise<string | undefined> {
  const result = await t.database.db.execute(sql`SELECT holder FROM instance_leases WHERE name = ${name}`);
  return (result as unknown as { rows: { holder: string }[] }).rows[0]?.holder;
}

/** Whether nothing listens on `port` of 127.0.0.1 (a server can take it). */
const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** An instance running the device side on the embedded broker. */
const embedded = (mqttPort = 0, sameDatabaseAs?: TestApp) =>
  createTestApp({ host: '127.0.0.1', mqttUrl: null, mqttPort, leaseTtlMs: 1500 }, { devices: true, sameDatabaseAs });

let t: TestApp;
beforeAll(async () => {
  t = await embedded();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

it('the embedded broker holds its lease on PostgreSQL; on PGlite (one process by construction) none, so a restart waits for nothing', async () => {
  expect(t.app.mqttBroker).not.toBeNull();
  expect(await leaseHolder(t, EMBEDDED_BROKER_LEASE)).toBe(onPostgres ? t.app.instanceId : undefined);
});

describe('the simulator under its lease', () => {
  it('starts when the lease is taken and stops (releasing it) when held no more', async () => {
    let running = 0;
    const lease = holdSimulator({
      db: t.database.db,
      holder: 'a',
      ttlMs: 900,
      log: silent,
      start: async () => {
        running += 1;
        return { stop: async () => void (running -= 1) };
      },
    });
    await lease.settled;
    expect(lease.held).toBe(true);
    expect(running).toBe(1);
    expect(await leaseHolder(t, SIMULATOR_LEASE)).toBe('a');
    await lease.stop();
    expect(running).toBe(0);
    expect(await leaseHolder(t, SIMULATOR_LEASE)).toBeUndefined();
  });

  it('does not start while another instance holds the lease', async () => {
    await claimLease(t.database.db, SIMULATOR_LEASE, 'other', 60_000);
    let started = false;
    const lease = holdSimulator({
      db: t.database.db,
      holder: 'b',
      ttlMs: 900,
      log: silent,
      start: async () => {
        started = true;
        return { stop: async () => undefined };
      },
    });
    await lease.settled;
    expect([lease.held, started]).toEqual([false, false]);
    await lease.stop();
    expect(await leaseHolder(t, SIMULATOR_LEASE)).toBe('other');
  });
});

if (onPostgres) {
  it('a second instance on the embedded broker (PostgreSQL) is refused with the reason and what to do, and leaves no port open', async () => {
    const holder = t.app.instanceId;
    const mqttPort = await freePort();
    const refusal = embedded(mqttPort, t);
    await expect(refusal).rejects.toThrow(`Another Paddock instance (${holder}) runs the embedded MQTT broker on this database`);
    await expect(refusal).rejects.toThrow('would never get a configuration or command sent through another instance');
    await expect(refusal).rejects.toThrow('set MQTT_URL and AMQP_URL (docs/architecture/scale-out.md)');
    expect(await portIsFree(mqttPort)).toBe(true);
    // The first one goes on holding it.
    expect(await leaseHolder(t, EMBEDDED_BROKER_LEASE)).toBe(holder);
  }, APP_START_TIMEOUT_MS);
}
