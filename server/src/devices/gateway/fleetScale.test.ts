// Fleet scale on the embedded broker (docs/architecture/README.md#fleet-scale): the configurations published again at
// start are read in pages, and the broker's retained messages stay one per configured registered device however
// devices publish, unregister, register again or leave with their account.
import { isConfiguredProduct, isProductId, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { devices } from '../../db/schema';
import { connectDevice, nextMessage, waitFor } from '../../testing/devices';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, testConfig, type TestApp } from '../../testing/testApp';
import type { Member } from '../../testing/testApp';
import { demoInventory, demoKey } from '../inventory';

const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));
const CONFIGURED: ProductId[] = ['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'];

let t: TestApp;
const clients: MqttClient[] = [];
beforeAll(async () => {
  t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true });
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

const broker = () => t.app.mqttBroker!;
const gateway = () => t.app.deviceGateway;
/** The registered devices that have a configuration to retain. */
async function configuredKeys(): Promise<string[]> {
  const rows = await t.database.db.select({ key: devices.key, product: devices.product }).from(devices).where(gt(devices.configVersion, 0));
  return rows.filter((row) => isProductId(row.product) && isConfiguredProduct(row.product)).map((row) => row.key);
}
const retainedBecomes = (expected: number) =>
  waitFor(
    () => broker().retainedCount(),
    (count) => count === expected,
  );

let next = 10;
async function register(owner: Member, product: ProductId, key = demoKey(product, (next += 1))): Promise<string> {
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS[product].apiCollection}`, {
    token: owner.token,
    body: { [PRODUCTS[product].keyField]: key, Name: 'Fleet' },
  });
  expect(response.statusCode).toBe(201);
  return key;
}
const unregister = (owner: Member, product: ProductId, key: string) =>
  call(t.app, 'DELETE', `/api/${PRODUCTS[product].apiCollection}/${key}`, { token: owner.token }).then((r) => expect(r.statusCode).toBe(204));

async function device(key: string, options: Parameters<typeof connectDevice>[3] = {}) {
  const client = await connectDevice(broker().url, key, SECRETS[key], options);
  clients.push(client);
  return client;
}

describe('start-up republish', () => {
  it('walks the registered devices in pages and gives every configuration back to the broker', async () => {
    const owner = await createMember(t);
    for (const product of CONFIGURED) for (let i = 0; i < 2; i += 1) await register(owner, product);
    await register(owner, 'farmcam-sim'); // no configuration: nothing retained
    const keys = await configuredKeys();
    expect(keys.length).toBeGreaterThanOrEqual(8);
    // As after a restart: the broker has nothing retained.
    for (const key of keys) gateway().clearRetained(key);
    await retainedBecomes(0);

    const pageSize = 3;
    expect(await gateway().republishConfigs(pageSize)).toEqual({ devices: keys.length, pages: Math.floor(keys.length / pageSize) + 1 });
    // Each page waited for the broker, so all of them are there on return.
    expect(await broker().retainedCount()).toBe(keys.length);
    const key = keys[keys.length - 1];
    const [row] = await t.database.db.select().from(devices).where(eq(devices.key, key));
    const client = await device(key);
    const config = nextMessage(client, `devices/${key}/down/config`);
    await client.subscribeAsync(`devices/${key}/down/config`, { qos: 1 });
    const received = await config;
    expect(received.retain).toBe(true);
    expect(JSON.parse(received.payload).Version).toBe(row.configVersion);
    // Nine registrations and a broker round trip per page: past the 10 s default on a loaded CI machine (PgBouncer).
  }, 30_000);
});

describe('retained messages', () => {
  it('are kept only for the configurations of registered devices, whatever devices publish retained', async () => {
    const owner = await createMember(t);
    const key = await register(owner, 'smartplug');
    const before = (await configuredKeys()).length;
    await retainedBecomes(before);
    const will = { topic: `devices/${key}/up/status`, payload: Buffer.from('{"Online":false}'), qos: 1 as const, retain: true };
    const client = await device(key, { will });
    await client.publishAsync(`devices/${key}/up/status`, JSON.stringify({ Online: true, Firmware: '1.4.2', IntervalSeconds: 60 }), { qos: 1, retain: true });
    for (let i = 0; i < 5; i += 1) await client.publishAsync(`devices/${key}/up/extra/${i}`, '{}', { qos: 1, retain: true });
    client.stream.destroy(); // the will, retained as the device asked
    await waitFor(
      () => t.database.db.select().from(devices).where(and(eq(devices.key, key), eq(devices.offline, true))),
      (rows) => rows.length === 1,
    );
    expect(await broker().retainedCount()).toBe(before);
  });

  it('go with an unregistered device, and registering it again many times keeps one', async () => {
    const owner = await createMember(t);
    const key = await register(owner, 'fencealarm2');
    const count = (await configuredKeys()).length;
    await retainedBecomes(count);
    await unregister(owner, 'fencealarm2', key);
    await retainedBecomes(count - 1);
    for (let i = 0; i < 5; i += 1) {
      await register(owner, 'fencealarm2', key);
      await unregister(owner, 'fencealarm2', key);
    }
    await register(owner, 'fencealarm2', key);
    await retainedBecomes(count);
  });

  it('go with the devices of a deleted account', async () => {
    const owner = await createMember(t);
    await register(owner, 'smartplug');
    await register(owner, 'fencealarm');
    const count = (await configuredKeys()).length;
    await retainedBecomes(count);
    expect((await call(t.app, 'DELETE', `/api/users/${owner.id}`, { token: owner.token, body: { Password: owner.password } })).statusCode).toBe(204);
    expect((await configuredKeys()).length).toBe(count - 2);
    await retainedBecomes(count - 2);
  });
});
