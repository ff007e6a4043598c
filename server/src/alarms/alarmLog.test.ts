// The alarm log (docs/product/alarm-log.md) on a real database: what notify records when it tells of an alarm, who
// reads it, acknowledging, the reminders an acknowledgement stops for every recipient, and its retention.
import type { AlarmLogPage, AlarmOccurrence } from '@paddock/shared/contract';
import { PRODUCTS } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { alarmOccurrences, devices, jobs } from '../db/schema';
import { ingestUplink } from '../devices/gateway/ingest';
import { demoKey } from '../devices/inventory';
import { MAX_ATTEMPTS } from '../jobs/queue';
import { remindOffline } from '../notify/alarmNotices';
import { createMailer, type Mailer } from '../notify/mail';
import { outboxSmsProvider } from '../notify/sms';
import { runDueJobs, type WorkerDeps } from '../notify/worker';
import { maintainReadingPartitions } from '../readings/partitions';
import { fenceReading } from '../testing/devices';
import {
  adminToken,
  APP_START_TIMEOUT_MS,
  call,
  createMember,
  createTestApp,
  mailsTo,
  signIn,
  type Member,
  type TestApp,
} from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const db = () => t.database.db;
const REMINDERS = { quietMinutes: 15, reminderHours: 24 };
const HOUR = 3_600_000;

function deps(overrides: Partial<WorkerDeps> = {}): WorkerDeps {
  return {
    db: db(),
    mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log }),
    sms: outboxSmsProvider(db(), t.clock.now, t.app.log),
    push: { send: () => Promise.reject(new Error('no push expected')) },
    now: t.clock.now,
    log: t.app.log,
    publicUrl: t.config.publicUrl,
    ...overrides,
  };
}

