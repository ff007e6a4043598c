// Fleet statistics (docs/product/admin.md "Fleet statistics"): each figure against a small fleet seeded with known
// numbers, measured as the change from the figures before it was added (the seeded demo data stays out of it).
import type { FleetStats } from '@paddock/shared/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PRODUCT_IDS, PRODUCTS } from '@paddock/shared/domain';
import { initialFields } from '../devices/representation';
import { issueToken } from '../auth/tokens';
import { device, freeKey, person } from '../security/fixtures';
import { call, setUpTestApp, type TestApp } from '../testing/testApp';
import { insertUser } from '../users/store';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => {
  t = app;
  admin = token;
});

async function stats(token = admin): Promise<FleetStats> {
  const response = await call(t.app, 'GET', '/api/admin/stats', { token });
  expect(response.statusCode).toBe(200);
  return response.json<FleetStats>();
}
const product = (s: FleetStats, id: string) => s.Devices.find((d) => d.Product === id)!;
const subscriptions = (s: FleetStats, id: string) => s.Subscriptions.find((d) => d.Product === id)!;
const alarms = (s: FleetStats, kind: string) => s.AlarmsNow.find((a) => a.Kind === kind)!.Count;
const readings = (s: FleetStats) => new Map(s.ReadingsPerHour.map((h) => [h.Hour, h.Count]));
const sent = (s: FleetStats, day: string, channel: string) =>
  s.NotificationsPerDay.find((n) => n.Day === day && n.Channel === channel)?.Count;
const db = () => t.database.db;
const fields = (key: string, patch: Record<string, unknown>) =>
  db().execute(sql`UPDATE devices SET fields = fields || ${JSON.stringify(patch)}::jsonb WHERE key = ${key}`);
const subscription = (key: string, value: Record<string, unknown>) =>
  db().execute(sql`UPDATE devices SET subscription = ${JSON.stringify(value)}::jsonb WHERE key = ${key}`);

it('is for admins only', async () => {
  const user = await person(t);
  expect((await call(t.app, 'GET', '/api/admin/stats', { token: user.token })).statusCode).toBe(403);
  expect((await call(t.app, 'GET', '/api/admin/stats')).statusCode).toBe(401);
});

