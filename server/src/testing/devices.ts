// Test helpers for the device side: real mqtt.js clients that sign in as devices, waiting for messages, polling
// until the server has applied something, and free ports.
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { ingestUplink, type Uplink } from '../devices/gateway/ingest';
import { demoInventory, demoKey } from '../devices/inventory';
import { call, createMember, testConfig, type Member, type TestApp } from './testApp';

/** A FenceAlarm reading of `key` applied as the gateway applies an uplink (no broker), received now. */
export function fenceReading(t: TestApp, key: string, voltage: number) {
  const payload = Buffer.from(JSON.stringify({ Voltage: voltage, Battery: 12.6, Rssi: -70 }));
  return ingestUplink(t.database.db, { key, name: 'reading', payload, retained: false, receivedAt: t.clock.now() });
}

const PLUG_READING = { Load: 120, Consumption: 35012, Temperature: 4.5, SignalStrength: 78, PowerEnabled: true, MainsPower: true };

/** A SmartPlug reading of `key` measured `at` (`values` over a typical one), as the broker hands it over now. */
export function plugReading(t: TestApp, key: string, at: Date, values: Record<string, unknown> = {}): Uplink {
  const payload = Buffer.from(JSON.stringify({ At: at.toISOString(), ...PLUG_READING, ...values }));
  return { key, name: 'reading', payload, retained: false, receivedAt: t.clock.now() };
}

/** Signs in as a device (client id = username = key); rejects with the broker's refusal. */
export function connectDevice(url: string, key: string, secret: string, options: IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(
    url,
    { clientId: key, username: key, password: secret, reconnectPeriod: 0, connectTimeout: 5000, ...options },
    false,
  );
}

/** The CONNACK return code of a refused sign-in (4: bad user name or password, 5: not authorized, 2: identifier rejected). */
export async function refusalCode(url: string, options: IClientOptions): Promise<number | undefined> {
  try {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options }, false);
    await client.endAsync();
    return undefined;
  } catch (error) {
    return (error as { code?: number }).code;
  }
}

export interface Received {
  topic: string;
  payload: string;
  retain: boolean;
}

/** Everything a client receives, from now on. */
export function collect(client: MqttClient): Received[] {
  const received: Received[] = [];
  client.on('message', (topic, payload, packet) => received.push({ topic, payload: payload.toString(), retain: packet.retain }));
  return received;
}

/** The next message on `topic` (or matching `accept`), within `timeoutMs`. */
export function nextMessage(
  client: MqttClient,
  topic: string,
  accept: (payload: string) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no message on ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (received: string, payload: Buffer, packet: { retain: boolean }) => {
      if (received !== topic || !accept(payload.toString())) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve({ topic, payload: payload.toString(), retain: packet.retain });
    };
    client.on('message', onMessage);
  });
}

/** Polls `read` until `done` holds for its value (then returns it), or fails after `timeoutMs` with the last value. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > until) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a test that nothing came waits for instead of a pause: the gateway publishes a marker now (a simulate message
 * a real device ignores) and this resolves once `client` has it. The broker passes one connection's messages on in
 * order and sends a subscription's retained messages as it takes it, so by then `client` has whatever the gateway
 * published before, and what was retained for the subscriptions it made before.
 */
export async function gatewayCaughtUp(t: TestApp, client: MqttClient, key: string): Promise<void> {
  const topic = `devices/${key}/down/simulate`;
  await client.subscribeAsync(topic, { qos: 1 });
  const marker = nextMessage(client, topic, (payload) => payload === MARKER);
  t.app.deviceGateway.simulate(key, JSON.parse(MARKER));
  await marker;
}
const MARKER = JSON.stringify({ Fault: 'none' });

/**
 * The other way round: resolves once every server instance of `apps` has received and stored what `client` (signed
 * in as `key`) published before. The device sends an ack each instance waits for (every instance gets every ack);
 * one connection's messages arrive in order, so the earlier ones are in hand by then, and stored once idle.
 */
export async function uplinksCaughtUp(apps: TestApp | TestApp[], client: MqttClient, key: string): Promise<void> {
  const gateways = (Array.isArray(apps) ? apps : [apps]).map((t) => t.app.deviceGateway);
  const id = `caught-up-${randomUUID()}`;
  const heard = gateways.map((gateway) => gateway.awaitAck(key, id));
  await client.publishAsync(`devices/${key}/up/ack`, JSON.stringify({ Id: id, Ok: true }), { qos: 1 });
  await Promise.all(heard);
  await Promise.all(gateways.map((gateway) => gateway.idle()));
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something listens on 127.0.0.1:`port` (a spawned broker or pooler); rejects after `timeoutMs`. */
export async function portListening(port: number, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms`);
    await pause(50);
  }
}

/**
 * A new member who registered demo plug number `n` of the product (its owner); `path` is the plug's API path. Each
 * test file keeps to its own numbers, so files never share a plug.
 */
export async function registeredPlug(
  t: TestApp,
  product: 'smartplug' | 'smartplug2',
  n: number,
): Promise<{ owner: Member; key: string; path: string }> {
  const owner = await createMember(t);
  const key = demoKey(product, n);
  const collection = product === 'smartplug' ? 'smartplugs' : 'smartplug2s';
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${collection}`, {
    token: owner.token,
    body: { Imei: key, Name: 'Heater' },
  });
  if (response.statusCode !== 201) throw new Error(`registering ${key}: ${response.statusCode} ${response.body}`);
  return { owner, key, path: `/api/${collection}/${key}` };
}

/** A command the server sent a device (docs/protocol.md "Commands"). */
export interface DeviceCommand {
  Id: string;
  Command: string;
  Enabled?: boolean;
}

/**
 * registeredPlug, with a real MQTT client signed in as the plug (its demo secret) that records every command it is sent.
 * The caller ends `client`.
 */
export async function plugTakingCommands(t: TestApp, product: 'smartplug' | 'smartplug2', n: number) {
  const plug = await registeredPlug(t, product, n);
  const secret = demoInventory(testConfig()).find((entry) => entry.key === plug.key)!.secret;
  const client = await connectDevice(t.app.mqttBroker!.url, plug.key, secret);
  const received = collect(client);
  await client.subscribeAsync(`devices/${plug.key}/down/command`, { qos: 1 });
  const commands = () => received.filter((m) => m.topic.endsWith('/down/command')).map((m) => JSON.parse(m.payload) as DeviceCommand);
  /** Waits until the plug has been sent `count` commands, and returns them. */
  const sent = (count: number) =>
    waitFor(
      async () => commands(),
      (list) => list.length >= count,
    );
  const ack = (command: DeviceCommand, enabled = command.Enabled) =>
    client.publishAsync(`devices/${plug.key}/up/ack`, JSON.stringify({ Id: command.Id, Ok: true, PowerEnabled: enabled }), { qos: 1 });
  return { ...plug, client, commands, sent, ack };
}
