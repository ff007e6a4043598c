// The simulator against a real broker: a plain aedes on a free port that records how devices sign in and where they
// publish and subscribe (the server's broker enforces that; here it is only checked), watched by a test client
// subscribed to devices/+/up/#.
import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { configReportSchema, DeviceAck, DeviceStatus, FotaReport, READING_SCHEMAS } from '@paddock/shared/contract';
import { isConfiguredProduct, type ProductId } from '@paddock/shared/domain';
import type { TSchema } from '@sinclair/typebox';
import { parsePayload } from '../devices/gateway/payloads';
import { SERVER_PRODUCTS } from '../devices/products';
import { waitFor } from '../testing/devices';
import { startSimulator, withoutCredentials } from './index';

interface Message {
  key: string;
  /** status, reading, config or ack. */
  kind: string;
  payload: Record<string, unknown>;
  retain: boolean;
  /** ms since the epoch, when the test client got it. */
  at: number;
}

const INTERVAL_SECONDS = 3;
/** For a test that waits out several reporting intervals: beyond jest's 10 s default on a busy machine. */
const INTERVALS_TIMEOUT_MS = 30_000;
const DEVICES: { key: string; product: ProductId; secret: string }[] = [
  { key: '240010000900001', product: 'farmcam-sim', secret: 'test-secret-0000001' },
  { key: '350000100900001', product: 'fencealarm', secret: 'test-secret-0000002' },
  { key: '350000200900001', product: 'fencealarm2', secret: 'test-secret-0000003' },
  { key: '350000300900001', product: 'smartplug', secret: 'test-secret-0000004' },
  { key: '350000400900001', product: 'smartplug2', secret: 'test-secret-0000005' },
];
const keyOf = (product: ProductId) => DEVICES.find((d) => d.product === product)!.key;

const WRONG_SECRET = 'not-the-secret-of-it';
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const warnings: unknown[][] = [];
const log = { ...silent, warn: (...a: unknown[]) => warnings.push(a) };

let broker: Aedes;
const signIns: { clientId: string; username?: string; password?: string }[] = [];
/** Publishes and subscriptions of a device outside what docs/protocol.md lets it use. */
const outOfBounds: string[] = [];
const isDevice = (clientId: string) => DEVICES.some((d) => d.key === clientId) || clientId.startsWith('3500004009');
let server: net.Server;
let url: string;
let watcher: MqttClient;
const received: Message[] = [];
let waiters: (() => void)[] = [];

