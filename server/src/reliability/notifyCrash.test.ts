// kill -9 of the server in the middle of notification delivery (docs/architecture/README.md#ingest, Notifications):
// no notification is lost, and one is sent twice at most, the one whose send had completed and whose job was not yet
// marked done at the kill (the worker delivers one at a time; an e-mail server cannot take part in the transaction).
// The dead worker's lease running out is played by ending it in the database instead of waiting its 5 minutes.
import { sql } from 'drizzle-orm';
import { claimJobs, enqueueJob, JOB_LEASE_MS } from '../jobs/queue';
import { createMailer } from '../notify/mail';
import { runDueJobs } from '../notify/worker';
import { ALARM_JOB, type AlarmJobPayload } from '../notify/alarmNotices';
import { registeredPlug, waitFor } from '../testing/devices';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../testing/testApp';
import { killHard, startChildServer, type RunningServer } from './childServer';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const NOTICES = 900;

// On either database: jobs a dead worker had claimed are delivered once by another when the lease has run out.
describe('notifications claimed by a worker that died', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('are delivered once by another worker after the lease', async () => {
    const { owner, key } = await registeredPlug(t, 'smartplug', 38);
    const now = t.clock.now();
    for (let value = 0; value < 5; value += 1) {
      const payload: AlarmJobPayload = { userId: owner.id, channel: 'email', key, alarm: 'load', event: 'triggered', value, unit: 'W', at: now.toISOString() };
      await enqueueJob(t.database.db, ALARM_JOB, { ...payload }, now);
    }
    expect(await claimJobs(t.database.db, 'dead-worker', now, 10)).toHaveLength(5);
    const mailer = createMailer({ smtpUrl: null, from: 'paddock@test', db: t.database.db, now: t.clock.now, log: t.app.log });
    const worker = { db: t.database.db, mailer, sms: { send: async () => undefined }, push: { send: async () => 'delivered' as const }, now: t.clock.now, log: t.app.log, publicUrl: t.config.publicUrl };
    expect(await runDueJobs(worker, 'live-worker')).toBe(0); // still leased
    t.clock.advance(JOB_LEASE_MS + 1);
    expect(await runDueJobs(worker, 'live-worker')).toBe(5);
    expect(await runDueJobs(worker, 'live-worker')).toBe(0);
    const mails = await t.database.withConnection((c) => c.query('SELECT 1 FROM mailbox WHERE to_email = $1', [owner.email]));
    expect(mails).toHaveLength(5);
  });
});

if (onPostgres) describe('kill -9 in the middle of notification delivery (PostgreSQL)', () => {
  let t: TestApp;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  const count = async (query: string) =>
    Number((await t.database.withConnection((c) => c.query<{ n: string }>(query)))[0].n);

  it('delivers every notification, and at most the one in hand at the kill twice', async () => {
    const { owner, key } = await registeredPlug(t, 'smartplug', 39);
    const at = t.clock.now();
    for (let value = 0; value < NOTICES; value += 1) {
      const payload: AlarmJobPayload = { userId: owner.id, channel: 'email', key, alarm: 'load', event: 'triggered', value, unit: 'W', at: at.toISOString() };
      await enqueueJob(t.database.db, ALARM_JOB, { ...payload }, at);
    }
    const mails = `SELECT count(*) AS n FROM mailbox WHERE to_email = '${owner.email}'`;
    server = await startChildServer(t);
    await waitFor(() => count(mails), (n) => n >= 100, 30_000);
    await killHard(server);
    const sentAtKill = await count(mails);
    expect(sentAtKill).toBeLessThan(NOTICES); // the kill came in the middle

    // The dead worker's lease runs out; a new server takes the jobs over.
    await t.database.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE locked_by IS NOT NULL`);
    server = await startChildServer(t);
    await waitFor(() => count(`SELECT count(*) AS n FROM jobs WHERE kind = '${ALARM_JOB}'`), (n) => n === 0, 60_000);

    // Each notification has its own value. Counted by that, not by the whole body: its link names the port of the
    // server that sent it, and the one in hand at the kill is sent again by the restarted server on another port.
    const notifications = await t.database.withConnection((c) =>
      c.query<{ value: string | null; n: string }>(
        `SELECT substring(body from 'Value: [^\n]*') AS value, count(*) AS n FROM mailbox WHERE to_email = $1 GROUP BY 1`,
        [owner.email],
      ),
    );
    expect(notifications.filter((row) => row.value === null)).toEqual([]);
    expect(notifications).toHaveLength(NOTICES); // every notification arrived
    const twice = notifications.filter((row) => Number(row.n) > 1);
    expect(twice.length).toBeLessThanOrEqual(1);
    expect(twice.every((row) => Number(row.n) === 2)).toBe(true);
  }, 150_000);
});
