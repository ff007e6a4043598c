// The embedded broker's limits, replayed with raw sockets and real clients: a client that never signs in cannot make
// it buffer a huge packet or hold a connection open, and an address cannot guess device secrets without end.
import { connect, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { loadConfig } from '../config';
import { connectDevice, nextMessage, refusalCode } from '../testing/devices';
import { SignInFailures, startBroker, type BrokerLimits, type EmbeddedBroker } from './broker';

const KEY = '350000300000201';
const SECRET = 'secret-of-the-device';
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as unknown as FastifyBaseLogger;

let clock = 0;
async function brokerWith(limits: Partial<BrokerLimits>): Promise<EmbeddedBroker> {
  return startBroker({ port: 0, host: '127.0.0.1', log: silent, checkDevice: async (key, secret) => key === KEY && secret === SECRET, limits, now: () => clock });
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Milliseconds until the broker closes `socket` (or `limitMs` when it keeps it open). */
function closedWithin(socket: Socket, limitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(limitMs), limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

describe('packet size', () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await brokerWith({ maxPacketBytes: 64 * 1024, connectTimeoutSeconds: 30 });
  });
  afterAll(() => broker.close());

  it('closes a connection that never signed in as soon as it announces a 64 MiB packet, without buffering it', async () => {
    const socket = await openSocket(broker.port);
    socket.on('error', () => undefined);
    const closed = closedWithin(socket, 5000);
    // A CONNECT whose fixed header announces 64 MiB (remaining length 0x80 0x80 0x80 0x20), then its first bytes.
    socket.write(Buffer.from([0x10, 0x80, 0x80, 0x80, 0x20]));
    let sent = 0;
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    while (sent < 1024 * 1024 && !socket.destroyed) {
      socket.write(chunk);
      sent += chunk.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await closed).toBeLessThan(2000); // aedes alone waits for the whole packet (and the 30 s connect time-out)
  });

  it('lets a device publish a few KB, and disconnects it for a packet above the limit', async () => {
    const own = await mqtt.connectAsync(broker.url, { ...broker.serverCredentials, clientId: 'paddock-server-limits', reconnectPeriod: 0 }, false);
    await own.subscribeAsync(`devices/${KEY}/up/#`, { qos: 1 });
    const device = await connectDevice(broker.url, KEY, SECRET);
    const reading = JSON.stringify({ Load: 1, Note: 'x'.repeat(4096) });
    await device.publishAsync(`devices/${KEY}/up/reading`, reading, { qos: 1 });
    expect((await nextMessage(own, `devices/${KEY}/up/reading`)).payload).toBe(reading);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    device.publish(`devices/${KEY}/up/reading`, 'x'.repeat(65 * 1024), { qos: 0 });
    await closed;
    await Promise.all([device.endAsync(true), own.endAsync()]);
  });
});

describe('connect time-out', () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await brokerWith({ connectTimeoutSeconds: 1 });
  });
  afterAll(() => broker.close());

  it('closes a socket that sends no CONNECT within the time-out', async () => {
    const socket = await openSocket(broker.port);
    const elapsed = await closedWithin(socket, 5000);
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(2500); // aedes's default is 30 s
  });
});

describe('failed sign-ins per device key and client address', () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await brokerWith({ signInFailuresPerKey: 3, signInFailuresPerIp: 6, signInWindowMs: 60_000 });
  });
  afterAll(() => broker.close());

  it('refuses a key that failed too often from an address, even with the right secret, until the window is over', async () => {
    for (let i = 0; i < 3; i += 1) expect(await refusalCode(broker.url, { clientId: KEY, username: KEY, password: `guess-${i}` })).toBe(4);
    expect(await refusalCode(broker.url, { clientId: KEY, username: KEY, password: SECRET })).toBe(5);
    // The server's own client, on the same address, still signs in.
    const own = await mqtt.connectAsync(broker.url, { ...broker.serverCredentials, clientId: 'paddock-server-own', reconnectPeriod: 0 }, false);
    await own.endAsync();
    clock += 60_000;
    const device = await connectDevice(broker.url, KEY, SECRET);
    expect(device.connected).toBe(true);
    await device.endAsync();
  });

  it('counts a burst of concurrent guesses before checking them: no more than the limit are checked', async () => {
    clock += 60_000;
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => refusalCode(broker.url, { clientId: KEY, username: KEY, password: `burst-${i}` })),
    );
    expect(codes.filter((code) => code === 4)).toHaveLength(3);
    expect(codes.filter((code) => code === 5)).toHaveLength(9);
  });

  it('counts per key and address with a ceiling of failures per address; a success gives its attempt back', () => {
    let now = 0;
    const failures = new SignInFailures(2, 3, 1000, () => now);
    expect(failures.take('10.0.0.1', 'a')).toBe(true);
    failures.giveBack('10.0.0.1', 'a'); // signed in
    for (const key of ['a', 'a']) {
      expect(failures.take('10.0.0.1', key)).toBe(true);
      failures.failed('10.0.0.1');
    }
    expect(failures.take('10.0.0.1', 'a')).toBe(false); // the key from this address
    expect(failures.take('10.0.0.2', 'a')).toBe(true); // another address
    // Attempts under way do not count against the address, only failures do.
    expect(failures.take('10.0.0.1', 'b')).toBe(true);
    expect(failures.take('10.0.0.1', 'c')).toBe(true);
    failures.failed('10.0.0.1');
    expect(failures.take('10.0.0.1', 'd')).toBe(false); // the address's ceiling of failures
    now = 1000;
    expect(failures.take('10.0.0.1', 'a')).toBe(true);
  });
});

describe('the lock-out docs/protocol.md states, with the default settings', () => {
  // The numbers of "Signing in": MQTT_SIGN_IN_FAILURES (10) in fixed windows of RATE_LIMIT_WINDOW_MINUTES (15), as app.ts passes them.
  const config = loadConfig({}, '/srv/paddock');
  const windowMs = config.rateLimitWindowMinutes * 60_000;
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await brokerWith({ ...config.mqttLimits, signInWindowMs: windowMs });
  });
  afterAll(() => broker.close());
  const wrong = (i: number) => refusalCode(broker.url, { clientId: KEY, username: KEY, password: `wrong-${i}` });
  const right = () => refusalCode(broker.url, { clientId: KEY, username: KEY, password: SECRET });

  it('10 wrong secrets lock the key out, the right one included, until 15 minutes after the first of them', async () => {
    expect([config.mqttLimits.signInFailuresPerKey, config.rateLimitWindowMinutes]).toEqual([10, 15]);
    const start = (clock += windowMs);
    expect(await wrong(0)).toBe(4);
    clock = start + 10 * 60_000; // the other nine later in the same window
    for (let i = 1; i < 10; i += 1) expect(await wrong(i)).toBe(4);
    expect(await right()).toBe(5);
    clock = start + windowMs - 1;
    expect(await right()).toBe(5);
    clock = start + windowMs;
    const device = await connectDevice(broker.url, KEY, SECRET);
    expect(device.connected).toBe(true);
    await device.endAsync();
  });

  it('9 wrong secrets do not: the right one still signs in', async () => {
    clock += windowMs;
    for (let i = 0; i < 9; i += 1) expect(await wrong(i)).toBe(4);
    const device = await connectDevice(broker.url, KEY, SECRET);
    expect(device.connected).toBe(true);
    await device.endAsync();
  });
});
