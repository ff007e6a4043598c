// SmartPlug2's consumption notification (docs/product/products/smartplug2.md "Consumption notification"): the owner sets a
// daily limit in kWh; readings through the gateway's ingest count the day's use on the owner's clock, and the
// notification goes out once when the use passes the limit, clears silently with the next day, and goes out again
// the next time a day passes it. The limit is validated (400 naming the field) and is the owner's (403 for anyone else).
import type { Smartplug2 } from '@paddock/shared/contract';
import { ingestUplink } from '../gateway/ingest';
import { createMailer } from '../../notify/mail';
import { outboxSmsProvider } from '../../notify/sms';
import { runDueJobs, type WorkerDeps } from '../../notify/worker';
import { jobs } from '../../db/schema';
import { freeKey } from '../../security/fixtures';
import { call, createUser, mailsTo, setUpTestApp, signIn, type TestApp } from '../../testing/testApp';

let t: TestApp;
setUpTestApp((app) => (t = app));

const db = () => t.database.db;
const deps = (): WorkerDeps => ({
  db: db(),
  mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log }),
  sms: outboxSmsProvider(db(), t.clock.now, t.app.log),
  push: { send: () => Promise.reject(new Error('no push expected')) },
  now: t.clock.now,
  log: t.app.log,
  publicUrl: t.config.publicUrl,
});

const DAY_MS = 86_400_000;
let next = 0;

/** A SmartPlug2 registered by an owner speaking `locale` (e-mail only), and a user it is shared with. */
async function plug(locale = 'en-GB') {
  const owner = await createUser(t, { locale });
  const shared = await createUser(t, { locale: 'en-GB' });
  const token = await signIn(t, owner.email, owner.password);
  next += 1;
  const imei = await freeKey(t, 'smartplug2');
  const registered = await call(t.app, 'POST', `/api/users/${owner.id}/smartplug2s`, { token, body: { Imei: imei, Name: `Pump ${next}` } });
  expect(registered.statusCode).toBe(201);
  const sharing = await call(t.app, 'PATCH', `/api/smartplug2s/${imei}`, {
    token,
    body: { Metadata: { Access: [owner.email, shared.email] } },
  });
  expect(sharing.statusCode).toBe(200);
  // The share's invitation mail is queued with the alarms: out of the way, so a count is the alarms'.
  await db().delete(jobs);
  return { owner, token, shared: { ...shared, token: await signIn(t, shared.email, shared.password) }, imei, name: `Pump ${next}` };
}

const patch = (imei: string, token: string, body: unknown) => call(t.app, 'PATCH', `/api/smartplug2s/${imei}`, { token, body });

/** A reading with the meter at `consumption` Wh, measured and received at `at` (the test clock moved there first). */
function reading(imei: string, at: Date, consumption: number) {
  const ahead = at.getTime() - t.clock.now().getTime();
  expect(ahead).toBeGreaterThanOrEqual(0);
  t.clock.advance(ahead);
  const payload = { At: at.toISOString(), Load: 1500, Consumption: consumption, SignalStrength: 70, PowerEnabled: true, MainsPower: true };
  return ingestUplink(db(), { key: imei, name: 'reading', payload: Buffer.from(JSON.stringify(payload)), retained: false, receivedAt: at });
}

const consumptionMails = async (email: string) => (await mailsTo(t, email)).filter((mail) => mail.Subject.includes('Daily consumption'));

