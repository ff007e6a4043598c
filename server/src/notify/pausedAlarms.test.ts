// docs/product/states.md Active: while a device's subscription is not active its alarms are not turned into
// notifications (readings and the offline sweep still update the device); its alarm settings are kept, and
// choosing a plan brings the notifications back.
import { and, eq } from 'drizzle-orm';
import { BUILTIN_CATALOGUE } from '../billing/catalogue';
import { alarmNotices, devices, jobs } from '../db/schema';
import { sweepOffline } from '../devices/gateway/offlineSweep';
import { demoKey } from '../devices/inventory';
import { fenceReading } from '../testing/devices';
import { call, createMember, setUpTestApp, type Member, type TestApp } from '../testing/testApp';
import { DEFAULT_NOTICE_SETTINGS, releaseHeldTriggers, remindOffline } from './alarmNotices';

let t: TestApp;
setUpTestApp((app) => (t = app));

const db = () => t.database.db;
const VOLTAGE_ALARM = { Enabled: true, Triggered: false, AlarmLevel: 3000 };
const jobsFor = async (key: string) => (await db().select().from(jobs)).filter((job) => job.payload.key === key);

let next = 10;
/** A FenceAlarm with its voltage alarm on, whose owner is on its Notify list; its subscription lapsed. */
async function lapsedFence(): Promise<{ owner: Member; key: string }> {
  const owner = await createMember(t);
  next += 1;
  const key = demoKey('fencealarm', next);
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/fencealarms`, {
    token: owner.token,
    body: { Imei: key, Name: 'North paddock' },
  });
  expect(response.statusCode).toBe(201);
  const [row] = await db().select().from(devices).where(eq(devices.key, key));
  const ExpiresAt = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
  await db()
    .update(devices)
    .set({
      fields: { ...row.fields, VoltageAlarm: VOLTAGE_ALARM },
      subscription: { Trialing: false, ExpiresAt, PriceIds: { Current: '', Next: '' } },
    })
    .where(eq(devices.key, key));
  return { owner, key };
}

describe('alarms while the subscription is not active', () => {
  it('are not notified, while the reading is still applied and the alarm setting is kept', async () => {
    const { key } = await lapsedFence();
    await fenceReading(t, key, 2000);
    expect(await jobsFor(key)).toEqual([]);
    const [row] = await db().select().from(devices).where(eq(devices.key, key));
    expect(row.fields.VoltageAlarm).toMatchObject({ Enabled: true, Triggered: true, AlarmLevel: 3000 });
    expect(row.fields.LastReport).toMatchObject({ Data: { Voltage: 2000 } });
  });

  it('going offline is not notified, nor reminded of', async () => {
    const { key } = await lapsedFence();
    await db()
      .update(devices)
      .set({ offlineAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(devices.key, key));
    expect(await sweepOffline(db(), t.clock.now())).toContain(key);
    expect(await jobsFor(key)).toEqual([]);
    // An offline notice from before the lapse is not reminded of either.
    const day = 86_400_000;
    await db()
      .insert(alarmNotices)
      .values({ key, alarm: 'offline', open: true, notifiedAt: new Date(t.clock.now().getTime() - 2 * day), heldSince: null });
    await remindOffline(db(), t.clock.now(), DEFAULT_NOTICE_SETTINGS);
    await releaseHeldTriggers(db(), t.clock.now(), DEFAULT_NOTICE_SETTINGS);
    expect(await jobsFor(key)).toEqual([]);
    const [notice] = await db()
      .select()
      .from(alarmNotices)
      .where(and(eq(alarmNotices.key, key), eq(alarmNotices.alarm, 'offline')));
    // Skipped, not postponed: the reminder clock moved on, so the sweep does not claim it again and again.
    expect(notice.notifiedAt.getTime()).toBeGreaterThan(t.clock.now().getTime() - 60_000);
  });

  it('come back as they were once the owner chooses a plan', async () => {
    const { owner, key } = await lapsedFence();
    await fenceReading(t, key, 2000);
    expect(await jobsFor(key)).toEqual([]);
    const chosen = await call(t.app, 'POST', `/api/fencealarms/${key}/plan`, {
      token: owner.token,
      body: { PriceId: BUILTIN_CATALOGUE.FencealarmMonth.Id },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().Device.VoltageAlarm).toMatchObject({ Enabled: true, AlarmLevel: 3000 });
    await fenceReading(t, key, 5000);
    await fenceReading(t, key, 2000);
    const queued = await jobsFor(key);
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((job) => job.payload.userId === owner.id && job.payload.alarm === 'fence_voltage')).toBe(true);
    expect(queued.some((job) => job.payload.event === 'triggered')).toBe(true);
  });
});
