// The scale-out path on RabbitMQ (docs/protocol.md, docs/architecture/decisions/0022-uplink-engine.md): three real
// Paddock processes on one PostgreSQL and one spawned RabbitMQ, devices on its MQTT plugin, uplinks consumed from
// the quorum queue paddock.uplinks. An instance is killed mid-burst and the broker is restarted mid-burst: no
// acknowledged reading is lost or stored twice, and each is stored soon. PostgreSQL only; these run serially in
// their own step of scripts/test.mjs so their timing bounds are not disturbed by other files.
import mqtt, { type MqttClient } from 'mqtt';
import type { ProductId } from '@paddock/shared/domain';
import { startChildServer, killHard, type RunningServer } from '../reliability/childServer';
import { demoInventory, demoKey, registerInventoryDevices } from '../devices/inventory';
import { createModel, seededRng, step } from '../simulator/model';
import { startRabbitMq, type RabbitMq } from '../testing/rabbitmq';
import { pause, waitFor } from '../testing/devices';
import { createTestApp, createMember, testConfig, type Member, type TestApp } from '../testing/testApp';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';

/** The numbers (issue 27): three instances, 200 devices about once a second each for 60 s, one killed. */
const INSTANCES = 3;
const DEVICES = 200;
const BURST_MS = 60_000;
const KILL_AFTER_MS = 30_000;
const READING_EVERY_MS = 1000;
/** Readings a device has sent and not yet had acknowledged, at most (a real device waits for its PUBACKs). */
const IN_FLIGHT_PER_DEVICE = 2;
/** Every acknowledged reading is in the database this soon after its publish. */
const STORED_WITHIN_MS = 15_000;
const POLL_MS = 1000;
/** Broker restart: ingest resumes this soon after the broker is back. */
const RESUMES_WITHIN_MS = 10_000;
const RESTART_DEVICES = 50;

const SERVER_USER = 'paddock-server';
const SERVER_PASSWORD = 'scale-out-test-server-password';
const INVENTORY = demoInventory(testConfig());
const SECRETS = Object.fromEntries(INVENTORY.map((entry) => [entry.key, entry.secret]));

interface Sent {
  key: string;
  at: string;
  publishedAt: number;
}

const idOf = (key: string, at: string) => `${key}@${at}`;

/** A reading each product's gateway accepts: the simulator's model, at `at`. */
function readingOf(product: ProductId, key: string, at: Date): string {
  const rng = seededRng(key);
  return JSON.stringify(step(createModel(product, rng, at), { seconds: 1, at, fault: 'none', relay: true }, rng).reading);
}

