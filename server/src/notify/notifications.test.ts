// Alarm notifications end to end on a real database: a reading that changes an alarm enqueues jobs in the same
// transaction, the worker delivers them (mailbox, SMS outbox) once, in each recipient's language.
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { count, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { devices, jobs, users } from '../db/schema';
import { ingestUplink } from '../devices/gateway/ingest';
import { sweepOffline } from '../devices/gateway/offlineSweep';
import { demoKey } from '../devices/inventory';
import { fenceReading } from '../testing/devices';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, createUser, mailsTo, signIn, type TestApp } from '../testing/testApp';
import { releaseHeldTriggers, remindOffline } from './alarmNotices';
import { claimJobs, JOB_LEASE_MS, retryDelayMs } from '../jobs/queue';
import { createMailer, type Mailer } from './mail';
import { outboxSmsProvider } from './sms';
import { runDueJobs, type WorkerDeps } from './worker';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const db = () => t.database.db;
function deps(overrides: Partial<WorkerDeps> = {}): WorkerDeps {
  return {
    db: db(),
    mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log }),
    sms: outboxSmsProvider(db(), t.clock.now, t.app.log),
    // Nobody here has push on; push.test.ts delivers to a push service.
    push: { send: () => Promise.reject(new Error('no push expected')) },
    now: t.clock.now,
    log: t.app.log,
    publicUrl: t.config.publicUrl,
    ...overrides,
  };
}

let next = 1;
/** A registered device with its alarms enabled, owned by a German-speaking user with SMS on. */
async function setUp(product: ProductId = 'fencealarm', owner: Partial<Parameters<typeof createUser>[1]> = {}) {
  const user = await createUser(t, { locale: 'de-DE', phone: '+46 70 123 45 67', smsEnabled: true, smsBalance: 5, ...owner });
  const token = await signIn(t, user.email, user.password);
  next += 1;
  const key = demoKey(product, next);
  const name = `Weide ${next}`;
  const response = await call(t.app, 'POST', `/api/users/${user.id}/${PRODUCTS[product].apiCollection}`, {
    token,
    body: { [PRODUCTS[product].keyField]: key, Name: name },
  });
  expect(response.statusCode).toBe(201);
  const [row] = await db().select().from(devices).where(eq(devices.key, key));
  const fields = { ...row.fields };
  if (product === 'fencealarm') fields.VoltageAlarm = { Enabled: true, Triggered: false, AlarmLevel: 3000 };
  await db().update(devices).set({ fields }).where(eq(devices.key, key));
  return { user, key, name, token };
}

/** Adds users to the device's Access and Notify lists. */
async function share(key: string, emails: { access: string[]; notify: string[] }) {
  const [row] = await db().select().from(devices).where(eq(devices.key, key));
  await db()
    .update(devices)
    .set({ access: [...row.access, ...emails.access], notify: [...row.notify, ...emails.notify] })
    .where(eq(devices.key, key));
}


async function smsTo(to: string): Promise<{ To: string; Text: string; SentAt: string }[]> {
  const response = await call(t.app, 'GET', `/api/admin/sms-outbox?to=${encodeURIComponent(to)}`, { token: await adminToken(t) });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const balance = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0].smsBalance;
const queued = async () => (await db().select({ n: count() }).from(jobs))[0].n;

/** Each test starts with an empty queue (a test may leave jobs due later behind). */
beforeEach(async () => {
  await db().delete(jobs);
});

