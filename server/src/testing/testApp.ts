// Builds the app on a fresh, migrated and seeded database for a test file: in-memory PGlite by default; with
// PADDOCK_TEST_DB=postgres, a new database on TEST_DATABASE_URL's server (through PgBouncer when
// TEST_DATABASE_DIRECT_URL names the server itself), dropped again on close. Both start as a copy of a database
// migrated once (testing/migratedTemplate.ts); the seed runs per file.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { Client } from 'pg';
import { buildApp, type BuildOptions } from '../app';
import { hashPassword } from '../auth/passwords';
import { loadConfig, RATE_LIMITED_ACTIONS, type Config, type RateLimit, type RateLimitedAction } from '../config';
import { IN_MEMORY, openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { seed } from '../seed';
import { createMigratedPostgresDatabase, openMigratedPglite } from './migratedTemplate';
import { insertUser, type NewUser } from '../users/store';
import { mailbox, type UserRow } from '../db/schema';

/** A clock that runs with real time but can be moved forward, to expire codes and tokens. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** The tests' configuration: known passwords and demo device secret, so tests sign in as the seeded accounts. */
export interface TestConfig extends Config {
  admin: { email: string; password: string };
  demo: { email: string; password: string } | null;
  demoDeviceSecret: string;
}

export interface TestApp {
  app: FastifyInstance;
  config: TestConfig;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/** Limits high enough that only the rate-limit tests (which lower them) ever reach one. */
const UNLIMITED = Object.fromEntries(RATE_LIMITED_ACTIONS.map((action) => [action, { perEmail: 10_000, perIp: 10_000 }])) as Config['rateLimits'];

export function testConfig(overrides: Partial<TestConfig> = {}): TestConfig {
  const config = loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
  return {
    ...config,
    admin: { email: config.admin.email, password: 'test-admin-password' },
    demo: config.demo && { email: config.demo.email, password: 'test-demo-password' },
    demoDeviceSecret: 'test-demo-device-secret',
    dataDir: IN_MEMORY,
    rateLimits: UNLIMITED,
    // Room for the 40 concurrent requests some tests fire at one instance (the rate limits under a burst), which the
    // default pool (7 connections, 28 waiting) would partly refuse with 503: the pool's own bounds are what
    // db/stalledDatabase.test.ts and db/connections.test.ts test.
    databasePool: { ...config.databasePool, size: 10 },
    webRoot: path.join(os.tmpdir(), 'paddock-test-no-web-build'),
    // The tests' readings carry fixed dates years back (2024): kept, unless a test sets the retention it checks.
    readingsRetentionDays: 36_500,
    // Offline alarms told at once, as the tests of their content and recipients expect; the delay that keeps a
    // restart quiet is tested on its own (notify/restartOfflineNotices.test.ts).
    offlineNoticeDelaySeconds: 0,
    ...overrides,
  };
}

/**
 * A fresh PostgreSQL database for this test file (empty, or a copy of the migrated template), or null to use
 * in-memory PGlite. With TEST_DATABASE_DIRECT_URL (scripts/test.mjs: TEST_DATABASE_URL is then a PgBouncer in
 * transaction mode in front of it) the database is
 * made and dropped on the direct connection, and the app gets both (DATABASE_URL and DATABASE_DIRECT_URL).
 */
async function createPostgresDatabase(migrated: boolean): Promise<{ url: string; directUrl: string | null; drop(): Promise<void> } | null> {
  if (process.env.PADDOCK_TEST_DB !== 'postgres') return null;
  const pooledServerUrl = process.env.TEST_DATABASE_URL;
  if (!pooledServerUrl) throw new Error('PADDOCK_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const directServerUrl = process.env.TEST_DATABASE_DIRECT_URL || null;
  const serverUrl = directServerUrl ?? pooledServerUrl;
  const name = `paddock_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (migrated) await createMigratedPostgresDatabase(admin, serverUrl, name);
    else await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const named = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    url: named(pooledServerUrl),
    directUrl: directServerUrl && named(directServerUrl),
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh, empty database (not migrated); `dispose` closes it and drops it on PostgreSQL. `databaseDirectUrl` is
 * PostgreSQL itself when `databaseUrl` goes through PgBouncer, else null.
 */
export async function openTestDatabase(): Promise<{ database: Database; databaseUrl: string | null; databaseDirectUrl: string | null; dispose(): Promise<void> }> {
  const postgres = await createPostgresDatabase(false);
  const database = await openDatabase({ databaseUrl: postgres?.url ?? null, databaseDirectUrl: postgres?.directUrl, dataDir: IN_MEMORY });
  return {
    database,
    databaseUrl: postgres?.url ?? null,
    databaseDirectUrl: postgres?.directUrl ?? null,
    async dispose() {
      await database.close();
      await postgres?.drop();
    },
  };
}

export interface TestAppOptions extends BuildOptions {
  /** A second server instance on the first one's database (PostgreSQL), with its own clock; closing it drops nothing. */
  sameDatabaseAs?: TestApp;
}

export async function createTestApp(overrides: Partial<TestConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const clock = new TestClock();
  const { sameDatabaseAs, ...buildOptions } = options;
  if (sameDatabaseAs && !sameDatabaseAs.config.databaseUrl) throw new Error('sameDatabaseAs needs PostgreSQL (PGlite is one process)');
  const postgres = sameDatabaseAs ? null : await createPostgresDatabase(true);
  const databaseUrl = sameDatabaseAs ? sameDatabaseAs.config.databaseUrl : (postgres?.url ?? null);
  const databaseDirectUrl = sameDatabaseAs ? sameDatabaseAs.config.databaseDirectUrl : (postgres?.directUrl ?? null);
  const config = testConfig({ now: clock.now, databaseUrl, databaseDirectUrl, ...overrides });
  const database = config.databaseUrl || !config.dataDir.startsWith(IN_MEMORY) ? await openDatabase(config) : await openMigratedPglite();
  await migrate(database); // nothing left to do on a copy of the template; a database of the test's own is migrated here
  await seed(database.db, config);
  const app = await buildApp(config, database, buildOptions).catch(async (error: unknown) => {
    await database.close().catch(() => undefined); // closed already when the app got as far as its own close
    await postgres?.drop();
    throw error;
  });
  await app.ready();
  return {
    app,
    config,
    database,
    clock,
    async close() {
      await app.close(); // closes the database too
      await postgres?.drop();
    },
  };
}

// ---- Helpers for the route tests -----------------------------------------------------------------------------

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** One request through app.inject, JSON in and out. */
export function call(app: FastifyInstance, method: InjectOptions['method'], url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip,
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
}

let userCount = 0;

/** A fresh verified account, created directly in the database. */
export async function createUser(t: TestApp, values: Partial<NewUser> & { password?: string } = {}): Promise<UserRow & { password: string }> {
  const { password = 'correct-horse-battery', ...rest } = values;
  userCount += 1;
  const row = await insertUser(
    t.database.db,
    {
      email: `user${userCount}-${randomBytes(3).toString('hex')}@example.com`,
      country: 'SE',
      verified: true,
      ...rest,
      passwordHash: await hashPassword(password),
    },
    t.config.now(),
  );
  return { ...row, password };
}

/**
 * The timeout of a jest hook or test that starts an app (or opens and migrates a database of its own), beyond the
 * 10 s default (jest.config.js): the copy of the migrated database, the seed's password hashes and every plugin take
 * 2–5 s on an idle machine, several times that on a busy 2-core CI machine with a worker per core.
 */
export const APP_START_TIMEOUT_MS = 30_000;

/** The test file's app, built before its tests and closed after them; `ready` gets it and the admin's token. */
export function setUpTestApp(ready: (t: TestApp, admin: string) => void, overrides: Partial<TestConfig> = {}, options: TestAppOptions = {}): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(overrides, options);
    ready(app, await adminToken(app));
  }, APP_START_TIMEOUT_MS);
  afterAll(() => app?.close(), APP_START_TIMEOUT_MS);
}

/** A fresh verified account, signed in through the API. */
export type Member = Awaited<ReturnType<typeof createUser>> & { token: string };

export async function createMember(t: TestApp, values: Parameters<typeof createUser>[1] = {}): Promise<Member> {
  const user = await createUser(t, values);
  return { ...user, token: await signIn(t, user.email, user.password) };
}

/** Signs in through the API and returns the token. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const response = await call(t.app, 'POST', '/api/sign-in', { body: { Email: email, Password: password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ Token: { String: string } }>().Token.String;
}

export const adminToken = (t: TestApp) => signIn(t, t.config.admin.email, t.config.admin.password);

export interface MailboxEntry {
  To: string;
  Subject: string;
  Text: string;
  SentAt: string;
}

/**
 * The built-in mailbox of one recipient, newest first, as the recipient got it: read from the table, since the admin
 * API masks the codes of mails to others (admin/routes.ts).
 */
export async function mailsTo(t: TestApp, email: string): Promise<MailboxEntry[]> {
  const rows = await t.database.db
    .select()
    .from(mailbox)
    .where(eq(mailbox.toEmail, email.trim().toLowerCase()))
    .orderBy(desc(mailbox.sentAt));
  return rows.map((row) => ({ To: row.toEmail, Subject: row.subject, Text: row.body, SentAt: row.sentAt.toISOString() }));
}

/** The code in the newest mail to the address. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  const code = mail ? /\b(\d{6})\b/.exec(mail.Text)?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Runs `body` with the action's limits lowered (the tests' app otherwise has none to speak of), then restores them. */
export async function withRateLimit(t: TestApp, action: RateLimitedAction, limit: RateLimit, body: () => Promise<void>): Promise<void> {
  const saved = t.config.rateLimits[action];
  t.config.rateLimits[action] = limit;
  try {
    await body();
  } finally {
    t.config.rateLimits[action] = saved;
  }
}

/** A folder laid out like the built front end (a shell and the account remote), for the web-serving tests. */
export async function fakeWebRoot(extraFiles: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'paddock-web-'));
  const files = {
    'shell/dist/index.html': '<!doctype html><title>Paddock</title>',
    'shell/dist/main.0123456789.js': 'console.log("shell")',
    'mfe-account/dist/mf-manifest.json': '{"name":"account"}',
    'mfe-account/dist/remoteEntry.js': 'var account;',
    ...extraFiles,
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}
