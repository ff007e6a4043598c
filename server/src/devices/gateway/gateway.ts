// The device gateway: the server's side of the MQTT protocol (docs/protocol.md). It ingests what
// devices send in batches (batcher.ts, ingest.ts), answers waiting commands with their acks (commands.ts), and
// publishes configuration, commands and simulator faults. A device's message is acknowledged only once stored
// (docs/architecture/README.md#ingest): the embedded broker hands it over before its PUBACK (accept), an external
// broker gets the gateway's PUBACK only then (mqtt/client.ts), and with AMQP_URL the uplinks come from RabbitMQ's
// queue, each acked only then (mqtt/uplinkQueue.ts). Without a broker connection (tests of the API alone) it
// publishes nothing and a command fails at once, as no device could answer it.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  DEVICE_COMMAND_TIMEOUT_MS,
  DeviceAck,
  downTopic,
  parseDeviceTopic,
  type DeviceAck as Ack,
  type DeviceCommand,
  type DeviceConfigMessage,
  type FotaRequest,
  type SimulateFault,
} from '@paddock/shared/contract';
import { deviceConfigOf, isConfiguredProduct, isProductId } from '@paddock/shared/domain';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { SpanKind, trace } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Db } from '../../db/client';
import { deviceCommands, devices } from '../../db/schema';
import { connectServerClient, type MqttEndpoint, type ServerClient } from '../../mqtt/client';
import { UplinkQueue } from '../../mqtt/uplinkQueue';
import { CommandTimeoutError, PendingCommands, realTimers, type Timers } from './commands';
import type { NoticeSettings } from '../../notify';
import type { Metrics, UplinkDropReason } from '../../observability';
import { IngestBatcher } from './batcher';
import { parsePayload } from './payloads';

export interface GatewayOptions {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  timers?: Timers;
  /** How long a command waits for its ack (docs/product/limits.md: 60 s). */
  commandTimeoutMs?: number;
  /** Quiet period of alarm notifications (default NOTIFY_QUIET_MINUTES' default). */
  notices?: NoticeSettings;
  /** Counts uplinks, their lag and the batches (docs/operations/monitor.md). */
  metrics?: Metrics;
}

/** A no-op unless tracing is on (observability/tracing.ts): a publish's span joins the request that made it. */
const tracer = trace.getTracer('paddock');

/**
 * Devices read per page when the configurations are published again at start: memory stays bounded however many are
 * registered (docs/architecture/README.md#fleet-scale).
 */
export const REPUBLISH_PAGE_SIZE = 500;

/** Shared subscriptions split the devices' messages between server instances; acks reach every instance, as the request may wait on any. */
export const SHARE_GROUP = 'paddock';
const SHARED_UPLINKS = ['status', 'reading', 'config', 'fota'] as const;
const ACKS = 'devices/+/up/ack';
export const EXTERNAL_BROKER_SUBSCRIPTIONS = [...SHARED_UPLINKS.map((name) => `$share/${SHARE_GROUP}/devices/+/up/${name}`), ACKS];

export interface ConnectOptions {
  /** The embedded broker hands device messages but acks to accept() itself: subscribe to acks only. */
  viaAccept?: boolean;
  /** The client id at an external broker, stable across restarts (its session is persistent, see mqtt/client.ts). */
  clientId?: string;
  /**
   * AMQP URL of the RabbitMQ whose MQTT plugin the devices use (AMQP_URL): uplinks come from its quorum queue, and
   * MQTT carries downlinks and acks only, under a client id of this process (nothing to keep in a session).
   */
  uplinkQueueUrl?: string;
}

/** Whether the gateway can take device messages right now, and if not, why (readiness, http/health.ts). */
export interface GatewayReadiness {
  /** The MQTT connection and its subscriptions, and the uplink queue's consumer when there is one. */
  broker: 'ok' | 'down';
  /** The last uplink could not be stored and none has been since. */
  ingest: 'ok' | 'down';
  /** What is wrong, for people: empty when ready. */
  problems: string[];
}

