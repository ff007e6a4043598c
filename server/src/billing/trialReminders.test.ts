// docs/product/billing.md "Trial reminders" and "A declined renewal" on a real database (PGlite and PostgreSQL): the
// owner is reminded 7 days and 1 day before a trial ends and at its end, each once whatever runs twice or at once; a
// declined renewal keeps the alarms working and the device API states it to the owner (not to a shared user).
import { BUILTIN_CATALOGUE } from './catalogue';
import { isSubscriptionActive } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices, jobs } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { createMailer } from '../notify/mail';
import { formatOwnerTime } from '../notify/ownerTime';
import { outboxSmsProvider } from '../notify/sms';
import { runDueJobs, type WorkerDeps } from '../notify/worker';
import { fenceReading } from '../testing/devices';
import { adminToken, call, createMember, createUser, mailsTo, setUpTestApp, type TestApp } from '../testing/testApp';
import { localPaymentProvider, PaymentDeclinedError } from './payments';
import { renewDueSubscriptions, type RenewalDeps } from './renewals';
import { insertDueDevices } from './testing';
import { remindEndingTrials, TRIAL_REMINDER_JOB } from './trialReminders';

let t: TestApp;
setUpTestApp((app) => (t = app));

const DAY = 86_400_000;
const db = () => t.database.db;
const mailer = () => createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log });

function renewalDeps(overrides: Partial<RenewalDeps> = {}): RenewalDeps {
  return { db: db(), payments: localPaymentProvider(t.clock.now), mailer: mailer(), now: t.clock.now, log: t.app.log, ...overrides };
}

function workerDeps(): WorkerDeps {
  return {
    db: db(),
    mailer: mailer(),
    sms: outboxSmsProvider(db(), t.clock.now, t.app.log),
    push: { send: () => Promise.reject(new Error('no push expected')) },
    now: t.clock.now,
    log: t.app.log,
    publicUrl: t.config.publicUrl,
  };
}

const reminderJobs = async (key: string) =>
  (await db().select().from(jobs).where(eq(jobs.kind, TRIAL_REMINDER_JOB))).filter((job) => job.payload.key === key);

let prefix = 0;
/** A SmartPlug on a trial ending `days` from now, with `next` as its next plan, owned by a German farmer. */
async function trialDevice(days: number, next = '') {
  const owner = await createUser(t, { locale: 'de-DE', country: 'DE' });
  prefix += 1;
  const [key] = await insertDueDevices(db(), {
    owner,
    product: 'smartplug',
    count: 1,
    // A well-formed IMEI, so the API takes it (Add trial).
    keyPrefix: `3599999${String(prefix).padStart(2, '0')}`,
    subscription: {
      Trialing: true,
      ExpiresAt: new Date(t.clock.now().getTime() + days * DAY).toISOString(),
      PriceIds: { Current: '', Next: next },
    },
    now: t.clock.now(),
  });
  return { owner, key, end: new Date(t.clock.now().getTime() + days * DAY) };
}

describe('trial reminders', () => {
  it('are sent 7 days and 1 day before the end and at the end, once each, in the owner’s language and time', async () => {
    const { owner, key, end } = await trialDevice(10);
    expect(await remindEndingTrials(db(), t.clock.now())).not.toContain(key);

    // 7 days before: enqueued once, even by two instances at once and a rerun.
    t.clock.advance(3 * DAY + 60_000);
    const both = await Promise.all([remindEndingTrials(db(), t.clock.now()), remindEndingTrials(db(), t.clock.now())]);
    expect(both.flat().filter((one) => one === key)).toHaveLength(1);
    expect(await remindEndingTrials(db(), t.clock.now())).not.toContain(key);
    expect(await reminderJobs(key)).toHaveLength(1);
    await runDueJobs(workerDeps());
    let mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].Subject).toBe('Die Testphase von Renewal 1 endet in 7 Tagen');
    // The end on the owner's wall clock (Germany), and the settings page where a plan is chosen, as a full link.
    expect(mails[0].Text).toContain(formatOwnerTime('de-DE', end, 'Europe/Berlin'));
    expect(mails[0].Text).toContain(`${t.config.publicUrl}/smartplug/${key}`);

    // 1 day before.
    t.clock.advance(6 * DAY);
    expect(await remindEndingTrials(db(), t.clock.now())).toContain(key);
    expect(await remindEndingTrials(db(), t.clock.now())).not.toContain(key);
    await runDueJobs(workerDeps());
    mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[0].Subject).toBe('Die Testphase von Renewal 1 endet in 1 Tag');

    // At the end: the renewal job ends the trial and enqueues the reminder with it; a rerun adds nothing.
    t.clock.advance(DAY);
    expect(await renewDueSubscriptions(renewalDeps())).toMatchObject({ ended: 1 });
    expect(await renewDueSubscriptions(renewalDeps())).toMatchObject({ ended: 0 });
    expect(await remindEndingTrials(db(), t.clock.now())).not.toContain(key);
    await runDueJobs(workerDeps());
    await runDueJobs(workerDeps());
    mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(3);
    expect(mails[0].Subject).toBe('Die Testphase von Renewal 1 ist beendet: Alarme pausiert');
    expect(mails[0].Text).toContain(`${t.config.publicUrl}/smartplug/${key}`);
    const [row] = await db().select().from(devices).where(eq(devices.key, key));
    expect(isSubscriptionActive(row.subscription, t.clock.now())).toBe(false);
  });

  it('are not sent for a trial with a plan chosen (it renews into the plan), nor after the plan was chosen', async () => {
    const chosen = await trialDevice(5, BUILTIN_CATALOGUE.SmartplugMonth.Id);
    expect(await remindEndingTrials(db(), t.clock.now())).not.toContain(chosen.key);

    // Enqueued, then the owner chose a plan before it was delivered: nothing is sent.
    const late = await trialDevice(5);
    expect(await remindEndingTrials(db(), t.clock.now())).toContain(late.key);
    const [row] = await db().select().from(devices).where(eq(devices.key, late.key));
    await db()
      .update(devices)
      .set({ subscription: { ...row.subscription, PriceIds: { Current: '', Next: BUILTIN_CATALOGUE.SmartplugMonth.Id } } })
      .where(eq(devices.key, late.key));
    await runDueJobs(workerDeps());
    expect(await mailsTo(t, late.owner.email)).toEqual([]);
    expect(await reminderJobs(late.key)).toEqual([]);
  });

  it('start again for a trial staff extended (a new end is a new trial end)', async () => {
    const { owner, key } = await trialDevice(3);
    expect(await remindEndingTrials(db(), t.clock.now())).toContain(key);
    const extended = await call(t.app, 'PUT', `/api/smartplugs/${key}/trial`, { token: await adminToken(t), body: { Days: 1 } });
    expect(extended.statusCode).toBe(200);
    expect(await remindEndingTrials(db(), t.clock.now())).toContain(key);
    await runDueJobs(workerDeps());
    // The first reminder names the end it was for; that end has moved, so only the new one is sent.
    expect((await mailsTo(t, owner.email)).map((mail) => mail.Subject)).toEqual(['Die Testphase von Renewal 1 endet in 4 Tagen']);
  });
});