/** The first message from index `from` on that matches, waiting up to `timeoutMs` for it. */
function next(match: (m: Message) => boolean, from = 0, timeoutMs = 8000): Promise<Message> {
  return new Promise((resolve, reject) => {
    const look = () => received.slice(from).find(match);
    const found = look();
    if (found) return resolve(found);
    const timer = setTimeout(() => {
      waiters = waiters.filter((w) => w !== waiter);
      reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(received.slice(from).map((m) => [m.key, m.kind]))}`));
    }, timeoutMs);
    const waiter = () => {
      const hit = look();
      if (!hit) return;
      clearTimeout(timer);
      waiters = waiters.filter((w) => w !== waiter);
      resolve(hit);
    };
    waiters.push(waiter);
  });
}
const mark = () => received.length;
const of = (product: ProductId, kind: string) => (m: Message) => m.key === keyOf(product) && m.kind === kind;
const reading = (product: ProductId, from: number) => next(of(product, 'reading'), from);

function send(product: ProductId, topic: 'config' | 'command' | 'simulate' | 'fota', payload: unknown, retain = false): Promise<void> {
  return new Promise((resolve, reject) =>
    watcher.publish(`devices/${keyOf(product)}/down/${topic}`, JSON.stringify(payload), { qos: 1, retain }, (e) => (e ? reject(e) : resolve())),
  );
}

async function connectWatcher(): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, { clientId: `watcher-${process.pid}`, reconnectPeriod: 0 });
  client.on('message', (topic, payload, packet) => {
    const [, key, , kind] = topic.split('/');
    received.push({ key, kind, payload: JSON.parse(payload.toString()), retain: packet.retain, at: Date.now() });
    waiters.slice().forEach((w) => w());
  });
  await client.subscribeAsync('devices/+/up/#', { qos: 1 });
  return client;
}

let simulator: { stop(): Promise<void> } | null = null;

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      signIns.push({ clientId: client.id, username, password: password?.toString() });
      if (password?.toString() !== WRONG_SECRET) return done(null, true);
      done(Object.assign(new Error('bad user name or password'), { returnCode: 4 as const }), false);
    },
    authorizePublish: (client, packet, done) => {
      if (client && isDevice(client.id) && !packet.topic.startsWith(`devices/${client.id}/up/`)) outOfBounds.push(`${client.id} published ${packet.topic}`);
      done(null);
    },
    authorizeSubscribe: (client, subscription, done) => {
      if (isDevice(client.id) && !subscription.topic.startsWith(`devices/${client.id}/down/`)) outOfBounds.push(`${client.id} subscribed ${subscription.topic}`);
      done(null, subscription);
    },
  });
  server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  watcher = await connectWatcher();
  // The server's own credentials in the URL (an external broker's MQTT_URL) must not replace the devices' own.
  const withServerCredentials = url.replace('mqtt://', 'mqtt://paddock-server:server-secret@');
  simulator = await startSimulator({ url: withServerCredentials, devices: DEVICES, intervalSeconds: INTERVAL_SECONDS, log });
});

afterAll(async () => {
  await simulator?.stop();
  await watcher?.endAsync();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => broker.close(() => resolve()));
});

describe('device simulator', () => {
  it('connects to the broker of a URL without its user name and password', () => {
    expect(withoutCredentials('mqtt://paddock-server:s%40cret@broker:1883')).toBe('mqtt://broker:1883');
    expect(withoutCredentials('mqtts://broker')).toBe('mqtts://broker');
  });

  it('refuses an interval that is not a whole number of seconds from 1 to a day', async () => {
    for (const intervalSeconds of [0, 1.5, 86_401]) {
      await expect(startSimulator({ url: 'mqtt://127.0.0.1:1', devices: [], intervalSeconds, log: silent })).rejects.toThrow('intervalSeconds');
    }
  });

  it('signs every device in with its key and secret, the client id being the key', async () => {
    await Promise.all(DEVICES.map((d) => next((m) => m.key === d.key && m.kind === 'status')));
    for (const device of DEVICES) {
      expect(signIns.filter((s) => s.clientId === device.key)).toEqual([{ clientId: device.key, username: device.key, password: device.secret }]);
    }
    expect(broker.connectedClients).toBe(DEVICES.length + 1);
  });

  it('publishes a retained status on connect and a first reading within about 2 s', async () => {
    for (const device of DEVICES) {
      const status = await next((m) => m.key === device.key && m.kind === 'status');
      expect(status.payload).toEqual({ Online: true, Firmware: SERVER_PRODUCTS[device.product].simulation.firmware, IntervalSeconds: INTERVAL_SECONDS });
      const first = await next((m) => m.key === device.key && m.kind === 'reading');
      expect(first.at - status.at).toBeLessThan(2000);
      expect(Math.abs(Date.parse(first.payload.At as string) - first.at)).toBeLessThan(1000);
    }
  });

  it('sends readings every interval that change from one to the next', async () => {
    const from = mark();
    for (const device of DEVICES) {
      const first = await next((m) => m.key === device.key && m.kind === 'reading', from, 10_000);
      const second = await next((m) => m.key === device.key && m.kind === 'reading', received.indexOf(first) + 1, 10_000);
      expect(second.at - first.at).toBeGreaterThan(INTERVAL_SECONDS * 1000 * 0.8);
      expect(second.at - first.at).toBeLessThan(INTERVAL_SECONDS * 1000 * 1.2);
      const { At: _a, ...before } = first.payload;
      const { At: _b, ...after } = second.payload;
      expect(after).not.toEqual(before);
    }
  }, INTERVALS_TIMEOUT_MS);

  it('applies a configuration and reports it with its Version; a thermostat trigger switches the relay', async () => {
    const config = {
      Version: 4,
      BeepEnabled: false,
      PowerFailureAlarmEnabled: true,
      LoadAlarm: { Enabled: false, Lower: 0, Upper: 3700 },
      TemperatureRangeAlarm: { Enabled: false, Lower: -20, Upper: 70 },
      Timer: { Enabled: false, On: [], Off: [] },
      // Always warmer than -20 °C: the thermostat switches the heater off.
      Thermostat: { Enabled: true, Triggers: [{ Days: '0,1,2,3,4,5,6', Above: true, Temperature: -20, SetPowerEnabled: false }] },
    };
    const from = mark();
    await send('smartplug', 'config', config, true);
    expect((await next(of('smartplug', 'config'), from)).payload).toEqual(config);
    const after = await reading('smartplug', mark());
    expect(after.payload).toMatchObject({ PowerEnabled: false, Load: 0 });
    // The thermostat off again, and the relay back on by command.
    const reset = mark();
    await send('smartplug', 'config', { ...config, Version: 5, Thermostat: { Enabled: false, Triggers: [] } }, true);
    expect((await next(of('smartplug', 'config'), reset)).payload).toMatchObject({ Version: 5 });
    await send('smartplug', 'command', { Id: 'thermostat-reset', Command: 'set-power', Enabled: true });
    await next((m) => of('smartplug', 'ack')(m) && m.payload.Id === 'thermostat-reset', reset);
    expect((await reading('smartplug', mark())).payload).toMatchObject({ PowerEnabled: true });
  });

  it('drops a configuration of the wrong shape without reporting it', async () => {
    const from = mark();
    await send('fencealarm2', 'config', { Version: 9, Threshold: 'high' });
    await send('fencealarm2', 'config', { Version: 10, AlarmEnabled: true, Threshold: 5010 });
    const report = await next(of('fencealarm2', 'config'), from);
    expect(report.payload).toEqual({ Version: 10, AlarmEnabled: true, Threshold: 5010 });
    expect(warnings.some(([, message]) => String(message).includes('bad configuration'))).toBe(true);
  });

  it('answers set-power with an ack and a fresh reading that shows the relay at once', async () => {
    for (const enabled of [false, true]) {
      const from = mark();
      const id = `cmd-${enabled}`;
      await send('smartplug2', 'command', { Id: id, Command: 'set-power', Enabled: enabled });
      const ack = await next(of('smartplug2', 'ack'), from);
      expect(ack.payload).toEqual({ Id: id, Ok: true, PowerEnabled: enabled });
      const fresh = await reading('smartplug2', received.indexOf(ack) + 1);
      expect(fresh.at - ack.at).toBeLessThan(1000);
      expect(fresh.payload.PowerEnabled).toBe(enabled);
      if (!enabled) expect(fresh.payload.Load).toBe(0);
    }
  });

  it('carries out a command delivered twice once: the repeat is acked with the relay as it is, not switched (docs/protocol.md)', async () => {
    const first = mark();
    await send('smartplug', 'command', { Id: 'tap-twice', Command: 'set-power', Enabled: false });
    const applied = await next((m) => of('smartplug', 'ack')(m) && m.payload.Id === 'tap-twice', first);
    expect(applied.payload).toEqual({ Id: 'tap-twice', Ok: true, PowerEnabled: false });
    const other = mark();
    await send('smartplug', 'command', { Id: 'tap-other', Command: 'set-power', Enabled: true });
    await next((m) => of('smartplug', 'ack')(m) && m.payload.Id === 'tap-other', other);
    const again = mark();
    await send('smartplug', 'command', { Id: 'tap-twice', Command: 'set-power', Enabled: false });
    const repeat = await next((m) => of('smartplug', 'ack')(m) && m.payload.Id === 'tap-twice', again);
    expect(repeat.payload).toEqual({ Id: 'tap-twice', Ok: true, PowerEnabled: true });
    expect((await reading('smartplug', received.indexOf(repeat) + 1)).payload.PowerEnabled).toBe(true);
  });

  it('refuses set-power on a device without a relay', async () => {
    const from = mark();
    await send('fencealarm', 'command', { Id: 'no-relay', Command: 'set-power', Enabled: false });
    expect((await next(of('fencealarm', 'ack'), from)).payload).toMatchObject({ Id: 'no-relay', Ok: false, Error: expect.any(String) });
  });

  it('shows a power failure in the very next reading and clears it with none', async () => {
    const from = mark();
    const sentAt = Date.now();
    await send('smartplug', 'simulate', { Fault: 'power-failure' });
    // A reading already on its way may arrive first; the fault shows in one published at once (within 1 s).
    const failed = await next((m) => of('smartplug', 'reading')(m) && m.payload.MainsPower === false, from, 1000);
    expect(failed.at - sentAt).toBeLessThan(1000);
    expect(failed.payload).toMatchObject({ MainsPower: false, Load: 0 });
    const back = mark();
    await send('smartplug', 'simulate', { Fault: 'none' });
    await next((m) => of('smartplug', 'reading')(m) && m.payload.MainsPower === true, back, 1000);
  });

  it('shows a low voltage of about 1500 V on both fence products and clears it with none', async () => {
    for (const product of ['fencealarm', 'fencealarm2'] as const) {
      const from = mark();
      const sentAt = Date.now();
      await send(product, 'simulate', { Fault: 'low-voltage' });
      // A reading already on its way may arrive first; the fault shows in one published at once (within 1 s).
      const low = await next((m) => of(product, 'reading')(m) && Math.abs((m.payload.Voltage as number) - 1500) < 200, from, 1000);
      expect(low.at - sentAt).toBeLessThan(1000);
      const back = mark();
      await send(product, 'simulate', { Fault: 'none' });
      await next((m) => of(product, 'reading')(m) && (m.payload.Voltage as number) > 4500, back, 1000);
    }
  });

  it('goes offline so that the last will fires, stays away, and comes back on none', async () => {
    const from = mark();
    await send('fencealarm', 'simulate', { Fault: 'offline' });
    const will = await next(of('fencealarm', 'status'), from);
    expect(will.payload).toEqual({ Online: false });
    // Away: nothing while the other fence reports twice, an interval apart.
    const away = mark();
    const first = await reading('fencealarm2', away);
    await reading('fencealarm2', received.indexOf(first) + 1);
    expect(received.slice(away).filter((m) => m.key === keyOf('fencealarm'))).toEqual([]);
    // Other faults do not bring it back: still nothing once the other fence has reported since.
    await send('fencealarm', 'simulate', { Fault: 'low-voltage' });
    await reading('fencealarm2', mark());
    expect(received.slice(away).filter((m) => m.key === keyOf('fencealarm'))).toEqual([]);
    // `none` reaches it once its listener is in: repeat until it is back.
    const back = mark();
    let online: Message | null = null;
    for (let i = 0; i < 20 && !online; i++) {
      await send('fencealarm', 'simulate', { Fault: 'none' });
      online = await next((m) => of('fencealarm', 'status')(m) && m.payload.Online === true, back, 500).catch(() => null);
    }
    expect(online?.payload).toMatchObject({ Online: true });
    const fresh = await reading('fencealarm', back);
    expect(fresh.payload.Voltage).toBeGreaterThan(4500);
  }, INTERVALS_TIMEOUT_MS);

  it('applies the retained configuration when a device connects', async () => {
    const device = { key: '350000400900002', product: 'smartplug2' as const, secret: 'test-secret-0000006' };
    const config = { Version: 3, AuditoryFeedback: false, PowerLoadAlarm: { Lower: 10, Upper: 2000 }, Timer: { Enabled: false, On: [], Off: [] } };
    await new Promise<void>((resolve, reject) =>
      watcher.publish(`devices/${device.key}/down/config`, JSON.stringify(config), { qos: 1, retain: true }, (e) => (e ? reject(e) : resolve())),
    );
    const from = mark();
    const extra = await startSimulator({ url, devices: [device], intervalSeconds: INTERVAL_SECONDS, log: silent });
    try {
      expect((await next((m) => m.key === device.key && m.kind === 'config', from)).payload).toEqual(config);
    } finally {
      await extra.stop();
    }
  });

  it('fires a zone timer at local time, the same before and after summer time starts (a moved clock)', async () => {
    const device = { key: '350000400900004', product: 'smartplug2' as const, secret: 'test-secret-0000007' };
    // docs/protocol.md "Time zones": 07:00 on Stockholm's wall clock, every day. Saturday 28 March 2026 is CET (UTC+1),
    // Sunday 29 March CEST (UTC+2): 06:00 UTC, then 05:00 UTC. Read as UTC it would fire at 07:00 UTC both days.
    const timer = { Enabled: true, On: [], Off: ['0 7 0,1,2,3,4,5,6'], TimeZone: 'Europe/Stockholm' };
    const config = { Version: 1, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 0, Upper: 3700 }, Timer: timer };
    let clock = new Date('2026-03-28T05:58:00Z');
    const relayAfter = async (moment: string) => {
      clock = new Date(moment);
      const from = mark();
      // The first reading may have been decided before the clock moved: take the one after it.
      await next((m) => m.key === device.key && m.kind === 'reading', from);
      return (await next((m) => m.key === device.key && m.kind === 'reading', mark())).payload.PowerEnabled;
    };
    const extra = await startSimulator({ url, devices: [device], intervalSeconds: 1, log: silent, now: () => clock });
    try {
      const from = mark();
      await new Promise<void>((resolve, reject) =>
        watcher.publish(`devices/${device.key}/down/config`, JSON.stringify(config), { qos: 1, retain: true }, (e) => (e ? reject(e) : resolve())),
      );
      await next((m) => m.key === device.key && m.kind === 'config', from);
      expect(await relayAfter('2026-03-28T05:59:00Z')).toBe(true); // 06:59 CET
      expect(await relayAfter('2026-03-28T06:01:00Z')).toBe(false); // 07:01 CET: switched off
      const on = mark();
      await new Promise<void>((resolve, reject) =>
        watcher.publish(`devices/${device.key}/down/command`, JSON.stringify({ Id: 'dst-on', Command: 'set-power', Enabled: true }), { qos: 1 }, (e) =>
          e ? reject(e) : resolve(),
        ),
      );
      await next((m) => m.key === device.key && m.kind === 'ack' && m.payload.Id === 'dst-on', on);
      expect(await relayAfter('2026-03-29T04:59:00Z')).toBe(true); // 06:59 CEST, a UTC timer would not fire before 07:00 UTC either
      expect(await relayAfter('2026-03-29T05:01:00Z')).toBe(false); // 07:01 CEST: switched off at local 07:00, not at 08:00
    } finally {
      await extra.stop();
      await new Promise<void>((resolve) => watcher.publish(`devices/${device.key}/down/config`, '', { qos: 1, retain: true }, () => resolve()));
    }
  }, INTERVALS_TIMEOUT_MS);

  it('fires a sunset + 30 entry from its location at the local minute, on a winter and a summer date', async () => {
    const device = { key: '350000400900005', product: 'smartplug2' as const, secret: 'test-secret-0000008' };
    // docs/protocol.md "Sun entries": Uppsala, sunset 14:45 CET on 21 December 2026 and 22:16 CEST on 21 June 2026
    // (shared domain/sun.test.ts): off at 20:46 UTC and at 14:15 UTC. A manual set-power on holds until then.
    const timer = {
      Enabled: true,
      On: [],
      Off: ['sunset+30 0,1,2,3,4,5,6'],
      TimeZone: 'Europe/Stockholm',
      Location: { Latitude: 59.8586, Longitude: 17.6389 },
    };
    const config = { Version: 1, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 0, Upper: 3700 }, Timer: timer };
    let clock = new Date('2026-06-21T20:40:00Z');
    const relayAfter = async (moment: string) => {
      clock = new Date(moment);
      const from = mark();
      // The first reading may have been decided before the clock moved: take the one after it.
      await next((m) => m.key === device.key && m.kind === 'reading', from);
      return (await next((m) => m.key === device.key && m.kind === 'reading', mark())).payload.PowerEnabled;
    };
    const switchOn = async (id: string) => {
      const on = mark();
      await new Promise<void>((resolve, reject) =>
        watcher.publish(`devices/${device.key}/down/command`, JSON.stringify({ Id: id, Command: 'set-power', Enabled: true }), { qos: 1 }, (e) =>
          e ? reject(e) : resolve(),
        ),
      );
      await next((m) => m.key === device.key && m.kind === 'ack' && m.payload.Id === id, on);
    };
    const extra = await startSimulator({ url, devices: [device], intervalSeconds: 1, log: silent, now: () => clock });
    try {
      const from = mark();
      await new Promise<void>((resolve, reject) =>
        watcher.publish(`devices/${device.key}/down/config`, JSON.stringify(config), { qos: 1, retain: true }, (e) => (e ? reject(e) : resolve())),
      );
      await next((m) => m.key === device.key && m.kind === 'config', from);
      // A minute before, switched on by hand after the jump (which may catch the day before's moment, as a plug whose
      // clock is set forward would), then at the minute.
      for (const [before, at, id] of [
        ['2026-06-21T20:45:00Z', '2026-06-21T20:46:00Z', 'sun-summer'], // 22:45 and 22:46 CEST
        ['2026-12-21T14:14:00Z', '2026-12-21T14:15:00Z', 'sun-winter'], // 15:14 and 15:15 CET
      ]) {
        await relayAfter(before);
        await switchOn(id);
        expect(await relayAfter(before)).toBe(true);
        expect(await relayAfter(at)).toBe(false);
      }
    } finally {
      await extra.stop();
      await new Promise<void>((resolve) => watcher.publish(`devices/${device.key}/down/config`, '', { qos: 1, retain: true }, () => resolve()));
    }
  }, INTERVALS_TIMEOUT_MS);

  it('plays a firmware update: progress, then the new version in its status; a checksum of zeros fails', async () => {
    const from = mark();
    await send('fencealarm2', 'fota', { Id: 'fw-1', Url: 'coap://fw.example/fencealarm2-1.5.0.bin', Checksum: 'ab12cd34' });
    const done = await next((m) => of('fencealarm2', 'fota')(m) && m.payload.Status === 'done', from);
    expect(done.payload).toEqual({ Id: 'fw-1', Status: 'done', Progress: 100, Version: '1.5.0' });
    const steps = received.slice(from).filter(of('fencealarm2', 'fota')).map((m) => `${String(m.payload.Status)} ${String(m.payload.Progress)}`);
    expect(steps).toEqual(['downloading 0', 'downloading 50', 'downloading 100', 'installing 100', 'done 100']);
    await next((m) => of('fencealarm2', 'status')(m) && m.payload.Firmware === '1.5.0', from);

    const failFrom = mark();
    await send('fencealarm2', 'fota', { Id: 'fw-2', Url: 'https://fw.example/image.bin', Checksum: '00000000' });
    const failed = await next((m) => of('fencealarm2', 'fota')(m) && m.payload.Status === 'failed', failFrom);
    expect(failed.payload).toMatchObject({ Id: 'fw-2', Error: 'checksum mismatch' });
  });

  it('sends only messages the gateway accepts (contract/deviceProtocol.ts)', () => {
    const kinds = new Set<string>();
    for (const message of received) {
      const product = DEVICES.find((d) => d.key === message.key)?.product ?? 'smartplug2';
      const schema: TSchema | null =
        message.kind === 'reading'
          ? READING_SCHEMAS[product]
          : message.kind === 'status'
            ? DeviceStatus
            : message.kind === 'ack'
              ? DeviceAck
              : message.kind === 'fota'
                ? FotaReport
              : message.kind === 'config' && isConfiguredProduct(product)
                ? configReportSchema(product)
                : null;
      expect([message.kind, schema && parsePayload(schema, JSON.stringify(message.payload)).ok]).toEqual([message.kind, true]);
      kinds.add(message.kind);
    }
    expect([...kinds].sort()).toEqual(['ack', 'config', 'fota', 'reading', 'status']);
  });

  it('publishes and subscribes only below its own devices/{key}/up/ and down/', () => {
    expect(outOfBounds).toEqual([]);
  });

  it('stop() says goodbye with Online false and disconnects every device', async () => {
    const from = mark();
    await simulator!.stop();
    simulator = null;
    for (const device of DEVICES) {
      expect((await next((m) => m.key === device.key && m.kind === 'status', from)).payload).toEqual({ Online: false });
    }
    await waitFor(async () => broker.connectedClients, (clients) => clients === 1, 5000); // the watcher
    const after = mark();
    // A witness device on a longer interval: its second reading comes later than any reading (an interval ±10 %) or
    // reconnect (2–3 s) a stopped device could still have had planned.
    const witness = { key: '350000100900002', product: 'fencealarm' as const, secret: 'test-secret-0000007' };
    const watching = await startSimulator({ url, devices: [witness], intervalSeconds: INTERVAL_SECONDS + 1, log });
    try {
      const isWitness = (m: Message) => m.key === witness.key && m.kind === 'reading';
      await next(isWitness, received.indexOf(await next(isWitness, after)) + 1);
    } finally {
      await watching.stop();
    }
    expect(received.slice(after).filter((m) => m.key !== witness.key)).toEqual([]);
  });
});
