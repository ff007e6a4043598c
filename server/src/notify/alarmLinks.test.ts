// Issue 26: alarm mails and SMS carried a bare path (or no link); they carry a full link on PUBLIC_URL to the device's page.
import { PRODUCTS } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { fenceReading } from '../testing/devices';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, createUser, mailsTo, signIn, type TestApp } from '../testing/testApp';
import { createMailer } from './mail';
import { outboxSmsProvider } from './sms';
import { runDueJobs, type WorkerDeps } from './worker';

const PUBLIC_URL = 'https://paddock.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const deps = (): WorkerDeps => ({
  db: t.database.db,
  mailer: createMailer({ smtpUrl: null, from: 'test', db: t.database.db, now: t.clock.now, log: t.app.log }),
  sms: outboxSmsProvider(t.database.db, t.clock.now, t.app.log),
  push: { send: () => Promise.reject(new Error('no push expected')) },
  now: t.clock.now,
  log: t.app.log,
  publicUrl: t.config.publicUrl,
});

it("puts a full link to the device's page on PUBLIC_URL into the alarm mail and SMS, for the trigger and the clear", async () => {
  const user = await createUser(t, { locale: 'en-GB', phone: '+46 70 555 01 01', smsEnabled: true, smsBalance: 5 });
  const token = await signIn(t, user.email, user.password);
  const key = demoKey('fencealarm', 37);
  const registered = await call(t.app, 'POST', `/api/users/${user.id}/${PRODUCTS.fencealarm.apiCollection}`, {
    token,
    body: { Imei: key, Name: 'North fence' },
    headers: { host: 'evil.example' },
  });
  expect(registered.statusCode).toBe(201);
  const [row] = await t.database.db.select().from(devices).where(eq(devices.key, key));
  await t.database.db
    .update(devices)
    .set({ fields: { ...row.fields, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 } } })
    .where(eq(devices.key, key));

  await fenceReading(t, key, 2000);
  expect(await runDueJobs(deps())).toBe(2);
  await fenceReading(t, key, 5000);
  expect(await runDueJobs(deps())).toBe(2);

  const link = `${PUBLIC_URL}/fencealarm/${key}`;
  const mails = await mailsTo(t, user.email);
  expect(mails).toHaveLength(2);
  for (const mail of mails) expect(mail.Text).toContain(`See it in Paddock: ${link}\n`);
  const sms = await call(t.app, 'GET', `/api/admin/sms-outbox?to=${encodeURIComponent(user.email)}`, { token: await adminToken(t) });
  const texts = sms.json<{ Text: string }[]>().map((entry) => entry.Text);
  expect(texts).toHaveLength(2);
  for (const text of texts) expect(text.endsWith(` ${link}`)).toBe(true);
});
