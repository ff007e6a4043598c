// The broker asks Paddock who may sign in and what they may touch (docs/architecture/scale-out.md#device-sign-in):
// RabbitMQ's rabbitmq_auth_backend_http (3.10: user_path, vhost_path, resource_path, topic_path; GET with a query or
// POST with a form; the answer `allow` or `deny` as text) and EMQX's HTTP authentication and authorization, pointed at
// the same paths. Devices sign in with their inventory key and secret (the embedded broker's check, app.ts)
// and the client id that is their key; they write only their own up/ routing keys and read only their own down/
// ones. Instances sign in with the identity derived from BROKER_SECRET (mqtt/identity.ts).
//
// Reached by the broker only: the routes exist only with BROKER_SECRET, under a path token derived from it, and are
// left out of the request log (the token is in the path).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import type { Config } from '../config';
import { sameSecret } from '../crypto';
import { notFound } from '../http/errors';
import { SignInFailures } from './broker';
import { maySubscribe } from './acl';
import { brokerAuthToken, isServerSignIn, SERVER_USERNAME_PREFIX } from './identity';

/** Where the routes live below /api: `/api/broker/{token}/user` etc. */
export const BROKER_AUTH_PREFIX = '/broker';

/** The exchange RabbitMQ's MQTT plugin publishes to (its default `mqtt.exchange`). */
const MQTT_EXCHANGE = 'amq.topic';
/** What a device may publish (docs/protocol.md): a closed list, so a device's retained messages in the broker's store stay bounded. */
const DEVICE_UPLINKS = ['status', 'reading', 'config', 'fota', 'ack'];
/** A key the routing keys and queue names can carry as it is (inventory keys are digits). */
const PLAIN_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** Queues and exchanges an instance may declare and use: its MQTT session's queues, the uplink queue and its kin, server-named queues. */
const SERVER_RESOURCE = /^(amq\.topic|amq\.default|paddock[.-].*|mqtt-subscription-paddock-server-.*|amq\.gen-.*)$/;

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** The parameters the broker sends; more (tags, variable_map.*) are allowed and ignored. */
const Params = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 256 }),
  password: Text(1024),
  // RabbitMQ's MQTT plugin passes the MQTT client id with the sign-in (rabbit_mqtt_connection_info); EMQX sends what its `body` template names.
  client_id: Text(256),
  vhost: Text(256),
  resource: Text(32),
  name: Text(512),
  permission: Text(32),
  routing_key: Text(1024),
  // EMQX's authorization asks with the MQTT topic (filter) and `publish` or `subscribe` instead.
  topic: Text(1024),
  action: Text(32),
  // The client's address when the broker sends it (EMQX `${peerhost}`); RabbitMQ 3.10 sends none with user_path.
  ip: Text(64),
});
type Params = typeof Params.static;

export interface BrokerAuthOptions {
  config: Config;
  /** Whether a device may sign in with this key and secret (the inventory decides, as for the embedded broker). */
  checkDevice(key: string, secret: string): Promise<boolean>;
  /** Milliseconds now (tests move it). */
  now?: () => number;
}

type Who = { kind: 'server' } | { kind: 'device'; key: string };
/** Authorization requests come for users this backend signed in: a server name can only have signed in with its HMAC. */
const whoIs = (username: string): Who | null =>
  username.startsWith(SERVER_USERNAME_PREFIX) ? { kind: 'server' } : PLAIN_KEY.test(username) ? { kind: 'device', key: username } : null;