describe('a declined renewal', () => {
  const declineAll = () => ({
    ...localPaymentProvider(t.clock.now),
    charge: () => Promise.reject(new PaymentDeclinedError('card declined')),
  });

  it('keeps the alarms working and the device API states it to the owner only', async () => {
    const owner = await createMember(t, { locale: 'en-GB' });
    const shared = await createMember(t);
    const key = demoKey('fencealarm', 40);
    const registered = await call(t.app, 'POST', `/api/users/${owner.id}/fencealarms`, {
      token: owner.token,
      body: { Imei: key, Name: 'North paddock' },
    });
    expect(registered.statusCode).toBe(201);
    const [row] = await db().select().from(devices).where(eq(devices.key, key));
    // A trial that ended with a plan chosen: the renewal into it is declined.
    await db()
      .update(devices)
      .set({
        access: [owner.email, shared.email],
        fields: { ...row.fields, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 } },
        subscription: {
          Trialing: true,
          ExpiresAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
          PriceIds: { Current: '', Next: BUILTIN_CATALOGUE.FencealarmMonth.Id },
        },
      })
      .where(eq(devices.key, key));
    const listBefore = await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: owner.token });

    expect(await renewDueSubscriptions(renewalDeps({ payments: declineAll() }))).toMatchObject({ retrying: 1 });

    // The server states it: past due with the next try, to the owner, in the device and in the (changed) list.
    const mine = await call(t.app, 'GET', `/api/fencealarms/${key}`, { token: owner.token });
    expect(mine.json().Renewal).toEqual({ PaymentFailed: true, RetryAt: expect.any(String) });
    expect(Date.parse(mine.json().Renewal.RetryAt)).toBeGreaterThan(t.clock.now().getTime());
    const list = await call(t.app, 'GET', `/api/users/${owner.id}/devices`, {
      token: owner.token,
      headers: { 'if-none-match': listBefore.headers.etag as string },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().Fencealarms[0].Renewal).toMatchObject({ PaymentFailed: true });
    // Not the shared user's business: the owner's payment.
    const theirs = await call(t.app, 'GET', `/api/fencealarms/${key}`, { token: shared.token });
    expect(theirs.json()).not.toHaveProperty('Renewal');
    const sharedList = await call(t.app, 'GET', `/api/users/${shared.id}/devices`, { token: shared.token });
    expect(sharedList.json().Fencealarms[0]).not.toHaveProperty('Renewal');

    // The alarms keep working: the subscription is active, the alarm stays on, a low fence is told.
    const [declined] = await db().select().from(devices).where(eq(devices.key, key));
    expect(isSubscriptionActive(declined.subscription, t.clock.now())).toBe(true);
    expect(mine.json().VoltageAlarm).toMatchObject({ Enabled: true });
    await fenceReading(t, key, 2000);
    const alarms = (await db().select().from(jobs)).filter((job) => job.payload.key === key && job.kind === 'alarm-notice');
    expect(alarms.length).toBeGreaterThan(0);
    // And the mail says the same.
    const [mail] = await mailsTo(t, owner.email);
    expect(mail.Subject).toBe('The payment for North paddock was declined');
    expect(mail.Text).toContain('until then the device and its alarms keep working');
  });
});
