// `npm start` on a machine whose own Mosquitto holds 1883: the default port gives way, a chosen one does not.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { APP_START_TIMEOUT_MS, createTestApp } from '../testing/testApp';

let taken: Server;
let takenPort: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

it('takes a free port when the default MQTT port is in use and MQTT_PORT was not set', async () => {
  const t = await createTestApp({ host: '127.0.0.1', mqttUrl: null, mqttPort: takenPort, mqttPortIsDefault: true }, { devices: true });
  try {
    expect(t.app.mqttBroker?.port).toEqual(expect.any(Number));
    expect(t.app.mqttBroker?.port).not.toBe(takenPort);
  } finally {
    await t.close();
  }
}, APP_START_TIMEOUT_MS);

it('fails naming MQTT_PORT when a port set on purpose is in use', async () => {
  await expect(
    createTestApp({ host: '127.0.0.1', mqttUrl: null, mqttPort: takenPort, mqttPortIsDefault: false }, { devices: true }),
  ).rejects.toThrow(`MQTT_PORT ${takenPort} is already in use`);
}, APP_START_TIMEOUT_MS);
