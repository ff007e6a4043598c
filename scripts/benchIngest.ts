// Readings through the broker into the database: demo devices of the bench user sign in to the server's embedded
// MQTT broker with their inventory secrets (docs/protocol.md) and publish simulator readings (QoS 1, each with its own
// At) as fast as the broker acknowledges them, for a bounded time and count. The rate is the readings stored in
// device_readings per second, from the first publish until the last one was applied.
import { upTopic } from '@paddock/shared/contract';
import { lastReadingTime, PRODUCT_HISTORIES, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { demoInventory, demoKey } from '../server/src/devices/inventory';
import { createModel, seededRng, step } from '../server/src/simulator/model';
import type { RunningServer } from '../tests/support/server';
import type { Row } from './benchRows';

/** Products whose live state names their newest reading's time, so one GET of the device list shows how far each device has got. */
const PRODUCTS_TIMED: ProductId[] = ['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'];
/** Demo numbers 1–10 of each: the seed and prepareFiftyDevices register them to the bench user. */
const DEVICES_PER_PRODUCT = 10;
const PUBLISH_SECONDS = 10;
/** Bounds the backlog the server is left with when publishing is much faster than storing. */
const MAX_READINGS_PER_DEVICE = 300;
/** Unacknowledged QoS 1 publishes each device keeps under way. */
const IN_FLIGHT = 10;
const LANDING_TIMEOUT_MS = 120_000;
const POLL_MS = 100;

export interface IngestDevice {
  key: string;
  product: ProductId;
}

export interface IngestTarget {
  server: RunningServer;
  /** The bench user's session and their device list (GET /users/{id}/devices). */
  headers: Record<string, string>;
  devicesUrl: string;
  /** DEMO_DEVICE_SECRET of the server: the devices' MQTT passwords derive from it. */
  demoDeviceSecret: string;
  /** Readings of `devices` stored between from and to, counted while the server runs. */
  countReadings(devices: IngestDevice[], from: Date, to: Date): Promise<number>;
}

export async function ingestRows(target: IngestTarget, database: string): Promise<Row[]> {
  const devices = PRODUCTS_TIMED.flatMap((product) => Array.from({ length: DEVICES_PER_PRODUCT }, (_, i) => ({ key: demoKey(product, i + 1), product })));
  const secrets = new Map(demoInventory({ demoDeviceSecret: target.demoDeviceSecret }).map((entry) => [entry.key, entry.secret]));
  const clients = await Promise.all(
    devices.map(({ key }) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${target.server.mqttPort}`, { clientId: key, username: key, password: secrets.get(key), clean: true, reconnectPeriod: 0 }),
    ),
  );
  const from = new Date();
  const started = performance.now();
  const published = await Promise.all(devices.map((device, i) => publishReadings(clients[i], device, started + PUBLISH_SECONDS * 1000)));
  const publishSeconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.endAsync()));
  const landed = await appliedBy(target, devices, published.map((p) => p.lastAt), started + LANDING_TIMEOUT_MS);
  const seconds = ((landed ?? performance.now()) - started) / 1000;
  const sent = published.reduce((sum, p) => sum + p.count, 0);
  const to = new Date(Math.max(...published.map((p) => p.lastAt.getTime())));
  const stored = await target.countReadings(devices, from, to);
  return [
    {
      what: `MQTT readings → device_readings, ${devices.length} devices publishing at once, ${database}`,
      value:
        `${(stored / seconds).toFixed(0)} readings/s stored (${stored.toLocaleString('en')} of ${sent.toLocaleString('en')} in ${seconds.toFixed(1)} s` +
        `${landed ? '' : ', timed out'}; the broker took them at ${(sent / publishSeconds).toFixed(0)}/s)`,
      budget: 'measured (every reading stored)',
      ok: landed !== null && stored === sent,
    },
  ];
}

/** Publishes the device's readings, IN_FLIGHT at a time, until `until` or MAX_READINGS_PER_DEVICE. */
async function publishReadings(client: MqttClient, { key, product }: IngestDevice, until: number): Promise<{ count: number; lastAt: Date }> {
  const rng = seededRng(`bench:${key}`);
  let model = createModel(product, seededRng(key));
  let lastAt = 0;
  let count = 0;
  const nextReading = () => {
    // One reading per device and At is kept (docs/protocol.md): every reading gets its own millisecond.
    lastAt = Math.max(Date.now(), lastAt + 1);
    const result = step(model, { seconds: 1, at: new Date(lastAt), fault: 'none', relay: true }, rng);
    model = result.model;
    return JSON.stringify(result.reading);
  };
  const sender = async () => {
    while (count < MAX_READINGS_PER_DEVICE && performance.now() < until) {
      count += 1;
      await client.publishAsync(upTopic(key, 'reading'), nextReading(), { qos: 1 });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  return { count, lastAt: new Date(lastAt) };
}

/**
 * When (performance.now()) the device list first showed every device's last reading applied, or null at the
 * deadline. The gateway applies a device's messages in order, so its last reading applied means all of them are.
 */
async function appliedBy(target: IngestTarget, devices: IngestDevice[], lastAts: Date[], deadline: number): Promise<number | null> {
  while (performance.now() < deadline) {
    const reply = await fetch(target.devicesUrl, { headers: target.headers });
    const list = (await reply.json()) as Record<string, Record<string, unknown>[]>;
    const shown = new Map(Object.values(list).flat().map((device) => [String(device.Imei ?? device.Imsi), device]));
    const applied = devices.every(({ key, product }, i) => {
      const device = shown.get(key);
      return device !== undefined && (lastReadingTime(product, device)?.getTime() ?? 0) >= lastAts[i].getTime();
    });
    if (applied) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return null;
}

/** Counts through the API, for a database no other process can read while the server runs (PGlite): each device's CSV export. */
export async function countReadingsByExport(server: RunningServer, headers: Record<string, string>, devices: IngestDevice[], from: Date, to: Date): Promise<number> {
  let rows = 0;
  for (const { key, product } of devices) {
    const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), format: 'csv' });
    const reply = await fetch(`${server.url}/api/${PRODUCTS[product].apiCollection}/${key}/${PRODUCT_HISTORIES[product][0]}?${query}`, { headers });
    if (reply.status !== 200) throw new Error(`counting ${key}'s readings: ${reply.status} ${await reply.text()}`);
    rows += (await reply.text()).split('\r\n').length - 2; // the header, and the empty string after the last CRLF
  }
  return rows;
}
