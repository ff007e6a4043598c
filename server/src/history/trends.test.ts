// GET /users/{id}/devices/trends (docs/product/api.md): the dashboard's trend lines, one SQL query for all cards.
import { PRODUCTS, TREND_BUCKET_MS, TREND_MAX_POINTS, TREND_WINDOW_MS, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { call, createMember, setUpTestApp, type Member, type TestApp } from '../testing/testApp';
import { deviceTrends } from './trends';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

let next = 30;
async function registered(owner: Member, product: ProductId): Promise<string> {
  const key = demoKey(product, (next += 1));
  const { apiCollection, keyField } = PRODUCTS[product];
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${apiCollection}`, {
    token: owner.token,
    body: { [keyField]: key, Name: 'Trend' },
  });
  expect(response.statusCode).toBe(201);
  await t.database.db
    .update(devices)
    .set({ registeredAt: new Date('2000-01-01T00:00:00Z') })
    .where(eq(devices.key, key));
  return key;
}

/** A reading every minute over `minutes` up to now: `field` = base + i, and a field the trend does not draw. */
async function insertMinutes(key: string, field: string, base: number, minutes: number, endMs = Date.now()) {
  await t.database.withConnection((c) =>
    c.query(
      `INSERT INTO device_readings (key, at, data)
       SELECT $1, $2::timestamptz - i * interval '1 minute', jsonb_build_object($3::text, $4::float8 + i, 'Rssi', -70)
       FROM generate_series(0, $5 - 1) AS i`,
      [key, new Date(endMs).toISOString(), field, base, minutes],
    ),
  );
}

const trendsOf = (member: Member, id = member.id) => call(t.app, 'GET', `/api/users/${id}/devices/trends`, { token: member.token });

describe('GET /users/{id}/devices/trends', () => {
  let owner: Member;
  let friend: Member;
  let stranger: Member;
  let fence: string;
  let plug: string;
  let sim: string;
  let quiet: string;

  beforeAll(async () => {
    owner = await createMember(t);
    friend = await createMember(t);
    stranger = await createMember(t);
    fence = await registered(owner, 'fencealarm');
    plug = await registered(owner, 'smartplug');
    sim = await registered(owner, 'farmcam-sim');
    quiet = await registered(owner, 'fencealarm2');
    // 8 hours of minutes: only the last 6 count.
    await insertMinutes(fence, 'Voltage', 5000, 8 * 60);
    await insertMinutes(plug, 'Load', 100, 8 * 60);
    await insertMinutes(sim, 'RemainingData', 2000, 30);
    // The quiet fence only reported what is not its measure.
    await insertMinutes(quiet, 'Battery', 3, 30);
    await t.database.db
      .update(devices)
      .set({ access: [owner.email, friend.email] })
      .where(eq(devices.key, plug));
  });

  it('answers each reporting device of the list with its main measure, a point per bucket over the last hours', async () => {
    const response = await trendsOf(owner);
    expect(response.statusCode).toBe(200);
    const { To, Trends } = response.json() as {
      To: string;
      Trends: { Key: string; Field: string; Points: { At: string; Value: number }[] }[];
    };
    const byKey = Object.fromEntries(Trends.map((trend) => [trend.Key, trend]));
    expect(Object.keys(byKey).sort()).toEqual([fence, plug, sim].sort());
    expect(byKey[fence].Field).toBe('Voltage');
    expect(byKey[plug].Field).toBe('Load');
    expect(byKey[sim].Field).toBe('RemainingData');
    const windowStart = Date.parse(To) - TREND_WINDOW_MS;
    for (const trend of [byKey[fence], byKey[plug]]) {
      // 36 buckets of 10 minutes, the first and last possibly partial.
      expect(trend.Points.length).toBeGreaterThanOrEqual(TREND_MAX_POINTS);
      expect(trend.Points.length).toBeLessThanOrEqual(TREND_MAX_POINTS + 1);
      expect(Date.parse(trend.Points[0].At)).toBeGreaterThanOrEqual(windowStart - TREND_BUCKET_MS);
      const times = trend.Points.map((p) => Date.parse(p.At));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    // Newest readings have the smallest values (base + minutes ago): the line rises to the left, falls to now.
    const fencePoints = byKey[fence].Points;
    expect(fencePoints[0].Value).toBeGreaterThan(fencePoints[fencePoints.length - 1].Value);
    // Averages: no bucket holds a value from before the window (base + 360 and more).
    expect(Math.max(...fencePoints.map((p) => p.Value))).toBeLessThanOrEqual(5000 + 360);
    expect(byKey[sim].Points.length).toBeLessThanOrEqual(4);
  });

  it('a user the plug is shared with sees its line in their own list; a stranger sees nothing of it', async () => {
    const shared = (await trendsOf(friend)).json() as { Trends: { Key: string }[] };
    expect(shared.Trends.map((trend) => trend.Key)).toEqual([plug]);
    const none = (await trendsOf(stranger)).json() as { Trends: unknown[] };
    expect(none.Trends).toEqual([]);
  });

  it('another user’s list is refused (403), without a token 401, an admin may read it, an unknown id is 404', async () => {
    expect((await trendsOf(stranger, owner.id)).statusCode).toBe(403);
    expect((await trendsOf(friend, owner.id)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/devices/trends`)).statusCode).toBe(401);
    const asAdmin = await call(t.app, 'GET', `/api/users/${owner.id}/devices/trends`, { token: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect((asAdmin.json() as { Trends: unknown[] }).Trends).toHaveLength(3);
    expect((await call(t.app, 'GET', `/api/users/00000000-0000-4000-8000-000000000000/devices/trends`, { token: admin })).statusCode).toBe(
      404,
    );
  });

  it('a bad id is a 400 naming the field, never a 500', async () => {
    const response = await call(t.app, 'GET', `/api/users/${'x'.repeat(65)}/devices/trends`, { token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Field: 'id' });
  });

  it('reads every card’s line in one query', async () => {
    const select = jest.spyOn(t.database.db, 'select');
    const trends = await deviceTrends(t.database.db, { id: owner.id, email: owner.email }, new Date());
    expect(trends).toHaveLength(3);
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();
  });

  it('readings of an earlier owner (before the registration) are not shown', async () => {
    await t.database.db.update(devices).set({ registeredAt: new Date() }).where(eq(devices.key, sim));
    const { Trends } = (await trendsOf(owner)).json() as { Trends: { Key: string }[] };
    expect(Trends.map((trend) => trend.Key)).not.toContain(sim);
  });
});
