// docs/product/reports.md on a real database (PGlite and PostgreSQL): the periods on the owner's wall clock, the
// summary's numbers from seeded readings and alarms, the CSV, a report mailed once whatever runs twice or at once
// (two app instances on one PostgreSQL), nothing before the period has ended in the owner's zone, the choice on the
// API (self or staff), and the unsubscribe link (no sign-in, once is enough, a forged token does nothing).
import { randomUUID } from 'node:crypto';
import type { ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { alarmOccurrences, deviceReadings, devices, inventory, jobs, reportSends, users, type UserRow } from '../db/schema';
import { initialFields } from '../devices/representation';
import { createMailer } from '../notify/mail';
import { outboxSmsProvider } from '../notify/sms';
import { runDueJobs, type WorkerDeps } from '../notify/worker';
import {
  APP_START_TIMEOUT_MS,
  call,
  createMember,
  createTestApp,
  createUser,
  mailsTo,
  setUpTestApp,
  type TestApp,
} from '../testing/testApp';
import { lastEndedPeriod, periodStarting } from './period';
import { composeReport, queueDueReports, REPORT_JOB } from './schedule';
import { buildSummary, meterUse, remainingUse } from './summary';
import { reportCsv } from './texts';
import { signUnsubscribeToken, UNSUBSCRIBE_PATH } from './unsubscribeToken';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => {
  t = app;
  admin = token;
});

const HOUR = 3_600_000;
const db = () => t.database.db;

function workerDeps(app: TestApp = t): WorkerDeps {
  const database = app.database.db;
  return {
    db: database,
    mailer: createMailer({ smtpUrl: null, from: 'test', db: database, now: app.clock.now, log: app.app.log }),
    sms: outboxSmsProvider(database, app.clock.now, app.app.log),
    push: { send: () => Promise.reject(new Error('no push expected')) },
    now: app.clock.now,
    log: app.app.log,
    publicUrl: app.config.publicUrl,
  };
}

let serial = 0;
/** A registered device of `owner`, straight into the database. */
async function device(owner: { id: string; email: string }, product: ProductId, name: string, fields: Record<string, unknown> = {}) {
  serial += 1;
  const key = `35988${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(7, '0')}`;
  const now = t.clock.now();
  await db().insert(inventory).values({ key, product, secretHash: 'not-a-device', createdAt: now });
  await db()
    .insert(devices)
    .values({
      key,
      product,
      ownerId: owner.id,
      name,
      access: [owner.email],
      notify: [owner.email],
      fields: { ...initialFields(product), ...fields },
      subscription: {
        Trialing: false,
        ExpiresAt: new Date(now.getTime() + 365 * 24 * HOUR).toISOString(),
        PriceIds: { Current: '', Next: '' },
      },
      registeredAt: now,
      updatedAt: now,
    });
  return key;
}

const readings = (key: string, points: [Date, Record<string, unknown>][]) =>
  db()
    .insert(deviceReadings)
    .values(points.map(([at, data]) => ({ key, at, data })));

const subscribe = (user: { id: string }, frequency: UserRow['reportFrequency']) =>
  db().update(users).set({ reportFrequency: frequency }).where(eq(users.id, user.id));

const reportJobsOf = async (userId: string) =>
  (await db().select().from(jobs).where(eq(jobs.kind, REPORT_JOB))).filter((job) => job.payload.userId === userId);

