// Energy per day, week and month (docs/product/energy.md): the bars of a plug from its stored meter readings, over
// resets, wraps and DST days, who may read them, the 400s, and the dashboard's total of an account's plugs.
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices, users } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { call, createMember, setUpTestApp, type Member, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const used: Partial<Record<ProductId, number>> = {};
/** Registers a free demo plug to `owner`, dated back to `since` so that later readings count as its own. */
async function registered(owner: Member, product: ProductId, since = '2000-01-01T00:00:00Z'): Promise<string> {
  const key = demoKey(product, (used[product] = (used[product] ?? 1) + 1));
  const { apiCollection } = PRODUCTS[product];
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${apiCollection}`, {
    token: owner.token,
    body: { Imei: key, Name: 'Pump' },
  });
  expect(response.statusCode).toBe(201);
  await t.database.db
    .update(devices)
    .set({ registeredAt: new Date(since) })
    .where(eq(devices.key, key));
  return key;
}

/** Readings of the meter (Consumption, Wh) at the given times, with a plug's other values. */
async function meter(key: string, readings: [at: string, wh: number][]): Promise<void> {
  const rows = readings.map(([at, wh]) => ({ at, data: { Consumption: wh, Load: 100, SignalStrength: 20, PowerEnabled: true } }));
  await t.database.withConnection((c) =>
    c.query(
      `INSERT INTO device_readings (key, at, data) SELECT $1, r.at, r.data FROM jsonb_to_recordset($2::jsonb) AS r(at timestamptz, data jsonb)`,
      [key, JSON.stringify(rows)],
    ),
  );
}

const energyUrl = (product: ProductId, key: string, query: Record<string, string>) =>
  `/api/${PRODUCTS[product].apiCollection}/${key}/energy?${new URLSearchParams(query)}`;

async function bars(product: ProductId, key: string, token: string, query: Record<string, string>) {
  const response = await call(t.app, 'GET', energyUrl(product, key, query), { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ Period: string; TimeZone: string; Buckets: { Start: string; Date: string; KWh: number }[] }>();
}

describe('a plug’s energy per period', () => {
  let owner: Member;
  beforeAll(async () => {
    owner = await createMember(t);
  });

  it('adds the meter’s rises per day; a reset or a counter wrap counts the new value from 0, never a negative', async () => {
    const key = await registered(owner, 'smartplug2');
    await meter(key, [
      ['2026-03-09T23:00:00Z', 900], // before the window: the first reading in it rises from here
      ['2026-03-10T06:00:00Z', 1000], // +100
      ['2026-03-10T12:00:00Z', 1500], // +500
      ['2026-03-10T13:00:00Z', 200], // reset to ~0, then 200 counted: +200
      ['2026-03-10T18:00:00Z', 700], // +500
      ['2026-03-11T08:00:00Z', 4294967000], // +4,294,966,300
      ['2026-03-11T09:00:00Z', 300], // the counter wrapped: +300
      ['2026-03-11T10:00:00Z', 300], // no rise
      ['2026-03-13T10:00:00Z', 1300], // +1000, on the 13th (a rise is the later reading's)
    ]);
    const reply = await bars('smartplug2', key, owner.token, { period: 'day', from: '2026-03-10', to: '2026-03-13' });
    expect(reply).toEqual({
      Period: 'day',
      TimeZone: 'UTC',
      Buckets: [
        { Start: '2026-03-10T00:00:00.000Z', Date: '2026-03-10', KWh: 1.3 },
        { Start: '2026-03-11T00:00:00.000Z', Date: '2026-03-11', KWh: 4294966.6 },
        { Start: '2026-03-12T00:00:00.000Z', Date: '2026-03-12', KWh: 0 },
        { Start: '2026-03-13T00:00:00.000Z', Date: '2026-03-13', KWh: 1 },
      ],
    });
    // Weeks from Monday (9 March 2026 is a Monday) and months hold the same rises.
    const weeks = await bars('smartplug2', key, owner.token, { period: 'week', from: '2026-03-11', to: '2026-03-16' });
    expect(weeks.Buckets).toEqual([
      { Start: '2026-03-09T00:00:00.000Z', Date: '2026-03-09', KWh: 4294968.9 },
      { Start: '2026-03-16T00:00:00.000Z', Date: '2026-03-16', KWh: 0 },
    ]);
    const months = await bars('smartplug2', key, owner.token, { period: 'month', from: '2026-02-15', to: '2026-03-31' });
    expect(months.Buckets.map((b) => [b.Date, b.KWh])).toEqual([
      ['2026-02-01', 0],
      // The month's first reading (the 9th, 23:00) has none before it to rise from: it starts the count.
      ['2026-03-01', 4294968.9],
    ]);
  });

  it('cuts days on the zone’s wall clock: 23 hours on the spring DST day and 25 on the autumn one (Europe/Stockholm)', async () => {
    const key = await registered(owner, 'smartplug');
    // A reading every UTC hour, the meter 100 Wh higher each time.
    const hourly = (from: string, hours: number, start: number): [string, number][] =>
      Array.from({ length: hours }, (_, i) => [new Date(Date.parse(from) + i * 3_600_000).toISOString(), start + i * 100]);
    await meter(key, [...hourly('2026-03-27T00:00:00Z', 5 * 24, 0), ...hourly('2026-10-23T00:00:00Z', 5 * 24, 100_000)]);
    const spring = await bars('smartplug', key, owner.token, {
      period: 'day',
      from: '2026-03-28',
      to: '2026-03-30',
      tz: 'Europe/Stockholm',
    });
    expect(spring).toEqual({
      Period: 'day',
      TimeZone: 'Europe/Stockholm',
      Buckets: [
        { Start: '2026-03-27T23:00:00.000Z', Date: '2026-03-28', KWh: 2.4 },
        { Start: '2026-03-28T23:00:00.000Z', Date: '2026-03-29', KWh: 2.3 },
        { Start: '2026-03-29T22:00:00.000Z', Date: '2026-03-30', KWh: 2.4 },
      ],
    });
    const autumn = await bars('smartplug', key, owner.token, {
      period: 'day',
      from: '2026-10-24',
      to: '2026-10-26',
      tz: 'Europe/Stockholm',
    });
    expect(autumn.Buckets).toEqual([
      { Start: '2026-10-23T22:00:00.000Z', Date: '2026-10-24', KWh: 2.4 },
      { Start: '2026-10-24T22:00:00.000Z', Date: '2026-10-25', KWh: 2.5 },
      { Start: '2026-10-25T23:00:00.000Z', Date: '2026-10-26', KWh: 2.4 },
    ]);
  });

  it('counts nothing before the plug’s registration and leaves out periods that have not begun', async () => {
    const key = await registered(owner, 'smartplug', '2026-05-02T00:00:00Z');
    // An earlier owner's readings, then the new owner's from 5,000 on.
    await meter(key, [
      ['2026-05-01T10:00:00Z', 100],
      ['2026-05-01T20:00:00Z', 4000],
      ['2026-05-02T10:00:00Z', 5000],
      ['2026-05-02T11:00:00Z', 5600],
    ]);
    const reply = await bars('smartplug', key, owner.token, { period: 'day', from: '2026-05-01', to: '2026-05-02' });
    expect(reply.Buckets.map((b) => b.KWh)).toEqual([0, 0.6]);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const upToNow = await bars('smartplug', key, owner.token, { period: 'day', from: today, to: tomorrow });
    expect(upToNow.Buckets.map((b) => b.Date)).toEqual([today]);
  });
});

describe('who may read a plug’s energy', () => {
  it('the owner, a user it is shared with and admins; anyone else learns nothing of it (404), as for its history', async () => {
    const owner = await createMember(t);
    const friend = await createMember(t);
    const stranger = await createMember(t);
    const key = await registered(owner, 'smartplug2');
    await t.database.db
      .update(devices)
      .set({ access: [owner.email, friend.email] })
      .where(eq(devices.key, key));
    const query = { period: 'week', from: '2026-01-01', to: '2026-03-01' };
    for (const token of [owner.token, friend.token, admin]) {
      expect((await call(t.app, 'GET', energyUrl('smartplug2', key, query), { token })).statusCode).toBe(200);
    }
    expect((await call(t.app, 'GET', energyUrl('smartplug2', key, query), { token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', energyUrl('smartplug2', key, query))).statusCode).toBe(401);
    // A plug's key under the other plug's collection is not that device.
    expect((await call(t.app, 'GET', energyUrl('smartplug', key, query), { token: owner.token })).statusCode).toBe(404);
  });
});

describe('bad energy requests', () => {
  let owner: Member;
  let key: string;
  beforeAll(async () => {
    owner = await createMember(t);
    key = await registered(owner, 'smartplug');
  });
  const good = { period: 'day', from: '2026-03-01', to: '2026-03-31' };

  it.each([
    ['an unknown period', { ...good, period: 'year' }, 'invalid_field', 'period'],
    ['no period', { from: good.from, to: good.to }, 'missing_field', 'period'],
    ['from not a date', { ...good, from: '1 March' }, 'invalid_field', 'from'],
    ['an impossible from', { ...good, from: '2026-02-30' }, 'invalid_field', 'from'],
    ['an impossible to', { ...good, to: '2026-13-01' }, 'invalid_field', 'to'],
    ['no to', { period: 'day', from: good.from }, 'missing_field', 'to'],
    ['to before from', { ...good, from: '2026-03-02', to: '2026-03-01' }, 'history_range_reversed', 'to'],
    ['more than 400 days', { ...good, from: '2025-01-01', to: '2026-02-05' }, 'energy_too_many_bars', 'to'],
    ['more than 400 months', { ...good, period: 'month', from: '1990-01-01', to: '2026-01-01' }, 'energy_too_many_bars', 'to'],
    ['a zone nobody knows', { ...good, tz: 'Mars/Olympus_Mons' }, 'invalid_field', 'tz'],
    ['not a zone', { ...good, tz: 'Europe/Stockholm; DROP' }, 'invalid_field', 'tz'],
    ['an unknown parameter', { ...good, format: 'csv' }, 'unknown_field', 'format'],
  ])('answers 400 for %s, naming the field', async (_case, query, code, field) => {
    const response = await call(t.app, 'GET', energyUrl('smartplug', key, query), { token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field });
  });

  it('accepts 400 days, and 400 weeks', async () => {
    const days = await bars('smartplug', key, owner.token, { period: 'day', from: '2025-01-01', to: '2026-02-04' });
    expect(days.Buckets).toHaveLength(400);
    const weeks = await bars('smartplug', key, owner.token, { period: 'week', from: '2018-01-01', to: '2025-08-31' });
    expect(weeks.Buckets).toHaveLength(400);
  });
});

describe("the dashboard's total of an account's plugs", () => {
  const total = (userId: string, token: string | undefined, query: Record<string, string> = {}) =>
    call(t.app, 'GET', `/api/users/${userId}/energy?${new URLSearchParams(query)}`, { token });

  it("adds this month's energy of every plug the account owns and prices it at the account's energy price", async () => {
    const owner = await createMember(t);
    const friend = await createMember(t);
    const plug = await registered(owner, 'smartplug');
    const plug2 = await registered(owner, 'smartplug2');
    // Shared with the friend: the friend's total does not count it (it is its owner's).
    await t.database.db
      .update(devices)
      .set({ access: [owner.email, friend.email] })
      .where(eq(devices.key, plug));
    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const at = (minutes: number) => new Date(Math.min(monthStart + minutes * 60_000, now.getTime())).toISOString();
    await meter(plug, [
      [new Date(monthStart - 3_600_000).toISOString(), 10_000],
      [at(1), 11_000],
      [at(2), 13_500],
    ]); // 3.5 kWh
    await meter(plug2, [
      [at(1), 500],
      [at(2), 100],
    ]); // reset: 0.1 kWh

    const withoutPrice = await total(owner.id, owner.token, { tz: 'UTC' });
    expect(withoutPrice.statusCode).toBe(200);
    expect(withoutPrice.json()).toEqual({
      Period: 'month',
      TimeZone: 'UTC',
      Start: new Date(monthStart).toISOString(),
      Plugs: 2,
      KWh: 3.6,
      Cost: null,
    });
    // 1.2345 SEK per kWh: 3.6 kWh cost 4.4442 SEK, 444 öre.
    await t.database.db.update(users).set({ energyPricePerKwh: 12_345, energyPriceCurrency: 'SEK' }).where(eq(users.id, owner.id));
    expect((await total(owner.id, admin)).json()).toMatchObject({ Plugs: 2, KWh: 3.6, Cost: { Amount: 444, Currency: 'SEK' } });

    expect((await total(friend.id, friend.token)).json()).toMatchObject({ Plugs: 0, KWh: 0 });
    expect((await total(owner.id, friend.token)).statusCode).toBe(403);
    expect((await total(owner.id, undefined)).statusCode).toBe(401);
    const badPeriod = await total(owner.id, owner.token, { period: 'year' });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json()).toMatchObject({ Error: 'invalid_field', Field: 'period' });
    const badZone = await total(owner.id, owner.token, { tz: 'Nowhere/Land' });
    expect(badZone.json()).toMatchObject({ Error: 'invalid_field', Field: 'tz' });
  });
});
