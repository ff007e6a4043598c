// FenceAlarm2 firmware over the air, end to end on the embedded broker: an admin asks, the device gets the retained
// request, reports progress and the new version, and the request is cleared; who may ask; what is refused.
import type { MqttClient } from 'mqtt';
import { collect, connectDevice, gatewayCaughtUp, nextMessage, waitFor } from '../testing/devices';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, createUser, signIn, testConfig, type TestApp } from '../testing/testApp';
import { demoInventory, demoKey } from './inventory';

const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));
type Json = Record<string, any>;

let t: TestApp;
let admin: string;
let owner: { id: string; token: string };
const clients: MqttClient[] = [];
let next = 10;

beforeAll(async () => {
  t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true });
  admin = await adminToken(t);
  const user = await createUser(t);
  owner = { id: user.id, token: await signIn(t, user.email, user.password) };
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

async function fence(product: 'fencealarm2' | 'smartplug' = 'fencealarm2') {
  next += 1;
  const key = demoKey(product, next);
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${product}s`, { token: owner.token, body: { Imei: key, Name: 'FOTA test' } });
  expect(response.statusCode).toBe(201);
  return key;
}

async function device(key: string) {
  const client = await connectDevice(t.app.mqttBroker!.url, key, SECRETS[key]);
  clients.push(client);
  return client;
}

const fota = (key: string, body: unknown, token = admin, method: 'PUT' | 'PATCH' = 'PUT') =>
  call(t.app, method, `/api/fencealarm2s/${key}/fota`, { token, body });
const get = async (key: string) => (await call(t.app, 'GET', `/api/fencealarm2s/${key}`, { token: owner.token })).json<Json>();
const report = (client: MqttClient, key: string, payload: unknown) => client.publishAsync(`devices/${key}/up/fota`, JSON.stringify(payload), { qos: 1 });

it('delivers the request to the device, shows its progress, and takes the new version when it is done', async () => {
  const key = await fence();
  const client = await device(key);
  await client.publishAsync(`devices/${key}/up/status`, JSON.stringify({ Online: true, Firmware: '1.4.2' }), { qos: 1 });
  await waitFor(() => get(key), (d) => d.Firmware?.Version === '1.4.2');

  const asked = await fota(key, { Url: 'coaps://fw.example.com/fencealarm2-1.5.0.bin', Checksum: 'AB12CD34'.repeat(8) });
  expect(asked.statusCode).toBe(200);
  expect(asked.json().Firmware).toMatchObject({
    Version: '1.4.2',
    Pending: { Url: 'coaps://fw.example.com/fencealarm2-1.5.0.bin', Checksum: 'ab12cd34'.repeat(8), Status: 'requested', Progress: 0 },
  });
  // Retained: a device that subscribes afterwards still gets it.
  const request = nextMessage(client, `devices/${key}/down/fota`);
  await client.subscribeAsync(`devices/${key}/down/fota`, { qos: 1 });
  const { Id, Url, Checksum } = JSON.parse((await request).payload);
  expect({ Url, Checksum }).toEqual({ Url: 'coaps://fw.example.com/fencealarm2-1.5.0.bin', Checksum: 'ab12cd34'.repeat(8) });

  await report(client, key, { Id, Status: 'downloading', Progress: 50 });
  await waitFor(() => get(key), (d) => d.Firmware.Pending?.Progress === 50);
  // A report of another update changes nothing.
  await report(client, key, { Id: 'someone-else', Status: 'done', Progress: 100, Version: '9.9.9' });
  await report(client, key, { Id, Status: 'done', Progress: 100, Version: '1.5.0' });
  const done = await waitFor(() => get(key), (d) => d.Firmware.Pending === null);
  expect(done.Firmware).toEqual({ Version: '1.5.0', Pending: null, LastError: null });

  // The request is cleared from the broker: a new subscriber gets nothing retained.
  await t.app.deviceGateway.idle();
  await gatewayCaughtUp(t, client, key); // the clear has reached the broker
  const other = await device(key);
  const retained = collect(other);
  await other.subscribeAsync(`devices/${key}/down/fota`, { qos: 1 });
  await gatewayCaughtUp(t, other, key);
  expect(retained.filter((m) => m.topic.endsWith('/fota') && m.payload.length > 0)).toEqual([]);
});

it('keeps the reason when the device reports the update failed', async () => {
  const key = await fence();
  const client = await device(key);
  const request = nextMessage(client, `devices/${key}/down/fota`);
  await client.subscribeAsync(`devices/${key}/down/fota`, { qos: 1 });
  expect((await fota(key, { Url: 'https://fw.example.com/fa2.bin', Checksum: '0'.repeat(64) }, admin, 'PATCH')).statusCode).toBe(200);
  const { Id } = JSON.parse((await request).payload);
  await report(client, key, { Id, Status: 'failed', Progress: 100, Error: 'checksum mismatch' });
  const failed = await waitFor(() => get(key), (d) => d.Firmware.Pending === null);
  expect(failed.Firmware.LastError).toBe('checksum mismatch');
});

it('is for admins only, for FenceAlarm2 only, and checks the URL scheme and the checksum (a SHA-256)', async () => {
  const key = await fence();
  const body = { Url: 'coap://fw.example.com/fa2.bin', Checksum: 'ab12cd34'.repeat(8) };
  expect((await call(t.app, 'PUT', `/api/fencealarm2s/${key}/fota`, { body })).statusCode).toBe(401);
  expect((await fota(key, body, owner.token)).statusCode).toBe(403);
  expect((await fota(await fence('smartplug'), body)).statusCode).toBe(404);
  expect((await fota('359999999999999', body)).statusCode).toBe(404);
  for (const [bad, field] of [
    [{ ...body, Url: 'http://fw.example.com/fa2.bin' }, 'Url'],
    [{ ...body, Url: 'coap://' }, 'Url'],
    [{ ...body, Checksum: 'xyz12345' }, 'Checksum'],
    [{ ...body, Checksum: 'ab12' }, 'Checksum'],
    // Issue 26: a CRC-32 (8 digits) or anything but a SHA-256 is refused, so a tampered image cannot match it.
    [{ ...body, Checksum: 'ab12cd34' }, 'Checksum'],
    [{ ...body, Checksum: 'ab12cd34'.repeat(16) }, 'Checksum'],
    [{ ...body, Checksum: `${'ab12cd34'.repeat(8)}0` }, 'Checksum'],
    [{ Url: body.Url }, 'Checksum'],
  ] as const) {
    const response = await fota(key, bad);
    expect([response.statusCode, response.json().Field]).toEqual([400, field]);
  }
  expect((await get(key)).Firmware?.Pending ?? null).toBeNull();
});
