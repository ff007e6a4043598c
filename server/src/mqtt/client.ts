// The server's own MQTT client (mqtt.js 5): connects to the embedded broker or the one MQTT_URL names, reconnects
// by itself whenever the connection drops, and subscribes again after every reconnect (mqtt.js does not when the
// broker says the session is present, and a restarted broker may say so without the subscriptions: issue 27).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient, type Packet } from 'mqtt';

export interface MqttEndpoint {
  /** mqtt://host:port (or mqtts://, ws://); credentials may sit in the URL. */
  url: string;
  username?: string;
  password?: string;
}

/** How long the first connection may take before the server refuses to start. */
const FIRST_CONNECT_TIMEOUT_MS = 15_000;
const RECONNECT_PERIOD_MS = 1_000;

/** The URL for logs and the banner: credentials dropped. */
export function describeBrokerUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'the MQTT broker (unparsable URL)';
  }
}

/** Handles a received message; the broker gets its PUBACK once the promise resolves (see acknowledgeWhenDone). */
export type MessageHandler = (topic: string, payload: Buffer, packet: IPublishPacket) => Promise<void>;

export interface ServerClientOptions {
  /**
   * A stable client id makes the session persistent (clean: false): what the broker had sent and not yet had
   * acknowledged when this server stopped is sent again when it comes back (MQTT_CLIENT_ID).
   */
  clientId?: string;
  /** Every received message; without it, messages are only emitted ('message') and acknowledged at once. */
  onMessage?: MessageHandler;
}

export interface ServerClient {
  client: MqttClient;
  /** Connected and every topic granted on this connection (readiness): false from a drop until subscribed again. */
  readonly subscribed: boolean;
}

/**
 * Connects and subscribes to `topics` (QoS 1); resolves once the broker has granted them, rejects when the first
 * connection fails (bad credentials, nobody listening) so a misconfigured server does not start.
 */
export async function connectServerClient(
  endpoint: MqttEndpoint,
  topics: readonly string[],
  log: FastifyBaseLogger,
  options: ServerClientOptions = {},
): Promise<ServerClient> {
  const where = describeBrokerUrl(endpoint.url);
  const held = new Map<number, Promise<void>>();
  const { onMessage } = options;
  const client = mqtt.connect(endpoint.url, {
    clientId: options.clientId ?? `paddock-server-${randomBytes(6).toString('hex')}`,
    username: endpoint.username,
    password: endpoint.password,
    clean: !options.clientId,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    connectTimeout: FIRST_CONNECT_TIMEOUT_MS,
    // Subscribed again below after every connect, whatever sessionPresent says.
    resubscribe: false,
  });
  let subscribed = false;
  const subscribe = async (): Promise<void> => {
    if (!topics.length) return void (subscribed = true);
    const granted = await client.subscribeAsync(Object.fromEntries(topics.map((topic) => [topic, { qos: 1 as const }])));
    const refused = granted.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
    if (refused.length) throw new Error(`the broker refused the subscription to ${refused.join(', ')}`);
    subscribed = client.connected;
  };
  if (onMessage) {
    acknowledgeWhenDone(client, held, log);
    // mqtt.js emits 'message' just before it sends the PUBACK (customHandleAcks is for MQTT 5 only).
    client.on('message', (topic, payload, packet) => {
      const work = onMessage(topic, payload, packet);
      if (packet.qos > 0 && packet.messageId !== undefined) held.set(packet.messageId, work);
      else work.catch(() => undefined);
    });
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer')), FIRST_CONNECT_TIMEOUT_MS);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      client.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    await subscribe();
  } catch (error) {
    await client.endAsync(true).catch(() => undefined);
    throw new Error(`Could not connect to the MQTT broker at ${where}: ${(error as Error).message}`, { cause: error });
  }

  // From here on mqtt.js reconnects by itself; the subscriptions are renewed here on every connect.
  let connected = true;
  client.on('close', () => (subscribed = false));
  client.on('offline', () => {
    if (connected) log.warn({ broker: where }, 'MQTT connection lost; reconnecting');
    connected = false;
  });
  client.on('connect', (connack) => {
    if (!connected) log.info({ broker: where, sessionPresent: connack.sessionPresent }, 'MQTT connection restored; subscribing again');
    connected = true;
    subscribe().then(
      () => subscribed && log.info({ broker: where, topics }, 'MQTT subscriptions renewed'),
      (error: unknown) => {
        log.error({ broker: where, err: (error as Error).message }, 'MQTT subscription failed; reconnecting to try again');
        // A new connection tries again (mqtt.js reconnects after RECONNECT_PERIOD_MS).
        (client as unknown as { stream?: { destroy(): void } }).stream?.destroy();
      },
    );
  });
  client.on('error', (error) => log.warn({ broker: where, err: error.message }, 'MQTT client error'));
  log.info({ broker: where, topics }, 'MQTT client connected');
  return {
    client,
    get subscribed() {
      return subscribed && client.connected;
    },
  };
}

type SendPacket = (packet: Packet, callback?: (error?: Error) => void, ...rest: unknown[]) => void;

/**
 * mqtt.js reads the next packet only after the previous one's PUBACK is sent, so a handler that stored each message
 * before its PUBACK would store one message per round trip. Instead the PUBACK of a held message is sent when its
 * handler resolves, while the packets behind it are read on (so they can join the same batch); the broker's
 * in-flight window bounds how many are held. When a handler fails the connection is dropped without that PUBACK:
 * the persistent session makes the broker send the message again after the reconnect.
 */
function acknowledgeWhenDone(client: MqttClient, held: Map<number, Promise<void>>, log: FastifyBaseLogger): void {
  const internals = client as unknown as { _sendPacket?: SendPacket; stream?: { destroy(): void } };
  if (typeof internals._sendPacket !== 'function') throw new Error('mqtt.js changed: no _sendPacket to hold PUBACKs with');
  const send = internals._sendPacket.bind(client) as SendPacket;
  internals._sendPacket = (packet, callback, ...rest) => {
    const work = packet.cmd === 'puback' && packet.messageId !== undefined ? held.get(packet.messageId) : undefined;
    if (!work) return send(packet, callback, ...rest);
    held.delete(packet.messageId!);
    callback?.();
    work.then(
      () => send(packet, undefined, ...rest),
      (error: unknown) => {
        log.warn({ err: (error as Error).message }, 'MQTT message not stored; reconnecting so the broker sends it again');
        internals.stream?.destroy();
      },
    );
  };
}