/** An AMQP routing key as the MQTT topic (filter) it was made from: RabbitMQ swaps `/` and `.`, and writes `+` as `*`. */
const topicOf = (routingKey: string) => routingKey.replace(/[./*]/g, (c) => (c === '.' ? '/' : c === '/' ? '.' : '+'));

/** Whether a device may touch this queue or exchange: the MQTT plugin's own use for its session, nothing else. */
function deviceResource(key: string, resource: string | undefined, name: string | undefined, permission: string | undefined): boolean {
  if (resource === 'exchange') return name === MQTT_EXCHANGE && (permission === 'write' || permission === 'read');
  if (resource === 'queue') return name === `mqtt-subscription-${key}qos0` || name === `mqtt-subscription-${key}qos1`;
  return false;
}

/** Whether a device may publish to (write) or subscribe with (read) this routing key on the MQTT exchange. */
function deviceTopic(key: string, name: string | undefined, permission: string | undefined, routingKey: string | undefined): boolean {
  if (name !== MQTT_EXCHANGE || !routingKey) return false;
  if (permission === 'write') return DEVICE_UPLINKS.some((uplink) => routingKey === `devices.${key}.up.${uplink}`);
  return permission === 'read' && maySubscribe({ kind: 'device', key }, topicOf(routingKey));
}

/** EMQX: whether `who` may publish to or subscribe with this MQTT topic (filter); the rules of RabbitMQ's routing keys. */
function mqttTopic(who: Who, topic: string, action: string | undefined): boolean {
  // An instance's shared subscription is authorized as the topic it shares.
  if (who.kind === 'server')
    return (action === 'publish' || action === 'subscribe') && topic.replace(/^\$share\/[^/]+\//, '').startsWith('devices/');
  if (action === 'publish') return DEVICE_UPLINKS.some((uplink) => topic === `devices/${who.key}/up/${uplink}`);
  return action === 'subscribe' && maySubscribe({ kind: 'device', key: who.key }, topic);
}

export const brokerAuthRoutes: FastifyPluginAsyncTypebox<BrokerAuthOptions> = async (app, { config, checkDevice, now }) => {
  const secret = config.brokerSecret;
  if (!secret) return;
  const token = brokerAuthToken(secret);
  const limits = config.mqttLimits;
  const failures = new SignInFailures(
    limits.signInFailuresPerKey,
    limits.signInFailuresPerIp,
    config.rateLimitWindowMinutes * 60_000,
    now ?? Date.now,
  );

  // RabbitMQ posts a form when its http_method is post; only this plugin's routes read such bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // RabbitMQ reads `allow`/`deny` as text; EMQX (which sends JSON) reads {"result": …} (its HTTP authn/authz, v5).
  const answer = (reply: FastifyReply, allowed: boolean) => {
    reply.header('Cache-Control', 'no-store');
    if (!/^application\/json/i.test(reply.request.headers['content-type'] ?? '')) {
      return reply.header('Content-Type', 'text/plain; charset=utf-8').send(allowed ? 'allow' : 'deny');
    }
    return reply.send({ result: allowed ? 'allow' : 'deny', ...(reply.request.url.endsWith('/user') ? { is_superuser: false } : {}) });
  };

  async function signIn(request: FastifyRequest, params: Params, reply: FastifyReply) {
    const { username, password = '' } = params;
    // An instance: its password is the HMAC of its name, never rate-limited (others failing must not lock it out).
    if (username.startsWith(SERVER_USERNAME_PREFIX)) return answer(reply, isServerSignIn(secret!, username, password));
    if (!PLAIN_KEY.test(username)) return answer(reply, false);
    // Without the device's address (RabbitMQ 3.10) the key's failures are counted from anywhere, and no address
    // ceiling applies: it would be the broker's own address, and one attacker could lock every device out.
    const addressKnown = Boolean(params.ip);
    const ip = params.ip || `broker ${request.ip}`;
    if (!failures.take(ip, username)) {
      request.log.warn({ key: username, ip: params.ip }, 'broker sign-in refused: too many failed sign-ins');
      return answer(reply, false);
    }
    let ok: boolean;
    try {
      ok = await checkDevice(username, password);
    } catch (error) {
      failures.giveBack(ip, username);
      request.log.error({ err: error }, 'device sign-in check failed');
      // Not an answer: the broker refuses this sign-in and the device tries again.
      return reply.code(503).header('Content-Type', 'text/plain; charset=utf-8').send('unavailable');
    }
    // A device's client id is its key, so no one can take over another device's session by its id.
    if (!ok || params.client_id !== username) {
      if (addressKnown) failures.failed(ip);
      return answer(reply, false);
    }
    failures.giveBack(ip, username);
    return answer(reply, true);
  }

  const decide: Record<string, (request: FastifyRequest, params: Params, reply: FastifyReply) => unknown> = {
    user: signIn,
    vhost: (_request, { username }, reply) => answer(reply, whoIs(username) !== null),
    resource: (_request, { username, resource, name, permission }, reply) => {
      const who = whoIs(username);
      if (!who) return answer(reply, false);
      if (who.kind === 'server')
        return answer(reply, (resource === 'queue' || resource === 'exchange') && SERVER_RESOURCE.test(name ?? ''));
      return answer(reply, deviceResource(who.key, resource, name, permission));
    },
    topic: (_request, { username, name, permission, routing_key: routingKey, topic, action }, reply) => {
      const who = whoIs(username);
      if (!who) return answer(reply, false);
      if (topic !== undefined) return answer(reply, mqttTopic(who, topic, action));
      // Every device's topics, and nothing outside devices/ (MQTT `devices/+/up/ack` is `devices.*.up.ack`).
      if (who.kind === 'server') return answer(reply, name === MQTT_EXCHANGE && (routingKey ?? '').startsWith('devices.'));
      return answer(reply, deviceTopic(who.key, name, permission, routingKey));
    },
  };

  const TokenParam = Type.Object({ token: Type.String({ maxLength: 128 }) });
  // Before the input is parsed or validated: a caller without the token learns nothing, not even the schema.
  const guard = async (request: FastifyRequest) => {
    const given = (request.params as { token?: unknown }).token;
    if (typeof given !== 'string' || !sameSecret(given, token)) throw notFound();
  };
  const logLevel = (['error', 'fatal', 'silent'].includes(config.logLevel) ? config.logLevel : 'warn') as LogLevel;
  for (const [check, handler] of Object.entries(decide)) {
    const url = `${BROKER_AUTH_PREFIX}/:token/${check}`;
    // The request log would hold the token: only warnings and errors of these routes are logged (or less, as LOG_LEVEL says).
    app.get(url, { logLevel, onRequest: guard, schema: { hide: true, params: TokenParam, querystring: Params } }, async (request, reply) =>
      handler(request, request.query, reply),
    );
    app.post(url, { logLevel, onRequest: guard, schema: { hide: true, params: TokenParam, body: Params } }, async (request, reply) =>
      handler(request, request.body, reply),
    );
  }
};