if (onPostgres)
  describe('scale-out on RabbitMQ: three instances, one broker, one database (PostgreSQL)', () => {
    let t: TestApp;
    let owner: Member;
    let rabbit: RabbitMq;
    const servers: RunningServer[] = [];
    const devices: MqttClient[] = [];

    const env = () => ({
      MQTT_URL: rabbit.serverMqttUrl(SERVER_USER),
      AMQP_URL: rabbit.serverAmqpUrl(SERVER_USER),
      LOG_LEVEL: 'warn',
    });
    const connectDevice = (key: string) =>
      mqtt.connectAsync(rabbit.mqttUrl, {
        clientId: key,
        username: key,
        password: SECRETS[key],
        reconnectPeriod: 500,
        connectTimeout: 10_000,
      });
    const storedRows = () =>
      t.database.withConnection((c) =>
        c.query<{ key: string; at: Date }>('SELECT key, at FROM device_readings WHERE at >= $1', [new Date(Date.now() - 4 * 3_600_000)]),
      );

    beforeAll(async () => {
      t = await createTestApp();
      rabbit = await startRabbitMq({ devices: SECRETS, servers: { [SERVER_USER]: SERVER_PASSWORD } });
      // Every inventory device registered to one owner (the seed has number 1 of each product on the demo user).
      owner = await createMember(t);
      await registerInventoryDevices(
        t.database.db,
        owner,
        INVENTORY.map((entry) => ({ key: entry.key, product: entry.product as ProductId })),
        new Date(),
      );
      for (let i = 0; i < INSTANCES; i += 1) servers.push(await startChildServer(t, env()));
    }, 180_000);

    afterAll(async () => {
      await Promise.all(devices.map((device) => device.endAsync(true).catch(() => undefined)));
      await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
      await rabbit?.stop();
      await t?.close();
    });

    it('a configuration change through one instance reaches the device; instances with one broker user keep their sessions', async () => {
      const key = demoKey('smartplug', 2);
      const device = await connectDevice(key);
      devices.push(device);
      const before = (await rabbit.ctl('list_mqtt_connections', 'client_id', 'peer_port', 'user'))
        .split('\n')
        .filter((line) => line.includes(SERVER_USER));
      expect(before).toHaveLength(INSTANCES);

      const received = new Promise<string>((resolve) =>
        device.on('message', (topic, payload) => topic.endsWith('/down/config') && payload.length && resolve(payload.toString())),
      );
      await device.subscribeAsync(`devices/${key}/down/config`, { qos: 1 });
      // Through the last instance: the device is connected to the broker, not to any instance.
      const response = await fetch(`${servers[INSTANCES - 1].url}/api/smartplugs/${key}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ LoadAlarm: { Enabled: true, Lower: 10, Upper: 1999 } }),
      });
      expect(response.status).toBe(200);
      expect(JSON.parse(await received)).toMatchObject({ LoadAlarm: { Enabled: true, Lower: 10, Upper: 1999 } });

      // One broker user for every instance: each has its own client id, so none takes another's session (a taken-over
      // instance would come back from another client port). A change through every instance in turn reaches the
      // device, each over that instance's own session, before the connections are compared again.
      for (const [i, server] of servers.entries()) {
        const upper = 1000 + i;
        const delivered = new Promise<void>((resolve) =>
          device.on(
            'message',
            (topic, payload) => topic.endsWith('/down/config') && payload.toString().includes(`"Upper":${upper}`) && resolve(),
          ),
        );
        const change = await fetch(`${server.url}/api/smartplugs/${key}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ LoadAlarm: { Enabled: true, Lower: 10, Upper: upper } }),
        });
        expect(change.status).toBe(200);
        await delivered;
      }
      const after = (await rabbit.ctl('list_mqtt_connections', 'client_id', 'peer_port', 'user'))
        .split('\n')
        .filter((line) => line.includes(SERVER_USER));
      expect(after.sort()).toEqual(before.sort());
    }, 60_000);

    it(
      `stores every acknowledged reading once, within ${STORED_WITHIN_MS / 1000} s, while one of ${INSTANCES} instances is killed`,
      async () => {
        const keys = INVENTORY.slice(0, DEVICES);
        const clients = await Promise.all(keys.map((entry) => connectDevice(entry.key)));
        devices.push(...clients);
        for (const client of clients) client.on('error', () => undefined);
        const acked = new Map<string, Sent>();
        const firstSeen = new Map<string, number>();
        const base = Date.now() - 3_600_000;
        let sequence = 0;
        const started = Date.now();
        const until = started + BURST_MS;
        let polling = true;
        const poller = (async () => {
          while (polling) {
            const seenAt = Date.now();
            for (const row of await storedRows()) {
              const id = idOf(row.key, row.at.toISOString());
              if (!firstSeen.has(id)) firstSeen.set(id, seenAt);
            }
            await pause(POLL_MS);
          }
        })();
        const burst = clients.map((client, i) =>
          Promise.all(
            Array.from({ length: IN_FLIGHT_PER_DEVICE }, async (_, lane) => {
              // Lanes take turns: one reading per device every READING_EVERY_MS, a second one under way when slow.
              await pause(lane * READING_EVERY_MS + Math.random() * READING_EVERY_MS);
              while (Date.now() < until) {
                const next = Date.now() + IN_FLIGHT_PER_DEVICE * READING_EVERY_MS;
                const at = new Date(base + (sequence += 1)).toISOString();
                const sent = { key: keys[i].key, at, publishedAt: Date.now() };
                await client.publishAsync(
                  `devices/${sent.key}/up/reading`,
                  readingOf(keys[i].product as ProductId, sent.key, new Date(at)),
                  { qos: 1 },
                );
                acked.set(idOf(sent.key, at), sent);
                await pause(Math.max(0, next - Date.now()));
              }
            }),
          ),
        );
        await pause(KILL_AFTER_MS);
        const victim = servers.shift()!;
        await killHard(victim);
        await Promise.all(burst);
        // The last ones: stored within the bound too.
        await waitFor(
          async () => [...acked.keys()].filter((id) => !firstSeen.has(id)).length,
          (missing) => missing === 0,
          STORED_WITHIN_MS + POLL_MS,
        );
        polling = false;
        await poller;

        const rows = await storedRows();
        const stored = new Set(rows.map((row) => idOf(row.key, row.at.toISOString())));
        expect(stored.size).toBe(rows.length); // none twice
        const lost = [...acked.keys()].filter((id) => !stored.has(id));
        expect(lost).toEqual([]);
        // At about 1/s per device: the load was sustained (not a trickle on a slow machine).
        expect(acked.size).toBeGreaterThan(DEVICES * (BURST_MS / READING_EVERY_MS) * 0.5);
        const late = [...acked.values()]
          .map((sent) => firstSeen.get(idOf(sent.key, sent.at))! - sent.publishedAt)
          .filter((ms) => ms > STORED_WITHIN_MS + POLL_MS);
        expect(late).toEqual([]);
      },
      BURST_MS + 120_000,
    );

    it(`resumes ingest within ${RESUMES_WITHIN_MS / 1000} s of a broker restart, loses nothing acknowledged, and is not ready meanwhile`, async () => {
      const keys = INVENTORY.slice(0, RESTART_DEVICES).map((entry) => entry);
      const clients = await Promise.all(keys.map((entry) => connectDevice(entry.key)));
      devices.push(...clients);
      for (const client of clients) client.on('error', () => undefined);
      const acked: Sent[] = [];
      const base = Date.now() - 2 * 3_600_000;
      let sequence = 0;
      let running = true;
      const readiness = new Map<string, number[]>(servers.map((server) => [server.url, []]));
      let probing = true;
      const probes = (async () => {
        while (probing) {
          for (const server of servers) {
            const status = await fetch(`${server.url}/api/health/ready`).then(
              (reply) => reply.status,
              () => 0,
            );
            readiness.get(server.url)!.push(status);
          }
          await pause(200);
        }
      })();
      const publish = (client: MqttClient, entry: (typeof keys)[number]) => {
        const at = new Date(base + (sequence += 1)).toISOString();
        const sent = { key: entry.key, at, publishedAt: Date.now() };
        return client
          .publishAsync(`devices/${entry.key}/up/reading`, readingOf(entry.product as ProductId, entry.key, new Date(at)), { qos: 1 })
          .then(
            () => void acked.push(sent),
            () => undefined, // cut off by the restart: never acknowledged
          );
      };
      const burst = clients.map(async (client, i) => {
        while (running) {
          await publish(client, keys[i]);
          await pause(READING_EVERY_MS);
        }
      });
      await waitFor(
        async () => acked.length,
        (count) => count >= RESTART_DEVICES * 3,
        30_000,
      );
      await rabbit.halt();
      await waitFor(async () => [...readiness.values()].every((statuses) => statuses.includes(503)), Boolean, 15_000);
      await rabbit.start();
      const back = Date.now();
      // A reading sent once the broker is back is stored within the bound, through whichever instance.
      const probe = await connectDevice(keys[0].key);
      devices.push(probe);
      const at = new Date(base + (sequence += 1)).toISOString();
      await probe.publishAsync(`devices/${keys[0].key}/up/reading`, readingOf(keys[0].product as ProductId, keys[0].key, new Date(at)), {
        qos: 1,
      });
      await waitFor(
        () => t.database.withConnection((c) => c.query('SELECT 1 FROM device_readings WHERE key = $1 AND at = $2', [keys[0].key, at])),
        (rows) => rows.length === 1,
        RESUMES_WITHIN_MS - (Date.now() - back),
      );
      running = false;
      await Promise.all(burst);
      // Ready again on every instance.
      await waitFor(
        async () => [...readiness.values()].every((statuses) => statuses[statuses.length - 1] === 200),
        Boolean,
        RESUMES_WITHIN_MS,
      );
      probing = false;
      await probes;
      await waitFor(
        async () => {
          const stored = new Set((await storedRows()).map((row) => idOf(row.key, row.at.toISOString())));
          return acked.filter((sent) => !stored.has(idOf(sent.key, sent.at)));
        },
        (lost) => lost.length === 0,
        STORED_WITHIN_MS,
      );
    }, 120_000);
  });
else throw new Error('server/src/scaleout runs on PostgreSQL only: PADDOCK_TEST_DB=postgres PADDOCK_SCALEOUT=1 (scripts/test.mjs)');
