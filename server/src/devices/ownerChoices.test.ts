// Issue 26 (docs/product/roles.md Alarms and sharing, Change log): a shared user cannot spend the owner's SMS by moving
// alarms, cannot change anyone's bell but their own, cannot share the device onward, and what they change is shown
// to the owner.
import { FENCEALARM2_THRESHOLDS, LOAD_ALARM_RANGE, PRODUCTS, TEMPERATURE_ALARM_RANGE, type ProductId } from '@paddock/shared/domain';
import type { DeviceChangeLog } from '@paddock/shared/contract';
import { count, eq } from 'drizzle-orm';
import { deviceChanges, devices, jobs, users } from '../db/schema';
import { admin, device, metadataBody, person, tokenOf, type Person } from '../security/fixtures';
import { fenceReading } from '../testing/devices';
import { call, createUser, setUpTestApp, type TestApp } from '../testing/testApp';
import { CHANGE_LOG_DAYS, CHANGE_LOG_MAX, recordChange } from './changeLog';

let t: TestApp;
setUpTestApp((app) => (t = app));
const db = () => t.database.db;

const path = (product: ProductId, key: string) => `/api/${PRODUCTS[product].apiCollection}/${key}`;
const patch = (product: ProductId, key: string, who: Person, body: unknown) =>
  call(t.app, 'PATCH', path(product, key), { token: who.token, body });
const changes = (product: ProductId, key: string, who: Person) => call(t.app, 'GET', `${path(product, key)}/changes`, { token: who.token });
const row = async (key: string) => (await db().select().from(devices).where(eq(devices.key, key)))[0];

/** An owner, one person the device is shared with and a third, and the owner's device of `product`. */
async function shared(product: ProductId) {
  const [owner, user, other] = [await person(t, 'owner'), await person(t, 'shared'), await person(t, 'other')];
  const key = await device(t, owner, product, [user, other]);
  return { owner, user, other, key };
}

describe('a shared user and the owner’s alarms', () => {
  it('cannot switch on or move an alarm, so the owner’s SMS balance pays for nothing of theirs', async () => {
    const ownerRow = await createUser(t, { phone: '+46 70 555 01 01', smsEnabled: true, smsBalance: 5 });
    const owner: Person = { id: ownerRow.id, email: ownerRow.email, password: '', token: await tokenOf(t, ownerRow.id) };
    const user = await person(t, 'shared');
    const key = await device(t, owner, 'fencealarm', [user]);

    const refused = await patch('fencealarm', key, user, { VoltageAlarm: { Enabled: true, AlarmLevel: 8000 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Error: 'device_owner_only', Field: 'VoltageAlarm' });
    // The calibration scales the voltage the alarm compares: the owner's too.
    const calibrated = await patch('fencealarm', key, user, { Calibration: { Enabled: true, ScalingFactor: 0.1, ExpectedVoltage: 0 } });
    expect(calibrated.json()).toMatchObject({ Error: 'device_owner_only', Field: 'Calibration' });

    // A normal fence reading then raises nothing: the alarm is as the owner left it (off).
    await fenceReading(t, key, 5000);
    expect((await row(key)).fields).toMatchObject({ VoltageAlarm: { Enabled: false, Triggered: false } });
    expect((await db().select().from(jobs)).filter((job) => job.payload.key === key)).toEqual([]);
    expect((await db().select().from(users).where(eq(users.id, owner.id)))[0].smsBalance).toBe(5);

    // The owner may.
    expect((await patch('fencealarm', key, owner, { VoltageAlarm: { Enabled: true, AlarmLevel: 3000 } })).statusCode).toBe(200);
  });

  const alarmChanges: [ProductId, string, Record<string, unknown>][] = [
    ['fencealarm2', 'VoltageAlarm', { VoltageAlarm: { Enabled: true, Threshold: FENCEALARM2_THRESHOLDS[6] } }],
    ['smartplug', 'PowerFailureAlarmEnabled', { PowerFailureAlarmEnabled: true }],
    [
      'smartplug',
      'LoadAlarm',
      { LoadAlarm: { Enabled: true, Lower: LOAD_ALARM_RANGE.defaultLower, Upper: LOAD_ALARM_RANGE.defaultUpper } },
    ],
    [
      'smartplug',
      'TemperatureRangeAlarm',
      {
        TemperatureRangeAlarm: { Enabled: true, Lower: TEMPERATURE_ALARM_RANGE.defaultLower, Upper: TEMPERATURE_ALARM_RANGE.defaultUpper },
      },
    ],
    ['smartplug2', 'DeviceConfig.PowerLoadAlarm', { DeviceConfig: { PowerLoadAlarm: { Lower: 1, Upper: LOAD_ALARM_RANGE.defaultUpper } } }],
    ['smartplug2', 'PowerFailureNotification', { PowerFailureNotification: { Enabled: true } }],
    ['smartplug2', 'PowerLoadAlarmNotification', { PowerLoadAlarmNotification: { Enabled: true } }],
    ['smartplug2', 'ConsumptionNotification', { ConsumptionNotification: { Enabled: true } }],
    ['farmcam-sim', 'DataAlert', { DataAlert: { Enabled: true, ThresholdMb: 500 } }],
  ];

  it.each(alarmChanges)('%s: %s is the owner’s (403 naming it); the same values sent back are no change', async (product, field, body) => {
    const { owner, user, key } = await shared(product);
    const refused = await patch(product, key, user, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Error: 'device_owner_only', Field: field });
    expect((await patch(product, key, owner, body)).statusCode).toBe(200);
    // The settings page sends the whole form: the owner's values, unchanged, with a new name, save.
    const resent = await patch(product, key, user, { ...body, ...metadataBody(product, { Name: 'Renamed by shared' }) });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ Metadata: { Name: 'Renamed by shared' } });
  });

  it('may still change the other settings (a plug’s timer and beep)', async () => {
    const { user, key } = await shared('smartplug');
    const saved = await patch('smartplug', key, user, {
      BeepEnabled: false,
      Timer: { Enabled: true, On: ['30 6 1,2,3,4,5'], Off: ['0 18 1,2,3,4,5'], TimeZone: 'UTC' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ BeepEnabled: false, Timer: { Enabled: true } });
  });
});

