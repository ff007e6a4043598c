// The deployment rehearsal (issue 29, docs/operations/deploy.md "Rehearsal"): the release started exactly as the
// image's CMD starts it (`node server/dist/main.js serve`, NODE_ENV=production, secrets from *_FILE as compose hands
// them over), two instances on one fresh PostgreSQL database and one RabbitMQ (the scale-out broker,
// docs/architecture/scale-out.md), behind HAProxy running deploy/haproxy.cfg itself. It checks sign-in, the
// dashboard's device list, a device's reading arriving, a rolling restart with 0 failed requests and no acknowledged
// reading lost, a request id in the serving instance's log, /metrics with its token, and a remote redeployed while a
// page is open (its lazy chunk of the previous build still served). Fails loudly; cleans up
// every process, the database and its temporary folders, also on failure and Ctrl-C.
//
//   npm run build -w server && npx tsx scripts/rehearse.ts
//
// REHEARSAL_POSTGRES_URL: a PostgreSQL superuser connection (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { Client } from 'pg';
import type { ProductId } from '@paddock/shared/domain';
import { demoInventory, demoKey } from '../server/src/devices/inventory';
import { createModel, seededRng, step } from '../server/src/simulator/model';
import { RABBITMQ_SERVER, startRabbitMq, type RabbitMq } from '../server/src/testing/rabbitmq';
import { buildRemoteFixture, chunksWith } from '../server/src/testing/remoteBuild';
import { APPS } from './apps.mjs';

const ROOT = path.join(__dirname, '..');
const BUNDLE = path.join(ROOT, 'server', 'dist', 'main.js');
const HAPROXY = '/usr/sbin/haproxy';
// Another configuration to try (the rehearsal is meant for deploy/haproxy.cfg, which compose runs).
const HAPROXY_CONFIG = process.env.REHEARSAL_HAPROXY_CONFIG ?? path.join(ROOT, 'deploy', 'haproxy.cfg');
const ADMIN_POSTGRES_URL = process.env.REHEARSAL_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The dashboard polls every 5 s; the rehearsal's client every 100 ms, so a gap of a restart cannot hide. */
const POLL_EVERY_MS = 100;
/** Each demo device publishes a reading this often during the rolling restart. */
const READING_EVERY_MS = 250;
const READY_WITHIN_MS = 60_000;
const STORED_WITHIN_MS = 30_000;
const SERVER_USER = 'paddock-server';

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (text: string) => console.log(`[rehearsal ${elapsed()}] ${text}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secret = () => randomBytes(24).toString('hex');

class RehearsalFailure extends Error {}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new RehearsalFailure(message);
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const detail = lastError
        ? ` (last error: ${String(lastError)})`
        : last === undefined
          ? ''
          : ` (last: ${JSON.stringify(last)?.slice(0, 300)})`;
      throw new RehearsalFailure(`${what}: not within ${timeoutMs / 1000} s${detail}`);
    }
    await pause(100);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// --- clean-up: everything started is stopped, in reverse order, once --------------------------------------------
const cleanups: { what: string; run: () => Promise<unknown> }[] = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, run } of cleanups.reverse()) {
      await run().catch((error: unknown) => console.error(`[rehearsal] clean-up of ${what} failed: ${String(error)}`));
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`[rehearsal] ${signal}: cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });
}

// --- the release's processes -------------------------------------------------------------------------------------
interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  /** Everything it wrote, every run (pino's JSON lines). */
  log: string;
  exited: Promise<number | null>;
}

function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  const killLater = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return exited.finally(() => clearTimeout(killLater));
}

