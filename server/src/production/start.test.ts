// The production entry point, as real processes (docs/operations/deploy.md): `npm start` builds the server bundle
// and runs it in its own process, and SIGTERM sent to npm (what a container runtime sends to PID 1) reaches it: readiness
// answers 503, a request in flight (a power command waiting for its plug's ack) still gets its answer, and the server
// exits 0 leaving nothing behind. Then the bundle on its own (`node server/dist/main.js serve`): it answers, and a
// shutdown that cannot finish within SHUTDOWN_GRACE_SECONDS exits 1 naming what was still running.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { downTopic, upTopic } from '@paddock/shared/contract';
import type { MqttClient } from 'mqtt';
import { connectDevice, freePort, nextMessage } from '../testing/devices';
import { demoInventory, demoKey } from '../devices/inventory';

const ROOT = path.join(__dirname, '..', '..', '..');
const DEMO = { email: 'demo@start.paddock.test', password: 'start-test-demo-password' };
const DEMO_DEVICE_SECRET = 'start-test-device-secret';
const PLUG = demoKey('smartplug', 1);
/** Start-up migrates and seeds a fresh PGlite: a minute or more on a busy 2-core machine. */
const START_TIMEOUT_MS = 240_000;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Polls `probe` until it returns a value (not undefined), or fails after `timeoutMs` with `what`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, started?: Started): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (started && started.child.exitCode !== null) throw new Error(`exited (${started.child.exitCode}) before ${what}:\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}\n${started?.output() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const status = (url: string) => fetch(url).then((response) => response.status);

/** The status of a GET with this Host header (fetch sets its own). */
function statusOnHost(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).once('error', reject);
  });
}

function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The node process npm runs the script in (npm's child: `exec` left no shell between them). */
function childOf(pid: number): number | undefined {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return children.find((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('scripts/start.mjs'));
}

async function signInDemo(url: string): Promise<string> {
  const response = await fetch(`${url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: DEMO.email, Password: DEMO.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { Token: { String: string } }).Token.String;
}

/** The demo plug, signed in to the embedded broker and heard from (online). */
async function plugOnline(mqttPort: number): Promise<MqttClient> {
  const secret = demoInventory({ demoDeviceSecret: DEMO_DEVICE_SECRET }).find((entry) => entry.key === PLUG)!.secret;
  const plug = await connectDevice(`mqtt://127.0.0.1:${mqttPort}`, PLUG, secret);
  await plug.subscribeAsync(downTopic(PLUG, 'command'), { qos: 1 });
  await plug.publishAsync(upTopic(PLUG, 'status'), JSON.stringify({ Online: true, IntervalSeconds: 300 }), { qos: 1 });
  return plug;
}

