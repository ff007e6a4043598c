// Singleton work across server processes on one PostgreSQL (issue 27, jobs/singletons.ts): with SIMULATOR=on on three
// instances the demo devices are played by exactly one, the holder of the `simulator` lease; when that one is
// killed (SIGKILL, nothing released) another takes the lease over and readings flow again. And a second instance on
// the embedded broker is refused at start, with the reason, on stderr, with a non-zero exit.
// Real server processes (tests/support/server.ts) and a spawned Mosquitto as the external broker.
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { demoInventory } from '../devices/inventory';
import { EMBEDDED_BROKER_LEASE, SIMULATOR_LEASE } from '../jobs/singletons';
import { killHard, startChildServer, type RunningServer } from '../reliability/childServer';
import { waitFor } from '../testing/devices';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../testing/mosquitto';
import { APP_START_TIMEOUT_MS, createTestApp, testConfig, type TestApp } from '../testing/testApp';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const INSTANCES = 3;
/** Short, so a takeover is quick; still many times a renewal's round trip on a busy machine. */
const LEASE_TTL_SECONDS = 3;
/** A dead holder's lease ends within a TTL, and another instance claims it within a renewal period after that. */
const TAKEOVER_BOUND_MS = LEASE_TTL_SECONDS * 1000 * (4 / 3) + 2000;
/** From the kill to readings from the simulator's new home: the takeover, its devices connecting, a reading. */
const READINGS_AGAIN_BOUND_MS = TAKEOVER_BOUND_MS + 8000;
const STARTED = '"msg":"device simulator started"';

interface Instance {
  server: RunningServer;
  /** Everything it wrote (pino's JSON lines and the banner). */
  output: string;
}

const started = (instance: Instance) => instance.output.split(STARTED).length - 1;

if (onPostgres) {
  if (!existsSync(MOSQUITTO)) throw new Error(`${MOSQUITTO} is missing: apt-get install mosquitto (.ci/run does)`);

  describe('singleton work on several server processes (PostgreSQL)', () => {
    let t: TestApp;
    let mosquitto: Mosquitto;
    const instances: Instance[] = [];

    beforeAll(async () => {
      t = await createTestApp();
      const secrets = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));
      const servers = Object.fromEntries(Array.from({ length: INSTANCES }, (_, i) => [`paddock-server-${i}`, `server-password-${i}`]));
      mosquitto = await startMosquitto(secrets, servers);
    }, APP_START_TIMEOUT_MS);
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.server.stop()));
      await mosquitto?.stop();
      await t?.close();
    });

    const start = async (env: Record<string, string>): Promise<Instance> => {
      const instance = { output: '' } as Instance;
      instance.server = await startChildServer(t, { LOG_LEVEL: 'info', ...env }, { output: (text) => (instance.output += text) });
      return instance;
    };

    const leaseHolder = async (name: string) => {
      const result = await t.database.db.execute(sql`SELECT holder FROM instance_leases WHERE name = ${name}`);
      return (result as unknown as { rows: { holder: string }[] }).rows[0]?.holder ?? null;
    };
    const simulatorHolder = () => leaseHolder(SIMULATOR_LEASE);
    /** The instance a lease holder id (host:port:pid:random, instance.ts) names. */
    const named = (holder: string | null, among: Instance[]) =>
      among.filter((instance) => holder?.split(':')[2] === String(instance.server.pid));
    const readingsSince = async (since: Date) => {
      const result = await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM device_readings WHERE at > ${since.toISOString()}::timestamptz`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0].n;
    };

    it('a second instance on the embedded broker is refused at start, saying why and what to do', async () => {
      const first = await createTestApp(
        { host: '127.0.0.1', mqttUrl: null, mqttPort: 0, leaseTtlMs: 2000 },
        { devices: true, sameDatabaseAs: t },
      );
      try {
        let output = '';
        const refused = await startChildServer(t, { LEASE_TTL_SECONDS: '10' }, { output: (text) => (output += text) }).then(
          (server) => server.stop().then(() => null),
          (error: unknown) => error,
        );
        expect(refused).toEqual(new Error('Paddock server exited with 1'));
        expect(output).toContain(`Another Paddock instance (${first.app.instanceId}) runs the embedded MQTT broker on this database`);
        expect(output).toContain(
          "a device connected to one instance's broker would never get a configuration or command sent through another instance",
        );
        expect(output).toContain('set MQTT_URL and AMQP_URL (docs/architecture/scale-out.md)');
      } finally {
        await first.close();
      }
      // Released on close: the next instance on the embedded broker need not wait for it to expire.
      expect(await leaseHolder(EMBEDDED_BROKER_LEASE)).toBeNull();
    }, APP_START_TIMEOUT_MS);

    it('the simulator runs on exactly one of three instances, and moves when that one is killed', async () => {
      const since = new Date();
      instances.push(
        ...(await Promise.all(
          Array.from({ length: INSTANCES }, (_, i) =>
            start({
              MQTT_URL: mosquitto.serverUrl(`paddock-server-${i}`),
              SIMULATOR: 'on',
              SEED_DEMO: 'on',
              SIMULATOR_INTERVAL_SECONDS: '2',
              LEASE_TTL_SECONDS: String(LEASE_TTL_SECONDS),
            }),
          ),
        )),
      );
      // The demo user's devices report (seeded by the test app: one of each product) through one simulator.
      await waitFor(
        () => readingsSince(since),
        (n) => n >= 10,
        30_000,
      );
      const [holder] = named(await simulatorHolder(), instances);
      expect(holder).toBeDefined();
      // Started once (renewed all along, never given up and taken again), and nowhere else.
      expect(instances.map(started)).toEqual(instances.map((instance) => (instance === holder ? 1 : 0)));
      for (const other of instances.filter((instance) => instance !== holder))
        expect(other.output).toContain('Simulator: held by another instance');

      const killedAt = new Date();
      await killHard(holder.server);
      const survivors = instances.filter((instance) => instance !== holder);
      const holderAgain = await waitFor(
        async () => named(await simulatorHolder(), survivors),
        (found) => found.length === 1,
        TAKEOVER_BOUND_MS,
      );
      await waitFor(
        () => readingsSince(killedAt),
        (n) => n >= 5,
        READINGS_AGAIN_BOUND_MS - (Date.now() - killedAt.getTime()),
      );
      expect(survivors.map(started)).toEqual(survivors.map((instance) => (instance === holderAgain[0] ? 1 : 0)));
    }, 120_000);
  });
}