describe('a shared user and the sharing', () => {
  it('cannot remove the owner (or anyone else) from Notify, nor add anyone; their own bell is theirs', async () => {
    const { owner, user, other, key } = await shared('fencealarm');
    const notify = (Notify: string[]) => patch('fencealarm', key, user, { Notify });

    const removed = await notify([]);
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toMatchObject({ Error: 'device_owner_only', Field: 'Notify' });
    expect((await notify([owner.email, other.email])).json()).toMatchObject({ Error: 'device_owner_only', Field: 'Notify' });
    expect((await row(key)).notify).toEqual([owner.email]);

    // Their own bell: on, then off again.
    const on = await notify([owner.email, user.email.toUpperCase()]);
    expect(on.statusCode).toBe(200);
    expect((await row(key)).notify).toEqual([owner.email, user.email]);
    expect((await notify([owner.email])).statusCode).toBe(200);
    expect((await row(key)).notify).toEqual([owner.email]);

    // The owner decides everyone's.
    expect((await patch('fencealarm', key, owner, { Notify: [other.email] })).statusCode).toBe(200);
    expect((await row(key)).notify).toEqual([other.email]);
  });

  it('cannot share the device onward or take anyone off it; the same list sent back is no change', async () => {
    const { owner, user, other, key } = await shared('smartplug2');
    const access = (Access: string[]) => patch('smartplug2', key, user, { Metadata: { Access } });
    const stranger = await person(t, 'stranger');

    const added = await access([owner.email, user.email, other.email, stranger.email]);
    expect(added.statusCode).toBe(403);
    expect(added.json()).toMatchObject({ Error: 'device_owner_only', Field: 'Access' });
    expect((await access([owner.email, user.email])).json()).toMatchObject({ Error: 'device_owner_only', Field: 'Access' });
    expect((await call(t.app, 'GET', path('smartplug2', key), { token: stranger.token })).statusCode).toBe(404);
    expect((await row(key)).access).toEqual([owner.email, user.email, other.email]);

    expect((await access([other.email, user.email, owner.email])).statusCode).toBe(200);
    expect((await patch('smartplug2', key, owner, { Metadata: { Access: [owner.email, user.email, stranger.email] } })).statusCode).toBe(
      200,
    );
    expect((await row(key)).access).toEqual([owner.email, user.email, stranger.email]);
  });
});

