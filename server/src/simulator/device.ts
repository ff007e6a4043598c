// One simulated device: its own MQTT connection signed in with its key and secret (docs/protocol.md), a status on
// connect, readings every interval with jitter, and the downlinks: config (applied and reported), set-power
// (switched and acked), reset-consumption (counter to 0 and acked; a command Id carried out before is only acked
// again) and simulate (faults).
//
// The offline fault drops the connection without a DISCONNECT so the broker publishes the last will. A device that
// is away cannot hear `Fault: none`, so meanwhile it keeps a silent connection that only listens on
// `down/simulate`: it publishes nothing (the server judges online-ness by messages, never by connections) and has
// no last will; on `none` it closes that and signs in again as usual.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { FotaReport } from '@paddock/shared/contract';
import { PRODUCT_INFO, type ProductId } from '@paddock/shared/domain';
import { SERVER_PRODUCTS } from '../devices';
import { createModel, plugTemperature, seededRng, startCycle, step, type DeviceModel, type Rng } from './model';
import { decideRelay } from './relay';
import {
  firmwareVersionAfter,
  isBadChecksum,
  parseCommand,
  parseConfig,
  parseFota,
  parseSimulate,
  topics,
  type Ack,
  type DeviceConfig,
  type Fault,
  type Status,
} from './wire';

export interface SimulatorLog {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export interface DeviceSpec {
  key: string;
  product: ProductId;
  secret: string;
}

export interface DeviceOptions {
  url: string;
  intervalSeconds: number;
  log: SimulatorLog;
  problems: ConnectionProblems;
  /** The clock a plug's timer and thermostat read (the wall clock; tests move it to a summer-time change). */
  now?: () => Date;
}

/** Connection trouble of a simulator's devices: each cause is logged once, not by 200 devices every few seconds. */
export class ConnectionProblems {
  private readonly logged = new Set<string>();
  constructor(private readonly log: SimulatorLog) {}

  failed(key: string, cause: string): void {
    if (this.logged.has(cause)) return;
    this.logged.add(cause);
    this.log.warn({ device: key, err: cause }, 'simulated devices cannot connect and keep retrying (each cause is logged once)');
  }

  connected(key: string): void {
    if (!this.logged.size) return;
    this.logged.clear();
    this.log.info({ device: key }, 'simulated devices connect again');
  }
}

/** The first reading follows the connection within this window (ms), so a dashboard shows live values at once. */
const FIRST_READING_MS: [number, number] = [300, 1500];
/** A reading right after a fault change or a set-power, once the ack is out. */
const PROMPT_READING_MS = 200;
/** Command Ids remembered as carried out (docs/protocol.md "Commands are idempotent": at least the last 16). */
const REMEMBERED_COMMANDS = 32;
/** How long after dropping off (offline fault) the silent listener signs in: the broker first sends the will. */
const LISTEN_AFTER_DROP_MS = 1000;
export const RECONNECT_MS = 2000;
/** After the broker refused the key or secret: trying again every few seconds would not help. */
export const REFUSED_RECONNECT_MS = 30_000;
/** CONNACK codes (MQTT 3.1.1 and 5) for a bad user name or password, or not authorised. */
const REFUSED_CODES = new Set([4, 5, 134, 135]);
/** How long stop() waits for a clean goodbye before it cuts the connection. */
const CLOSE_TIMEOUT_MS = 2000;
/** A simulated firmware update reports at this pace: downloading 0, 50, 100 %, installing, done. */
const FOTA_STEP_MS = 300;

export class SimulatedDevice {
  private readonly rng: Rng;
  private readonly topic: ReturnType<typeof topics>;
  private model: DeviceModel;
  private client: MqttClient | null = null;
  private listener: MqttClient | null = null;
  private readingTimer: NodeJS.Timeout | null = null;
  private listenTimer: NodeJS.Timeout | null = null;
  private fault: Fault = 'none';
  private relay = true;
  /** The acks of the last commands carried out, by Id: a command delivered again is answered, not carried out again. */
  private readonly answered = new Map<string, Ack>();
  private config: DeviceConfig | null = null;
  /** When the model last moved on (ms) and the rules were last checked. */
  private lastStepAt = Date.now();
  private rulesCheckedAt: Date;
  /** How far the device's own clock is set from the real one (down/simulate `Clock`). */
  private clockOffsetMs = 0;
  private stopped = false;
  private firmware: string;
  /** The firmware update being played, and its steps' timer. */
  private fotaId: string | null = null;
  private fotaTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly spec: DeviceSpec,
    private readonly options: DeviceOptions,
  ) {
    this.rng = seededRng(`${spec.key}:${Date.now()}`);
    // The starting point depends on the key (and a SIM's usage counter on the time) only, so a device looks the same
    // after a restart.
    this.model = createModel(spec.product, seededRng(spec.key), new Date());
    this.rulesCheckedAt = this.ruleClock();
    this.topic = topics(spec.key);
    this.firmware = SERVER_PRODUCTS[spec.product].simulation.firmware;
  }

