// The device gateway: the server's side of the MQTT protocol (docs/protocol.md). It ingests what
// devices send (ingest.ts), answers waiting commands with their acks (commands.ts), and publishes configuration,
// commands and simulator faults. Without a broker connection (tests of the API alone) it publishes nothing and a
// command fails at once, as no device could answer it.
import { randomUUID } from 'node:crypto';
import {
  DEVICE_COMMAND_TIMEOUT_MS,
  DEVICE_UPLINK_SUBSCRIPTION,
  DeviceAck,
  downTopic,
  parseDeviceTopic,
  type DeviceAck as Ack,
  type DeviceCommand,
  type DeviceConfigMessage,
  type FotaRequest,
  type SimulatedFault,
} from '@paddock/shared/contract';
import { deviceConfigOf, isConfiguredProduct, isProductId } from '@paddock/shared/domain';
import { gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { connectServerClient, type MqttEndpoint } from '../../mqtt/client';
import { CommandTimeoutError, PendingCommands, realTimers, type Timers } from './commands';
import type { NoticeSettings } from '../../notify/alarmNotices';
import { ingestUplink } from './ingest';
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
}

export class DeviceGateway {
  private client: MqttClient | null = null;
  private readonly pending: PendingCommands;
  /** One chain of work per device, so its messages apply in the order they came. */
  private readonly queues = new Map<string, Promise<void>>();
  private closing = false;

  constructor(private readonly options: GatewayOptions) {
    this.pending = new PendingCommands(options.timers ?? realTimers);
  }

  /** Connects to the broker and subscribes to every device's uplinks; rejects when the broker cannot be reached. */
  async connect(endpoint: MqttEndpoint): Promise<void> {
    const client = await connectServerClient(endpoint, [DEVICE_UPLINK_SUBSCRIPTION], this.options.log);
    client.on('message', (topic, payload, packet) => this.receive(topic, payload, packet.retain));
    this.client = client;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  private receive(topic: string, payload: Buffer, retained: boolean): void {
    if (this.closing) return;
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.direction !== 'up') return;
    const { key, name } = parsed;
    if (name === 'ack') {
      const ack = parsePayload<Ack>(DeviceAck, payload);
      if (!ack.ok) this.options.log.warn({ device: key, topic, reason: ack.reason }, 'device message dropped');
      else this.pending.settle(key, ack.value);
      return;
    }
    const receivedAt = this.options.now();
    this.enqueue(key, async () => {
      const result = await ingestUplink(this.options.db, { key, name, payload, retained, receivedAt }, this.options.notices);
      if (result.outcome === 'invalid' || result.outcome === 'ignored') {
        this.options.log.warn({ device: key, topic, reason: result.reason }, 'device message dropped');
      }
      if (result.outcome === 'applied' && result.fotaEnded) this.publish(downTopic(key, 'fota'), '', true);
    });
  }

  private enqueue(key: string, task: () => Promise<void>): void {
    const next = (this.queues.get(key) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) => this.options.log.error({ err: error, device: key }, 'device message failed'));
    this.queues.set(key, next);
    void next.finally(() => {
      if (this.queues.get(key) === next) this.queues.delete(key);
    });
  }

  /** Resolves once every message received so far has been applied. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /**
   * Resolves once every message received so far from this device has been applied. Only those: a device that keeps
   * sending must not hold the caller past its own time-out.
   */
  async settled(key: string): Promise<void> {
    await this.queues.get(key)?.catch(() => undefined);
  }

  private publish(topic: string, payload: string, retain: boolean): void {
    if (!this.client) return;
    // QoS 1: while the connection is down, mqtt.js keeps it and sends it on reconnect.
    this.client.publish(topic, payload, { qos: 1, retain }, (error) => {
      if (error) this.options.log.warn({ topic, err: error.message }, 'MQTT publish failed');
    });
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

  /** Tells the simulator to play a fault (real devices ignore it). */
  simulate(key: string, fault: SimulatedFault): void {
    this.publish(downTopic(key, 'simulate'), JSON.stringify({ Fault: fault }), false);
  }

  /** Sends a command and waits for its ack; rejects with CommandTimeoutError when none comes in time. */
  private async command(key: string, body: (id: string) => DeviceCommand): Promise<Ack> {
    const id = randomUUID();
    if (!this.client) throw new CommandTimeoutError(key, id);
    const answered = this.pending.wait(key, id, this.options.commandTimeoutMs ?? DEVICE_COMMAND_TIMEOUT_MS);
    this.publish(downTopic(key, 'command'), JSON.stringify(body(id)), false);
    return answered;
  }

  /** Switches a plug's relay and waits for its ack; rejects with CommandTimeoutError when none comes in time. */
  setPower(key: string, enabled: boolean): Promise<Ack> {
    return this.command(key, (id) => ({ Id: id, Command: 'set-power', Enabled: enabled }));
  }

  /** Sets a plug's consumption counter to 0 and waits for its ack (docs/protocol.md, reset-consumption). */
  resetConsumption(key: string): Promise<Ack> {
    return this.command(key, (id) => ({ Id: id, Command: 'reset-consumption' }));
  }

  /**
   * Publishes every device's current configuration again: the embedded broker keeps retained messages in memory,
   * so after a restart it has none until the server gives them back.
   */
  async republishConfigs(): Promise<number> {
    const rows = await this.options.db
      .select({ key: devices.key, product: devices.product, fields: devices.fields, configVersion: devices.configVersion })
      .from(devices)
      .where(gt(devices.configVersion, 0));
    let count = 0;
    for (const row of rows) {
      if (!isProductId(row.product) || !isConfiguredProduct(row.product)) continue;
      const config = deviceConfigOf(row.product, row.fields);
      if (!config) continue;
      this.publishConfig(row.key, { ...config, Version: row.configVersion });
      count += 1;
    }
    return count;
  }

  /** Stops taking messages, fails waiting commands, lets the work in hand finish and disconnects. */
  async close(): Promise<void> {
    this.closing = true;
    this.pending.cancelAll();
    await this.idle();
    await this.client?.endAsync().catch(() => undefined);
    this.client = null;
  }
}
