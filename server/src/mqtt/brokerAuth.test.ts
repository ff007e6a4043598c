// The broker-auth endpoints as RabbitMQ's rabbitmq_auth_backend_http calls them (GET query or POST form, answer
// allow/deny): devices against the inventory, instances by the HMAC of BROKER_SECRET, each confined to its own
// topics and queues (docs/architecture/scale-out.md). The real broker calling them: the PostgreSQL-only part at the end.
import amqp from 'amqplib';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { sha256 } from '../crypto';
import { inventory } from '../db/schema';
import { newInstanceId } from '../instance';
import { collect, connectDevice, refusalCode, waitFor } from '../testing/devices';
import { startRabbitMq, type RabbitMq } from '../testing/rabbitmq';
import { APP_START_TIMEOUT_MS, call, createTestApp, testConfig, type TestApp } from '../testing/testApp';
import { brokerAuthRoutes } from './brokerAuth';
import { brokerAuthToken, brokerIdentity, serverPassword, withIdentity, type BrokerIdentity } from './identity';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';

const SECRET = 'broker-secret-for-the-tests-0123456789';
/** Inventory of this test's own (the demo inventory is a feature's, which this machinery's test does not import). */
const DEVICES = ['351000000000001', '351000000000002', '351000000000003'].map((key) => ({ key, secret: `secret-of-${key}` }));
const [A, B, LOCKED] = DEVICES;
const TOKEN = brokerAuthToken(SECRET);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
beforeAll(async () => {
  // A low per-key limit, so the rate-limit case needs few calls; the window is the configured one.
  t = await createTestApp({ brokerSecret: SECRET, mqttLimits: { ...testConfig().mqttLimits, signInFailuresPerKey: 3 } });
  await t.database.db
    .insert(inventory)
    .values(DEVICES.map(({ key, secret }) => ({ key, product: 'smartplug', secretHash: sha256(secret), createdAt: t.config.now() })));
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const get = (check: string, params: Record<string, string>, token = TOKEN) =>
  call(t.app, 'GET', `/api/broker/${token}/${check}?${new URLSearchParams(params).toString()}`);
const post = (check: string, params: Record<string, string>, token = TOKEN) =>
  call(t.app, 'POST', `/api/broker/${token}/${check}`, { body: new URLSearchParams(params).toString(), headers: FORM });
/** The answer body, after checking it is a 200 as the broker needs. */
async function answer(response: Promise<{ statusCode: number; body: string }>): Promise<string> {
  const { statusCode, body } = await response;
  expect(statusCode).toBe(200);
  return body;
}

const server = brokerIdentity({ brokerSecret: SECRET }, newInstanceId(8080))!;

describe('user (sign-in)', () => {
  it.each([
    ['GET', get],
    ['POST', post],
  ])('lets a device in with its key, secret and key as client id (%s)', async (_method, send) => {
    expect(await answer(send('user', { username: A.key, password: A.secret, vhost: '/', client_id: A.key }))).toBe('allow');
  });

  it.each<[string, Record<string, string>]>([
    ['a wrong secret', { username: A.key, password: 'guess', client_id: A.key }],
    ['another device’s secret', { username: A.key, password: B.secret, client_id: A.key }],
    ['an unknown key', { username: '999999999999999', password: A.secret, client_id: '999999999999999' }],
    ['no password', { username: A.key, client_id: A.key }],
    ['a client id that is not its key (session takeover)', { username: A.key, password: A.secret, client_id: B.key }],
    ['no client id (an AMQP sign-in)', { username: A.key, password: A.secret }],
    ['a key no routing key can carry', { username: 'a.b#', password: A.secret, client_id: 'a.b#' }],
  ])('refuses %s', async (_what, params) => {
    expect(await answer(post('user', params))).toBe('deny');
  });

  it('lets an instance in with the HMAC of its name, and refuses a wrong one or another secret’s', async () => {
    expect(await answer(post('user', { username: server.username, password: server.password, vhost: '/' }))).toBe('allow');
    expect(server.password).toBe(serverPassword(SECRET, server.username));
    const other = brokerIdentity({ brokerSecret: 'another-secret-0123456789' }, newInstanceId(8080))!;
    for (const password of ['guess', other.password, serverPassword(SECRET, `${server.username}x`), ''])
      expect(await answer(post('user', { username: server.username, password }))).toBe('deny');
    expect(await answer(post('user', { username: other.username, password: other.password }))).toBe('deny');
  });

  it('gives two instances of one secret two names (no session takeover)', () => {
    const second = brokerIdentity({ brokerSecret: SECRET }, newInstanceId(8080))!;
    expect(second.username).not.toBe(server.username);
    expect(second.clientId).not.toBe(server.clientId);
    expect(second.username).toMatch(/^paddock-server-[A-Za-z0-9-]+$/);
  });

  it('refuses a key after too many failed sign-ins, its right secret too, until the window is over', async () => {
    const key = LOCKED;
    for (let i = 0; i < 3; i += 1)
      expect(await answer(post('user', { username: key.key, password: `guess-${i}`, client_id: key.key }))).toBe('deny');
    expect(await answer(post('user', { username: key.key, password: key.secret, client_id: key.key }))).toBe('deny');
    // Other keys are not held up by it, nor are the instances.
    expect(await answer(post('user', { username: B.key, password: B.secret, client_id: B.key }))).toBe('allow');
    expect(await answer(post('user', { username: server.username, password: server.password }))).toBe('allow');
    t.clock.advance(t.config.rateLimitWindowMinutes * 60_000);
    expect(await answer(post('user', { username: key.key, password: key.secret, client_id: key.key }))).toBe('allow');
  });
});

describe('vhost, resource and topic (authorization)', () => {
  it('lets devices and instances into the vhost', async () => {
    expect(await answer(get('vhost', { username: A.key, vhost: '/', ip: '127.0.0.1' }))).toBe('allow');
    expect(await answer(get('vhost', { username: server.username, vhost: '/' }))).toBe('allow');
  });

  it.each<[string, string, string, string]>([
    ['exchange', 'amq.topic', 'write', 'allow'],
    ['exchange', 'amq.topic', 'read', 'allow'],
    ['exchange', 'amq.topic', 'configure', 'deny'],
    ['queue', `mqtt-subscription-${A.key}qos1`, 'configure', 'allow'],
    ['queue', `mqtt-subscription-${A.key}qos0`, 'read', 'allow'],
    ['queue', `mqtt-subscription-${B.key}qos1`, 'read', 'deny'],
    ['queue', 'paddock.uplinks', 'read', 'deny'],
    ['exchange', 'amq.direct', 'write', 'deny'],
  ])('a device: %s %s %s → %s', async (resource, name, permission, expected) => {
    expect(await answer(post('resource', { username: A.key, vhost: '/', resource, name, permission, tags: '' }))).toBe(expected);
  });

  it.each<[string, string, string, string]>([
    ['queue', 'paddock.uplinks', 'configure', 'allow'],
    ['queue', 'paddock.uplinks', 'read', 'allow'],
    ['exchange', 'amq.topic', 'read', 'allow'],
    ['queue', `mqtt-subscription-${server.clientId}qos1`, 'configure', 'allow'],
    ['queue', `mqtt-subscription-${A.key}qos1`, 'read', 'deny'],
  ])('an instance: %s %s %s → %s', async (resource, name, permission, expected) => {
    expect(await answer(post('resource', { username: server.username, vhost: '/', resource, name, permission }))).toBe(expected);
  });

  it.each<[string, string, string, string]>([
    [A.key, 'write', `devices.${A.key}.up.reading`, 'allow'],
    [A.key, 'write', `devices.${A.key}.up.status`, 'allow'],
    [A.key, 'write', `devices.${B.key}.up.reading`, 'deny'],
    [A.key, 'write', `devices.${A.key}.up.other`, 'deny'],
    [A.key, 'write', `devices.${A.key}.up.reading.more`, 'deny'],
    [A.key, 'write', `devices.${A.key}.down.config`, 'deny'],
    [A.key, 'write', `devices.*.up.reading`, 'deny'],
    [A.key, 'read', `devices.${A.key}.down.#`, 'allow'],
    [A.key, 'read', `devices.${A.key}.down.config`, 'allow'],
    [A.key, 'read', `devices.${A.key}.down.*`, 'allow'],
    [A.key, 'read', `devices.${B.key}.down.#`, 'deny'],
    [A.key, 'read', `devices.*.down.config`, 'deny'],
    [A.key, 'read', `devices.#`, 'deny'],
    [A.key, 'read', `devices.${A.key}.up.reading`, 'deny'],
    [server.username, 'read', 'devices.*.up.ack', 'allow'],
    [server.username, 'write', `devices.${A.key}.down.config`, 'allow'],
    [server.username, 'write', 'elsewhere.x', 'deny'],
  ])('topic: %s %s %s → %s', async (username, permission, routingKey, expected) => {
    const params = {
      username,
      vhost: '/',
      resource: 'topic',
      name: 'amq.topic',
      permission,
      routing_key: routingKey,
      'variable_map.client_id': username,
    };
    expect(await answer(post('topic', params))).toBe(expected);
    expect(await answer(get('topic', params))).toBe(expected);
  });

  it('denies a topic on another exchange, and a user it never signed in', async () => {
    const params = { vhost: '/', resource: 'topic', name: 'amq.direct', permission: 'write', routing_key: `devices.${A.key}.up.reading` };
    expect(await answer(post('topic', { username: A.key, ...params }))).toBe('deny');
    expect(await answer(post('resource', { username: 'guest', vhost: '/', resource: 'queue', name: 'x', permission: 'read' }))).toBe(
      'deny',
    );
  });
});

describe('EMQX (JSON in, {"result"} out)', () => {
  const json = (check: string, body: Record<string, string>) =>
    call(t.app, 'POST', `/api/broker/${TOKEN}/${check}`, { body, headers: { 'content-type': 'application/json' } });
  async function result(response: ReturnType<typeof json>) {
    const reply = await response;
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    return reply.json<{ result: string; is_superuser?: boolean }>();
  }

  it('signs a device in with its key as client id, never as superuser; refuses a wrong secret', async () => {
    expect(await result(json('user', { username: B.key, password: B.secret, client_id: B.key, ip: '192.0.2.7' }))).toEqual({
      result: 'allow',
      is_superuser: false,
    });
    expect(await result(json('user', { username: B.key, password: 'guess', client_id: B.key, ip: '192.0.2.7' }))).toEqual({
      result: 'deny',
      is_superuser: false,
    });
    expect(await result(json('user', { username: server.username, password: server.password, client_id: server.clientId }))).toMatchObject({
      result: 'allow',
    });
  });

  it.each<[string, string, string, string]>([
    [B.key, 'publish', `devices/${B.key}/up/reading`, 'allow'],
    [B.key, 'publish', `devices/${A.key}/up/reading`, 'deny'],
    [B.key, 'publish', `devices/${B.key}/down/config`, 'deny'],
    [B.key, 'subscribe', `devices/${B.key}/down/#`, 'allow'],
    [B.key, 'subscribe', `devices/${A.key}/down/#`, 'deny'],
    [B.key, 'subscribe', 'devices/+/down/config', 'deny'],
    [server.username, 'subscribe', '$share/paddock/devices/+/up/reading', 'allow'],
    [server.username, 'publish', `devices/${B.key}/down/config`, 'allow'],
    [server.username, 'subscribe', '$SYS/#', 'deny'],
  ])('topic: %s %s %s → %s', async (username, action, topic, expected) => {
    expect(await result(json('topic', { username, action, topic }))).toEqual({ result: expected });
  });
});

describe('guarding the endpoints', () => {
  it.each([
    ['no token', '/api/broker/user'],
    ['a wrong token', `/api/broker/${brokerAuthToken('another-secret-0123456789')}/user`],
    ['a token cut short', `/api/broker/${TOKEN.slice(0, -1)}/user`],
  ])('answers 404 to a call with %s, before reading its input', async (_what, url) => {
    expect((await call(t.app, 'POST', url, { body: 'username=', headers: FORM })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${url}?username=${A.key}&password=${A.secret}&client_id=${A.key}`)).statusCode).toBe(404);
  });

  it('answers 400, not 500, to bad input', async () => {
    expect((await post('user', {})).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/broker/${TOKEN}/user?username=${A.key}&username=${B.key}`)).statusCode).toBe(400);
    expect((await post('user', { username: 'x'.repeat(300), password: 'p' })).statusCode).toBe(400);
    expect(
      (
        await call(t.app, 'POST', `/api/broker/${TOKEN}/topic`, {
          body: '{"username":"x"}',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await post('resource', { username: A.key, password: 'a\u0000b' })).statusCode).toBe(400);
  });

  it('writes neither the token nor a secret to the log, at any LOG_LEVEL', async () => {
    const lines: string[] = [];
    const bare = Fastify({ logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } });
    const failing = async (_key: string, secret: string) => {
      if (secret === 'database-away') throw new Error('connection refused');
      return false;
    };
    const config = { ...t.config, logLevel: 'trace', mqttLimits: { ...t.config.mqttLimits, signInFailuresPerKey: 1 } };
    await bare.register(brokerAuthRoutes, { config, checkDevice: failing, prefix: '/api' });
    try {
      const form = (password: string) => ({
        body: new URLSearchParams({ username: A.key, password, client_id: A.key }).toString(),
        headers: FORM,
      });
      expect((await call(bare, 'POST', `/api/broker/${TOKEN}/user`, form('database-away'))).statusCode).toBe(503);
      expect((await call(bare, 'POST', `/api/broker/${TOKEN}/user`, form('first-guess'))).body).toBe('deny');
      expect((await call(bare, 'POST', `/api/broker/${TOKEN}/user`, form('second-guess'))).body).toBe('deny');
      const log = lines.join('');
      expect(log).toContain('device sign-in check failed');
      expect(log).toContain('too many failed sign-ins');
      for (const secret of [TOKEN, 'database-away', 'first-guess', 'second-guess', SECRET]) expect(log).not.toContain(secret);
    } finally {
      await bare.close();
    }
  });

  it('does not exist without BROKER_SECRET', async () => {
    const bare = Fastify();
    await bare.register(brokerAuthRoutes, { config: { ...t.config, brokerSecret: null }, checkDevice: async () => true, prefix: '/api' });
    try {
      for (const token of [TOKEN, brokerAuthToken('')])
        expect((await call(bare, 'POST', `/api/broker/${token}/user`, { body: `username=${A.key}`, headers: FORM })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

// The real broker asking these endpoints (PostgreSQL step only, as the other external-broker tests): RabbitMQ 3.10
// with rabbitmq_auth_backend_http pointed at this app, devices and instances signing in with real clients.
if (onPostgres) {
  describe('RabbitMQ signing devices and instances in through these endpoints', () => {
    let rabbit: RabbitMq;
    let instance: MqttClient;
    const clients: MqttClient[] = [];
    const identity = () => brokerIdentity({ brokerSecret: SECRET }, newInstanceId(8080))!;
    const asInstance = async (who: BrokerIdentity) => {
      const client = await mqtt.connectAsync(
        rabbit.mqttUrl,
        { username: who.username, password: who.password, clientId: who.clientId, reconnectPeriod: 0 },
        false,
      );
      clients.push(client);
      return client;
    };
    const asDevice = async (device: { key: string; secret: string }) => {
      const client = await connectDevice(rabbit.mqttUrl, device.key, device.secret);
      clients.push(client);
      return client;
    };

    beforeAll(async () => {
      // The sign-in refusals above counted against A's key: start the broker's part in a new window.
      t.clock.advance(t.config.rateLimitWindowMinutes * 60_000);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      rabbit = await startRabbitMq({ authHttpUrl: `http://127.0.0.1:${port}/api/broker/${TOKEN}` });
      instance = await asInstance(identity());
    }, 120_000);
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.endAsync(true)));
      await rabbit?.stop();
    });

    it('lets a device in with its secret and passes on what it publishes to its own topics', async () => {
      await instance.subscribeAsync('devices/+/up/reading', { qos: 1 });
      const received = collect(instance);
      const device = await asDevice(A);
      await device.publishAsync(`devices/${A.key}/up/reading`, '{"Load":1}', { qos: 1 });
      await waitFor(
        async () => received,
        (messages) => messages.length > 0,
      );
      expect(received).toEqual([expect.objectContaining({ topic: `devices/${A.key}/up/reading`, payload: '{"Load":1}' })]);
    });

    it.each<[string, () => IClientOptions]>([
      ['a wrong secret', () => ({ clientId: A.key, username: A.key, password: 'guess' })],
      ['an unknown key', () => ({ clientId: '999999999999999', username: '999999999999999', password: A.secret })],
      ['a client id that is not its key', () => ({ clientId: B.key, username: A.key, password: A.secret })],
      [
        'an instance name with a wrong password',
        () => ({
          clientId: 'paddock-server-x',
          username: 'paddock-server-x',
          password: serverPassword('guess-0123456789', 'paddock-server-x'),
        }),
      ],
    ])('refuses %s', async (_what, options) => {
      expect(await refusalCode(rabbit.mqttUrl, options())).toBeGreaterThan(0);
    });

    it('refuses a device’s subscription to another device’s down topics (RabbitMQ 3.10 closes its connection); its own get the server’s messages', async () => {
      const a = await asDevice(A);
      const closed = new Promise<void>((resolve) => a.once('close', () => resolve()));
      const refused = await a.subscribeAsync(`devices/${B.key}/down/#`, { qos: 1 }).then(
        (grants) => grants.map((grant) => grant.qos),
        (error: Error) => error.message,
      );
      await closed;
      expect(refused).not.toEqual([1]);
      const again = await asDevice(A);
      expect((await again.subscribeAsync(`devices/${A.key}/down/#`, { qos: 1 })).map((grant) => grant.qos)).toEqual([1]);
      const received = collect(again);
      await instance.publishAsync(`devices/${B.key}/down/config`, '{"Version":1}', { qos: 1 });
      await instance.publishAsync(`devices/${A.key}/down/config`, '{"Version":2}', { qos: 1 });
      // Sent in order over one connection: once A's own has come, B's would have come before it.
      await waitFor(
        async () => received,
        (messages) => messages.some((message) => message.topic === `devices/${A.key}/down/config`),
      );
      expect(received.map((message) => message.topic)).toEqual([`devices/${A.key}/down/config`]);
    });

    it('drops a device’s publish to another device’s topic (and closes its connection)', async () => {
      await instance.subscribeAsync('devices/+/up/status', { qos: 1 });
      const received = collect(instance);
      const a = await asDevice(A);
      const closed = new Promise<void>((resolve) => a.once('close', () => resolve()));
      void a.publishAsync(`devices/${B.key}/up/status`, '{"Online":true}', { qos: 1 }).catch(() => undefined);
      await closed;
      const b = await asDevice(B);
      await b.publishAsync(`devices/${B.key}/up/status`, '{"Online":false}', { qos: 1 });
      await waitFor(
        async () => received,
        (messages) => messages.length > 0,
      );
      expect(received.map((message) => message.payload)).toEqual(['{"Online":false}']);
    });

    it('keeps two instances of one BROKER_SECRET connected side by side (no session takeover), over MQTT and AMQP', async () => {
      const [first, second] = [identity(), identity()];
      const one = await asInstance(first);
      const closed: string[] = [];
      one.on('close', () => closed.push(first.username));
      const two = await asInstance(second);
      two.on('close', () => closed.push(second.username));
      // Had the second taken the first's session, the first would be closed by now and its publish would fail.
      await one.publishAsync(`devices/${A.key}/down/command`, '{}', { qos: 1 });
      await two.publishAsync(`devices/${A.key}/down/command`, '{}', { qos: 1 });
      const listed = await rabbit.ctl('list_mqtt_connections', 'client_id', '--quiet');
      expect(listed).toContain(first.clientId);
      expect(listed).toContain(second.clientId);
      expect(closed).toEqual([]);
      expect(one.connected && two.connected).toBe(true);

      // The same identity signs in over AMQP (the instances' uplink queue), with no user made at the broker.
      const connection = await amqp.connect(withIdentity(`amqp://127.0.0.1:${rabbit.amqpPort}`, first));
      try {
        const channel = await connection.createChannel();
        await channel.assertQueue('paddock.brokerauth-test', { durable: false, autoDelete: true });
        await channel.bindQueue('paddock.brokerauth-test', 'amq.topic', 'devices.*.up.status');
        await channel.close();
      } finally {
        await connection.close();
      }
      await expect(amqp.connect(`amqp://${A.key}:${A.secret}@127.0.0.1:${rabbit.amqpPort}`)).rejects.toThrow();
    });

    it('starts two Paddock instances on credential-free URLs and one BROKER_SECRET: each signs in as itself and consumes the uplinks', async () => {
      const settings = { mqttUrl: rabbit.mqttUrl, amqpUrl: `amqp://127.0.0.1:${rabbit.amqpPort}`, brokerSecret: SECRET };
      const apps: TestApp[] = [];
      try {
        for (let i = 0; i < 2; i += 1) apps.push(await createTestApp(settings, { devices: true, sameDatabaseAs: t }));
        const names = apps.map((app) => brokerIdentity(app.config, app.app.instanceId)!.username);
        expect(new Set(names).size).toBe(2);
        // Each instance's MQTT and AMQP connections are signed in under its own name.
        const users = async (...command: string[]) =>
          (await rabbit.ctl(...command, 'user', '--quiet')).split('\n').map((line) => line.trim());
        const [overAmqp, overMqtt] = [await users('list_connections'), await users('list_mqtt_connections')];
        for (const name of names)
          expect([overAmqp.filter((user) => user === name), overMqtt.filter((user) => user === name)]).toEqual([[name], [name]]);
        await waitFor(
          async () => rabbit.ctl('list_queues', 'name', 'consumers', '--quiet'),
          (queues) => /paddock\.uplinks\s+2\b/.test(queues),
        );
        for (const app of apps) expect(app.app.deviceGateway.readiness().problems).toEqual([]);
      } finally {
        for (const app of apps) await app.close();
      }
    }, 60_000);
  });
}