let next = 10;
/** A FenceAlarm with its voltage alarm on, owned by `owner`, shared with (and notifying) `shared`. */
async function fence(owner: Member, shared: Member[] = []) {
  next += 1;
  const key = demoKey('fencealarm', next);
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS.fencealarm.apiCollection}`, {
    token: owner.token,
    body: { Imei: key, Name: `Paddock ${next}` },
  });
  expect(response.statusCode).toBe(201);
  const [row] = await db().select().from(devices).where(eq(devices.key, key));
  const emails = shared.map((member) => member.email);
  await db()
    .update(devices)
    .set({
      fields: { ...row.fields, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 } },
      access: [...row.access, ...emails],
      notify: [...row.notify, ...emails],
    })
    .where(eq(devices.key, key));
  return key;
}

const goOffline = (key: string) =>
  ingestUplink(db(), {
    key,
    name: 'status',
    payload: Buffer.from(JSON.stringify({ Online: false })),
    retained: false,
    receivedAt: t.clock.now(),
  });

async function logOf(member: Member, query = '', token = member.token): Promise<AlarmLogPage> {
  const response = await call(t.app, 'GET', `/api/users/${member.id}/alarms${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const acknowledge = (id: string, token: string) => call(t.app, 'POST', `/api/alarms/${id}/acknowledge`, { token });

beforeEach(async () => {
  await db().delete(jobs);
});

describe('the alarm log', () => {
  it('records when an alarm was raised and cleared and who was told by which channel, delivered or not', async () => {
    const owner = await createMember(t, { smsEnabled: true, phone: '+46 70 123 45 67', smsBalance: 5 });
    const friend = await createMember(t, { name: 'Friend' });
    const stranger = await createMember(t);
    const key = await fence(owner, [friend]);

    await fenceReading(t, key, 2000);
    // The friend's mail fails until it is given up; the owner's mail and SMS go out.
    const real = deps().mailer;
    const failing: Mailer = {
      async send(mail) {
        if (mail.to === friend.email) throw new Error('mailbox full');
        await real.send(mail);
      },
    };
    let at = t.clock.now();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      await runDueJobs(deps({ mailer: failing, now: () => at }));
      at = new Date(at.getTime() + 2 * HOUR);
    }

    const [raised] = (await logOf(owner)).Occurrences;
    expect(raised).toMatchObject({
      Device: { Product: 'fencealarm', Key: key, Name: `Paddock ${next}` },
      Alarm: 'fence_voltage',
      Value: 2000,
      Unit: 'V',
      ClearedAt: null,
      AcknowledgedAt: null,
      AcknowledgedBy: null,
      TimeZone: expect.any(String),
    });
    const deliveries = raised.Deliveries.map((d) => `${d.To?.Email} ${d.Channel} ${d.Event} ${d.Status}`).sort();
    expect(deliveries).toEqual(
      [
        `${owner.email} email triggered delivered`,
        `${owner.email} sms triggered delivered`,
        `${friend.email} email triggered failed`,
      ].sort(),
    );

    t.clock.advance(60_000);
    const clearing = t.clock.now().getTime();
    await fenceReading(t, key, 5000);
    await runDueJobs(deps());
    // The friend sees the devices shared with them; a stranger sees nothing of them.
    const [cleared] = (await logOf(friend)).Occurrences;
    expect(cleared.Id).toBe(raised.Id);
    expect(Date.parse(cleared.ClearedAt!)).toBeGreaterThanOrEqual(clearing);
    expect(cleared.Deliveries.filter((d) => d.Event === 'cleared').map((d) => d.Status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect((await logOf(stranger)).Occurrences).toEqual([]);
    expect((await logOf(stranger, `?device=${key}`)).Occurrences).toEqual([]);
    // Someone else's log: 403, as for their device list.
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/alarms`, { token: stranger.token })).statusCode).toBe(403);
    // Staff read any account's log.
    expect((await logOf(owner, '', await adminToken(t))).Occurrences.map((o) => o.Id)).toEqual([raised.Id]);
  });

  it('names only the people the device is shared with now (and staff)', async () => {
    const owner = await createMember(t);
    const friend = await createMember(t, { name: 'Friend' });
    const key = await fence(owner, [friend]);
    await fenceReading(t, key, 2000);
    await runDueJobs(deps());
    const [occurrence] = (await logOf(owner)).Occurrences;
    expect((await acknowledge(occurrence.Id, friend.token)).statusCode).toBe(200);
    // The friend leaves the sharing list: the log no longer says who they were, nor do they read it.
    await db()
      .update(devices)
      .set({ access: [owner.email], notify: [owner.email] })
      .where(eq(devices.key, key));
    const [after] = (await logOf(owner)).Occurrences;
    expect(after.Deliveries.map((d) => d.To?.Email ?? null).sort()).toEqual([owner.email, null].sort());
    expect(after.AcknowledgedBy).toBeNull();
    expect(after.AcknowledgedAt).not.toBeNull();
    expect((await logOf(friend)).Occurrences).toEqual([]);
    expect((await acknowledge(occurrence.Id, friend.token)).statusCode).toBe(404);
    // Staff acknowledging are named.
    await fenceReading(t, key, 5000);
    t.clock.advance(20 * 60_000);
    await fenceReading(t, key, 2000);
    const [newer] = (await logOf(owner)).Occurrences;
    const staff = await acknowledge(newer.Id, await adminToken(t));
    expect(staff.statusCode).toBe(200);
    expect(staff.json().AcknowledgedBy).toMatchObject({ Email: t.config.admin.email });
  });

  it('pages newest first and filters by device', async () => {
    const owner = await createMember(t);
    const first = await fence(owner);
    const second = await fence(owner);
    for (let i = 0; i < 3; i += 1) {
      for (const key of [first, second]) {
        await fenceReading(t, key, 2000);
        t.clock.advance(60_000);
        await fenceReading(t, key, 5000);
        // Past the quiet period, so the next trigger is told (and logged) at once.
        t.clock.advance(20 * 60_000);
      }
    }
    const all: AlarmOccurrence[] = [];
    let page = await logOf(owner, '?limit=4');
    all.push(...page.Occurrences);
    while (page.Next) {
      page = await logOf(owner, `?limit=4&cursor=${page.Next}`);
      all.push(...page.Occurrences);
    }
    expect(all).toHaveLength(6);
    expect(all.map((o) => o.RaisedAt)).toEqual([...all.map((o) => o.RaisedAt)].sort().reverse());
    const onlyFirst = await logOf(owner, `?device=${first}`);
    expect(onlyFirst.Occurrences.map((o) => o.Device.Key)).toEqual([first, first, first]);
    expect(onlyFirst.Next).toBeNull();
    const from = all[1].RaisedAt;
    expect((await logOf(owner, `?from=${encodeURIComponent(from)}`)).Occurrences).toHaveLength(2);
    // A malformed cursor is the caller's mistake, named.
    const bad = await call(t.app, 'GET', `/api/users/${owner.id}/alarms?cursor=yesterday`, { token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('cursor');
  });

  it('acknowledging stops reminders for every recipient', async () => {
    const owner = await createMember(t, { name: 'Owner' });
    const friend = await createMember(t, { name: 'Friend' });
    const stranger = await createMember(t);
    const key = await fence(owner, [friend]);
    await goOffline(key);
    await runDueJobs(deps());
    expect((await mailsTo(t, owner.email)).length).toBe(1);
    expect((await mailsTo(t, friend.email)).length).toBe(1);

    // Reminded once, to both.
    const day = new Date(t.clock.now().getTime() + 24 * HOUR + 1000);
    expect(await remindOffline(db(), day, REMINDERS)).toEqual([key]);
    await runDueJobs(deps({ now: () => day }));
    expect((await mailsTo(t, owner.email)).length).toBe(2);
    expect((await mailsTo(t, friend.email)).length).toBe(2);

    // The next reminder is queued; then the friend acknowledges (a stranger cannot, and learns nothing).
    const twoDays = new Date(day.getTime() + 24 * HOUR + 1000);
    expect(await remindOffline(db(), twoDays, REMINDERS)).toEqual([key]);
    const [occurrence] = (await logOf(owner)).Occurrences;
    expect((await acknowledge(occurrence.Id, stranger.token)).statusCode).toBe(404);
    const acking = t.clock.now().getTime();
    const acked = await acknowledge(occurrence.Id, friend.token);
    expect(acked.statusCode).toBe(200);
    expect(acked.json()).toMatchObject({ Id: occurrence.Id, AcknowledgedBy: { Name: 'Friend', Email: friend.email } });
    expect(Date.parse(acked.json().AcknowledgedAt)).toBeGreaterThanOrEqual(acking);
    // Idempotent: the first acknowledgement stays.
    t.clock.advance(60_000);
    const again = await acknowledge(occurrence.Id, owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ AcknowledgedBy: { Email: friend.email }, AcknowledgedAt: acked.json().AcknowledgedAt });

    // The reminder queued before the acknowledgement reaches nobody; no later reminder is queued.
    await runDueJobs(deps({ now: () => twoDays }));
    const threeDays = new Date(twoDays.getTime() + 24 * HOUR + 1000);
    expect(await remindOffline(db(), threeDays, REMINDERS)).toEqual([]);
    await runDueJobs(deps({ now: () => threeDays }));
    expect((await mailsTo(t, owner.email)).length).toBe(2);
    expect((await mailsTo(t, friend.email)).length).toBe(2);
    const [logged] = (await logOf(friend)).Occurrences;
    expect(logged.Deliveries.map((d) => `${d.To?.Email} ${d.Event} ${d.Status}`).sort()).toEqual(
      [
        `${owner.email} triggered delivered`,
        `${friend.email} triggered delivered`,
        `${owner.email} reminder delivered`,
        `${friend.email} reminder delivered`,
        `${owner.email} reminder skipped`,
        `${friend.email} reminder skipped`,
      ].sort(),
    );

    // Back online: the clear is still told, and the occurrence closes; the next time it goes offline is a new one.
    await fenceReading(t, key, 5000);
    await runDueJobs(deps());
    expect((await mailsTo(t, owner.email)).length).toBe(3);
    // Past the quiet period after the last reminder's turn (three days on).
    t.clock.advance(4 * 24 * HOUR);
    await goOffline(key);
    const [newer, older] = (await logOf(owner, '', await signIn(t, owner.email, owner.password))).Occurrences;
    expect(older.Id).toBe(occurrence.Id);
    expect(older.ClearedAt).not.toBeNull();
    expect(newer).toMatchObject({ Alarm: 'offline', AcknowledgedAt: null, ClearedAt: null });
  });

  it('refuses an id that is no occurrence id (400) and an unknown one (404)', async () => {
    const owner = await createMember(t);
    const bad = await acknowledge('not-an-id', owner.token);
    expect(bad.statusCode).toBe(400);
    expect((await acknowledge('6f1c2b9e-0d5a-4c3e-9a1b-2c3d4e5f6a7b', owner.token)).statusCode).toBe(404);
  });

  it('is kept as long as the raw readings: cleared occurrences older than the retention go, open ones stay', async () => {
    const owner = await createMember(t);
    const key = await fence(owner);
    await fenceReading(t, key, 2000);
    t.clock.advance(60_000);
    await fenceReading(t, key, 5000);
    t.clock.advance(20 * 60_000);
    await goOffline(key);
    const before = (await logOf(owner)).Occurrences;
    expect(before.map((o) => o.Alarm)).toEqual(['offline', 'fence_voltage']);

    await maintainReadingPartitions(db(), new Date(t.clock.now().getTime() + 4 * 24 * HOUR), 5);
    expect((await logOf(owner)).Occurrences).toHaveLength(2);
    await maintainReadingPartitions(db(), new Date(t.clock.now().getTime() + 6 * 24 * HOUR), 5);
    const after = await db().select().from(alarmOccurrences).where(eq(alarmOccurrences.key, key));
    expect(after.map((row) => row.alarm)).toEqual(['offline']);
  });
});
