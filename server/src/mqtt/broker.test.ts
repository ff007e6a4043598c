// The embedded broker on its own: sign-in, client ids, topic rules, a taken port. The gateway tests cover it with
// the real inventory.
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions } from 'mqtt';
import { collect, connectDevice, nextMessage, pause, refusalCode, waitFor } from '../testing/devices';
import { startBroker, type EmbeddedBroker } from './broker';

const A = '350000300000101';
const B = '350000300000102';
const SECRETS: Record<string, string> = { [A]: 'secret-of-device-a', [B]: 'secret-of-device-b' };
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as unknown as FastifyBaseLogger;

let broker: EmbeddedBroker;
beforeAll(async () => {
  broker = await startBroker({ port: 0, host: '127.0.0.1', log: silent, checkDevice: async (key, secret) => SECRETS[key] === secret });
});
afterAll(() => broker.close());

const server = () =>
  mqtt.connectAsync(broker.url, { ...broker.serverCredentials, clientId: 'paddock-server-test', reconnectPeriod: 0 }, false);

describe('signing in', () => {
  it('lets a device in with its key and secret, and the server with its own credentials', async () => {
    const device = await connectDevice(broker.url, A, SECRETS[A]);
    const own = await server();
    expect(device.connected && own.connected).toBe(true);
    await Promise.all([device.endAsync(), own.endAsync()]);
  });

  it.each<[string, () => IClientOptions, number]>([
    ['a wrong secret', () => ({ clientId: A, username: A, password: 'guess' }), 4],
    ['an unknown key', () => ({ clientId: '999999999999999', username: '999999999999999', password: 'x' }), 4],
    ['no credentials', () => ({ clientId: A }), 4],
    ['the server user with a wrong password', () => ({ clientId: 'paddock-server-x', username: broker.serverCredentials.username, password: 'guess' }), 4],
    ['a client id that is not its key (session takeover)', () => ({ clientId: B, username: A, password: SECRETS[A] }), 2],
  ])('refuses %s', async (_what, options, code) => {
    expect(await refusalCode(broker.url, options())).toBe(code);
  });
});

describe('topic rules (docs/protocol.md)', () => {
  it('refuses a subscription outside the device’s own down/ topics (SUBACK failure)', async () => {
    const a = await connectDevice(broker.url, A, SECRETS[A]);
    const refused = await a
      .subscribeAsync({ [`devices/${B}/down/#`]: { qos: 1 }, [`devices/${A}/down/#`]: { qos: 1 }, 'devices/+/up/#': { qos: 1 } })
      .catch((error: { packet?: { granted?: number[] } }) => error.packet?.granted);
    expect(refused).toEqual([128, 1, 128]);
    const received = collect(a);
    const own = await server();
    await own.publishAsync(`devices/${B}/down/config`, '{"Version":1}', { qos: 1 });
    await own.publishAsync(`devices/${A}/down/config`, '{"Version":2}', { qos: 1 });
    await nextMessage(a, `devices/${A}/down/config`);
    expect(received.map((message) => message.topic)).toEqual([`devices/${A}/down/config`]);
    await Promise.all([a.endAsync(), own.endAsync()]);
  });

  it('drops a publish to another device’s up/ topics (and closes that connection); its own go through', async () => {
    const own = await server();
    await own.subscribeAsync('devices/+/up/#', { qos: 1 });
    const received = collect(own);
    const a = await connectDevice(broker.url, A, SECRETS[A]);
    await a.publishAsync(`devices/${A}/up/reading`, '{"Load":1}', { qos: 1 });
    await nextMessage(own, `devices/${A}/up/reading`);
    const closed = new Promise<void>((resolve) => a.once('close', () => resolve()));
    a.publish(`devices/${B}/up/reading`, '{"Load":999}', { qos: 1 });
    await closed;
    await pause(100);
    expect(received.map((message) => message.topic)).toEqual([`devices/${A}/up/reading`]);
    await Promise.all([a.endAsync(true), own.endAsync()]);
  });

  it('publishes a device’s last will on its own topic, never on another device’s', async () => {
    const own = await server();
    await own.subscribeAsync('devices/+/up/#', { qos: 1 });
    const received = collect(own);
    const will = (key: string) => ({ topic: `devices/${key}/up/status`, payload: Buffer.from('{"Online":false}'), qos: 1 as const, retain: false });
    const a = await connectDevice(broker.url, A, SECRETS[A], { will: will(B) });
    const b = await connectDevice(broker.url, B, SECRETS[B], { will: will(B) });
    const connected = broker.connectedClients();
    a.stream.destroy(); // dies without DISCONNECT: the will is due now
    // The broker has dealt with A's will (refused here; published first, had it been allowed) before it drops A.
    await waitFor(async () => broker.connectedClients(), (count) => count < connected);
    b.stream.destroy();
    // B's will comes after anything of A's: one subscriber gets the broker's messages in order.
    await nextMessage(own, `devices/${B}/up/status`);
    expect(received).toEqual([{ topic: `devices/${B}/up/status`, payload: '{"Online":false}', retain: false }]);
    await Promise.all([a.endAsync(true), b.endAsync(true), own.endAsync()]);
  });
});

describe('start', () => {
  it('fails naming MQTT_PORT when the port is taken', async () => {
    await expect(startBroker({ port: broker.port, host: '127.0.0.1', log: silent, checkDevice: async () => false })).rejects.toThrow(
      `MQTT_PORT ${broker.port} is already in use`,
    );
  });
});