describe('report periods', () => {
  it('are weeks from Monday and months from the 1st on the owner’s wall clock, across a clock change', () => {
    // Monday 23 November 2026, 00:30 in Stockholm (23:30 UTC the day before): the week of the 16th has ended.
    const week = lastEndedPeriod('weekly', new Date('2026-11-22T23:30:00Z'), 'Europe/Stockholm');
    expect(week).toMatchObject({ start: '2026-11-16', from: new Date('2026-11-15T23:00:00Z'), to: new Date('2026-11-22T23:00:00Z') });
    // Sunday 22 November, 23:30 in London: that week has not ended there.
    expect(lastEndedPeriod('weekly', new Date('2026-11-22T23:30:00Z'), 'Europe/London').start).toBe('2026-11-09');
    // The week summer time ended in (25 October 2026) is 169 hours long.
    const dst = periodStarting('weekly', '2026-10-19', 'Europe/Stockholm');
    expect([dst.from, dst.to]).toEqual([new Date('2026-10-18T22:00:00Z'), new Date('2026-10-25T23:00:00Z')]);
    expect(lastEndedPeriod('monthly', new Date('2026-11-30T23:10:00Z'), 'Europe/Stockholm')).toMatchObject({
      start: '2026-11-01',
      from: new Date('2026-10-31T23:00:00Z'),
      to: new Date('2026-11-30T23:00:00Z'),
    });
    expect(lastEndedPeriod('monthly', new Date('2027-01-01T00:00:00Z'), 'UTC').start).toBe('2026-12-01');
  });

  it('count a meter’s drop as a reset and remaining data’s rise as a top-up', () => {
    expect(meterUse([100, 600, 50, 250])).toBe(750);
    expect(remainingUse([10, 8, 9, 5])).toBe(6);
    expect(meterUse([])).toBe(0);
  });
});