describe('the change log', () => {
  it('shows the owner what shared users changed: who, when, which fields, a rename’s old and new name', async () => {
    const { owner, user, other, key } = await shared('smartplug');
    await patch('smartplug', key, owner, { Name: 'Owner named it' }); // the owner's own change is not logged
    t.clock.advance(60_000);
    expect((await patch('smartplug', key, user, { Name: '  Call +46 70 123 45 67  ' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    await patch('smartplug', key, other, { Tags: ['barn'], Notify: [owner.email, other.email], BeepEnabled: false });
    t.clock.advance(60_000);
    await patch('smartplug', key, other, { Name: 'Call +46 70 123 45 67', Tags: ['barn'] }); // nothing changes: nothing logged

    const log = await changes('smartplug', key, owner);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toEqual([
      { At: expect.any(String), By: other.email, Fields: ['Tags', 'Notify', 'BeepEnabled'], Notify: true },
      { At: expect.any(String), By: user.email, Fields: ['Name'], Name: { From: 'Owner named it', To: 'Call +46 70 123 45 67' } },
    ] satisfies DeviceChangeLog);
    // Admins act as owners; the people it is shared with do not read it; anyone else does not learn the device exists.
    expect((await changes('smartplug', key, await admin(t))).json()).toHaveLength(2);
    expect((await changes('smartplug', key, user)).json()).toMatchObject({ Error: 'device_changes_owner_only' });
    expect((await changes('smartplug', key, await person(t, 'stranger'))).statusCode).toBe(404);
  });

  it('lists a shared user switching a plug, by its own call or through its configuration', async () => {
    jest
      .spyOn(t.app.deviceGateway, 'setPower')
      .mockImplementation(async (_key, enabled) => ({ Id: 'ack', Ok: true, PowerEnabled: enabled }));
    const plug = await shared('smartplug');
    const switched = await call(t.app, 'PUT', `${path('smartplug', plug.key)}/power-enabled`, {
      token: plug.user.token,
      body: { Enabled: false },
    });
    expect(switched.statusCode).toBe(200);
    expect((await changes('smartplug', plug.key, plug.owner)).json()).toEqual([
      { At: expect.any(String), By: plug.user.email, Fields: ['PowerEnabled'] },
    ]);

    const plug2 = await shared('smartplug2');
    expect((await patch('smartplug2', plug2.key, plug2.user, { DeviceConfig: { OutputPower: false } })).statusCode).toBe(200);
    expect((await changes('smartplug2', plug2.key, plug2.owner)).json()).toEqual([
      { At: expect.any(String), By: plug2.user.email, Fields: ['DeviceConfig.OutputPower'] },
    ]);
    jest.restoreAllMocks();
  });

  it(`keeps the newest ${CHANGE_LOG_MAX} per device, for ${CHANGE_LOG_DAYS} days, for the owner of the time`, async () => {
    const { owner, user, key } = await shared('fencealarm2');
    for (let i = 0; i < CHANGE_LOG_MAX + 5; i += 1) {
      t.clock.advance(1000);
      const change = { fields: ['Name'], details: { Name: { from: `n${i}`, to: `n${i + 1}` } } };
      await db().transaction((tx) => recordChange(tx, { key, ownerId: owner.id, byEmail: user.email, at: t.clock.now(), change }));
    }
    expect((await db().select({ n: count() }).from(deviceChanges).where(eq(deviceChanges.deviceKey, key)))[0].n).toBe(CHANGE_LOG_MAX);
    const log = (await changes('fencealarm2', key, owner)).json() as DeviceChangeLog;
    expect(log).toHaveLength(CHANGE_LOG_MAX);
    expect(log[0].Name).toEqual({ From: `n${CHANGE_LOG_MAX + 4}`, To: `n${CHANGE_LOG_MAX + 5}` });

    // Another owner later reads none of the last one's.
    const next = await person(t, 'next-owner');
    await db().update(devices).set({ ownerId: next.id }).where(eq(devices.key, key));
    expect((await changes('fencealarm2', key, next)).json()).toEqual([]);
    await db().update(devices).set({ ownerId: owner.id }).where(eq(devices.key, key));

    t.clock.advance((CHANGE_LOG_DAYS + 1) * 86_400_000);
    expect((await changes('fencealarm2', key, { ...owner, token: await tokenOf(t, owner.id) })).json()).toEqual([]);
  });
});
