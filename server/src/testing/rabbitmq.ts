// A private RabbitMQ node for the scale-out tests on PostgreSQL (PADDOCK_TEST_DB=postgres): Debian's rabbitmq-server
// with its MQTT plugin (devices) and AMQP (the instances' uplink queue, docs/protocol.md), on free ports of
// 127.0.0.1, in a temporary folder that survives restart() (quorum queue and retained messages are kept). The node runs
// as user rabbitmq (Debian's Erlang cookie lives in its home), so its folder is chowned to it. Boot takes ≈ 13 s.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, pause } from './devices';

const RABBITMQ_BIN = '/usr/lib/rabbitmq/bin';
export const RABBITMQ_SERVER = `${RABBITMQ_BIN}/rabbitmq-server`;
const RABBITMQ_HOME = '/var/lib/rabbitmq';
const BOOT_TIMEOUT_MS = 60_000;

export interface RabbitMqOptions {
  /** Devices signed in by the internal backend (key → secret), confined to their own topics. */
  devices?: Record<string, string>;
  /** Server users (name → password), with access to every device topic and queue. */
  servers?: Record<string, string>;
  /**
   * Base URL of an HTTP auth backend (rabbitmq_auth_backend_http), tried after the internal users: the broker asks
   * `${authHttpUrl}/user`, `/vhost`, `/resource` and `/topic` (POST, form parameters).
   */
  authHttpUrl?: string;
}

export interface RabbitMq {
  nodename: string;
  mqttPort: number;
  amqpPort: number;
  /** mqtt://127.0.0.1:port (devices add their own credentials). */
  mqttUrl: string;
  /** mqtt://user:password@127.0.0.1:port for one of the server users. */
  serverMqttUrl(user: string): string;
  /** amqp://user:password@127.0.0.1:port for one of the server users. */
  serverAmqpUrl(user: string): string;
  /** rabbitmqctl against this node; resolves with its standard output. */
  ctl(...args: string[]): Promise<string>;
  /** Stops the node (SIGTERM, a clean shutdown), keeping its data folder for start(). */
  halt(): Promise<void>;
  /** Starts the node again on the same ports and data after halt(). */
  start(): Promise<void>;
  /** halt() then start(): the queue, its messages and retained messages survive. */
  restart(): Promise<void>;
  /** Stops the node and removes its folder. */
  stop(): Promise<void>;
}

/** RabbitMQ's rabbit_password_hashing_sha256: base64(salt ‖ sha256(salt ‖ password)), 4 random salt bytes. */
function passwordHash(password: string): string {
  const salt = randomBytes(4);
  const hash = createHash('sha256').update(Buffer.concat([salt, Buffer.from(password, 'utf8')])).digest();
  return Buffer.concat([salt, hash]).toString('base64');
}

