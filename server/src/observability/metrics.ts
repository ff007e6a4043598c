// Prometheus metrics of one server instance (docs/operations/monitor.md lists every one and what it means). Each app
// has a registry of its own: the tests build many apps in one process, and prom-client's global registry would
// refuse the second app's metrics. What lives in the database or in other objects (pool, job backlog, broker
// clients, NOTIFY lag) is read when Prometheus scrapes (collect()), with bounded queries and a time limit, so a
// scrape costs the same whatever the backlog and never waits on a stalled database for long.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { ALARM_JOB } from '../notify';
import { readingsBacklog } from '../readings';

/** Seconds, from 5 ms (a 304 poll) to 10 s (an export); Prometheus' usual spread. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Uplinks per batch: one at a time when quiet, up to MAX_BATCH (1000) under a burst (devices/gateway/batcher.ts). */
const BATCH_SIZE_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000];
/** A scrape's own database reads give up after this: the scrape reports what it has rather than hang. */
export const SCRAPE_QUERY_LIMIT_MS = 2000;
/** Probes awaited at most: one that comes back after its scrape gave up is still measured, until this many wait. */
const PROBES_KEPT = 20;
/** Due jobs counted at most: beyond this the backlog reads as this many (the count stays an index range scan). */
export const BACKLOG_COUNT_CAP = 10_000;
/** The channel of the NOTIFY probes (one per scrape; instances on one database ignore each other's). */
export const NOTIFY_PROBE_CHANNEL = 'paddock_metrics_probe';
/** Job kinds always reported (0 when none wait), so an alert on them has a series to evaluate. */
const KNOWN_JOB_KINDS = [ALARM_JOB];
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type UplinkOutcome = 'applied' | 'unregistered' | 'invalid' | 'ignored' | 'failed';
/**
 * Why a device message was dropped (acknowledged, never applied; docs/protocol.md "Fields and limits"), a fixed set
 * so the label stays small: the free-text reason goes to the log only.
 */
export const UPLINK_DROP_REASONS = ['not_json', 'missing_field', 'invalid_field', 'unknown_topic', 'not_supported', 'past_retention'] as const;
export type UplinkDropReason = (typeof UPLINK_DROP_REASONS)[number];
export type NotificationChannel = 'email' | 'sms' | 'push';

/** What the scrape reads from the device side (the gateway and, when embedded, the broker). */
export interface DeviceSideSources {
  /** The gateway's connection to the broker is up. */
  brokerConnected(): boolean;
  /** Clients connected to the embedded broker (devices and the server's own); null with an external broker. */
  embeddedClients(): number | null;
  /** The gateway can ingest (http/health.ts readiness: connected, subscribed, last uplink stored). */
  ingestReady(): boolean;
}

const withinLimit = <T>(work: Promise<T>, ms = SCRAPE_QUERY_LIMIT_MS): Promise<T | undefined> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([work.catch(() => undefined), late]).finally(() => clearTimeout(timer));
};

/**
 * Process metrics (CPU, memory, event loop lag, GC, handles) under the same prefix as the rest, collected once per
 * process: they describe the process, not an app, and each collection starts a GC observer and an event-loop monitor
 * that nothing stops (one per app built left hundreds of them in a test worker).
 */
let processRegistry: Registry | null = null;
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'paddock_' });
  }
  return processRegistry;
}