  start(): void {
    if (this.stopped || this.client) return;
    const client = mqtt.connect(this.options.url, {
      ...this.credentials(),
      will: { topic: this.topic.status, payload: Buffer.from(JSON.stringify({ Online: false } satisfies Status)), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => this.onConnect(client));
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('error', (error) => this.onError(client, error));
    client.on('close', () => {
      if (this.client === client) this.clearReadingTimer();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearReadingTimer();
    if (this.fotaTimer) clearTimeout(this.fotaTimer);
    if (this.listenTimer) clearTimeout(this.listenTimer);
    const closing: Promise<void>[] = [];
    const { client, listener } = this;
    this.client = this.listener = null;
    if (client) {
      // Say goodbye as the will would: a clean disconnect does not publish it.
      if (client.connected) client.publish(this.topic.status, JSON.stringify({ Online: false } satisfies Status), { qos: 1, retain: true });
      closing.push(close(client));
    }
    if (listener) closing.push(close(listener));
    await Promise.all(closing);
  }

  private credentials(): IClientOptions {
    return {
      clientId: this.spec.key,
      username: this.spec.key,
      password: this.spec.secret,
      clean: true,
      // Subscriptions are made on every connect (onConnect); a retained config then arrives again.
      resubscribe: false,
      reconnectPeriod: RECONNECT_MS + Math.floor(this.rng() * 1000),
      // mqtt.js stops for good after a refused CONNACK unless told otherwise; onError sets the longer wait instead.
      reconnectOnConnackError: true,
      connectTimeout: 10_000,
    };
  }

  private onConnect(client: MqttClient): void {
    this.options.problems.connected(this.spec.key);
    client.options.reconnectPeriod = RECONNECT_MS;
    client.subscribe(this.topic.down, { qos: 1 }, (error, granted) => {
      if (error || granted?.some((g) => g.qos === 128))
        this.options.log.warn({ device: this.spec.key, err: error }, 'simulated device could not subscribe to its downlinks');
    });
    this.publishStatus(client);
    this.scheduleReading(FIRST_READING_MS[0] + this.rng() * (FIRST_READING_MS[1] - FIRST_READING_MS[0]));
  }

  private publishStatus(client: MqttClient): void {
    const status: Status = { Online: true, Firmware: this.firmware, IntervalSeconds: this.options.intervalSeconds };
    client.publish(this.topic.status, JSON.stringify(status), { qos: 1, retain: true });
  }

  private onError(client: MqttClient, error: Error & { code?: unknown }): void {
    if (typeof error.code === 'number' && REFUSED_CODES.has(error.code)) client.options.reconnectPeriod = REFUSED_RECONNECT_MS;
    this.options.problems.failed(this.spec.key, error.message);
  }

  private onMessage(topic: string, payload: Buffer): void {
    if (topic === this.topic.downConfig) this.onConfig(payload);
    else if (topic === this.topic.downCommand) this.onCommand(payload);
    else if (topic === this.topic.downSimulate) this.onSimulate(payload);
    else if (topic === this.topic.downFota) this.onFota(payload);
  }

  /**
   * A firmware update (FenceAlarm2): progress on up/fota, then the new version in a fresh status. The request stays
   * retained until the server has taken the end, so the same Id may come again on a reconnect: played once.
   */
  private onFota(payload: Buffer): void {
    if (!payload.length) return; // the server cleared the request
    const parsed = parseFota(payload);
    if (!parsed.ok) return this.drop('firmware request', parsed.error);
    const { Id, Url, Checksum } = parsed.value;
    if (Id === this.fotaId) return;
    if (this.fotaTimer) clearTimeout(this.fotaTimer);
    this.fotaId = Id;
    if (!PRODUCT_INFO[this.spec.product].firmwareUpdates) {
      return this.publish(this.topic.fota, { Id, Status: 'failed', Progress: 0, Error: `${this.spec.product} takes no firmware updates` });
    }
    const version = firmwareVersionAfter(Url, this.firmware);
    const steps: Omit<FotaReport, 'Id'>[] = isBadChecksum(Checksum)
      ? [
          { Status: 'downloading', Progress: 0 },
          { Status: 'downloading', Progress: 100 },
          { Status: 'failed', Progress: 100, Error: 'checksum mismatch' },
        ]
      : [
          { Status: 'downloading', Progress: 0 },
          { Status: 'downloading', Progress: 50 },
          { Status: 'downloading', Progress: 100 },
          { Status: 'installing', Progress: 100 },
          { Status: 'done', Progress: 100, Version: version },
        ];
    const next = (index: number) => {
      this.fotaTimer = null;
      if (this.stopped || this.fotaId !== Id) return;
      const report: FotaReport = { Id, ...steps[index] };
      this.publish(this.topic.fota, report);
      if (report.Status === 'done') {
        this.firmware = version;
        if (this.client?.connected) this.publishStatus(this.client);
      }
      if (index + 1 < steps.length) this.fotaTimer = setTimeout(() => next(index + 1), FOTA_STEP_MS);
    };
    next(0);
  }

  private drop(what: string, error: string): void {
    this.options.log.warn({ device: this.spec.key, error }, `simulated device dropped a bad ${what}`);
  }

  private onConfig(payload: Buffer): void {
    if (!payload.length) return; // the server cleared the retained configuration (the device was unregistered)
    const parsed = parseConfig(this.spec.product, payload);
    if (!parsed.ok) return this.drop('configuration', parsed.error);
    this.config = parsed.value;
    this.publish(this.topic.config, parsed.value);
  }

  private onCommand(payload: Buffer): void {
    const parsed = parseCommand(payload);
    if ('unanswerable' in parsed) return this.drop('command', parsed.unanswerable);
    const before = this.answered.get(parsed.Id);
    if (before) {
      // Already carried out (docs/protocol.md "Commands are idempotent"): the same answer, with the relay as it is now.
      this.publish(this.topic.ack, before.Ok && this.model.kind === 'plug' ? { ...before, PowerEnabled: this.relay } : before);
      return;
    }
    let ack: Ack;
    if ('error' in parsed) ack = { Id: parsed.Id, Ok: false, Error: parsed.error };
    else if (this.model.kind !== 'plug') ack = { Id: parsed.Id, Ok: false, Error: `${this.spec.product} has no relay` };
    else if (parsed.command.Command === 'reset-consumption') {
      if (!PRODUCT_INFO[this.spec.product].consumptionReset) {
        ack = { Id: parsed.Id, Ok: false, Error: `${this.spec.product} cannot reset its consumption` };
      } else {
        // The counter starts from 0 again, so the next reading agrees with the reset the server stored.
        this.model = { ...this.model, consumption: 0 };
        this.lastStepAt = Date.now();
        ack = { Id: parsed.Id, Ok: true, PowerEnabled: this.relay };
      }
    } else {
      this.relay = parsed.command.Enabled;
      ack = { Id: parsed.Id, Ok: true, PowerEnabled: this.relay };
    }
    this.answered.set(parsed.Id, ack);
    if (this.answered.size > REMEMBERED_COMMANDS) this.answered.delete(this.answered.keys().next().value!);
    this.publish(this.topic.ack, ack);
    if (ack.Ok) this.scheduleReading(PROMPT_READING_MS);
  }

  private onSimulate(payload: Buffer): void {
    const parsed = parseSimulate(payload);
    if (!parsed.ok) return this.drop('simulate message', parsed.error);
    const { Fault: fault, Clock: clock, StartAppliance: startAppliance } = parsed.value;
    if (clock) this.setClock(new Date(clock));
    if (startAppliance && this.model.kind === 'plug') this.model = startCycle(this.model);
    if (this.fault === 'offline') {
      if (fault !== 'none') return; // away until told `none`
      this.fault = 'none';
      this.options.log.info({ device: this.spec.key }, 'simulated device comes back online');
      const listener = this.listener;
      this.listener = null;
      if (listener) void close(listener);
      this.start();
      return;
    }
    this.fault = fault;
    if (fault === 'offline') return this.goOffline();
    this.scheduleReading(0);
  }

  /** Sets the device's own clock; its rules are checked from the new time on, as a plug's are after its clock is set. */
  private setClock(at: Date): void {
    this.clockOffsetMs = at.getTime() - Date.now();
    this.rulesCheckedAt = at;
    this.options.log.info({ device: this.spec.key, clock: at.toISOString() }, 'simulated device clock set');
  }

  private goOffline(): void {
    this.options.log.info({ device: this.spec.key }, 'simulated device drops off (offline fault)');
    this.clearReadingTimer();
    const client = this.client;
    this.client = null;
    // Forced: no DISCONNECT, so the broker publishes the last will.
    client?.end(true);
    this.listenTimer = setTimeout(() => this.listen(), LISTEN_AFTER_DROP_MS);
  }

  private listen(): void {
    this.listenTimer = null;
    if (this.stopped || this.fault !== 'offline') return;
    const listener = mqtt.connect(this.options.url, this.credentials());
    this.listener = listener;
    listener.on('connect', () => listener.subscribe(this.topic.downSimulate, { qos: 1 }));
    listener.on('message', (topic, payload) => {
      if (topic === this.topic.downSimulate) this.onSimulate(payload);
    });
    listener.on('error', (error) => this.onError(listener, error));
  }

  private ruleClock(): Date {
    return this.options.now?.() ?? new Date(Date.now() + this.clockOffsetMs);
  }

  private scheduleReading(delayMs: number): void {
    this.clearReadingTimer();
    this.readingTimer = setTimeout(() => this.publishReading(), delayMs);
  }

  private clearReadingTimer(): void {
    if (this.readingTimer) clearTimeout(this.readingTimer);
    this.readingTimer = null;
  }

  private publishReading(): void {
    this.readingTimer = null;
    if (!this.client?.connected || this.fault === 'offline') return;
    const now = new Date();
    const temperature = this.model.kind === 'plug' && this.model.heater ? plugTemperature(this.model, now, this.rng) : undefined;
    // The rules run on the device's own clock, the one its time zone's wall clock is read from (docs/protocol.md).
    const ruleNow = this.ruleClock();
    if (this.model.kind === 'plug') {
      this.relay = decideRelay(this.config ?? {}, {
        from: this.rulesCheckedAt,
        to: ruleNow,
        temperature: temperature ?? null,
        current: this.relay,
      });
    }
    this.rulesCheckedAt = ruleNow;
    const result = step(
      this.model,
      { seconds: (now.getTime() - this.lastStepAt) / 1000, at: now, fault: this.fault, relay: this.relay, temperature },
      this.rng,
    );
    this.model = result.model;
    this.lastStepAt = now.getTime();
    this.publish(this.topic.reading, result.reading);
    const interval = this.options.intervalSeconds * 1000;
    this.scheduleReading(interval * (0.9 + 0.2 * this.rng()));
  }

  private publish(topic: string, payload: object): void {
    this.client?.publish(topic, JSON.stringify(payload), { qos: 1 });
  }
}

/** Ends a connection cleanly, or cuts it when the broker does not answer in time. */
function close(client: MqttClient): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => client.end(true, {}, () => resolve()), CLOSE_TIMEOUT_MS);
    client.end(false, {}, () => {
      clearTimeout(cut);
      resolve();
    });
  });
}