/** The users of the definitions file: devices confined by topic permissions as the ACL of docs/protocol.md. */
export function rabbitDefinitions(devices: Record<string, string>, servers: Record<string, string>) {
  const user = (name: string, password: string) => ({
    name,
    password_hash: passwordHash(password),
    hashing_algorithm: 'rabbit_password_hashing_sha256',
    tags: [],
  });
  // The MQTT plugin's own session resources: its subscription queues and amq.topic.
  const session = '^(amq\\.topic|mqtt-subscription-.*)$';
  return {
    users: [...Object.entries(devices), ...Object.entries(servers)].map(([name, password]) => user(name, password)),
    vhosts: [{ name: '/' }],
    permissions: [
      ...Object.keys(devices).map((name) => ({ user: name, vhost: '/', configure: '^mqtt-subscription-.*$', write: session, read: session })),
      ...Object.keys(servers).map((name) => ({ user: name, vhost: '/', configure: '.*', write: '.*', read: '.*' })),
    ],
    topic_permissions: Object.keys(devices).map((name) => ({
      user: name,
      vhost: '/',
      exchange: 'amq.topic',
      write: '^devices\\.{username}\\.up\\.',
      read: '^devices\\.{username}\\.down\\.',
    })),
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

function rabbitUser(): { uid: number; gid: number } {
  if (!existsSync(RABBITMQ_SERVER)) throw new Error(`${RABBITMQ_SERVER} is missing: apt-get install rabbitmq-server (.ci/run does)`);
  if (process.getuid?.() !== 0) throw new Error('testing/rabbitmq: must run as root to start the node as user rabbitmq');
  // id(1): os.userInfo() only knows the current user.
  const id = (flag: string) => Number(execFileSync('id', [flag, 'rabbitmq']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts a RabbitMQ node with rabbitmq_mqtt (and rabbitmq_auth_backend_http with `authHttpUrl`). */
export async function startRabbitMq(options: RabbitMqOptions = {}): Promise<RabbitMq> {
  const { uid, gid } = rabbitUser();
  const devices = options.devices ?? {};
  const servers = options.servers ?? {};
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paddock-rabbitmq-'));
  const [mqttPort, amqpPort, distPort] = [await freePort(), await freePort(), await freePort()];
  const nodename = `paddock-${path.basename(dir).slice(-6).toLowerCase()}-${process.pid}@localhost`;
  const file = (name: string) => path.join(dir, name);
  await mkdir(file('mnesia'));
  await mkdir(file('log'));
  await writeFile(file('definitions.json'), JSON.stringify(rabbitDefinitions(devices, servers)));
  const http = options.authHttpUrl?.replace(/\/+$/, '');
  await writeFile(
    file('rabbitmq.conf'),
    [
      `listeners.tcp.1 = 127.0.0.1:${amqpPort}`,
      `mqtt.listeners.tcp.1 = 127.0.0.1:${mqttPort}`,
      'mqtt.allow_anonymous = false',
      'mqtt.vhost = /',
      'mqtt.exchange = amq.topic',
      `load_definitions = ${file('definitions.json')}`,
      'log.console = false',
      'log.file.level = info',
      // A shared CI machine: do not stop publishers over the disk and memory of the whole box.
      'disk_free_limit.absolute = 1MB',
      'vm_memory_high_watermark.relative = 0.8',
      ...(http
        ? [
            'auth_backends.1 = internal',
            'auth_backends.2 = http',
            'auth_http.http_method = post',
            `auth_http.user_path = ${http}/user`,
            `auth_http.vhost_path = ${http}/vhost`,
            `auth_http.resource_path = ${http}/resource`,
            `auth_http.topic_path = ${http}/topic`,
          ]
        : []),
      '',
    ].join('\n'),
  );
  await writeFile(file('enabled_plugins'), `[rabbitmq_mqtt${http ? ',rabbitmq_auth_backend_http' : ''}].\n`);
  // Debian's /etc/rabbitmq/rabbitmq-env.conf names the system node; this one reads an empty file instead.
  await writeFile(file('rabbitmq-env.conf'), '');
  for (const name of ['', 'mnesia', 'log', 'definitions.json', 'rabbitmq.conf', 'enabled_plugins', 'rabbitmq-env.conf']) {
    await chown(file(name), uid, gid);
  }
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: RABBITMQ_HOME,
    LANG: 'C.UTF-8',
    ERL_EPMD_ADDRESS: '127.0.0.1',
    RABBITMQ_CONF_ENV_FILE: file('rabbitmq-env.conf'),
    RABBITMQ_NODENAME: nodename,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(amqpPort),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: file('rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: file('enabled_plugins'),
    RABBITMQ_MNESIA_BASE: file('mnesia'),
    RABBITMQ_FEATURE_FLAGS_FILE: file('feature_flags'),
    RABBITMQ_LOG_BASE: file('log'),
    RABBITMQ_PID_FILE: file('rabbitmq.pid'),
    // exec the VM itself (no signal-forwarding shell): SIGTERM is a clean shutdown, the pid is the node's.
    RUNNING_UNDER_SYSTEMD: 'true',
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
  };

  const ctl = async (...args: string[]): Promise<string> => {
    const { stdout } = await promisify(execFile)(`${RABBITMQ_BIN}/rabbitmqctl`, ['-n', nodename, ...args], {
      uid,
      gid,
      env,
      cwd: RABBITMQ_HOME,
    });
    return stdout;
  };

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';

  const start = async (): Promise<void> => {
    output = '';
    const proc = spawn(RABBITMQ_SERVER, [], { uid, gid, env, cwd: RABBITMQ_HOME, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    proc.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    let gone = false;
    // A test process that dies without stop() must not leave a node behind.
    const orphan = () => proc.kill('SIGKILL');
    process.once('exit', orphan);
    exited = new Promise<void>((resolve) =>
      proc.once('exit', () => {
        gone = true;
        process.off('exit', orphan);
        resolve();
      }),
    );
    const until = Date.now() + BOOT_TIMEOUT_MS;
    // The listeners open late in the boot; await_startup then confirms the application is running.
    while (!(await accepts(amqpPort)) || !(await accepts(mqttPort))) {
      if (gone) throw new Error(`rabbitmq exited during boot:\n${output}`);
      if (Date.now() > until) throw new Error(`rabbitmq did not listen within ${BOOT_TIMEOUT_MS} ms:\n${output}`);
      await pause(100);
    }
    await ctl('await_startup', '--timeout', '60');
  };

  const halt = async (): Promise<void> => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
    child = undefined;
  };

  try {
    await start();
  } catch (error) {
    child?.kill('SIGKILL');
    await exited;
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const credentials = (user: string) => `${encodeURIComponent(user)}:${encodeURIComponent(servers[user])}`;
  return {
    nodename,
    mqttPort,
    amqpPort,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    serverMqttUrl: (user) => `mqtt://${credentials(user)}@127.0.0.1:${mqttPort}`,
    serverAmqpUrl: (user) => `amqp://${credentials(user)}@127.0.0.1:${amqpPort}`,
    ctl,
    halt,
    start,
    async restart() {
      await halt();
      await start();
    },
    async stop() {
      await halt();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
