// kill -9 of the server in the middle of a burst of readings (docs/architecture/README.md#ingest): every reading a
// device got a PUBACK for is stored, none twice, and sending the unacknowledged ones again (as a device does after
// reconnecting) and some acknowledged ones too stores each once. A real server process on PostgreSQL, its embedded
// broker, real MQTT devices; the database is prepared by an in-process app (no device side) that also reads it back.
import mqtt, { type MqttClient } from 'mqtt';
import { startChildServer, type RunningServer } from './childServer';
import { demoInventory } from '../devices/inventory';
import { registeredPlug, waitFor } from '../testing/devices';
import { APP_START_TIMEOUT_MS, createTestApp, testConfig, type TestApp } from '../testing/testApp';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const DEVICES = 8;
const IN_FLIGHT = 10;
/** Readings acknowledged before the kill: enough that batches are under way when it comes. */
const ACKED_BEFORE_KILL = 1500;
const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));
const plugReading = { Load: 120, Consumption: 35012, Temperature: 4.5, SignalStrength: 78, PowerEnabled: true, MainsPower: true };

interface Sent {
  key: string;
  at: string;
}

const connect = (server: RunningServer, key: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, { clientId: key, username: key, password: SECRETS[key], reconnectPeriod: 0, connectTimeout: 10_000 });

// On either database: the PUBACK comes once the reading is stored (with the old unbounded queue it came first).
describe('a reading acknowledged by the embedded broker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true });
  }, APP_START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('is in the history when its PUBACK arrives', async () => {
    const { key } = await registeredPlug(t, 'smartplug', 39);
    const client = await mqtt.connectAsync(t.app.mqttBroker!.url, { clientId: key, username: key, password: SECRETS[key], reconnectPeriod: 0 });
    try {
      const base = Date.now() - 60_000;
      for (let i = 0; i < 20; i += 1) {
        const at = new Date(base + i).toISOString();
        await client.publishAsync(`devices/${key}/up/reading`, JSON.stringify({ At: at, ...plugReading }), { qos: 1 });
        const rows = await t.database.withConnection((c) => c.query('SELECT 1 FROM device_readings WHERE key = $1 AND at = $2', [key, at]));
        expect(rows).toHaveLength(1);
      }
    } finally {
      await client.endAsync();
    }
  });
});

if (onPostgres) describe('kill -9 in the middle of a burst of readings (PostgreSQL)', () => {
  let t: TestApp;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it('stores every acknowledged reading once; what is sent again is stored once', async () => {
    const keys: string[] = [];
    // Numbers above those the seed registers to the demo user.
    for (let n = 31; n < 31 + DEVICES; n += 1) keys.push((await registeredPlug(t, 'smartplug', n)).key);
    server = await startChildServer(t);

    const acked: Sent[] = [];
    const unacked = new Map<string, Sent>();
    const base = Date.now() - 3_600_000;
    let sequence = 0;
    let killed = false;
    const clients: MqttClient[] = await Promise.all(keys.map((key) => connect(server!, key)));
    for (const client of clients) client.on('error', () => undefined);
    const burst = clients.map((client, i) =>
      Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (!killed) {
            const sent = { key: keys[i], at: new Date(base + (sequence += 1)).toISOString() };
            const id = `${sent.key}@${sent.at}`;
            unacked.set(id, sent);
            try {
              await client.publishAsync(`devices/${sent.key}/up/reading`, JSON.stringify({ At: sent.at, ...plugReading }), { qos: 1 });
            } catch {
              return; // the connection went with the server: this one was never acknowledged
            }
            unacked.delete(id);
            acked.push(sent);
          }
        }),
      ),
    );
    await waitFor(async () => acked.length, (count) => count >= ACKED_BEFORE_KILL, 30_000);
    // Frozen first, so it acknowledges nothing more and the kill comes with readings under way: on a busy machine the
    // PUBACKs of every reading in flight could otherwise already wait in the clients' sockets when it dies.
    process.kill(server.pid, 'SIGSTOP');
    await waitFor(async () => unacked.size, (count) => count > 0, 10_000);
    process.kill(server.pid, 'SIGKILL');
    killed = true;
    // PUBACKs already on their way still count: each client reads its socket to the end the kill gave it first.
    // Then the publishes left waiting fail with the forced end.
    await Promise.all(clients.map((client) => (client.connected ? new Promise<void>((resolve) => client.once('close', () => resolve())) : null)));
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await Promise.all(burst);
    const ackedAtKill = acked.length;
    await server.stop();
    expect(unacked.size).toBeGreaterThan(0); // the kill came with readings under way

    // Back up: what the devices had not got a PUBACK for comes again, and the last acknowledged ones a second time.
    server = await startChildServer(t);
    const again = [...unacked.values(), ...acked.slice(-200)];
    const reconnected = await Promise.all(keys.map((key) => connect(server!, key)));
    await Promise.all(
      reconnected.map((client, i) =>
        Promise.all(
          again
            .filter((sent) => sent.key === keys[i])
            .map((sent) => client.publishAsync(`devices/${sent.key}/up/reading`, JSON.stringify({ At: sent.at, ...plugReading }), { qos: 1 })),
        ),
      ),
    );
    await Promise.all(reconnected.map((client) => client.endAsync()));

    const rows = await t.database.withConnection((c) =>
      c.query<{ key: string; at: Date }>(`SELECT key, at FROM device_readings WHERE key = ANY($1)`, [keys]),
    );
    const stored = new Set(rows.map((row) => `${row.key}@${row.at.toISOString()}`));
    expect(stored.size).toBe(rows.length); // none twice
    const lost = acked.slice(0, ackedAtKill).filter((sent) => !stored.has(`${sent.key}@${sent.at}`));
    expect(lost).toEqual([]);
    expect(rows.length).toBe(ackedAtKill + unacked.size);
    // The hourly rollup (migration 0014) counted each stored reading once, none of the duplicates.
    const [{ counted }] = await t.database.withConnection((c) => c.query<{ counted: number }>('SELECT coalesce(sum(count), 0)::int AS counted FROM reading_hours'));
    expect(counted).toBe(rows.length);
  }, 150_000);
});
