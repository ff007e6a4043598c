// A real Mosquitto for the gateway tests on PostgreSQL (PADDOCK_TEST_DB=postgres): spawned on a free port with a
// password file made by mosquitto_passwd and the ACL of docs/protocol.md, so topic isolation is
// proven on an external broker too. `.ci/run` installs Debian's mosquitto when it is missing.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, portListening } from './devices';

export const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

export interface Mosquitto {
  port: number;
  /** mqtt://user:password@127.0.0.1:port for one of the server users. */
  serverUrl(user: string): string;
  url: string;
  /** Stops and starts it again on the same port (with `persistence`, its sessions and retained messages kept). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface MosquittoOptions {
  /** Sessions and retained messages saved at shutdown and read back at start (the issue 27 restart case). */
  persistence?: boolean;
}

/**
 * The broker configuration the PROTOCOL asks of an external broker: no anonymous clients, the client id forced to
 * the user name (no one takes over another's session), devices confined to their own topics, one user per server
 * instance with access to every device topic.
 */
export function mosquittoAcl(serverUsers: readonly string[]): string {
  return [
    'pattern write devices/%u/up/#',
    'pattern read devices/%u/down/#',
    ...serverUsers.flatMap((user) => [`user ${user}`, 'topic readwrite devices/#']),
    '',
  ].join('\n');
}

/** Starts Mosquitto with these devices (key → secret) and server users (name → password). */
export async function startMosquitto(devices: Record<string, string>, servers: Record<string, string>, options: MosquittoOptions = {}): Promise<Mosquitto> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paddock-mosquitto-'));
  const passwords = path.join(dir, 'passwords');
  const acl = path.join(dir, 'acl');
  const port = await freePort();
  // Written in plain text and hashed in one run (-U): one mosquitto_passwd per user took over 30 s on a busy machine.
  await writeFile(passwords, Object.entries({ ...devices, ...servers }).map(([user, password]) => `${user}:${password}\n`).join(''));
  await promisify(execFile)(MOSQUITTO_PASSWD, ['-U', passwords]);
  await writeFile(acl, mosquittoAcl(Object.keys(servers)));
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwords}`,
      `acl_file ${acl}`,
      'use_username_as_clientid true',
      ...(options.persistence ? ['persistence true', `persistence_location ${dir}/`] : ['persistence false']),
      // Running as root, stay root so the files in the private temp folder stay readable.
      'user root',
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  let child: ChildProcess;
  let exited: Promise<void>;
  const start = async () => {
    child = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await Promise.race([portListening(port, 5000, 'mosquitto'), exited.then(() => Promise.reject(new Error(`mosquitto exited: ${log}`)))]);
  };
  const halt = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await start();
  } catch (error) {
    child!.kill();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    serverUrl: (user) => `mqtt://${encodeURIComponent(user)}:${encodeURIComponent(servers[user])}@127.0.0.1:${port}`,
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