describe('alarm notifications', () => {
  it('tell everyone on the Notify list, in their language, by e-mail and SMS, once; then the clear; a flapping alarm stays quiet', async () => {
    const { user, key, name } = await setUp();
    const english = await createUser(t, { locale: 'en-GB' });
    const notShared = await createUser(t, { locale: 'en-GB' });
    await share(key, { access: [english.email], notify: [english.email, notShared.email] });

    await fenceReading(t, key, 2000);
    expect(await runDueJobs(deps())).toBe(3); // owner: mail + SMS; english: mail (no SMS enabled)
    expect(await runDueJobs(deps())).toBe(0);

    const [mail] = await mailsTo(t, user.email);
    expect(mail.Subject).toBe(`Alarm: Niedrige Zaunspannung – ${name}`);
    expect(mail.Text).toContain(`Ihres Geräts ${name}`);
    expect(mail.Text).toContain('Wert: 2.000 V');
    // On the Swedish account's wall clock (notify/ownerTime.ts), the zone named.
    expect(mail.Text).toMatch(/\d{4} um \d{2}:\d{2} MES?Z/);
    expect((await mailsTo(t, english.email)).map((m) => m.Subject)).toEqual([`Alarm: Low fence voltage – ${name}`]);
    expect(await mailsTo(t, notShared.email)).toEqual([]);
    const sms = await smsTo('+46701234567');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ To: '+46 70 123 45 67' });
    expect(sms[0].Text).toContain(`Paddock-Alarm: Niedrige Zaunspannung bei ${name} (2.000 V)`);
    expect(await smsTo(user.email)).toEqual(sms);
    expect(await balance(user.id)).toBe(4);

    // Another low reading changes nothing: the alarm was already on.
    await fenceReading(t, key, 1900);
    expect(await queued()).toBe(0);

    await fenceReading(t, key, 5000);
    expect(await runDueJobs(deps())).toBe(3);
    expect((await mailsTo(t, user.email)).map((m) => m.Subject)).toEqual([`Entwarnung: Niedrige Zaunspannung – ${name}`, `Alarm: Niedrige Zaunspannung – ${name}`]);
    expect((await smsTo(user.email))[0].Text).toContain('Paddock-Entwarnung');
    expect(await balance(user.id)).toBe(3);

    // Flapping inside the quiet period: nothing more.
    t.clock.advance(5 * 60_000);
    await fenceReading(t, key, 2000);
    await fenceReading(t, key, 5000);
    await fenceReading(t, key, 2000);
    expect(await queued()).toBe(0);
    // Past the quiet period (15 minutes after the last trigger told), the next trigger is told again.
    await fenceReading(t, key, 5000);
    t.clock.advance(10 * 60_000);
    await fenceReading(t, key, 2000);
    expect(await runDueJobs(deps())).toBe(3);
    expect(await mailsTo(t, user.email)).toHaveLength(3);
    expect(await balance(user.id)).toBe(2);
  });

  it('tells a trigger the quiet period held back once the period is over, when the alarm is still on', async () => {
    const { user, key, name } = await setUp('fencealarm', { smsEnabled: false });
    await fenceReading(t, key, 2000);
    await fenceReading(t, key, 5000);
    expect(await runDueJobs(deps())).toBe(2); // trigger and clear
    const settings = { quietMinutes: 15, reminderHours: 24 };

    // It goes off again 3 minutes later and stays off: held, not forgotten.
    t.clock.advance(3 * 60_000);
    const wentOff = t.clock.now();
    await fenceReading(t, key, 1500);
    expect(await queued()).toBe(0);
    t.clock.advance(11 * 60_000);
    expect(await releaseHeldTriggers(db(), t.clock.now(), settings)).toEqual([]);
    t.clock.advance(60_000);
    // Two servers sweeping at once tell it once.
    const [a, b] = await Promise.all([releaseHeldTriggers(db(), t.clock.now(), settings), releaseHeldTriggers(db(), t.clock.now(), settings)]);
    expect([...a, ...b]).toEqual([key]);
    expect(await runDueJobs(deps())).toBe(1);
    const [mail] = await mailsTo(t, user.email);
    expect(mail.Subject).toBe(`Alarm: Niedrige Zaunspannung – ${name}`);
    // The value it has now, and the time it went off.
    expect(mail.Text).toContain('Wert: 1.500 V');
    expect(mail.Text).toContain(new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' }).format(wentOff));
    // Its clear is told like any other.
    await fenceReading(t, key, 5000);
    expect(await runDueJobs(deps())).toBe(1);
    expect((await mailsTo(t, user.email))[0].Subject).toBe(`Entwarnung: Niedrige Zaunspannung – ${name}`);

    // Held again, but back to normal before the period is over: nothing is told, then or later.
    t.clock.advance(60_000);
    await fenceReading(t, key, 2000);
    await fenceReading(t, key, 5000);
    expect(await releaseHeldTriggers(db(), new Date(t.clock.now().getTime() + 60 * 60_000), settings)).toEqual([]);
    expect(await queued()).toBe(0);
  });

  it('a plug switched off raises no load alarm (no job, no SMS) while the load is below Lower; above Upper, or on again, it does', async () => {
    // A timer, thermostat or shared user switching the relay off must not send the owner a paid SMS for Load 0.
    const plugs = [
      {
        product: 'smartplug',
        alarm: { LoadAlarm: { Enabled: true, Triggered: false, Lower: 100, Upper: 3000 } },
        extra: { Temperature: 4 },
      },
      {
        product: 'smartplug2',
        alarm: {
          PowerLoadAlarmNotification: { Enabled: true, Triggered: false },
          DeviceConfig: { OutputPower: false, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 100, Upper: 3000 } },
        },
        extra: {},
      },
    ] as const;
    for (const { product, alarm, extra } of plugs) {
      const { user, key } = await setUp(product, { emailDevice: false, smsBalance: 5 });
      const [row] = await db().select().from(devices).where(eq(devices.key, key));
      await db()
        .update(devices)
        .set({ fields: { ...row.fields, ...alarm } })
        .where(eq(devices.key, key));
      const reading = (Load: number, PowerEnabled: boolean) =>
        ingestUplink(db(), {
          key,
          name: 'reading',
          payload: Buffer.from(JSON.stringify({ Load, Consumption: 10, SignalStrength: 70, PowerEnabled, MainsPower: true, ...extra })),
          retained: false,
          receivedAt: t.clock.now(),
        });

      await reading(0, false);
      expect(await queued()).toBe(0);
      expect(await runDueJobs(deps())).toBe(0);
      expect(await smsTo(user.email)).toEqual([]);
      expect(await balance(user.id)).toBe(5);

      // Switched on again, the next reading is judged as usual: no load is now a fault.
      await reading(0, true);
      expect(await runDueJobs(deps())).toBe(1);
      expect(await smsTo(user.email)).toHaveLength(1);
      // Off again: the alarm clears (told once); a load above Upper while off is a fault and is told.
      await reading(0, false);
      t.clock.advance(20 * 60_000);
      await reading(3500, false);
      expect(await runDueJobs(deps())).toBe(2);
      expect(await smsTo(user.email)).toHaveLength(3);
    }
  });

  it('sends no SMS at balance 0 or without a phone, and takes nothing from the balance', async () => {
    const { user, key } = await setUp('fencealarm', { smsBalance: 0, phone: '+46 70 000 00 01' });
    const noPhone = await createUser(t, { smsEnabled: true, smsBalance: 3, phone: '' });
    await share(key, { access: [noPhone.email], notify: [noPhone.email] });
    await fenceReading(t, key, 2000);
    expect(await runDueJobs(deps())).toBe(2);
    expect(await mailsTo(t, user.email)).toHaveLength(1);
    expect(await smsTo(user.email)).toEqual([]);
    expect(await smsTo(noPhone.email)).toEqual([]);
    expect(await balance(user.id)).toBe(0);
    expect(await balance(noPhone.id)).toBe(3);
  });

  it('respects the channels each user enabled, and drops the jobs of a user who left the Access list meanwhile', async () => {
    const { user, key } = await setUp('fencealarm', { emailDevice: false });
    const leaving = await createUser(t);
    await share(key, { access: [leaving.email], notify: [leaving.email] });
    await fenceReading(t, key, 2000);
    await db().update(devices).set({ access: [user.email] }).where(eq(devices.key, key));
    await runDueJobs(deps());
    expect(await mailsTo(t, user.email)).toEqual([]);
    expect(await smsTo(user.email)).toHaveLength(1);
    expect(await mailsTo(t, leaving.email)).toEqual([]);
    expect(await queued()).toBe(0);
  });

  it('tells when a device goes offline (last will or sweep) and reminds while it stays offline', async () => {
    const { user, key, name } = await setUp('fencealarm', { smsEnabled: false });
    await ingestUplink(db(), { key, name: 'status', payload: Buffer.from(JSON.stringify({ Online: false })), retained: false, receivedAt: t.clock.now() });
    await runDueJobs(deps());
    expect((await mailsTo(t, user.email)).map((m) => m.Subject)).toEqual([`Alarm: Gerät offline – ${name}`]);

    expect(await remindOffline(db(), new Date(t.clock.now().getTime() + 23 * 3_600_000), { quietMinutes: 15, reminderHours: 24 })).toEqual([]);
    const later = new Date(t.clock.now().getTime() + 24 * 3_600_000 + 1000);
    const [a, b] = await Promise.all([remindOffline(db(), later, { quietMinutes: 15, reminderHours: 24 }), remindOffline(db(), later, { quietMinutes: 15, reminderHours: 24 })]);
    expect([...a, ...b]).toEqual([key]);
    await runDueJobs(deps({ now: () => later }));
    expect((await mailsTo(t, user.email))[0].Subject).toBe(`Weiterhin offline: ${name}`);

    // Back online: the clear is told.
    await fenceReading(t, key, 5000);
    await runDueJobs(deps());
    expect((await mailsTo(t, user.email))[0].Subject).toBe(`Entwarnung: Gerät offline – ${name}`);

    // The sweep marks SmartPlug2 silent: connection lost is told.
    const plug = await setUp('smartplug2', { smsEnabled: false, locale: 'sv-SE' });
    const silent = new Date(t.clock.now().getTime() + 901_000);
    await sweepOffline(db(), silent);
    await runDueJobs(deps({ now: () => silent }));
    expect((await mailsTo(t, plug.user.email)).map((m) => m.Subject)).toEqual([`Larm: Enheten är offline – ${plug.name}`]);
  });

  it('retries after a transport failure with exponential back-off', async () => {
    const { user, key } = await setUp('fencealarm', { smsEnabled: false });
    let failures = 2;
    const real = deps().mailer;
    const flaky: Mailer = {
      async send(mail) {
        if (failures-- > 0) throw new Error('SMTP down');
        await real.send(mail);
      },
    };
    await fenceReading(t, key, 2000);
    expect(await runDueJobs(deps({ mailer: flaky }))).toBe(0);
    const [job] = await db().select().from(jobs);
    expect(job).toMatchObject({ attempts: 1, lastError: 'SMTP down', lockedBy: null });
    expect(job.runAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(retryDelayMs(1) - 5000);

    expect(await runDueJobs(deps({ mailer: flaky }))).toBe(0); // not due yet: nothing tried
    expect(failures).toBe(1);
    t.clock.advance(retryDelayMs(1) + 1000);
    expect(await runDueJobs(deps({ mailer: flaky }))).toBe(0);
    const [again] = await db().select().from(jobs);
    expect(again.attempts).toBe(2);
    expect(again.runAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(retryDelayMs(2) - 5000);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    t.clock.advance(retryDelayMs(2) + 1000);
    expect(await runDueJobs(deps({ mailer: flaky }))).toBe(1);
    expect(await mailsTo(t, user.email)).toHaveLength(1);
  });

  it('pays an SMS once however often its sending is retried', async () => {
    const { user, key } = await setUp('fencealarm', { emailDevice: false, smsBalance: 2 });
    let failures = 1;
    const real = deps().sms;
    await fenceReading(t, key, 2000);
    const flaky = { send: async (sms: Parameters<typeof real.send>[0]) => (failures-- > 0 ? Promise.reject(new Error('provider down')) : real.send(sms)) };
    expect(await runDueJobs(deps({ sms: flaky }))).toBe(0);
    expect(await balance(user.id)).toBe(1);
    t.clock.advance(retryDelayMs(1) + 1000);
    expect(await runDueJobs(deps({ sms: flaky }))).toBe(1);
    expect(await balance(user.id)).toBe(1);
    expect(await smsTo(user.email)).toHaveLength(1);
  });

  it('delivers a job claimed by a worker that died once its lease has run out', async () => {
    const { user, key } = await setUp('fencealarm', { smsEnabled: false });
    await fenceReading(t, key, 2000);
    expect(await claimJobs(db(), 'dead-worker', t.clock.now(), 10)).toHaveLength(1);
    expect(await runDueJobs(deps({ id: 'survivor' }))).toBe(0);
    t.clock.advance(JOB_LEASE_MS + 1000);
    expect(await runDueJobs(deps({ id: 'survivor' }))).toBe(1);
    expect(await mailsTo(t, user.email)).toHaveLength(1);
    expect(await queued()).toBe(0);
  });

  it('delivers each job once when two workers run on one database', async () => {
    const owners = [];
    for (let i = 0; i < 6; i += 1) {
      const { user, key } = await setUp('fencealarm', { smsBalance: 10 });
      await fenceReading(t, key, 2000);
      owners.push(user);
    }
    expect(await queued()).toBe(12);
    // On PostgreSQL the second worker has its own connection pool, as a second server would.
    const second: Database | null = t.config.databaseUrl ? await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: '' }) : null;
    try {
      const otherDb = second?.db ?? db();
      const [a, b] = await Promise.all([
        runDueJobs(deps({ id: 'worker-a' })),
        runDueJobs({ ...deps({ id: 'worker-b' }), db: otherDb, sms: outboxSmsProvider(otherDb, t.clock.now, t.app.log), mailer: createMailer({ smtpUrl: null, from: 'test', db: otherDb, now: t.clock.now, log: t.app.log }) }),
      ]);
      expect(a + b).toBe(12);
    } finally {
      await second?.close();
    }
    for (const owner of owners) {
      expect(await mailsTo(t, owner.email)).toHaveLength(1);
      expect(await smsTo(owner.email)).toHaveLength(1);
      expect(await balance(owner.id)).toBe(9);
    }
  });

  it('lets only admins read the SMS outbox', async () => {
    const { token } = await setUp();
    expect((await call(t.app, 'GET', '/api/admin/sms-outbox', { token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/sms-outbox')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/sms-outbox?to=x&y=1', { token: await adminToken(t) })).statusCode).toBe(400);
  });
});
