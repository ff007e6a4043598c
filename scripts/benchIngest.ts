// Readings through the broker into the database: demo devices of the bench user sign in to the server's embedded
// MQTT broker with their inventory secrets (docs/protocol.md) and publish simulator readings (QoS 1, each with its own
// At) as fast as the broker acknowledges them, for a bounded time. The broker acknowledges a reading only once it is
// stored (docs/architecture/README.md#ingest), so the rate is the readings stored per second, from the first publish
// to the last PUBACK; the count in device_readings afterwards proves every acknowledged one is there. The peer: the
// same number of rows inserted by a plain multi-row INSERT loop from this process (pg on PostgreSQL, an in-memory
// PGlite for the embedded database), the cost of the rows alone without MQTT, validation, live state and alarms.
import { PGlite } from '@electric-sql/pglite';
import { upTopic } from '@paddock/shared/contract';
import { PRODUCT_HISTORIES, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { Client } from 'pg';
import { demoInventory, demoKey } from '../server/src/devices/inventory';
import { createModel, seededRng, step } from '../server/src/simulator/model';
import type { RunningServer } from '../tests/support/server';
import type { Row } from './benchRows';

const PRODUCTS_TIMED: ProductId[] = ['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'];
/** Demo numbers 1–10 of each: the seed and prepareFiftyDevices register them to the bench user. */
const DEVICES_PER_PRODUCT = 10;
const PUBLISH_SECONDS = 10;
/** Unacknowledged QoS 1 publishes each device keeps under way. */
const IN_FLIGHT = 20;
/** Rows per INSERT of the peer. */
const PEER_ROWS_PER_INSERT = 500;

/** The targets of docs/architecture/README.md#budgets, in readings stored per second. */
export const INGEST_TARGETS = { 'embedded PGlite': 3_000, PostgreSQL: 10_000 } as const;

export interface IngestDevice {
  key: string;
  product: ProductId;
}

export interface IngestTarget {
  server: RunningServer;
  /** DEMO_DEVICE_SECRET of the server: the devices' MQTT passwords derive from it. */
  demoDeviceSecret: string;
  /** Readings of `devices` stored between from and to, counted while the server runs. */
  countReadings(devices: IngestDevice[], from: Date, to: Date): Promise<number>;
  /** PostgreSQL's URL for the peer (null: the peer runs on an in-memory PGlite). */
  peerDatabaseUrl: string | null;
}

export async function ingestRows(target: IngestTarget, database: keyof typeof INGEST_TARGETS): Promise<Row[]> {
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
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.endAsync()));
  const acked = published.reduce((sum, p) => sum + p.count, 0);
  const to = new Date(Math.max(...published.map((p) => p.lastAt.getTime())));
  const stored = await target.countReadings(devices, from, to);
  const rate = acked / seconds;
  const peer = await peerRate(target.peerDatabaseUrl, published.flatMap((p) => p.rows), acked);
  const goal = INGEST_TARGETS[database];
  return [
    {
      what: `MQTT readings stored (QoS 1, acknowledged once stored), ${devices.length} device connections, ${database}`,
      value: `${rate.toFixed(0)} readings/s (${acked.toLocaleString('en')} acknowledged in ${seconds.toFixed(1)} s, ${stored.toLocaleString('en')} stored)`,
      peer: `${peer.toFixed(0)} rows/s (plain multi-row INSERT of the same rows)`,
      ratio: rate / peer,
      budget: `≥ ${goal.toLocaleString('en')} readings/s, every acknowledged reading stored`,
      ok: rate >= goal && stored === acked,
    },
  ];
}

interface PeerRow {
  key: string;
  at: Date;
  data: string;
}

/** Publishes the device's readings, IN_FLIGHT at a time, until `until`; counts those acknowledged. */
async function publishReadings(client: MqttClient, { key, product }: IngestDevice, until: number): Promise<{ count: number; lastAt: Date; rows: PeerRow[] }> {
  const rng = seededRng(`bench:${key}`);
  let model = createModel(product, seededRng(key));
  let lastAt = 0;
  let count = 0;
  const rows: PeerRow[] = [];
  const nextReading = () => {
    // One reading per device and At is kept (docs/protocol.md): every reading gets its own millisecond.
    lastAt = Math.max(Date.now(), lastAt + 1);
    const result = step(model, { seconds: 1, at: new Date(lastAt), fault: 'none', relay: true }, rng);
    model = result.model;
    const payload = JSON.stringify(result.reading);
    rows.push({ key, at: new Date(lastAt), data: payload });
    return payload;
  };
  const sender = async () => {
    while (performance.now() < until) {
      await client.publishAsync(upTopic(key, 'reading'), nextReading(), { qos: 1 });
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  return { count, lastAt: new Date(lastAt), rows };
}

/** Rows per second of a plain multi-row INSERT loop of `rows` (the first `count`), into a table shaped like device_readings. */
async function peerRate(databaseUrl: string | null, rows: PeerRow[], count: number): Promise<number> {
  const taken = rows.slice(0, count);
  const create = 'CREATE TEMP TABLE peer_readings (key text NOT NULL, at timestamptz NOT NULL, data jsonb NOT NULL, PRIMARY KEY (key, at))';
  const statements = [];
  for (let i = 0; i < taken.length; i += PEER_ROWS_PER_INSERT) {
    const chunk = taken.slice(i, i + PEER_ROWS_PER_INSERT);
    const text = `INSERT INTO peer_readings (key, at, data) VALUES ${chunk.map((_, j) => `($${j * 3 + 1}, $${j * 3 + 2}, $${j * 3 + 3})`).join(', ')} ON CONFLICT DO NOTHING`;
    statements.push({ text, values: chunk.flatMap((row) => [row.key, row.at, row.data]) });
  }
  if (databaseUrl) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(create);
      const started = performance.now();
      for (const statement of statements) await client.query(statement);
      return taken.length / ((performance.now() - started) / 1000);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create();
  try {
    await db.exec(create);
    const started = performance.now();
    for (const statement of statements) await db.query(statement.text, statement.values);
    return taken.length / ((performance.now() - started) / 1000);
  } finally {
    await db.close();
  }
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