describe('the report', () => {
  const period = periodStarting('weekly', '2026-11-09', 'Europe/Stockholm');
  const at = (hours: number) => new Date(period.from.getTime() + hours * HOUR);

  it('sums up fences, plugs, SIMs and alarms of the period, with a CSV of one row per device and measure', async () => {
    const owner = await createUser(t, { locale: 'en-GB', country: 'SE', energyPricePerKwh: 25_000, energyPriceCurrency: 'SEK' });
    const helper = await createUser(t, { name: 'Anna Berg' });
    const fence = await device(owner, 'fencealarm', 'North fence', { VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 4000 } });
    const fence2 = await device(owner, 'fencealarm2', 'Quiet fence');
    const plug = await device(owner, 'smartplug', 'Pump');
    const sim = await device(owner, 'farmcam-sim', 'Gate camera');
    await readings(fence, [
      [at(-1), { Voltage: 100 }], // before the period: not counted
      [at(1), { Voltage: 6000 }],
      [at(2), { Voltage: 3000 }],
      [at(4), { Voltage: 5000 }],
      [at(7 * 24 - 1), { Voltage: 3500 }], // below until the period's end: 1 hour
    ]);
    await readings(plug, [
      [at(1), { Consumption: 100 }],
      [at(2), { Consumption: 600 }],
      [at(3), { Consumption: 50 }],
      [at(4), { Consumption: 250 }],
      [at(7 * 24 + 1), { Consumption: 9999 }], // after the period
    ]);
    await readings(sim, [
      [at(1), { RemainingData: 10e6 }],
      [at(2), { RemainingData: 8e6 }],
      [at(3), { RemainingData: 9e6 }],
      [at(4), { RemainingData: 5e6 }],
    ]);
    const alarm = (raisedAt: Date, acknowledgedBy: string | null) =>
      db()
        .insert(alarmOccurrences)
        .values({
          id: randomUUID(),
          key: fence,
          alarm: 'fence_voltage',
          raisedAt,
          value: 3000,
          unit: 'V',
          clearedAt: new Date(raisedAt.getTime() + HOUR),
          acknowledgedAt: acknowledgedBy ? new Date(raisedAt.getTime() + 600_000) : null,
          acknowledgedBy,
        });
    await alarm(at(2), helper.id);
    await alarm(at(50), null);
    await alarm(at(-5), helper.id); // the week before

    const summary = await buildSummary(db(), owner, period);
    expect(summary.fences).toEqual([
      { key: fence, product: 'fencealarm', name: 'North fence', level: 4000, min: 3000, avg: 4375, belowMs: 3 * HOUR },
      { key: fence2, product: 'fencealarm2', name: 'Quiet fence', level: 5010, min: null, avg: null, belowMs: 0 },
    ]);
    expect(summary.plugs).toEqual([{ key: plug, product: 'smartplug', name: 'Pump', kwh: 0.75, cost: 1.88 }]);
    expect(summary.sims).toEqual([{ key: sim, product: 'farmcam-sim', name: 'Gate camera', usedMb: 6 }]);
    expect(summary.alarms.map((one) => [one.raisedAt, one.acknowledgedBy])).toEqual([
      [at(2), 'Anna Berg'],
      [at(50), null],
    ]);

    const csv = reportCsv('en-GB', summary).split('\r\n');
    expect(csv[0]).toBe('Device,IMEI/IMSI,Product,Measure,Value,Unit');
    expect(csv).toEqual(
      expect.arrayContaining([
        `North fence,${fence},FenceAlarm,Lowest voltage,3000,V`,
        `North fence,${fence},FenceAlarm,Average voltage,4375,V`,
        `North fence,${fence},FenceAlarm,Time below alarm level,3,h`,
        `Quiet fence,${fence2},FenceAlarm2,Lowest voltage,,V`,
        `Pump,${plug},SmartPlug,Energy,0.75,kWh`,
        `Pump,${plug},SmartPlug,Energy cost,1.88,SEK`,
        `Gate camera,${sim},FarmCam SIM,Data used,6,MB`,
        `North fence,${fence},FenceAlarm,Alarms raised,2,`,
        `North fence,${fence},FenceAlarm,Alarms acknowledged,1,`,
      ]),
    );
    // Headers in the owner's language.
    expect(reportCsv('de-DE', summary).split('\r\n')[0]).toBe('Gerät,IMEI/IMSI,Produkt,Messgröße,Wert,Einheit');

    // The mail: in the owner's language, the lines, the CSV attached, the unsubscribe link.
    await subscribe(owner, 'weekly');
    const mail = await composeReport(workerDeps(), { userId: owner.id, frequency: 'weekly', periodStart: '2026-11-09' });
    expect(mail?.subject).toBe('Your Paddock week: 9 Nov 2026 – 15 Nov 2026');
    expect(mail?.text).toContain('North fence: lowest 3,000 V, average 4,375 V, below 4,000 V for 3 h');
    expect(mail?.text).toMatch(/Pump: 0\.75 kWh, SEK\s1\.88/);
    expect(mail?.text).toContain('Gate camera: 6 MB used');
    expect(mail?.text).toMatch(/North fence: .+, acknowledged by Anna Berg\n- .+North fence: .+, not acknowledged/);
    expect(mail?.text).toContain(`${t.config.publicUrl}${UNSUBSCRIBE_PATH}?token=`);
    expect(mail?.html).toContain('<li>North fence: lowest 3,000 V');
    expect(mail?.attachments).toEqual([
      { filename: 'paddock-report-2026-11-09.csv', content: reportCsv('en-GB', summary), contentType: 'text/csv; charset=utf-8' },
    ]);
    expect(mail?.headers['List-Unsubscribe']).toMatch(/^<http.+\/api\/reports\/unsubscribe\?token=.+>$/);
  });

  it('is sent once for the week, whatever runs twice or at once, and not before the week has ended in the owner’s zone', async () => {
    const swede = await createUser(t, { locale: 'sv-SE', country: 'SE' });
    const briton = await createUser(t, { locale: 'en-GB', country: 'GB' });
    await subscribe(swede, 'weekly');
    await subscribe(briton, 'weekly');
    // Monday 16 November, 01:30 in Stockholm and 00:30 in London: the week of the 9th is due for both.
    const monday = new Date('2026-11-16T00:30:00Z');
    const both = await Promise.all([queueDueReports(db(), monday), queueDueReports(db(), monday)]);
    const mine = both.flat().filter((payload) => [swede.id, briton.id].includes(payload.userId));
    expect(mine).toEqual(
      expect.arrayContaining([
        { userId: swede.id, frequency: 'weekly', periodStart: '2026-11-09' },
        { userId: briton.id, frequency: 'weekly', periodStart: '2026-11-09' },
      ]),
    );
    expect(mine).toHaveLength(2);
    expect((await queueDueReports(db(), monday)).filter((payload) => payload.userId === swede.id)).toEqual([]);
    await runDueJobs(workerDeps());
    let mails = await mailsTo(t, swede.email);
    expect(mails.map((mail) => mail.Subject)).toEqual(['Din Paddock-vecka: 9 nov. 2026 – 15 nov. 2026']);
    expect(mails[0].Text).toContain('Du har inga enheter att rapportera om.');

    // Sunday 22 November 23:59 in Stockholm: the week of the 16th has not ended.
    const sundayNight = new Date('2026-11-22T22:59:00Z');
    expect((await queueDueReports(db(), sundayNight)).filter((payload) => payload.userId === swede.id)).toEqual([]);
    // Midnight in Stockholm, still Sunday 23:00 in London: the Swede's week is due, the Briton's not yet.
    const stockholmMidnight = new Date('2026-11-22T23:00:30Z');
    const due = await queueDueReports(db(), stockholmMidnight);
    expect(due.filter((payload) => payload.userId === swede.id)).toEqual([
      { userId: swede.id, frequency: 'weekly', periodStart: '2026-11-16' },
    ]);
    expect(due.filter((payload) => payload.userId === briton.id)).toEqual([]);
    expect((await queueDueReports(db(), new Date('2026-11-23T00:00:30Z'))).filter((payload) => payload.userId === briton.id)).toHaveLength(
      1,
    );
    await runDueJobs(workerDeps());
    mails = await mailsTo(t, swede.email);
    expect(mails).toHaveLength(2);
    expect(await db().select().from(reportSends).where(eq(reportSends.userId, swede.id))).toHaveLength(2);
  });

  it('is not mailed when the owner stopped the reports after it was queued, and never to someone who chose none', async () => {
    const owner = await createUser(t, { country: 'SE' });
    const silent = await createUser(t, { country: 'SE' });
    await subscribe(owner, 'monthly');
    const queued = await queueDueReports(db(), new Date('2026-11-01T00:30:00Z'));
    expect(queued.filter((payload) => payload.userId === owner.id)).toEqual([
      { userId: owner.id, frequency: 'monthly', periodStart: '2026-10-01' },
    ]);
    expect(queued.filter((payload) => payload.userId === silent.id)).toEqual([]);
    expect(await reportJobsOf(owner.id)).toHaveLength(1);
    await subscribe(owner, 'none');
    await runDueJobs(workerDeps());
    expect(await reportJobsOf(owner.id)).toHaveLength(0);
    expect(await mailsTo(t, owner.email)).toEqual([]);
  });
});