it('counts users, devices, alarms, subscriptions, readings, notifications and SMS sold', async () => {
  const before = await stats();
  const now = t.clock.now();
  const hourMs = 3_600_000;

  // Users: 2 signed in lately, 1 only 31 days ago, 1 unverified who never signed in.
  const [owner, other] = [await person(t), await person(t)];
  const old = await insertUser(db(), { email: `old-${randomUUID()}@example.com`, country: 'SE', verified: true, passwordHash: 'x' }, now);
  await issueToken(db(), old.id, new Date(now.getTime() - 31 * 24 * hourMs), 24);
  await insertUser(db(), { email: `new-${randomUUID()}@example.com`, country: 'SE', verified: false, passwordHash: 'x' }, now);

  // Devices: 3 fences registered (one offline), 1 in stock; 1 SmartPlug2.
  const fences = [await device(t, owner, 'fencealarm'), await device(t, owner, 'fencealarm'), await device(t, other, 'fencealarm')];
  await freeKey(t, 'fencealarm');
  const plug2 = await device(t, other, 'smartplug2');
  await db().execute(sql`UPDATE devices SET offline = true WHERE key = ${fences[2]}`);

  // Alarms: a low fence voltage (on), one triggered but switched off (not counted), a battery; a plug lost its connection.
  await fields(fences[0], { VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 3000 }, LowBatteryAlarm: { Triggered: true } });
  await fields(fences[1], { VoltageAlarm: { Enabled: false, Triggered: true, AlarmLevel: 3000 } });
  await fields(plug2, { ConnectionLost: true });

  // Subscriptions: fences[0] on a plan, fences[1] ended, fences[2] in its registration trial; the plug's trial ended.
  await subscription(fences[0], {
    Trialing: false,
    ExpiresAt: new Date(now.getTime() + hourMs).toISOString(),
    PriceIds: { Current: 'price_fa_month', Next: 'price_fa_month' },
  });
  await subscription(fences[1], {
    Trialing: false,
    ExpiresAt: new Date(now.getTime() - hourMs).toISOString(),
    PriceIds: { Current: '', Next: '' },
  });
  await subscription(plug2, {
    Trialing: true,
    ExpiresAt: new Date(now.getTime() - hourMs).toISOString(),
    PriceIds: { Current: '', Next: '' },
  });

  // Readings: 2 an hour ago, 1 three hours ago, 1 eight days ago (outside the window).
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  await db().execute(sql`INSERT INTO device_readings (key, at, data) VALUES
    (${fences[0]}, ${at(hourMs)}, '{}'), (${fences[1]}, ${at(hourMs)}, '{}'), (${fences[0]}, ${at(3 * hourMs)}, '{}'), (${fences[0]}, ${at(8 * 24 * hourMs)}, '{}')`);

  // Notifications: an e-mail today, two SMS yesterday.
  await db().execute(
    sql`INSERT INTO mailbox (id, to_email, subject, body, sent_at) VALUES (${randomUUID()}, 'a@example.com', 'Alarm', 'x', ${at(0)})`,
  );
  for (let i = 0; i < 2; i += 1)
    await db().execute(
      sql`INSERT INTO sms_outbox (id, to_phone, to_email, text, sent_at) VALUES (${randomUUID()}, '+46700000000', 'a@example.com', 'x', ${at(24 * hourMs)})`,
    );

  // SMS bundles: two sold (and a plan payment that is not one).
  for (const priceKey of ['Sms', 'Sms', 'FencealarmMonth'])
    await db().execute(
      sql`INSERT INTO payments (id, user_id, item, amount, currency, created_at, idempotency_key, price_key) VALUES (${randomUUID()}, ${owner.id}, 'x', 990, 'EUR', ${at(0)}, ${randomUUID()}, ${priceKey})`,
    );

  const after = await stats();
  expect(after.Users.Total - before.Users.Total).toBe(4);
  expect(after.Users.Verified - before.Users.Verified).toBe(3);
  expect(after.Users.Active30Days - before.Users.Active30Days).toBe(2);

  const [fa0, fa1] = [product(before, 'fencealarm'), product(after, 'fencealarm')];
  expect({
    Inventory: fa1.Inventory - fa0.Inventory,
    Registered: fa1.Registered - fa0.Registered,
    Online: fa1.Online - fa0.Online,
    Offline: fa1.Offline - fa0.Offline,
  }).toEqual({
    Inventory: 1,
    Registered: 3,
    Online: 2,
    Offline: 1,
  });
  expect(product(after, 'smartplug2').Registered - product(before, 'smartplug2').Registered).toBe(1);

  expect(alarms(after, 'fence_voltage') - alarms(before, 'fence_voltage')).toBe(1);
  expect(alarms(after, 'low_battery') - alarms(before, 'low_battery')).toBe(1);
  expect(alarms(after, 'offline') - alarms(before, 'offline')).toBe(1);

  const [fs0, fs1] = [subscriptions(before, 'fencealarm'), subscriptions(after, 'fencealarm')];
  expect({ Active: fs1.Active - fs0.Active, Trial: fs1.Trial - fs0.Trial, Ended: fs1.Ended - fs0.Ended }).toEqual({
    Active: 1,
    Trial: 1,
    Ended: 1,
  });
  const [ps0, ps1] = [subscriptions(before, 'smartplug2'), subscriptions(after, 'smartplug2')];
  expect({ Active: ps1.Active - ps0.Active, Trial: ps1.Trial - ps0.Trial, Ended: ps1.Ended - ps0.Ended }).toEqual({
    Active: 0,
    Trial: 0,
    Ended: 1,
  });

  expect(after.ReadingsPerHour).toHaveLength(7 * 24);
  const hour = (ms: number) => {
    const d = new Date(now.getTime() - ms);
    d.setUTCMinutes(0, 0, 0);
    return d.toISOString();
  };
  const [r0, r1] = [readings(before), readings(after)];
  expect(r1.get(hour(hourMs))! - (r0.get(hour(hourMs)) ?? 0)).toBe(2);
  expect(r1.get(hour(3 * hourMs))! - (r0.get(hour(3 * hourMs)) ?? 0)).toBe(1);
  expect(after.ReadingsPerHour.at(-1)!.Hour).toBe(hour(0));
  expect(after.ReadingsPerHour.every((h, i, all) => i === 0 || h.Hour > all[i - 1].Hour)).toBe(true);

  const today = now.toISOString().slice(0, 10);
  const yesterday = new Date(now.getTime() - 24 * hourMs).toISOString().slice(0, 10);
  expect(after.NotificationsPerDay).toHaveLength(30 * 2);
  expect(sent(after, today, 'email')! - sent(before, today, 'email')!).toBe(1);
  expect(sent(after, yesterday, 'sms')! - sent(before, yesterday, 'sms')!).toBe(2);

  expect(after.SmsSold.Bundles - before.SmsSold.Bundles).toBe(2);
  expect(after.SmsSold.Messages - before.SmsSold.Messages).toBe(200);
});

it('has every figure in the answer even for an empty fleet', async () => {
  const s = await stats();
  expect(s.Devices.map((d) => d.Product)).toEqual(['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2']);
  expect(s.AlarmsNow.map((a) => a.Kind)).toEqual([
    'fence_voltage',
    'low_battery',
    'offline',
    'load',
    'temperature',
    'power_failure',
    'low_data',
    'consumption',
  ]);
});

it("finds every product's alarms through the triggered-alarm index: objects with Triggered, or ConnectionLost", () => {
  // ALARMS_TRIGGERED (db/predicates.ts) names the one plain boolean alarm; a new one must be added there and in a migration.
  for (const product of PRODUCT_IDS) {
    const fields = initialFields(product);
    for (const { field } of PRODUCTS[product].notifiedAlarms) {
      const value = fields[field];
      if (typeof value === 'boolean') expect(field).toBe('ConnectionLost');
      else expect(value).toHaveProperty('Triggered');
    }
  }
});
