// What docs/protocol.md promises a firmware author about readings and dropped messages, replayed end to end: a real
// database, the embedded broker, a real mqtt.js device, and /metrics scraped as Prometheus would (issue 30).
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { deviceReadings, devices } from '../../db/schema';
import { UPLINK_DROP_REASONS, type UplinkDropReason } from '../../observability/metrics';
import { connectDevice, uplinksCaughtUp, waitFor } from '../../testing/devices';
import { APP_START_TIMEOUT_MS, call, createTestApp, createUser, signIn, testConfig, type TestApp } from '../../testing/testApp';
import { demoInventory, demoKey } from '../inventory';

const TOKEN = 'scrape-token-protocol-30';
const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));
const DAY_MS = 86_400_000;

let t: TestApp;
const clients: MqttClient[] = [];
beforeAll(async () => {
  // The default raw retention (the test default keeps a century), so a reading can be older than it.
  t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null, metricsToken: TOKEN, readingsRetentionDays: 400 }, { devices: true });
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

let used = 1;
async function registered(product: ProductId) {
  const owner = await createUser(t);
  const token = await signIn(t, owner.email, owner.password);
  const key = demoKey(product, (used += 1));
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS[product].apiCollection}`, {
    token,
    body: { [PRODUCTS[product].keyField]: key, Name: 'Protocol test' },
  });
  expect(response.statusCode).toBe(201);
  const client = await connectDevice(t.app.mqttBroker!.url, key, SECRETS[key]);
  clients.push(client);
  const get = async (path = '') => (await call(t.app, 'GET', `/api/${PRODUCTS[product].apiCollection}/${key}${path}`, { token })).json();
  const [row] = await t.database.db.select().from(devices).where(eq(devices.key, key));
  return { key, client, get, registeredAt: row.registeredAt };
}

// QoS 1 on the embedded broker: the PUBACK comes once the gateway has stored or dropped the message.
const send = (client: MqttClient, key: string, name: string, payload: unknown) =>
  client.publishAsync(`devices/${key}/up/${name}`, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
const history = (key: string) => t.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, key)).orderBy(deviceReadings.at);

/** The dropped-message counter by reason, from a /metrics scrape. */
async function drops(): Promise<Record<UplinkDropReason, number>> {
  const text = (await call(t.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).body;
  return Object.fromEntries(
    UPLINK_DROP_REASONS.map((reason) => {
      const series = `paddock_ingest_uplinks_dropped_total{reason="${reason}"} `;
      const line = text.split('\n').find((entry) => entry.startsWith(series));
      return [reason, line === undefined ? Number.NaN : Number(line.slice(series.length))];
    }),
  ) as Record<UplinkDropReason, number>;
}

/** `at` written with a +02:00 offset, as a device on Central European Summer Time might. */
const withOffset = (at: Date) => `${new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;

describe('dropped messages (docs/protocol.md "Fields and limits")', () => {
  it('are counted by reason in /metrics, each reason from 0, and nothing of them is applied', async () => {
    const before = await drops();
    expect(Object.values(before).every((value) => value >= 0)).toBe(true); // every reason has its series

    const fence = await registered('fencealarm');
    const sim = await registered('farmcam-sim');
    const now = t.clock.now().getTime();
    await send(fence.client, fence.key, 'reading', { Voltage: 5230, Rssi: -71 }); // no Battery
    await send(fence.client, fence.key, 'reading', 'Voltage=5230');
    await send(fence.client, fence.key, 'reading', { At: '2026-05-01T10:00:00', Voltage: 5230, Battery: 12.4, Rssi: -71 }); // no zone
    await send(fence.client, fence.key, 'reading', { At: new Date(now - 401 * DAY_MS).toISOString(), Voltage: 5230, Battery: 12.4, Rssi: -71 });
    await send(fence.client, fence.key, 'status', { Online: true, IntervalSeconds: 86_401 });
    await send(fence.client, fence.key, 'fota', { Id: 'x', Status: 'done', Progress: 100 }); // FenceAlarm2 only
    await send(sim.client, sim.key, 'config', { Version: 1 }); // a FarmCam SIM has no configuration
    await send(fence.client, fence.key, 'foo', { Online: true });
    await send(fence.client, fence.key, 'reading/extra', { Voltage: 5230, Battery: 12.4, Rssi: -71 });
    await send(fence.client, fence.key, 'ack', { Ok: true }); // no Id
    await uplinksCaughtUp(t, fence.client, fence.key); // the ack comes over the server's own subscription

    const after = await waitFor(drops, (counts) => counts.missing_field - before.missing_field >= 2);
    const moved = Object.fromEntries(UPLINK_DROP_REASONS.map((reason) => [reason, after[reason] - before[reason]]));
    expect(moved).toEqual({ not_json: 1, missing_field: 2, invalid_field: 2, unknown_topic: 2, not_supported: 2, past_retention: 1 });

    // Acknowledged, never applied: no reading stored, no report shown, the too-long interval not taken.
    expect(await history(fence.key)).toEqual([]);
    expect((await fence.get()).LastReport).toBeNull();
    const [row] = await t.database.db.select().from(devices).where(eq(devices.key, fence.key));
    expect(row.reportingSeconds).toBeNull();
    // The limit itself is accepted.
    await send(fence.client, fence.key, 'status', { Online: true, IntervalSeconds: 86_400 });
    const [limit] = await t.database.db.select().from(devices).where(eq(devices.key, fence.key));
    expect(limit.reportingSeconds).toBe(86_400);
    expect((await drops()).invalid_field).toBe(after.invalid_field);
  });
});

describe('reading times (docs/protocol.md "Times" and "Readings")', () => {
  it('an At with an offset is the moment it names, kept and shown in UTC', async () => {
    const plug = await registered('fencealarm2');
    const measured = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000 - 60_000);
    await send(plug.client, plug.key, 'reading', { At: withOffset(measured), Voltage: 5010 });
    expect((await history(plug.key)).map((reading) => reading.at)).toEqual([measured]);
    expect(await plug.get()).toMatchObject({ Voltage: 5010, LastUplinkAt: measured.toISOString() });
  });

  it('a reading measured before the registration is stored and sets the live values, but no history shows it', async () => {
    const fence = await registered('fencealarm2');
    const before = new Date(fence.registeredAt.getTime() - 3_600_000);
    await send(fence.client, fence.key, 'reading', { At: before.toISOString(), Voltage: 4000 });
    expect((await history(fence.key)).map((reading) => reading.at)).toEqual([before]);
    expect(await fence.get()).toMatchObject({ Voltage: 4000, LastUplinkAt: before.toISOString() });

    const after = new Date(Math.max(t.clock.now().getTime(), fence.registeredAt.getTime() + 1));
    await send(fence.client, fence.key, 'reading', { At: after.toISOString(), Voltage: 5010 });
    const window = { from: new Date(before.getTime() - 3_600_000).toISOString(), to: new Date(after.getTime() + 1000).toISOString() };
    const points = await fence.get(`/voltage?from=${encodeURIComponent(window.from)}&to=${encodeURIComponent(window.to)}`);
    expect(points).toEqual([{ Timestamp: after.toISOString(), Voltage: 5010 }]);
    expect(await history(fence.key)).toHaveLength(2);
  });
});
