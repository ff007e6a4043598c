// A real PgBouncer in transaction mode in front of the tests' PostgreSQL (docs/architecture/scale-out.md#database-connections):
// Debian's pgbouncer on a free port, every database name passed through (`*`), trust for the local test server.
// `.ci/run` installs it; scripts/test.mjs runs the PostgreSQL server tests through one (run as a script: it prints
// the pooled URL and stops when its stdin closes or on SIGTERM).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, portListening } from './devices';

export const PGBOUNCER = '/usr/sbin/pgbouncer';
export const pgbouncerInstalled = (): boolean => existsSync(PGBOUNCER);

export interface PgBouncer {
  port: number;
  /** `directUrl` with its host and port replaced by the pooler's. */
  pooledUrl(directUrl: string): string;
  stop(): Promise<void>;
}

/** pgbouncer refuses to run as root: then it runs as the system user `postgres`, which must read its files. */
const RUN_AS = 'postgres';

async function systemUser(name: string): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const { readFile } = await import('node:fs/promises');
  const line = (await readFile('/etc/passwd', 'utf8')).split('\n').find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`pgbouncer refuses to run as root and there is no user ${name} to run it as`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Starts PgBouncer in transaction mode in front of the server of `directUrl` (its user and password are the only
 * login). Pools sized for the suite: a test file's database gets up to `poolSize` server connections.
 */
export async function startPgBouncer(directUrl: string, { poolSize = 20 }: { poolSize?: number } = {}): Promise<PgBouncer> {
  const target = new URL(directUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const password = decodeURIComponent(target.password);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paddock-pgbouncer-'));
  const port = await freePort();
  const conf = path.join(dir, 'pgbouncer.ini');
  const users = path.join(dir, 'users.txt');
  await writeFile(users, `${quoted(user)} ${quoted(password)}\n`);
  await writeFile(
    conf,
    [
      '[databases]',
      // Any database name reaches the same-named database on the server, as the suite creates one per test file.
      `* = host=${target.hostname} port=${target.port || 5432}${password ? ` password=${password}` : ''}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'max_client_conn = 2000',
      `default_pool_size = ${poolSize}`,
      // A dropped test database's idle server connections go soon (DROP … WITH (FORCE) ends the busy ones).
      'server_idle_timeout = 10',
      'server_check_delay = 0',
      'server_login_retry = 1',
      // Paddock sends no startup parameter pgbouncer does not know (db/client.ts); tools' extra_float_digits is harmless.
      'ignore_startup_parameters = extra_float_digits',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const runAs = await systemUser(RUN_AS);
  if (runAs) {
    for (const file of [dir, conf, users]) await chown(file, runAs.uid, runAs.gid);
  }
  await chmod(users, 0o600);
  const child: ChildProcess = spawn(PGBOUNCER, [conf], { stdio: ['ignore', 'ignore', 'pipe'], ...(runAs ?? {}) });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([portListening(port, 10_000, 'pgbouncer'), exited.then(() => Promise.reject(new Error(`pgbouncer exited: ${log}`)))]);
  } catch (error) {
    child.kill();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    pooledUrl(url) {
      const pooled = new URL(url);
      pooled.hostname = '127.0.0.1';
      pooled.port = String(port);
      return pooled.toString();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// As a script (scripts/test.mjs): PgBouncer in front of TEST_DATABASE_URL until stdin closes or SIGTERM; the first
// line out is the pooled URL.
if (require.main === module) {
  const directUrl = process.env.TEST_DATABASE_URL;
  if (!directUrl) throw new Error('TEST_DATABASE_URL is not set');
  void startPgBouncer(directUrl).then((bouncer) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void bouncer.stop().then(() => process.exit(0));
    };
    process.stdout.write(`${bouncer.pooledUrl(directUrl)}\n`);
    process.stdin.on('end', stop).on('close', stop).resume();
    process.on('SIGTERM', stop).on('SIGINT', stop);
  });
}