it('notifies once when the day’s use passes the limit, clears silently with the next day, and notifies again on a later day', async () => {
  const { owner, token, imei, name } = await plug();
  // The owner's wall clock is Tokyo's (the timer's zone, no summer time): its days begin at 15:00 UTC.
  const saved = await patch(imei, token, {
    ConsumptionNotification: { Enabled: true, DailyLimitKWh: 10 },
    Timer: { Enabled: false, On: [], Off: [], TimeZone: 'Asia/Tokyo' },
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json<Smartplug2>().ConsumptionNotification).toEqual({ Enabled: true, Triggered: false, DailyLimitKWh: 10 });

  // Hours after a UTC midnight at least a day ahead (within the registration trial: alarms are on).
  const midnight = (Math.floor(t.clock.now().getTime() / DAY_MS) + 2) * DAY_MS;
  const at = (hours: number) => new Date(midnight + hours * 3_600_000);
  const tokyoDate = (hours: number) => new Date(at(hours).getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const stored = async () =>
    (await call(t.app, 'GET', `/api/smartplug2s/${imei}`, { token: await signIn(t, owner.email, owner.password) })).json<Smartplug2>();

  expect(await reading(imei, at(1), 50_000)).toEqual({ outcome: 'applied' });
  expect(await reading(imei, at(4), 59_000)).toEqual({ outcome: 'applied' }); // 9 kWh today
  expect(await runDueJobs(deps())).toBe(0);
  await reading(imei, at(6), 62_345); // 12.345 kWh: over the limit
  await reading(imei, at(7), 63_000); // still over: nothing more
  expect(await runDueJobs(deps())).toBe(1);
  const [mail] = await consumptionMails(owner.email);
  expect(mail.Subject).toBe(`Alarm: Daily consumption over your limit – ${name}`);
  expect(mail.Text).toContain(`your device ${name} used 12.3 kWh today, over your limit of 10 kWh`);
  expect((await stored()).ConsumptionNotification).toEqual({
    Enabled: true,
    Triggered: true,
    DailyLimitKWh: 10,
    Day: { Date: tokyoDate(1), StartWh: 50_000 },
  });

  // 15:30 UTC is the next day in Tokyo: Triggered clears, and nobody is told.
  await reading(imei, at(15.5), 64_000);
  expect((await stored()).ConsumptionNotification).toMatchObject({ Triggered: false, Day: { Date: tokyoDate(15.5), StartWh: 64_000 } });
  expect(tokyoDate(15.5)).not.toBe(tokyoDate(1));
  expect(await runDueJobs(deps())).toBe(0);

  // That day the meter restarts (a drop): the count starts again from the new value, and passes the limit later.
  await reading(imei, at(18), 69_000);
  await reading(imei, at(19), 100);
  await reading(imei, at(25), 9_100);
  expect(await runDueJobs(deps())).toBe(0);
  await reading(imei, at(27), 10_600);
  expect(await runDueJobs(deps())).toBe(1);
  const mails = await consumptionMails(owner.email);
  expect(mails).toHaveLength(2);
  expect(mails[0].Text).toContain('used 10.5 kWh today, over your limit of 10 kWh');
});

it('is told in the reader’s language, the limit with its decimals', async () => {
  const { owner, token, imei, name } = await plug('de-DE');
  expect((await patch(imei, token, { ConsumptionNotification: { DailyLimitKWh: 2.25 } })).statusCode).toBe(200);
  expect((await patch(imei, token, { ConsumptionNotification: { Enabled: true } })).statusCode).toBe(200);
  const now = t.clock.now().getTime();
  await reading(imei, new Date(now + 60_000), 1_000);
  await reading(imei, new Date(now + 120_000), 3_600);
  expect(await runDueJobs(deps())).toBe(1);
  const [mail] = await mailsTo(t, owner.email);
  expect(mail.Subject).toBe(`Alarm: Tagesverbrauch über Ihrem Grenzwert – ${name}`);
  expect(mail.Text).toContain(`Ihr Gerät ${name} hat heute 2,6 kWh verbraucht und damit Ihren Grenzwert von 2,25 kWh überschritten`);
});

it('keeps the limit the owner’s: validated, 400 naming the field; 403 for a shared user; the spec’s shape still accepted', async () => {
  const { token, shared, imei } = await plug();
  for (const DailyLimitKWh of [0, -1, 100.5, 'ten']) {
    const refused = await patch(imei, token, { ConsumptionNotification: { DailyLimitKWh } });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('ConsumptionNotification.DailyLimitKWh');
  }
  // The day is the server's count, not a setting.
  const day = await patch(imei, token, { ConsumptionNotification: { Day: { Date: '2026-01-01', StartWh: 0 } } });
  expect(day.statusCode).toBe(400);
  const limit = await patch(imei, token, { ConsumptionNotification: { DailyLimitKWh: 100 } });
  expect(limit.statusCode).toBe(200);
  expect(limit.json<Smartplug2>().ConsumptionNotification).toEqual({ Enabled: false, Triggered: false, DailyLimitKWh: 100 });
  // The spec's {Enabled} alone keeps the limit.
  const spec = await patch(imei, token, { ConsumptionNotification: { Enabled: true } });
  expect(spec.json<Smartplug2>().ConsumptionNotification).toEqual({ Enabled: true, Triggered: false, DailyLimitKWh: 100 });
  const notOwner = await patch(imei, shared.token, { ConsumptionNotification: { DailyLimitKWh: 50 } });
  expect(notOwner.statusCode).toBe(403);
  // The same value as stored is no change.
  expect((await patch(imei, shared.token, { ConsumptionNotification: { DailyLimitKWh: 100 } })).statusCode).toBe(200);
});