/** The Dockerfile's CMD (exec form), so the rehearsal cannot drift from what the image runs. */
function imageCommand(dockerfile: string): string[] {
  const line = dockerfile.split('\n').findLast((text) => /^CMD\s+\[/.test(text));
  if (!line) throw new RehearsalFailure('the Dockerfile has no CMD in exec form (CMD ["node", …])');
  return JSON.parse(line.replace(/^CMD\s+/, '')) as string[];
}

function startInstance(instance: Pick<Instance, 'name' | 'port'> & { log?: string }, env: Record<string, string>): Instance {
  // Exactly the image's CMD (node being this Node.js), from the repository's root as the image's WORKDIR.
  const [program, ...args] = imageCommand(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  check(program === 'node', `the Dockerfile's CMD starts ${program}, not node`);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(instance.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running: Instance = {
    name: instance.name,
    port: instance.port,
    child,
    log: instance.log ?? '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (running.log += chunk.toString()));
  return running;
}

async function ready(instance: Instance): Promise<void> {
  await until(
    `${instance.name} ready (GET /api/health/ready answers 200)`,
    async () => {
      if (instance.child.exitCode !== null) {
        throw new RehearsalFailure(`${instance.name} exited with ${instance.child.exitCode}:\n${instance.log.slice(-3000)}`);
      }
      return (await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`)).status;
    },
    (status) => status === 200,
    READY_WITHIN_MS,
  ).catch((error: unknown) => {
    if (error instanceof RehearsalFailure && !error.message.includes('exited')) {
      throw new RehearsalFailure(`${error.message}\n${instance.name} said:\n${instance.log.slice(-3000)}`);
    }
    throw error;
  });
}

/** HAProxy's view of each server (its admin socket, `show stat`): name → UP, DOWN, … */
function haproxyStatus(socketPath: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(socketPath, () => socket.end('show stat\n'));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header, ...rows] = text.replace(/^# /, '').trim().split('\n');
      const columns = header.split(',');
      const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
      resolve(
        Object.fromEntries(
          rows
            .map((row) => row.split(','))
            .filter((cells) => cells[proxy] === 'instances')
            .map((cells) => [cells[server], cells[status]]),
        ),
      );
    });
  });
}

/** A reading each product's gateway accepts: the simulator's model at `at` (as server/src/scaleout tests send). */
function readingOf(product: ProductId, key: string, at: Date): string {
  const rng = seededRng(key);
  return JSON.stringify(step(createModel(product, rng, at), { seconds: 1, at, fault: 'none', relay: true }, rng).reading);
}

/** The remote redeployed while a page is open: the redeploy fixture (server/src/http/redeploy.test.ts), built twice. */
const REDEPLOY_FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'federation', 'redeploy-app');
const FIRST_SECTION = 'Section of the first build';
const SECOND_SECTION = 'Section of the second build';

/** A production build of the fixture into `dist`, as `npm run build -w mfe-account` builds into its dist (webpack/builds.js keeps earlier hashed files). */
async function buildRemote(appDir: string, dist: string): Promise<void> {
  await buildRemoteFixture(appDir, dist).catch((error: Error) => {
    throw new RehearsalFailure(error.message);
  });
}

/** The built chunk (a hashed .js) holding `text`. */
function chunkWith(dist: string, text: string): string {
  const found = chunksWith(dist, text);
  check(found.length === 1, `${found.length} chunks of ${dist} hold "${text}"`);
  return found[0];
}

interface Summary {
  [line: string]: string | number;
}

async function rehearse(): Promise<Summary> {
  check(
    existsSync(BUNDLE),
    `${path.relative(ROOT, BUNDLE)} is missing: build the release first (npm run build -w server, or npm run build)`,
  );
  check(existsSync(HAPROXY), `${HAPROXY} is missing: apt-get install haproxy`);
  check(existsSync(RABBITMQ_SERVER), `${RABBITMQ_SERVER} is missing: apt-get install rabbitmq-server`);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'paddock-rehearsal-'));
  cleanups.push({ what: dir, run: () => rm(dir, { recursive: true, force: true }) });

  // One fresh database.
  const database = `paddock_rehearsal_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_POSTGRES_URL });
  await admin.connect().catch((error: unknown) => {
    throw new RehearsalFailure(
      `PostgreSQL at ${ADMIN_POSTGRES_URL.replace(/\/\/[^@]*@/, '//…@')} does not answer (${String(error)}): start it or set REHEARSAL_POSTGRES_URL`,
    );
  });
  await admin.query(`CREATE DATABASE ${database}`);
  cleanups.push({
    what: `database ${database}`,
    run: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  });
  const databaseUrl = new URL(ADMIN_POSTGRES_URL);
  databaseUrl.pathname = `/${database}`;
  say(`database ${database} created`);

  // The broker: the demo user's devices (number 1 of each product, the seed's) and the instances' user.
  const demoDeviceSecret = secret();
  const devices = demoInventory({ demoDeviceSecret }).filter((entry) => entry.key === demoKey(entry.product as ProductId, 1));
  const serverPassword = secret();
  const rabbit: RabbitMq = await startRabbitMq({
    devices: Object.fromEntries(devices.map((entry) => [entry.key, entry.secret])),
    servers: { [SERVER_USER]: serverPassword },
  });
  cleanups.push({ what: 'RabbitMQ', run: () => rabbit.stop() });
  say(`RabbitMQ up (MQTT ${rabbit.mqttPort}, AMQP ${rabbit.amqpPort})`);

  // Secrets as compose hands them over: files named by NAME_FILE.
  const secrets = {
    DATABASE_URL: databaseUrl.toString(),
    MQTT_URL: rabbit.serverMqttUrl(SERVER_USER),
    AMQP_URL: rabbit.serverAmqpUrl(SERVER_USER),
    ADMIN_PASSWORD: secret(),
    DEMO_PASSWORD: secret(),
    DEMO_DEVICE_SECRET: demoDeviceSecret,
    METRICS_TOKEN: secret(),
  };
  const secretFiles: Record<string, string> = {};
  for (const [name, value] of Object.entries(secrets)) {
    const file = path.join(dir, name.toLowerCase());
    await writeFile(file, `${value}\n`, { mode: 0o600 });
    secretFiles[`${name}_FILE`] = file;
  }
  // The web apps the instances serve (WEB_ROOT, as the image's /app): the built ones, with the account remote
  // replaced by the redeploy fixture, built once now and again while the pages are open.
  const webRoot = path.join(dir, 'web');
  for (const app of APPS.filter((name) => name !== 'mfe-account')) {
    if (existsSync(path.join(ROOT, app, 'dist')))
      await cp(path.join(ROOT, app, 'dist'), path.join(webRoot, app, 'dist'), { recursive: true });
  }
  if (!existsSync(path.join(webRoot, 'shell', 'dist'))) {
    await mkdir(path.join(webRoot, 'shell', 'dist'), { recursive: true });
    await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>Paddock</title>');
  }
  // Inside the repository, so the fixture resolves react and @paddock/shared as the apps do (.gitignore'd).
  const remoteApp = await mkdtemp(path.join(path.dirname(REDEPLOY_FIXTURE), '.redeploy-'));
  cleanups.push({ what: remoteApp, run: () => rm(remoteApp, { recursive: true, force: true }) });
  await cp(REDEPLOY_FIXTURE, remoteApp, { recursive: true });
  const remoteDist = path.join(webRoot, 'mfe-account', 'dist');
  await buildRemote(remoteApp, remoteDist);
  const firstChunk = chunkWith(remoteDist, FIRST_SECTION);
  say(`remote "account" built (lazy chunk ${firstChunk})`);

  const demoEmail = 'demo@rehearsal.paddock.test';
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'https://paddock.rehearsal.test',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    // No mail server here: the mailbox is the one embedded part, named as production asks.
    PADDOCK_EMBEDDED: 'mailbox',
    PAYMENT_TEST_MODE: 'on',
    SEED_DEMO: 'on',
    SIMULATOR: 'off',
    DEMO_EMAIL: demoEmail,
    ADMIN_EMAIL: 'admin@rehearsal.paddock.test',
    DATA_DIR: path.join(dir, 'data'),
    WEB_ROOT: webRoot,
    ...secretFiles,
  };

  const instances: Instance[] = [];
  const ports = [await freePort(), await freePort()];
  for (const [i, port] of ports.entries()) instances.push(startInstance({ name: `paddock${i + 1}`, port }, env));
  cleanups.push({ what: 'the instances', run: () => Promise.all(instances.map((instance) => stopChild(instance.child, instance.exited))) });
  const spawnedAt = Date.now();
  await Promise.all(instances.map(ready));
  const startSeconds = (Date.now() - spawnedAt) / 1000;
  say(`both instances ready in ${startSeconds.toFixed(1)} s on a fresh database (ports ${ports.join(', ')})`);

  // HAProxy on deploy/haproxy.cfg, plus an admin socket to see when it has taken an instance back.
  const proxyPort = await freePort();
  const brokerAuthPort = await freePort();
  const socketPath = path.join(dir, 'haproxy.sock');
  const extra = path.join(dir, 'rehearsal.cfg');
  await writeFile(extra, `global\n    stats socket ${socketPath} mode 600 level admin\n`);
  let proxyLog = '';
  const proxy = spawn(HAPROXY, ['-db', '-f', HAPROXY_CONFIG, '-f', extra], {
    cwd: dir,
    env: {
      PATH: env.PATH,
      PADDOCK_LISTEN: `127.0.0.1:${proxyPort}`,
      BROKER_AUTH_LISTEN: `127.0.0.1:${brokerAuthPort}`,
      PADDOCK_1: `127.0.0.1:${ports[0]}`,
      PADDOCK_2: `127.0.0.1:${ports[1]}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [proxy.stdout!, proxy.stderr!])
    stream.on('data', (chunk: Buffer) => (proxyLog = (proxyLog + chunk.toString()).slice(-50_000)));
  const proxyExited = new Promise((resolve) => proxy.once('exit', resolve));
  cleanups.push({ what: 'HAProxy', run: () => stopChild(proxy, proxyExited) });
  const bothUp = () =>
    until(
      'HAProxy sees both instances UP',
      () => haproxyStatus(socketPath),
      (status) => status.paddock1 === 'UP' && status.paddock2 === 'UP',
      20_000,
    ).catch((error: unknown) => {
      throw new RehearsalFailure(`${String(error)}\nHAProxy said:\n${proxyLog.slice(-3000)}`);
    });
  await bothUp();
  const site = `http://127.0.0.1:${proxyPort}`;
  say(`HAProxy on ${proxyPort} with both instances UP`);

  // Sign-in through the proxy.
  const signIn = await fetch(`${site}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: demoEmail, Password: secrets.DEMO_PASSWORD }),
  });
  const signInText = await signIn.text();
  check(signIn.status === 200, `sign-in through the proxy answered ${signIn.status}: ${signInText}`);
  const { User, Token } = JSON.parse(signInText) as { User: { Id: string }; Token: { String: string } };
  const auth = { authorization: `Bearer ${Token.String}` };
  const listUrl = `${site}/api/users/${User.Id}/devices`;
  say('signed in as the demo user through the proxy');

  // The dashboard's device list: the seed's devices, one of each product.
  const list = await fetch(listUrl, { headers: auth });
  const listText = await list.text();
  check(list.status === 200, `the device list answered ${list.status}: ${listText}`);
  const missing = devices.filter((entry) => !listText.includes(entry.key));
  check(missing.length === 0, `the device list lacks the demo devices ${missing.map((entry) => entry.key).join(', ')}`);
  say(`dashboard list: ${devices.length} devices`);

  // Devices on the broker, each signed in with its key and secret from the seeded inventory.
  const clients: MqttClient[] = [];
  cleanups.push({ what: 'the devices', run: () => Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined))) });
  for (const entry of devices) {
    const client = await mqtt.connectAsync(rabbit.mqttUrl, {
      clientId: entry.key,
      username: entry.key,
      password: entry.secret,
      reconnectPeriod: 500,
      connectTimeout: 10_000,
    });
    client.on('error', () => undefined);
    clients.push(client);
  }

  // A reading arrives: the plug's last contact shows in the dashboard's list.
  const plug = devices.find((entry) => entry.product === 'smartplug') ?? devices[0];
  const plugClient = clients[devices.indexOf(plug)];
  const firstAt = new Date();
  await plugClient.publishAsync(`devices/${plug.key}/up/reading`, readingOf(plug.product as ProductId, plug.key, firstAt), { qos: 1 });
  const lastSeen = async () => {
    const reply = await fetch(listUrl, { headers: auth });
    const text = await reply.text();
    const at = text.indexOf(plug.key);
    const match = /"LastSeenAt":"([^"]+)"/.exec(text.slice(at, at + 2000));
    return match?.[1] ?? null;
  };
  const seenAt = await until(
    `the reading of ${plug.key} in the dashboard's list (Connection.LastSeenAt)`,
    lastSeen,
    (value) => value !== null,
    STORED_WITHIN_MS,
  );
  say(`a reading of ${plug.key} arrived: LastSeenAt ${seenAt}`);

  // A request id through the proxy lands in the log of the instance that served it, and only there.
  const requestId = `rehearsal-${randomBytes(8).toString('hex')}`;
  const traced = await fetch(listUrl, { headers: { ...auth, 'x-request-id': requestId } });
  check(traced.status === 200, `the traced request answered ${traced.status}`);
  check(
    traced.headers.get('x-request-id') === requestId,
    `X-Request-Id came back as ${traced.headers.get('x-request-id')}, not ${requestId}`,
  );
  const servedBy = await until(
    `request id ${requestId} in an instance's log`,
    async () => instances.filter((instance) => instance.log.includes(requestId)).map((instance) => instance.name),
    (names) => names.length > 0,
    10_000,
  );
  check(servedBy.length === 1, `request id ${requestId} is in the logs of ${servedBy.join(' and ')}`);
  say(`request id ${requestId} is in the log of ${servedBy[0]}`);
  // A request without one gets its id at the proxy: the same id in HAProxy's log line and the instance's.
  const untraced = await fetch(listUrl, { headers: auth });
  const givenId = untraced.headers.get('x-request-id') ?? '';
  check(untraced.status === 200, `the request without an id answered ${untraced.status}`);
  check(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(givenId), `the proxy gave no UUID request id: ${givenId}`);
  await until(
    `request id ${givenId} (from the proxy) in HAProxy's log and an instance's`,
    async () => proxyLog.includes(givenId) && instances.some((instance) => instance.log.includes(givenId)),
    Boolean,
    10_000,
  );
  say(`a request without an id got ${givenId} at the proxy, in its log and the serving instance's`);

  // /metrics through the proxy: refused without the token, Prometheus text with it.
  const noToken = await fetch(`${site}/metrics`);
  check(noToken.status === 401, `/metrics without the token answered ${noToken.status}, not 401`);
  const metrics = await fetch(`${site}/metrics`, { headers: { authorization: `Bearer ${secrets.METRICS_TOKEN}` } });
  const metricsText = await metrics.text();
  check(
    metrics.status === 200 && /^# (HELP|TYPE) /m.test(metricsText),
    `/metrics with the token answered ${metrics.status}: ${metricsText.slice(0, 200)}`,
  );
  say(`/metrics: 401 without the token, ${metricsText.split('\n').filter((line) => line.startsWith('# TYPE')).length} metrics with it`);

  // A remote redeployed while a page is open: the page has the first build's entry; the remote is built again into
  // the same folder; the page's lazy section (the first build's chunk) still loads through the proxy, from either
  // instance, and a page opened now gets the new entry and chunk.
  const openedEntry = await fetch(`${site}/remotes/account/remoteEntry.js`);
  check(
    openedEntry.status === 200 && (await openedEntry.text()).includes(firstChunk.split('.').at(-2)!),
    `the first build's remoteEntry.js: ${openedEntry.status}`,
  );
  const sectionFile = path.join(remoteApp, 'src', 'Section.tsx');
  await writeFile(sectionFile, (await readFile(sectionFile, 'utf8')).replace(FIRST_SECTION, SECOND_SECTION));
  await buildRemote(remoteApp, remoteDist);
  const secondChunk = chunkWith(remoteDist, SECOND_SECTION);
  check(secondChunk !== firstChunk, 'the second build made the same chunk');
  for (let i = 0; i < instances.length; i += 1) {
    const old = await fetch(`${site}/remotes/account/${firstChunk}`);
    const oldText = await old.text();
    check(old.status === 200 && oldText.includes(FIRST_SECTION), `the open page's chunk ${firstChunk} after the redeploy: ${old.status}`);
    const entry = await (await fetch(`${site}/remotes/account/remoteEntry.js`)).text();
    check(entry.includes(secondChunk.split('.').at(-2)!), "remoteEntry.js after the redeploy does not name the new build's chunk");
    const fresh = await fetch(`${site}/remotes/account/${secondChunk}`);
    check(fresh.status === 200 && (await fresh.text()).includes(SECOND_SECTION), `the new chunk ${secondChunk}: ${fresh.status}`);
  }
  say(`remote redeployed: the open page's ${firstChunk} still served, new pages get ${secondChunk}`);

  // The rolling restart, while the dashboard polls and every device publishes.
  let polling = true;
  let polls = 0;
  let notModified = 0;
  const failures: string[] = [];
  const poller = (async () => {
    let etag: string | null = null;
    while (polling) {
      const next = Date.now() + POLL_EVERY_MS;
      polls += 1;
      try {
        const reply: Response = await fetch(listUrl, { headers: { ...auth, ...(etag ? { 'if-none-match': etag } : {}) } });
        const body = await reply.text();
        if (reply.status === 304) notModified += 1;
        else if (reply.status === 200) etag = reply.headers.get('etag');
        else failures.push(`${elapsed()} ${reply.status} ${body.slice(0, 200)}`);
      } catch (error) {
        failures.push(`${elapsed()} ${String((error as Error).cause ?? error)}`);
      }
      await pause(Math.max(0, next - Date.now()));
    }
  })();
  const acked = new Set<string>();
  let publishing = true;
  let sequence = 0;
  const base = Date.now() - 60_000;
  const publishers = clients.map(async (client, i) => {
    const entry = devices[i];
    while (publishing) {
      const next = Date.now() + READING_EVERY_MS;
      // Unique timestamps: each acknowledged reading is one row, found by (key, at).
      const at = new Date(base + (sequence += 1));
      await client.publishAsync(`devices/${entry.key}/up/reading`, readingOf(entry.product as ProductId, entry.key, at), { qos: 1 });
      acked.add(`${entry.key}@${at.toISOString()}`);
      await pause(Math.max(0, next - Date.now()));
    }
  });

  const exitCodes: number[] = [];
  const restartStarted = Date.now();
  try {
    await pause(1000); // some traffic on both before the first stop
    for (const [i, instance] of instances.entries()) {
      const stoppedAt = Date.now();
      instance.child.kill('SIGTERM');
      const code = await instance.exited;
      exitCodes.push(code ?? -1);
      check(code === 0, `${instance.name} exited with ${code} after SIGTERM, not 0:\n${instance.log.slice(-3000)}`);
      say(`${instance.name} stopped with 0 in ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s; starting it again`);
      instances[i] = startInstance(instance, env);
      await ready(instances[i]);
      await bothUp();
      say(`${instance.name} ready again and UP in HAProxy`);
    }
    await pause(1000);
  } finally {
    polling = false;
    publishing = false;
    await poller;
    await Promise.all(publishers);
  }
  const restartSeconds = (Date.now() - restartStarted) / 1000;

  // No acknowledged reading lost: each is a row of the database.
  const reader = new Client({ connectionString: databaseUrl.toString() });
  await reader.connect();
  const keys = devices.map((entry) => entry.key);
  const stored = await until(
    `every one of ${acked.size} acknowledged readings stored`,
    async () => {
      const { rows } = await reader.query<{ key: string; at: Date }>(
        'SELECT key, at FROM device_readings WHERE key = ANY($1) AND at >= $2',
        [keys, new Date(base)],
      );
      const ids = new Set(rows.map((row) => `${row.key}@${row.at.toISOString()}`));
      return [...acked].filter((id) => !ids.has(id)).length;
    },
    (lost) => lost === 0,
    STORED_WITHIN_MS,
  ).finally(() => reader.end());
  check(stored === 0, 'readings lost');
  check(
    failures.length === 0,
    `${failures.length} of ${polls} requests through the proxy failed during the rolling restart:\n${failures.slice(0, 20).join('\n')}\nHAProxy said:\n${proxyLog.slice(-4000)}`,
  );
  say(`rolling restart: ${polls} polls (${notModified} answered 304), 0 failed; ${acked.size} readings acknowledged, all stored`);

  return {
    'two instances, spawn to ready': `${startSeconds.toFixed(1)} s (migrations and seed included)`,
    'sign-in through HAProxy': 'ok',
    'dashboard device list': `${devices.length} devices`,
    'reading arrived (LastSeenAt)': seenAt ?? '',
    'request id in the serving log': servedBy[0],
    'request id given by HAProxy': `${givenId.slice(0, 8)}…, in both logs`,
    '/metrics': '401 without token, 200 with',
    'remote redeployed, old chunk served': `${firstChunk} → ${secondChunk}`,
    'rolling restart': `${restartSeconds.toFixed(1)} s, exit codes ${exitCodes.join(', ')}`,
    'dashboard polls during restart': polls,
    'failed requests': failures.length,
    'readings acknowledged and stored': acked.size,
    'readings lost': 0,
  };
}

rehearse()
  .then(async (summary) => {
    await cleanUp();
    console.log('\nRehearsal passed:');
    for (const [line, value] of Object.entries(summary)) console.log(`  ${line.padEnd(38)} ${value}`);
    console.log(`  ${'total'.padEnd(38)} ${elapsed()}`);
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error(`\nREHEARSAL FAILED: ${error instanceof RehearsalFailure ? error.message : ((error as Error).stack ?? String(error))}`);
    await cleanUp();
    process.exit(1);
  });