/** Switches the demo plug off through the API: in flight until the plug acks (or 60 s). */
function switchOff(url: string, token: string): Promise<Response> {
  return fetch(`${url}/api/smartplugs/${PLUG}/power-enabled`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ Enabled: false }),
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-start-'));
const running: Started[] = [];
/** The servers npm started: npm killed alone would leave them running. */
const servers: number[] = [];
afterAll(async () => {
  for (const started of running) if (started.child.exitCode === null) started.child.kill('SIGKILL');
  for (const pid of servers) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function serverEnv() {
  const port = await freePort();
  const mqttPort = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DATABASE_DIRECT_URL: '',
    MQTT_URL: '',
    SMTP_URL: '',
    NODE_ENV: 'development',
    SIMULATOR: 'off',
    SEED_DEMO: 'on',
    DEMO_EMAIL: DEMO.email,
    DEMO_PASSWORD: DEMO.password,
    DEMO_DEVICE_SECRET,
    ADMIN_PASSWORD: 'start-test-admin-password',
    LOG_LEVEL: 'info',
    PADDOCK_SKIP_APP_BUILD: '1',
  };
  return { port, mqttPort, url: `http://127.0.0.1:${port}`, env };
}

it(
  'SIGTERM to `npm start`: readiness 503, the request in flight answered, exit 0, nothing left running',
  async () => {
    const { port, mqttPort, url, env } = await serverEnv();
    const npm = start('npm', ['start'], env);
    running.push(npm);
    await until('ready', async () => ((await status(`${url}/api/health/ready`)) === 200 ? true : undefined), START_TIMEOUT_MS, npm);
    // The compiled server, in the process npm started (no tsx), with what it reads from disk beside its code.
    const server = childOf(npm.child.pid!)!;
    expect(server).toBeDefined();
    servers.push(server);
    expect(readFileSync(`/proc/${server}/cmdline`, 'utf8')).not.toContain('tsx');
    expect(npm.output()).toContain('Paddock is running at');
    expect(await statusOnHost(`${url}/partner-demo/demo.js`, `shop.localhost:${port}`)).toBe(200);
    // Everything the bundle imports is a production dependency of the server (build.json: written by the build).
    const { packages } = JSON.parse(readFileSync(path.join(ROOT, 'server', 'dist', 'build.json'), 'utf8')) as { packages: string[] };
    const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'server', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(packages.filter((name) => !dependencies[name])).toEqual([]);
    expect(packages).not.toContain('tsx');

    const plug = await plugOnline(mqttPort);
    try {
      const token = await signInDemo(url);
      const command = nextMessage(plug, downTopic(PLUG, 'command'), () => true, 60_000);
      const inFlight = switchOff(url, token);
      const { Id } = JSON.parse((await command).payload) as { Id: string };

      npm.child.kill('SIGTERM');
      const readiness = await until(
        'readiness 503',
        async () => {
          const response = await fetch(`${url}/api/health/ready`);
          return response.status === 503 ? ((await response.json()) as { Problems: string[] }) : undefined;
        },
        30_000,
      );
      expect(readiness.Problems).toContain('shutting down');
      // Still in flight: the plug answers now, and the request gets its answer.
      await plug.publishAsync(upTopic(PLUG, 'ack'), JSON.stringify({ Id, Ok: true, PowerEnabled: false }), { qos: 1 });
      const answered = await inFlight;
      expect(answered.status).toBe(200);
      expect(await npm.exited).toBe(0);
      expect(npm.output()).toContain('shut down');
      expect(alive(server)).toBe(false);
      expect(await portRefuses(port)).toBe(true);
    } finally {
      await plug.endAsync(true);
    }
  },
  START_TIMEOUT_MS + 120_000,
);

it(
  'the bundle alone serves; a shutdown still holding a request when SHUTDOWN_GRACE_SECONDS is over exits 1 naming it',
  async () => {
    const { mqttPort, url, env } = await serverEnv();
    const server = start(process.execPath, [path.join('server', 'dist', 'main.js'), 'serve'], { ...env, SHUTDOWN_GRACE_SECONDS: '2' });
    running.push(server);
    await until('ready', async () => ((await status(`${url}/api/health/ready`)) === 200 ? true : undefined), START_TIMEOUT_MS, server);
    expect(await status(`${url}/api/health`)).toBe(200);

    const plug = await plugOnline(mqttPort);
    try {
      const token = await signInDemo(url);
      const command = nextMessage(plug, downTopic(PLUG, 'command'), () => true, 60_000);
      const inFlight = switchOff(url, token).catch((error: unknown) => error);
      await command;
      // The plug never answers: the request is still waiting when the grace period ends.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes('shutdown grace period over'));
      expect(line).toBeDefined();
      expect(JSON.parse(line!).stillRunning).toEqual(expect.arrayContaining(['HTTP requests in flight', 'HTTP PUT /api/smartplugs/:imei/power-enabled']));
      await inFlight;
    } finally {
      await plug.endAsync(true);
    }
  },
  START_TIMEOUT_MS + 60_000,
);
