// The server's own MQTT client (mqtt.js 5): connects to the embedded broker or the one MQTT_URL names, reconnects
// by itself whenever the connection drops, and renews its subscriptions when it does.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';

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

/**
 * Connects and subscribes to `topics` (QoS 1); resolves once the broker has granted them, rejects when the first
 * connection fails (bad credentials, nobody listening) so a misconfigured server does not start.
 */
export async function connectServerClient(
  endpoint: MqttEndpoint,
  topics: readonly string[],
  log: FastifyBaseLogger,
): Promise<MqttClient> {
  const where = describeBrokerUrl(endpoint.url);
  const client = mqtt.connect(endpoint.url, {
    clientId: `paddock-server-${randomBytes(6).toString('hex')}`,
    username: endpoint.username,
    password: endpoint.password,
    clean: true,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    connectTimeout: FIRST_CONNECT_TIMEOUT_MS,
  });
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
    const granted = await client.subscribeAsync(Object.fromEntries(topics.map((topic) => [topic, { qos: 1 as const }])));
    const refused = granted.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
    if (refused.length) throw new Error(`the broker refused the subscription to ${refused.join(', ')}`);
  } catch (error) {
    await client.endAsync(true).catch(() => undefined);
    throw new Error(`Could not connect to the MQTT broker at ${where}: ${(error as Error).message}`, { cause: error });
  }

  // From here on mqtt.js reconnects by itself and subscribes again (resubscribe is on by default).
  let connected = true;
  client.on('offline', () => {
    if (connected) log.warn({ broker: where }, 'MQTT connection lost; reconnecting');
    connected = false;
  });
  client.on('connect', () => {
    if (!connected) log.info({ broker: where }, 'MQTT connection restored');
    connected = true;
  });
  client.on('error', (error) => log.warn({ broker: where, err: error.message }, 'MQTT client error'));
  log.info({ broker: where, topics }, 'MQTT client connected');
  return client;
}
