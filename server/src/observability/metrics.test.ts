// /metrics on a real app with its device side (embedded broker, real mqtt.js device, real database: PGlite or
// PostgreSQL): Prometheus text with every metric family of docs/operations/monitor.md after real traffic (a request,
// a reading published by a device and stored, the alarm mail it sets off), behind METRICS_TOKEN, 404 without one,
// and alone on METRICS_PORT without a token.
import { PRODUCTS } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { loadConfig } from '../config';
import { devices } from '../db/schema';
import { demoInventory, demoKey } from '../devices/inventory';
import { connectDevice, waitFor } from '../testing/devices';
import { call, createTestApp, createUser, mailsTo, signIn, testConfig, type TestApp } from '../testing/testApp';

const TOKEN = 'scrape-token-7c1f4e0b9a';
/** How long a condition may take on a machine shared by many test runs (each wait ends as soon as it holds). */
const BUSY_MS = 60_000;
const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));

/** Every family the operators' page and the alert rules name (docs/operations/monitor.md). */
const FAMILIES = [
  'paddock_http_request_duration_seconds',
  'paddock_ingest_uplinks_total',
  'paddock_ingest_uplinks_dropped_total',
  'paddock_ingest_readings_stored_total',
  'paddock_ingest_lag_seconds',
  'paddock_ingest_batch_duration_seconds',
  'paddock_ingest_batch_size',
  'paddock_db_pool_max_connections',
  'paddock_db_pool_connections',
  'paddock_db_pool_waiting_queries',
  'paddock_jobs_due',
  'paddock_jobs_oldest_due_age_seconds',
  'paddock_db_notify_lag_seconds',
  'paddock_db_notify_listening',
  'paddock_mqtt_connected',
  'paddock_ready',
  'paddock_mqtt_clients',
  'paddock_notifications_sent_total',
  'paddock_notifications_failed_total',
  'paddock_payments_failed_total',
  'paddock_readings_partitions_awaiting_compaction',
  'paddock_readings_partitions_past_retention',
  'paddock_process_cpu_seconds_total',
  'paddock_nodejs_eventloop_lag_seconds',
];

