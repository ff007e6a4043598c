// Starts a real Paddock server (built front end, fresh embedded database, free ports) for the end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  /** The server process (the bench reads its memory from /proc). */
  pid: number;
  /** From the spawn to the first answer of /api/health (the bench's start-up row). */
  startedInMs: number;
  /** Where devices sign in: the embedded MQTT broker. */
  mqttPort: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** An embedded database to use and keep (the caller's); without it a fresh one is made and deleted on stop. */
  dataDir?: string;
  /** Gets the server's standard output and error (the log lines, the banner) instead of this process's console. */
  output?: (text: string) => void;
  /**
   * Runs the production build (server/dist/main.js, built beforehand: `npm run build -w server`) instead of the
   * TypeScript source through tsx; default: PADDOCK_COMPILED_SERVER=1 (scripts/test.mjs sets it for the e2e tests).
   */
  compiled?: boolean;
}

export const E2E_ADMIN = { email: 'admin@e2e.paddock.test', password: 'e2e-admin-password-1' };

export async function startPaddock(extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paddock-e2e-'));
  const compiled = options.compiled ?? process.env.PADDOCK_COMPILED_SERVER === '1';
  const spawnedAt = performance.now();
  const args = compiled ? ['server/dist/main.js', 'serve'] : ['--import', 'tsx', 'server/src/main.ts', 'serve'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      // The address the browser uses: the links the server sends (the payment portal's) start with it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_DIRECT_URL: '',
      // The run's mail catcher (globalSetup), so a test's own server sends its mail where the tests read it.
      SMTP_URL: process.env.PADDOCK_E2E_SMTP_URL ?? '',
      // The demo inventory's devices report through the embedded broker, so the dashboard is live.
      SIMULATOR: 'on',
      SIMULATOR_INTERVAL_SECONDS: '4',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every browser of the suite signs up from 127.0.0.1: per-IP limits would count them all as one client.
      RATE_LIMIT_CREATE_USER_IP: '1000',
      RATE_LIMIT_SIGN_IN_IP: '1000',
      RATE_LIMIT_SEND_CODE_IP: '1000',
      // Webhooks may reach a receiver a spec starts on this machine (tests/e2e/webhooks.spec.ts; never in production).
      WEBHOOK_PRIVATE_TARGETS: 'on',
      ...extraEnv,
    },
    stdio: ['ignore', options.output ? 'pipe' : 'inherit', options.output ? 'pipe' : 'inherit'],
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => options.output?.(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Paddock server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // not left running behind the failure
      throw new Error('Paddock server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startedInMs = performance.now() - spawnedAt;
  return {
    url,
    pid: child.pid!,
    startedInMs,
    mqttPort,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