/** A stable default client id: one per host and HTTP port, so a restarted instance gets its session back. */
export const defaultClientId = (port: number) => `paddock-server-${hostname().replace(/[^A-Za-z0-9-]/g, '-')}-${port}`;

export class DeviceGateway {
  private server: ServerClient | null = null;
  private client: MqttClient | null = null;
  private uplinks: UplinkQueue | null = null;
  /** The last uplink's store failed and none has succeeded since (readiness). */
  private ingestFailing = false;
  private readonly pending: PendingCommands;
  /** Messages wait here only until stored, and are acknowledged then (batcher.ts). */
  private readonly batcher: IngestBatcher;
  private closing = false;
  /** Shutting down: uplinks are refused (left unacknowledged, so they come again), acks still settle commands. */
  private draining = false;
  /** Uplinks this instance has applied (tests see how instances share the work). */
  applied = 0;

  constructor(private readonly options: GatewayOptions) {
    this.pending = new PendingCommands(options.timers ?? realTimers);
    const { metrics } = options;
    this.batcher = new IngestBatcher(options.db, options.notices, undefined, metrics && ((size, seconds) => {
      metrics.batchSize.observe(size);
      metrics.batchDuration.observe(seconds);
    }));
  }

  /** Connects to the broker and subscribes to the devices' uplinks (acks only with viaAccept); rejects when the broker cannot be reached. */
  async connect(endpoint: MqttEndpoint, options: ConnectOptions = {}): Promise<void> {
    const acksOnly = options.viaAccept || options.uplinkQueueUrl;
    this.server = await connectServerClient(endpoint, acksOnly ? [ACKS] : EXTERNAL_BROKER_SUBSCRIPTIONS, this.options.log, {
      clientId: acksOnly ? undefined : options.clientId,
      onMessage: (topic, payload, packet) => this.receive(topic, payload, packet.retain),
    });
    this.client = this.server.client;
    if (!options.uplinkQueueUrl) return;
    try {
      this.uplinks = await UplinkQueue.start({
        url: options.uplinkQueueUrl,
        log: this.options.log,
        // A live publish: retained ones are not delivered again to a queue.
        onMessage: (topic, payload) => this.receive(topic, payload, false),
      });
    } catch (error) {
      await this.client.endAsync(true).catch(() => undefined);
      this.client = this.server = null;
      throw error;
    }
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Whether device messages can be taken and stored now (http/health.ts). */
  readiness(): GatewayReadiness {
    const problems: string[] = [];
    if (!this.client?.connected) problems.push('MQTT not connected');
    else if (!this.server?.subscribed) problems.push('MQTT not subscribed');
    if (this.uplinks && !this.uplinks.consuming) problems.push('uplink queue not consumed');
    const broker = problems.length ? 'down' : 'ok';
    if (this.ingestFailing) problems.push('the last uplink could not be stored');
    return { broker, ingest: this.ingestFailing ? 'down' : 'ok', problems };
  }

  /**
   * A device's message on `topic`, resolved once it is stored (or dropped as invalid or unregistered); rejects when
   * it could not be stored, so it is not acknowledged and comes again.
   */
  accept(key: string, topic: string, payload: Buffer): Promise<void> {
    const parsed = parseDeviceTopic(topic);
    // A deeper topic (up/a/b) passes the broker's rules but names nothing (an external broker never hands it over).
    if (!parsed) this.dropped(key, topic, 'unknown_topic', 'not a devices/{key}/up/{name} topic');
    if (!parsed || parsed.key !== key) return Promise.resolve();
    // Acks have nothing to store: they come over the gateway's own subscription, as on an external broker.
    if (parsed.name === 'ack') return Promise.resolve();
    return this.receive(topic, payload, false);
  }

  private async receive(topic: string, payload: Buffer, retained: boolean): Promise<void> {
    if (this.closing) throw new Error('the gateway is closing');
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.direction !== 'up') return;
    const { key, name } = parsed;
    if (this.draining && name !== 'ack') throw new Error('the gateway is stopping');
    if (name === 'ack') {
      const ack = parsePayload<Ack>(DeviceAck, payload);
      if (!ack.ok) this.dropped(key, topic, ack.problem, ack.reason);
      else {
        // A command sent under an Idempotency-Key keeps its ack, stored before any waiter hears it, so a retried
        // request that finds no ack stored is sure to get it by waiting (docs/protocol.md "Commands are idempotent").
        await this.options.db
          .update(deviceCommands)
          .set({ ack: ack.value })
          .where(and(eq(deviceCommands.commandId, ack.value.Id), eq(deviceCommands.deviceKey, key), isNull(deviceCommands.ack)))
          .catch((error: unknown) => this.options.log.warn({ device: key, err: error }, 'command ack not stored'));
        this.pending.settle(key, ack.value);
      }
      return;
    }
    const receivedAt = this.options.now();
    const result = await this.batcher
      .submit({ key, name, payload, retained, receivedAt })
      .catch((error: unknown) => {
        this.ingestFailing = true;
        this.options.metrics?.observeUplink(name, 'failed', receivedAt, this.options.now());
        this.options.log.error({ err: error, device: key }, 'device message not stored');
        throw error;
      });
    this.ingestFailing = false;
    if (result.outcome !== 'locked') this.options.metrics?.observeUplink(name, result.outcome, receivedAt, this.options.now());
    if (result.outcome === 'invalid' || result.outcome === 'ignored') this.dropped(key, topic, result.drop, result.reason);
    if (result.outcome === 'applied') this.applied += 1;
    if (result.outcome === 'applied' && result.fotaEnded) this.publish(downTopic(key, 'fota'), '', true);
  }

