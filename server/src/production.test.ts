// `serve` as a real process on a fresh database (PGlite in a temporary DATA_DIR, or a fresh PostgreSQL database):
// NODE_ENV=production refuses to start without the secrets it needs, or with weak or published ones, without
// PUBLIC_URL or a payment provider that takes real money, and starts with them; outside production the first start
// generates the admin password and shows it that once.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './testing/devices';
import { APP_START_TIMEOUT_MS, openTestDatabase } from './testing/testApp';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const STRONG = 'Kq7-vT2m-Xw9p-Lr4z-operator';
/**
 * A production start that names its address, says it takes no real money (the built-in provider's opt-in) and runs
 * the embedded database (PGlite; on PostgreSQL, DATABASE_URL is set), broker and mailbox by choice.
 */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://paddock.example.com', PAYMENT_TEST_MODE: 'on', PADDOCK_EMBEDDED: 'database,broker,mailbox' };

interface Run {
  /** The exit code, or null when it was still serving (then stopped by the test). */
  code: number | null;
  output: string;
  /** GET /api/health answered 200. */
  healthy: boolean;
  /** What `probe` found while the server was up. */
  probed?: unknown;
}

let fresh: { env: Record<string, string>; dispose(): Promise<void> };

/** A fresh, empty database for one server: a temporary PGlite directory, or a new PostgreSQL database. */
async function freshDatabase(): Promise<typeof fresh> {
  if (process.env.PADDOCK_TEST_DB === 'postgres') {
    const { database, databaseUrl, databaseDirectUrl, dispose } = await openTestDatabase();
    await database.close(); // the server opens its own; dispose drops it afterwards
    return { env: { DATABASE_URL: databaseUrl!, DATABASE_DIRECT_URL: databaseDirectUrl ?? '' }, dispose: () => dispose().catch(() => undefined) };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-production-'));
  return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Starts `serve`; stops it once healthy (or when it exits by itself), after `probe` asked it what it wants. */
async function serve(env: Record<string, string>, probe?: (base: string) => Promise<unknown>): Promise<Run> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'serve'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(await freePort()),
      SMTP_URL: '',
      WEB_ROOT: path.join(tmpdir(), 'paddock-test-no-web-build'),
      LOG_LEVEL: 'warn',
      ...fresh.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  let healthy = false;
  while (child.exitCode === null && Date.now() < deadline) {
    healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((reply) => reply.ok, () => false);
    // The banner is printed once the simulator and everything else are up.
    if (healthy && output.includes('Paddock is running')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null) {
    const probed = healthy && probe ? await probe(`http://127.0.0.1:${port}`).catch((error: unknown) => error) : undefined;
    child.kill('SIGTERM');
    await exited;
    return { code: null, output, healthy, probed };
  }
  return { code: await exited, output, healthy };
}

beforeEach(async () => {
  fresh = await freshDatabase();
}, APP_START_TIMEOUT_MS);
afterEach(() => fresh.dispose());

describe('NODE_ENV=production', () => {
  it('refuses the first start without ADMIN_PASSWORD, naming it; with it set, starts', async () => {
    const refused = await serve(PRODUCTION);
    expect(refused).toMatchObject({ code: 1, healthy: false });
    expect(refused.output).toContain('ADMIN_PASSWORD must be set');

    const started = await serve({ ...PRODUCTION, ADMIN_PASSWORD: STRONG });
    expect(started).toMatchObject({ code: null, healthy: true });
    expect(started.output).toContain('Demo user: off');
    expect(started.output).not.toContain(STRONG);
    // The admin exists now: later starts need no ADMIN_PASSWORD.
    expect(await serve(PRODUCTION)).toMatchObject({ code: null, healthy: true });
  }, 120_000);

  it.each([
    [{ ADMIN_PASSWORD: 'paddock-admin-2026' }, 'ADMIN_PASSWORD is a published default'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD is shorter than 12'],
    [{ ADMIN_PASSWORD: STRONG, SEED_DEMO: 'on' }, 'DEMO_DEVICE_SECRET must be set'],
    [{ ADMIN_PASSWORD: STRONG, SEED_DEMO: 'on', DEMO_DEVICE_SECRET: 'paddock-demo-devices' }, 'DEMO_DEVICE_SECRET is a published default'],
    // Issue 26: production started on the built-in provider, which sells every plan without a card and invoices it paid.
    [{ ADMIN_PASSWORD: STRONG, PAYMENT_TEST_MODE: '' }, 'PAYMENT_PROVIDER must be stripe with NODE_ENV=production'],
    [{ ADMIN_PASSWORD: STRONG, PAYMENT_TEST_MODE: 'off', PAYMENT_PROVIDER: 'builtin' }, 'set PAYMENT_TEST_MODE=on for a demo'],
    [
      { ADMIN_PASSWORD: STRONG, PAYMENT_TEST_MODE: '', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_51abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      'STRIPE_SECRET_KEY is a Stripe test key',
    ],
    [{ ADMIN_PASSWORD: STRONG, PUBLIC_URL: '' }, 'PUBLIC_URL must be set with NODE_ENV=production'],
    // Issue 29: each instance of a half-configured production ran its own embedded database, broker and mailbox.
    [{ ADMIN_PASSWORD: STRONG, DATABASE_URL: '', PADDOCK_EMBEDDED: 'broker,mailbox' }, 'DATABASE_URL is not set'],
    [{ ADMIN_PASSWORD: STRONG, PADDOCK_EMBEDDED: '' }, 'MQTT_URL is not set'],
    [{ ADMIN_PASSWORD: STRONG, DATABASE_URL: '', DATABSE_URL: 'postgres://db/paddock', PADDOCK_EMBEDDED: 'broker,mailbox' }, 'DATABSE_URL is set: a typo of DATABASE_URL'],
  ])('refuses to start with %j', async (env, message) => {
    const run = await serve({ ...PRODUCTION, ...env });
    expect(run).toMatchObject({ code: 1, healthy: false });
    expect(run.output).toContain(message);
  }, 60_000);

  it('serves no API docs unless API_DOCS is on', async () => {
    const docs = (base: string) => Promise.all(['/api/docs', '/api/docs/json'].map((url) => fetch(`${base}${url}`).then((reply) => reply.status)));
    const off = await serve({ ...PRODUCTION, ADMIN_PASSWORD: STRONG }, docs);
    expect(off).toMatchObject({ code: null, healthy: true, probed: [404, 404] });
    const on = await serve({ ...PRODUCTION, API_DOCS: 'on' }, docs);
    expect(on).toMatchObject({ code: null, healthy: true, probed: [200, 200] });
  }, 120_000);
});

describe('outside production', () => {
  it('generates the admin and demo passwords at the first start and shows them that once', async () => {
    const first = await serve({ SIMULATOR: 'off', SMTP_ULR: 'smtp://mail.example.com' });
    expect(first).toMatchObject({ code: null, healthy: true });
    expect(first.output).toContain('Warning: SMTP_ULR is not a Paddock variable: did you mean SMTP_URL? (it is ignored)');
    const admin = /Admin: +admin@paddock\.local \/ (\S+) +\(generated now/.exec(first.output)?.[1];
    const demo = /Demo user: +demo@paddock\.local \/ (\S+) +\(generated now/.exec(first.output)?.[1];
    expect(admin).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(demo).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.output).not.toContain('paddock-admin-2026');

    const again = await serve({ SIMULATOR: 'off' });
    expect(again).toMatchObject({ code: null, healthy: true });
    expect(again.output).not.toContain(admin!);
    expect(again.output).toContain('initial password: shown at the first start');
  }, 120_000);
});