describe('the report subscription API', () => {
  const path = (id: string) => `/api/users/${id}/report-subscription`;

  it('is the account holder’s and staff’s to read and set; none until chosen; a bad choice names the field', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    expect((await call(t.app, 'GET', path(member.id), { token: member.token })).json()).toEqual({ Frequency: 'none' });
    const saved = await call(t.app, 'PUT', path(member.id), { token: member.token, body: { Frequency: 'weekly' } });
    expect([saved.statusCode, saved.json()]).toEqual([200, { Frequency: 'weekly' }]);
    expect((await call(t.app, 'GET', path(member.id), { token: admin })).json()).toEqual({ Frequency: 'weekly' });
    expect((await call(t.app, 'PUT', path(member.id), { token: admin, body: { Frequency: 'monthly' } })).json()).toEqual({
      Frequency: 'monthly',
    });
    expect((await call(t.app, 'GET', path(member.id), { token: other.token })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', path(member.id), { token: other.token, body: { Frequency: 'none' } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', path(member.id))).statusCode).toBe(401);
    const bad = await call(t.app, 'PUT', path(member.id), { token: member.token, body: { Frequency: 'daily' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Frequency');
    expect((await call(t.app, 'PUT', path(randomUUID()), { token: admin, body: { Frequency: 'weekly' } })).statusCode).toBe(404);
  });
});

describe('the unsubscribe link', () => {
  it('stops the reports of the account it names, without signing in; again changes nothing; a forged one does nothing', async () => {
    const owner = await createUser(t, { locale: 'de-DE', country: 'DE' });
    const neighbour = await createUser(t, { country: 'DE' });
    await subscribe(owner, 'weekly');
    await subscribe(neighbour, 'weekly');
    const token = await signUnsubscribeToken(db(), owner.id, new Date());
    const url = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    const frequency = async (user: { id: string }) => (await db().select().from(users).where(eq(users.id, user.id)))[0].reportFrequency;

    // Opening the link (or a mail scanner following it) only asks.
    const page = await call(t.app, 'GET', url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Berichte abbestellen');
    expect(await frequency(owner)).toBe('weekly');

    // The button (a form post), as a mail program's one-click unsubscribe also sends it.
    const done = await call(t.app, 'POST', url, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Erledigt');
    expect(await frequency(owner)).toBe('none');
    expect(await frequency(neighbour)).toBe('weekly');
    const again = await call(t.app, 'POST', url);
    expect(again.statusCode).toBe(200);
    expect((await call(t.app, 'GET', url)).body).toContain('Erledigt');

    // A token naming the neighbour with the owner's signature, or a signature changed: the page says the link is not valid.
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(neighbour.id).toString('base64url')}.${signature}`;
    const refused = await call(t.app, 'POST', `${UNSUBSCRIBE_PATH}?token=${forged}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('not valid');
    expect((await call(t.app, 'GET', `${UNSUBSCRIBE_PATH}?token=${token.slice(0, -2)}xx`)).statusCode).toBe(404);
    expect(await frequency(neighbour)).toBe('weekly');
    // Not a token at all: 400 naming the parameter.
    const malformed = await call(t.app, 'POST', `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent('<script>')}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('token');
  });
});

// Two instances: on PostgreSQL a second app on the same database; PGlite is one process, so there the two schedulers
// and two workers run side by side in it.
const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
describe('two instances', () => {
  let second: TestApp | undefined;
  beforeAll(async () => {
    if (onPostgres) second = await createTestApp({}, { sameDatabaseAs: t });
  }, APP_START_TIMEOUT_MS);
  afterAll(() => second?.close(), APP_START_TIMEOUT_MS);

  it('the weekly report is sent once with two instances running', async () => {
    const other = second ?? t;
    const owner = await createUser(t, { country: 'SE' });
    await subscribe(owner, 'weekly');
    const monday = new Date('2026-10-26T00:00:00Z');
    const tick = () => Promise.all([queueDueReports(t.database.db, monday), queueDueReports(other.database.db, monday)]);
    const deliver = () => Promise.all([runDueJobs(workerDeps(t)), runDueJobs(workerDeps(other))]);
    const queued = await tick();
    expect(queued.flat().filter((payload) => payload.userId === owner.id)).toEqual([
      { userId: owner.id, frequency: 'weekly', periodStart: '2026-10-19' },
    ]);
    await deliver();
    // The next tick on both finds the week sent.
    expect((await tick()).flat().filter((payload) => payload.userId === owner.id)).toEqual([]);
    await deliver();
    expect((await mailsTo(t, owner.email)).map((mail) => mail.Subject)).toEqual(['Your Paddock week: 19 Oct 2026 – 25 Oct 2026']);
  });
});