  /** A device message dropped, never applied: logged with its detail, counted by its reason (docs/operations/monitor.md). */
  private dropped(key: string, topic: string, drop: UplinkDropReason, reason: string): void {
    this.options.metrics?.observeDrop(drop);
    this.options.log.warn({ device: key, topic, reason }, 'device message dropped');
  }

  /** Resolves once every message received so far has been applied. */
  idle(): Promise<void> {
    return this.batcher.idle();
  }

  /**
   * Resolves once every message received so far from this device has been applied. Only those: a device that keeps
   * sending must not hold the caller past its own time-out.
   */
  settled(key: string): Promise<void> {
    return this.batcher.settled(key);
  }

  private publish(topic: string, payload: string, retain: boolean): void {
    if (!this.client) return;
    const span = tracer.startSpan('mqtt publish', { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'mqtt', 'messaging.destination.name': topic } });
    // QoS 1: while the connection is down, mqtt.js keeps it and sends it on reconnect.
    this.client.publish(topic, payload, { qos: 1, retain }, (error) => {
      if (error) this.options.log.warn({ topic, err: error.message }, 'MQTT publish failed');
      span.end();
    });
  }

  /** Like publish, resolved once the broker has acknowledged it (or it failed, logged). */
  private publishAcknowledged(topic: string, payload: string, retain: boolean): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    return new Promise((resolve) =>
      client.publish(topic, payload, { qos: 1, retain }, (error) => {
        if (error) this.options.log.warn({ topic, err: error.message }, 'MQTT publish failed');
        resolve();
      }),
    );
  }

  /** The configuration a device must run, retained so it gets it now or when it next connects. */
  publishConfig(key: string, message: DeviceConfigMessage): void {
    this.publish(downTopic(key, 'config'), JSON.stringify(message), true);
  }

  /** Removes what is retained for the device (it was unregistered): its configuration and any firmware request. */
  clearRetained(key: string): void {
    this.publish(downTopic(key, 'config'), '', true);
    this.publish(downTopic(key, 'fota'), '', true);
  }

  /** A firmware update for the device, retained until it reports the update done or failed (then cleared). */
  publishFota(key: string, request: FotaRequest): void {
    this.publish(downTopic(key, 'fota'), JSON.stringify(request), true);
  }

  /** Tells the simulator to play a fault or move its clock (real devices ignore it). */
  simulate(key: string, simulation: SimulateFault): void {
    this.publish(downTopic(key, 'simulate'), JSON.stringify(simulation), false);
  }

  /** Sends a command (under `id`, else a new one) and waits for its ack; rejects with CommandTimeoutError when none comes in time. */
  private async command(key: string, body: (id: string) => DeviceCommand, id: string = randomUUID()): Promise<Ack> {
    if (!this.client) throw new CommandTimeoutError(key, id);
    const answered = this.pending.wait(key, id, this.options.commandTimeoutMs ?? DEVICE_COMMAND_TIMEOUT_MS);
    this.publish(downTopic(key, 'command'), JSON.stringify(body(id)), false);
    return answered;
  }

  /** Switches a plug's relay and waits for its ack; rejects with CommandTimeoutError when none comes in time. */
  setPower(key: string, enabled: boolean, id?: string): Promise<Ack> {
    return this.command(key, (commandId) => ({ Id: commandId, Command: 'set-power', Enabled: enabled }), id);
  }

  /**
   * Waits for the ack of a command sent before (a retried request, docs/protocol.md "Commands are idempotent"),
   * sending nothing; rejects with CommandTimeoutError when none comes in time.
   */
  async awaitAck(key: string, id: string): Promise<Ack> {
    if (!this.client) throw new CommandTimeoutError(key, id);
    return this.pending.wait(key, id, this.options.commandTimeoutMs ?? DEVICE_COMMAND_TIMEOUT_MS);
  }

  /** Sets a plug's consumption counter to 0 and waits for its ack (docs/protocol.md, reset-consumption). */
  resetConsumption(key: string): Promise<Ack> {
    return this.command(key, (id) => ({ Id: id, Command: 'reset-consumption' }));
  }

  /**
   * Publishes every device's current configuration again: the embedded broker keeps retained messages in memory,
   * so after a restart it has none until the server gives them back. Walks the registered devices in key order, one
   * page at a time, and reads the next page only once the broker has acknowledged this one, so neither the rows nor
   * the messages in flight grow with the fleet (docs/architecture/README.md#fleet-scale).
   */
  async republishConfigs(pageSize = REPUBLISH_PAGE_SIZE): Promise<{ devices: number; pages: number }> {
    let after: string | null = null;
    let count = 0;
    let pages = 0;
    for (;;) {
      const rows = await this.options.db
        .select({ key: devices.key, product: devices.product, fields: devices.fields, configVersion: devices.configVersion })
        .from(devices)
        .where(and(gt(devices.configVersion, 0), after === null ? undefined : gt(devices.key, after)))
        .orderBy(asc(devices.key))
        .limit(pageSize);
      pages += 1;
      const sent: Promise<void>[] = [];
      for (const row of rows) {
        if (!isProductId(row.product) || !isConfiguredProduct(row.product)) continue;
        const config = deviceConfigOf(row.product, row.fields);
        if (!config) continue;
        sent.push(this.publishAcknowledged(downTopic(row.key, 'config'), JSON.stringify({ ...config, Version: row.configVersion }), true));
        count += 1;
      }
      await Promise.all(sent);
      if (rows.length < pageSize) return { devices: count, pages };
      after = rows[rows.length - 1].key;
    }
  }

  /**
   * Shutting down (shutdown.ts): takes no more uplinks (the uplink queue's consumer stops, those that come over MQTT
   * are refused unacknowledged) and resolves once those in hand are stored; acks still reach the commands that wait,
   * so the requests behind them can finish. close() does the rest.
   */
  async stopTakingUplinks(): Promise<void> {
    this.draining = true;
    await this.uplinks?.stop();
    await this.idle();
  }

  /** Stops taking messages, fails waiting commands, lets the work in hand finish and disconnects. */
  async close(): Promise<void> {
    this.closing = true;
    this.pending.cancelAll();
    await this.uplinks?.stop();
    await this.idle();
    // What came after `closing` was refused, so unacked: back in the queue for the other instances.
    await this.uplinks?.close();
    this.uplinks = null;
    await this.client?.endAsync().catch(() => undefined);
    this.client = this.server = null;
  }
}
