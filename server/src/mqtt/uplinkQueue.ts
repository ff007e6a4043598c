// Device uplinks from RabbitMQ's durable quorum queue (docs/protocol.md "External broker", AMQP_URL): devices publish
// over the MQTT plugin to amq.topic, the queue `paddock.uplinks` keeps every uplink until an instance has stored it,
// and every instance consumes it as a competing consumer with manual acks. A message is acked only once the gateway
// stored it; what an instance held unacked when it died (or lost its connection) goes to the others at once
// (docs/architecture/decisions/0022-uplink-engine.md). Reconnects by itself and consumes again.
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { FastifyBaseLogger } from 'fastify';
import { describeBrokerUrl } from './client';

export const UPLINK_QUEUE = 'paddock.uplinks';
export const UPLINK_EXCHANGE = 'amq.topic';
/** The MQTT plugin maps topic `devices/KEY/up/reading` to routing key `devices.KEY.up.reading` (keys are digits). */
export const UPLINK_ROUTING_KEYS = ['status', 'reading', 'config', 'fota'].map((name) => `devices.*.up.${name}`);
/**
 * Unacked messages per instance: what one batch takes at once (batcher.ts MAX_BATCH) and bounds what a killed
 * instance hands back for redelivery.
 */
export const UPLINK_PREFETCH = 1000;
const RECONNECT_MS = 1000;
const FIRST_CONNECT_TIMEOUT_MS = 15_000;

/** The MQTT topic of a routing key from the MQTT plugin (`.` and `/` swapped back). */
export const topicOfRoutingKey = (routingKey: string): string => routingKey.replace(/\./g, '/');

/** Stores one uplink; resolves once stored (or dropped as invalid), rejects when it could not be stored. */
export type UplinkHandler = (topic: string, payload: Buffer) => Promise<void>;

export interface UplinkQueueOptions {
  /** amqp://user:password@host:port (credentials are never logged). */
  url: string;
  log: FastifyBaseLogger;
  onMessage: UplinkHandler;
  prefetch?: number;
}

/** Declares the queue and its bindings (idempotent: every instance does it at start and after each reconnect). */
export async function declareUplinkQueue(channel: Channel): Promise<void> {
  await channel.assertQueue(UPLINK_QUEUE, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  for (const key of UPLINK_ROUTING_KEYS) await channel.bindQueue(UPLINK_QUEUE, UPLINK_EXCHANGE, key);
}

export class UplinkQueue {
  private connection: ChannelModel | null = null;
  private closing = false;
  private timer: NodeJS.Timeout | null = null;
  private consumingNow = false;
  /** The channel consuming now and its consumer tag (stop() cancels it). */
  private consumer: { channel: Channel; tag: string } | null = null;
  private readonly where: string;

  private constructor(private readonly options: UplinkQueueOptions) {
    this.where = describeBrokerUrl(options.url);
  }

  /** Connects and consumes; rejects when the first connection fails, so a misconfigured server does not start. */
  static async start(options: UplinkQueueOptions): Promise<UplinkQueue> {
    const queue = new UplinkQueue(options);
    try {
      await queue.open();
    } catch (error) {
      await queue.close();
      throw new Error(`Could not consume the uplink queue at ${queue.where}: ${(error as Error).message}`, { cause: error });
    }
    options.log.info({ broker: queue.where, queue: UPLINK_QUEUE }, 'consuming device uplinks from the queue');
    return queue;
  }

  /** Whether a consumer is registered on the queue right now (readiness). */
  get consuming(): boolean {
    return this.consumingNow;
  }

  private async open(): Promise<void> {
    const connection = await amqp.connect(this.options.url, { timeout: FIRST_CONNECT_TIMEOUT_MS });
    this.connection = connection;
    connection.on('error', (error: Error) => this.options.log.warn({ broker: this.where, err: error.message }, 'AMQP connection error'));
    connection.on('close', () => {
      this.consumingNow = false;
      if (this.connection === connection) this.connection = null;
      if (this.closing) return;
      this.options.log.warn({ broker: this.where }, 'AMQP connection lost; reconnecting (unacked uplinks go to the other instances)');
      this.reconnectLater();
    });
    await this.consume(connection);
  }

  /** A channel that consumes the queue; a failed store closes it (its unacked messages are delivered again). */
  private async consume(connection: ChannelModel): Promise<void> {
    const channel = await connection.createChannel();
    let open = true;
    channel.on('error', (error: Error) => this.options.log.warn({ err: error.message }, 'AMQP channel error'));
    channel.on('close', () => {
      open = false;
      this.consumingNow = false;
      // A channel closed on its own (a failed store, the broker's doing) under a live connection: a new one.
      if (!this.closing && this.connection === connection) this.reconnectLater(() => this.consume(connection));
    });
    await declareUplinkQueue(channel);
    await channel.prefetch(this.options.prefetch ?? UPLINK_PREFETCH);
    const settle = (done: () => void) => {
      // A closed channel's unacked messages are already on their way to another consumer (a stored one comes back
      // and is stored once: readings are keyed by device and time, ingest.ts).
      if (!open) return;
      try {
        done();
      } catch {
        // Closed in between: same as above.
      }
    };
    const { consumerTag } = await channel.consume(
      UPLINK_QUEUE,
      (message: ConsumeMessage | null) => {
        if (!message) {
          // The broker cancelled the consumer (queue deleted): start over.
          this.options.log.warn({ queue: UPLINK_QUEUE }, 'uplink consumer cancelled by the broker; consuming again');
          return void channel.close().catch(() => undefined);
        }
        this.options.onMessage(topicOfRoutingKey(message.fields.routingKey), message.content).then(
          () => settle(() => channel.ack(message)),
          () => {
            // Not stored (the database failed): back to the queue for any instance, after a pause here so a
            // database outage is not a busy loop of redeliveries.
            settle(() => void channel.close().catch(() => undefined));
          },
        );
      },
      { noAck: false },
    );
    this.consumer = { channel, tag: consumerTag };
    this.consumingNow = true;
  }

  private reconnectLater(step: () => Promise<void> = () => this.open()): void {
    if (this.timer || this.closing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closing) return;
      step().then(
        () => this.options.log.info({ broker: this.where, queue: UPLINK_QUEUE }, 'consuming device uplinks again'),
        (error: unknown) => {
          this.options.log.warn({ broker: this.where, err: (error as Error).message }, 'AMQP reconnect failed; trying again');
          // A half-open connection is dropped; its close handler schedules the next try, else schedule it here.
          const connection = this.connection;
          if (connection) void connection.close().catch(() => undefined);
          else this.reconnectLater();
        },
      );
    }, RECONNECT_MS);
  }

  /** Takes no more messages; those in hand are still acked once stored (then close()). */
  async stop(): Promise<void> {
    this.closing = true;
    this.consumingNow = false;
    const consumer = this.consumer;
    this.consumer = null;
    await consumer?.channel.cancel(consumer.tag).catch(() => undefined);
  }

  /** Stops consuming and disconnects: unacked messages go back to the queue. */
  async close(): Promise<void> {
    this.closing = true;
    this.consumingNow = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const connection = this.connection;
    this.connection = null;
    await connection?.close().catch(() => undefined);
  }
}