export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'paddock_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, and how long they took',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly uplinks = new Counter({
    name: 'paddock_ingest_uplinks_total',
    help: 'Device uplinks handled by the gateway, by topic and outcome (failed: not stored, the device sends it again)',
    labelNames: ['topic', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly uplinksDropped = (() => {
    const counter = new Counter({
      name: 'paddock_ingest_uplinks_dropped_total',
      help: 'Device messages dropped without being applied (acknowledged all the same), by reason',
      labelNames: ['reason'] as const,
      registers: [this.registry],
    });
    // Every reason from 0, so an alert's increase() sees the first drop after a start.
    for (const reason of UPLINK_DROP_REASONS) counter.inc({ reason }, 0);
    return counter;
  })();

  readonly readingsStored = new Counter({
    name: 'paddock_ingest_readings_stored_total',
    help: 'Device readings stored',
    registers: [this.registry],
  });

  readonly ingestLag = new Histogram({
    name: 'paddock_ingest_lag_seconds',
    help: 'From an uplink reaching the gateway to its transaction committed (queue wait and write)',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly batchDuration = new Histogram({
    name: 'paddock_ingest_batch_duration_seconds',
    help: 'How long one ingest batch transaction took',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly batchSize = new Histogram({
    name: 'paddock_ingest_batch_size',
    help: 'Uplinks per ingest batch',
    buckets: BATCH_SIZE_BUCKETS,
    registers: [this.registry],
  });

  readonly notificationsSent = new Counter({
    name: 'paddock_notifications_sent_total',
    help: 'Alarm notifications handed to their transport, by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  readonly notificationsFailed = new Counter({
    name: 'paddock_notifications_failed_total',
    help: 'Alarm notifications their transport refused or failed (retried later), by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  readonly paymentsFailed = new Counter({
    name: 'paddock_payments_failed_total',
    help: 'Charges that took no money: declined by the provider, or failed (provider unreachable or erring)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly notifyLag = new Histogram({
    name: 'paddock_db_notify_lag_seconds',
    help: "From a probe's pg_notify being sent to this instance's listener receiving it (one probe per scrape)",
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly probeToken = randomUUID();
  private probeSeq = 0;
  private readonly probesWaiting = new Map<string, { sentAt: number; arrived(): void }>();
  private stopProbe: (() => Promise<void>) | null = null;
  private live = false;

  constructor() {
    // Every channel and reason from the start at 0, so rate() and increase() see the first failure.
    for (const channel of ['email', 'sms', 'push'] as const) {
      this.notificationsSent.inc({ channel }, 0);
      this.notificationsFailed.inc({ channel }, 0);
    }
    for (const reason of ['declined', 'error']) this.paymentsFailed.inc({ reason }, 0);
  }

  /** HTTP request done: `route` is the matched pattern (`/api/devices/:key`), never the URL with its ids. */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.httpDuration.observe(
      { method: HTTP_METHODS.has(method) ? method : 'OTHER', route: route ?? '(unmatched)', status_class: `${Math.floor(statusCode / 100)}xx` },
      seconds,
    );
  }

  /** One uplink settled (devices/gateway/gateway.ts). */
  observeUplink(topic: string, outcome: UplinkOutcome, receivedAt: Date, now: Date): void {
    this.uplinks.inc({ topic: ['status', 'reading', 'config', 'fota'].includes(topic) ? topic : 'other', outcome });
    if (outcome === 'failed') return;
    this.ingestLag.observe(Math.max(0, now.getTime() - receivedAt.getTime()) / 1000);
    if (outcome === 'applied' && topic === 'reading') this.readingsStored.inc();
  }

  /** A device message dropped (devices/gateway/gateway.ts); its free-text reason is logged there. */
  observeDrop(reason: UplinkDropReason): void {
    this.uplinksDropped.inc({ reason });
  }

  /** The gauges read at scrape time from the database, the device side and the shutdown (`draining`: readiness 503). */
  watch(database: Database, devices: DeviceSideSources | null, draining: () => boolean = () => false): void {
    new Gauge({
      name: 'paddock_db_pool_max_connections',
      help: 'Connections the PostgreSQL pool may open (DATABASE_POOL_SIZE); 1 on the embedded PGlite',
      registers: [this.registry],
      collect() {
        this.set(database.poolStats?.()?.max ?? 1);
      },
    });
    new Gauge({
      name: 'paddock_db_pool_connections',
      help: 'Open PostgreSQL pool connections, by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = database.poolStats?.();
        this.set({ state: 'in_use' }, stats ? stats.total - stats.idle : 0);
        this.set({ state: 'idle' }, stats?.idle ?? 0);
      },
    });
    new Gauge({
      name: 'paddock_db_pool_waiting_queries',
      help: 'Queries waiting for a free PostgreSQL connection (beyond 6 per connection they are refused with 503)',
      registers: [this.registry],
      collect() {
        this.set(database.poolStats?.()?.waiting ?? 0);
      },
    });

    // One bounded query for both job gauges: due jobs in run_at order through jobs_run_at_idx, at most the cap.
    let backlog: Promise<Map<string, { due: number; oldestSeconds: number }> | undefined> | null = null;
    const readBacklog = () =>
      (backlog ??= withinLimit(
        database.db
          .execute<{ kind: string; due: number | string; oldest: number | string | null }>(
            sql`SELECT kind, count(*) AS due, extract(epoch FROM now() - min(run_at)) AS oldest
                  FROM (SELECT kind, run_at FROM jobs WHERE failed_at IS NULL AND run_at <= now()
                         ORDER BY run_at LIMIT ${BACKLOG_COUNT_CAP}) AS due_jobs
                 GROUP BY kind`,
          )
          .then((result) => {
            const rows = (result as unknown as { rows: { kind: string; due: number | string; oldest: number | string | null }[] }).rows;
            return new Map(rows.map((row) => [row.kind, { due: Number(row.due), oldestSeconds: Math.max(0, Number(row.oldest ?? 0)) }]));
          }),
      ).finally(() => {
        // Both gauges of one scrape share the read; the next scrape reads again.
        setImmediate(() => (backlog = null));
      }));
    const kindsOf = (found: Map<string, unknown>) => [...new Set([...KNOWN_JOB_KINDS, ...found.keys()])];
    new Gauge({
      name: 'paddock_jobs_due',
      help: `Jobs due and not yet done (alarm notifications: kind ${ALARM_JOB}), by kind; counted up to ${BACKLOG_COUNT_CAP}`,
      labelNames: ['kind'] as const,
      registers: [this.registry],
      async collect() {
        const found = await readBacklog();
        if (!found) return; // the database did not answer in time: the last values stay
        this.reset();
        for (const kind of kindsOf(found)) this.set({ kind }, found.get(kind)?.due ?? 0);
      },
    });
    new Gauge({
      name: 'paddock_jobs_oldest_due_age_seconds',
      help: 'How long the oldest due job has been waiting, by kind (0 when none waits)',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      async collect() {
        const found = await readBacklog();
        if (!found) return;
        this.reset();
        for (const kind of kindsOf(found)) this.set({ kind }, found.get(kind)?.oldestSeconds ?? 0);
      },
    });

    // The readings' lifecycle jobs (docs/architecture/readings.md): both gauges of one scrape share one catalog read.
    let readings: Promise<Awaited<ReturnType<typeof readingsBacklog>> | undefined> | null = null;
    const readReadings = () =>
      (readings ??= withinLimit(readingsBacklog(database.db, new Date())).finally(() => setImmediate(() => (readings = null))));
    new Gauge({
      name: 'paddock_readings_partitions_awaiting_compaction',
      help: 'Completed days of raw readings not yet rewritten in device order (readings/compaction.ts); 0 or 1 when the job keeps up',
      registers: [this.registry],
      async collect() {
        const found = await readReadings();
        if (found) this.set(found.awaitingCompaction);
      },
    });
    new Gauge({
      name: 'paddock_readings_partitions_past_retention',
      help: 'Partitions of raw readings wholly older than READINGS_RETENTION_DAYS and not dropped yet; 0 or 1 when the maintenance keeps up',
      registers: [this.registry],
      async collect() {
        const found = await readReadings();
        if (found) this.set(found.pastRetention);
      },
    });

    new Gauge({
      name: 'paddock_ready',
      help: 'What /api/health/ready says at scrape time: 1 when the database answers and the gateway can ingest, else 0 (shutting down too)',
      registers: [this.registry],
      async collect() {
        const answered = await withinLimit(database.db.execute(sql`SELECT 1`).then(() => true));
        this.set(!draining() && answered && (devices?.ingestReady() ?? true) ? 1 : 0);
      },
    });

    const probeNotify = () => this.probeNotify(database);
    new Gauge({
      name: 'paddock_db_notify_listening',
      help: "1 while this instance's LISTEN connection is live (sessions, device list versions), else 0",
      registers: [this.registry],
      async collect() {
        this.set((await probeNotify()) ? 1 : 0);
      },
    });

    if (!devices) return;
    new Gauge({
      name: 'paddock_mqtt_connected',
      help: "1 while the gateway's connection to the MQTT broker is up, else 0",
      registers: [this.registry],
      collect() {
        this.set(devices.brokerConnected() ? 1 : 0);
      },
    });
    if (devices.embeddedClients() === null) return;
    new Gauge({
      name: 'paddock_mqtt_clients',
      help: "Clients connected to the embedded MQTT broker (the devices and the server's own client)",
      registers: [this.registry],
      collect() {
        this.set(devices.embeddedClients() ?? 0);
      },
    });
  }

  /** Listens for this instance's NOTIFY probes (each scrape sends one, probeNotify). */
  async listenForProbes(database: Database): Promise<void> {
    const listener = await database.listen(
      NOTIFY_PROBE_CHANNEL,
      (payload) => {
        const waiting = this.probesWaiting.get(payload);
        if (!waiting) return; // another instance's probe
        this.probesWaiting.delete(payload);
        this.notifyLag.observe((performance.now() - waiting.sentAt) / 1000);
        waiting.arrived();
      },
      (live) => (this.live = live),
    );
    this.stopProbe = () => listener.close();
  }

  /**
   * Sends a probe through pg_notify and waits (at most SCRAPE_QUERY_LIMIT_MS) for it to come back on the listening
   * connection, where the lag is observed; whether the listener is live. The database's triggers carry no send time
   * (migration 0016), so the probe measures the same path their notifications take.
   */
  private async probeNotify(database: Database): Promise<boolean> {
    if (!this.stopProbe) return false;
    const payload = `${this.probeToken}:${++this.probeSeq}`;
    const arrived = new Promise<void>((resolve) => this.probesWaiting.set(payload, { sentAt: performance.now(), arrived: resolve }));
    // A late probe is observed when it comes (its lag is what an alert wants to see); a lost one is forgotten in time.
    if (this.probesWaiting.size > PROBES_KEPT) this.probesWaiting.delete(this.probesWaiting.keys().next().value!);
    await withinLimit(Promise.all([database.db.execute(sql`SELECT pg_notify(${NOTIFY_PROBE_CHANNEL}, ${payload})`), arrived]));
    return this.live;
  }

  async close(): Promise<void> {
    await this.stopProbe?.();
    this.stopProbe = null;
  }

  /** The Prometheus text exposition and its content type: this process's metrics, then this app's. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    const [processText, appText] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return { body: `${processText}\n${appText}`, contentType: this.registry.contentType };
  }
}
