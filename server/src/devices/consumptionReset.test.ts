// The SmartPlug's consumption reset (docs/product/admin.md, docs/protocol.md reset-consumption) end to end: the
// embedded broker, the real device simulator as the plug, and plain MQTT clients for a plug that stays silent or refuses.
import type { Smartplug } from '@paddock/shared/contract';
import type { MqttClient } from 'mqtt';
import { startSimulator } from '../simulator';
import { connectDevice, registeredPlug, waitFor } from '../testing/devices';
import { FakeTimers } from '../testing/fakeTimers';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, testConfig, type TestApp } from '../testing/testApp';
import { demoInventory } from './inventory';

const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let timers: FakeTimers;
let admin: string;
const clients: MqttClient[] = [];
let used = 1;

beforeAll(async () => {
  timers = new FakeTimers();
  t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true, timers });
  admin = await adminToken(t);
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

const nextPlug = (product: 'smartplug' | 'smartplug2' = 'smartplug') => registeredPlug(t, product, ++used);

const reset = (key: string, token?: string) => call(t.app, 'POST', `/api/smartplugs/${key}/consumption/reset`, { token });
const get = async (key: string) => (await call(t.app, 'GET', `/api/smartplugs/${key}`, { token: admin })).json<Smartplug>();

/** A plug as a bare MQTT client: records the commands it gets and answers them (or not). */
async function scriptedPlug(key: string, answer: 'refuse' | 'silent') {
  const client = await connectDevice(t.app.mqttBroker!.url, key, SECRETS[key]);
  clients.push(client);
  const commands: Record<string, unknown>[] = [];
  client.on('message', (topic, payload) => {
    if (topic !== `devices/${key}/down/command`) return;
    const command = JSON.parse(payload.toString()) as { Id: string };
    commands.push(command);
    if (answer === 'refuse')
      void client.publishAsync(`devices/${key}/up/ack`, JSON.stringify({ Id: command.Id, Ok: false, Error: 'busy' }), { qos: 1 });
  });
  await client.subscribeAsync(`devices/${key}/down/command`, { qos: 1 });
  // A reading with a counter, so there is something to reset.
  await client.publishAsync(
    `devices/${key}/up/reading`,
    JSON.stringify({ Load: 10, Consumption: 4321, Temperature: 5, SignalStrength: 70, PowerEnabled: true, MainsPower: true }),
    { qos: 1 },
  );
  await waitFor(
    () => get(key),
    (device) => device.Consumption === 4321,
  );
  return commands;
}

describe('POST /api/smartplugs/{imei}/consumption/reset', () => {
  it('resets the simulated plug’s counter: 0 once it acks, and its next reading counts from 0', async () => {
    const { key } = await nextPlug();
    const simulator = await startSimulator({
      url: t.app.mqttBroker!.url,
      devices: [{ key, product: 'smartplug', secret: SECRETS[key] }],
      intervalSeconds: 1,
      log: silent,
    });
    try {
      const before = await waitFor(
        () => get(key),
        (device) => (device.Consumption ?? 0) > 100,
      );
      const response = await reset(key, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json<Smartplug>()).toMatchObject({ Imei: key, Consumption: 0 });
      // Readings go on (one follows the ack at once), counting from 0: the old counter does not come back.
      const after = await waitFor(
        () => get(key),
        (device) => device.LastUplinkAt !== null && device.LastUplinkAt > response.json<Smartplug>().LastUplinkAt!,
      );
      expect(after.Consumption).toBeLessThan(100);
      expect(after.Consumption).toBeLessThan(before.Consumption!);
    } finally {
      await simulator.stop();
    }
  });

  it('no ack within 60 s: 408, and the counter stays', async () => {
    const { key } = await nextPlug();
    const commands = await scriptedPlug(key, 'silent');
    const pending = reset(key, admin);
    await waitFor(
      async () => commands.length,
      (count) => count === 1,
    );
    expect(commands[0]).toEqual({ Id: expect.any(String), Command: 'reset-consumption' });
    expect(timers.waiting).toEqual([60_000]);
    timers.advance(60_000);
    const response = await pending;
    expect(response.statusCode).toBe(408);
    expect(response.json()).toMatchObject({ Error: 'device_timeout' });
    expect((await get(key)).Consumption).toBe(4321);
  });

  it('a refusal by the plug is a 502, and the counter stays', async () => {
    const { key } = await nextPlug();
    await scriptedPlug(key, 'refuse');
    const response = await reset(key, admin);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ Error: 'device_command_failed' });
    expect((await get(key)).Consumption).toBe(4321);
  });

  it('is for admins only: the owner gets 403 and no command reaches the plug; anonymous 401; unknown key 404', async () => {
    const { owner, key } = await nextPlug();
    const commands = await scriptedPlug(key, 'silent');
    expect((await reset(key, owner.token)).statusCode).toBe(403);
    expect((await reset(key)).statusCode).toBe(401);
    expect((await reset('359999999999999', admin)).statusCode).toBe(404);
    expect(commands).toEqual([]);
    // Only products with the capability have the call.
    const other = await nextPlug('smartplug2');
    expect((await call(t.app, 'POST', `/api/smartplug2s/${other.key}/consumption/reset`, { token: admin })).statusCode).toBe(404);
    expect((await reset(other.key, admin)).statusCode).toBe(404);
  });
});