/** A sample's value in Prometheus text: `name{labels} value`, labels as written by prom-client (in order). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics with METRICS_TOKEN, after real traffic', () => {
  let t: TestApp;
  let device: MqttClient | undefined;
  const scrape = () => call(t.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null, notifyPollSeconds: 1, metricsToken: TOKEN }, { devices: true });
  }, 120_000);
  afterAll(async () => {
    await device?.endAsync();
    await t.close();
  });

  it('refuses a scrape without the token or with another (401), with the token as a query parameter too', async () => {
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer not-the-token' }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN}x` }];
    for (const headers of refused) {
      const reply = await call(t.app, 'GET', '/metrics', { headers });
      expect(reply.statusCode).toBe(401);
      expect(reply.headers['www-authenticate']).toContain('Bearer');
      expect(reply.json()).toMatchObject({ Error: 'unauthorized' });
    }
    expect((await call(t.app, 'GET', `/metrics?token=${TOKEN}`)).statusCode).toBe(401);
  });

  it('answers Prometheus text with every family, counting a request, a stored reading and the alarm mail it set off', async () => {
    // A device of a new owner, with its voltage alarm on: a low reading enqueues the alarm mail (notify/worker.ts).
    const owner = await createUser(t, { locale: 'en-GB', smsEnabled: false });
    const token = await signIn(t, owner.email, owner.password);
    const key = demoKey('fencealarm', 7);
    expect((await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS.fencealarm.apiCollection}`, { token, body: { [PRODUCTS.fencealarm.keyField]: key, Name: 'North fence' } })).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.key, key));
    await t.database.db
      .update(devices)
      .set({ fields: { ...row.fields, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 } } })
      .where(eq(devices.key, key));

    device = await connectDevice(t.app.mqttBroker!.url, key, SECRETS[key]);
    // QoS 1: the broker acknowledges only once the gateway stored it (docs/architecture/README.md#ingest).
    await device.publishAsync(`devices/${key}/up/reading`, JSON.stringify({ Voltage: 2000, Battery: 12.6, Rssi: -70 }), { qos: 1 });
    await waitFor(() => mailsTo(t, owner.email), (mails) => mails.length > 0, BUSY_MS);

    // The worker counts the mail once its send returned: poll the scrape until it shows.
    const reply = await waitFor(scrape, (answer) => (sample(answer.body, 'paddock_notifications_sent_total{channel="email"}') ?? 0) >= 1, BUSY_MS);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    const text = reply.body;
    for (const family of FAMILIES) expect(text).toContain(`# TYPE ${family} `);

    expect(sample(text, 'paddock_ingest_readings_stored_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'paddock_ingest_uplinks_total{topic="reading",outcome="applied"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'paddock_ingest_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'paddock_ingest_batch_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    // The route pattern, never the URL with its ids; the status as a class.
    expect(sample(text, 'paddock_http_request_duration_seconds_count{method="POST",route="/api/users/:id/fencealarms",status_class="2xx"}')).toBe(1);
    expect(text).not.toContain(owner.id);
    expect(sample(text, 'paddock_http_request_duration_seconds_count{method="GET",route="/metrics",status_class="4xx"}')).toBeGreaterThanOrEqual(4);
    // The device and the server's own client on the embedded broker; the gateway connected to it.
    expect(sample(text, 'paddock_mqtt_clients')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'paddock_mqtt_connected')).toBe(1);
    expect(sample(text, 'paddock_ready')).toBe(1);
    // The NOTIFY probe of each scrape comes back on the listening connection (measured, and shown by a later scrape).
    expect(sample(text, 'paddock_db_notify_listening')).toBe(1);
    await waitFor(scrape, (answer) => (sample(answer.body, 'paddock_db_notify_lag_seconds_count') ?? 0) >= 1, BUSY_MS);
    expect(sample(text, 'paddock_jobs_due{kind="alarm-notice"}')).toBe(0);
    expect(sample(text, 'paddock_notifications_failed_total{channel="email"}')).toBe(0);
    expect(sample(text, 'paddock_payments_failed_total{reason="declined"}')).toBe(0);
    if (t.database.kind === 'postgres') expect(sample(text, 'paddock_db_pool_max_connections')).toBe(t.config.databasePool.size);
   }, 3 * BUSY_MS);

  it('counts a due job and its age, read from the database at scrape time', async () => {
    const { enqueueJob } = await import('../jobs/queue');
    // Due a minute ago, of a kind no worker delivers: it waits in the backlog.
    await enqueueJob(t.database.db, 'metrics-test', {}, new Date(Date.now() - 60_000));
    // A scrape on a busy database may give up its read (the last values stay): wait for one that read it.
    const { body: text } = await waitFor(scrape, (answer) => sample(answer.body, 'paddock_jobs_due{kind="metrics-test"}') !== undefined, BUSY_MS);
    expect(sample(text, 'paddock_jobs_due{kind="metrics-test"}')).toBe(1);
    expect(sample(text, 'paddock_jobs_oldest_due_age_seconds{kind="metrics-test"}')).toBeGreaterThanOrEqual(59);
   }, 2 * BUSY_MS);
});

describe('METRICS_TOKEN and METRICS_PORT', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://paddock.example.com', PAYMENT_TEST_MODE: 'on', PADDOCK_EMBEDDED: 'database,broker,mailbox' };

  it('are off unless set; METRICS_PORT takes a port (0: any free one)', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null, metricsPort: null });
    expect(loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' })).toMatchObject({ metricsToken: TOKEN, metricsPort: 9464 });
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/^METRICS_PORT must be a whole number/);
  });

  it('refuse a weak token in production, and take a strong one', () => {
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'password' })).toThrow(/^METRICS_TOKEN .*NODE_ENV=production/);
    expect(loadConfig({ ...production, METRICS_TOKEN: 'Kq7-vT2m-Xw9p-Lr4z-metrics-scrape' }).metricsToken).toBe('Kq7-vT2m-Xw9p-Lr4z-metrics-scrape');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ host: '127.0.0.1', metricsPort: 0 });
  }, 120_000);
  afterAll(() => t.close());

  it('is 404 on the app port (an error, never the web app page a scrape would take for success)', async () => {
    const scrapes: Record<string, string>[] = [{}, { authorization: 'Bearer anything' }];
    for (const headers of scrapes) {
      const reply = await call(t.app, 'GET', '/metrics', { headers });
      expect(reply.statusCode).toBe(404);
      expect(reply.headers['content-type']).toContain('application/json');
      expect(reply.json()).toMatchObject({ Error: 'not_found' });
    }
  });

  it('answers on METRICS_PORT without a token, and nothing else there', async () => {
    const base = `http://127.0.0.1:${t.app.metricsPort}`;
    const reply = await fetch(`${base}/metrics`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await reply.text();
    expect(text).toContain('# TYPE paddock_http_request_duration_seconds histogram');
    // No device side in this app: no broker gauges.
    expect(text).not.toContain('paddock_mqtt_connected');
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
