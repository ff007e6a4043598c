// A reading's live values are read from the reading (docs/architecture/README.md#ingest, migration 0037): a reading
// that changes nothing else moves reading_at and leaves `fields`; the API shows the newest reading's values all the
// same, the list's ETag moves, a writer of `fields` writes them along, and a silent device's values are settled
// into `fields` before the raw retention drops the reading.
import { eq } from 'drizzle-orm';
import { deviceReadings, devices } from '../db/schema';
import { rollUpAll } from '../history/rollups';
import { maintainReadingPartitions } from '../readings/partitions';
import { plugReading, registeredPlug } from '../testing/devices';
import { APP_START_TIMEOUT_MS, call, createTestApp, type TestApp } from '../testing/testApp';
import { heardFrom, ingestBatch } from './gateway/ingest';
import { changeDevice, findDevice } from './store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const reading = (key: string, at: Date, values: Record<string, unknown> = {}) => plugReading(t, key, at, values);
const stored = async (key: string) => (await t.database.db.select().from(devices).where(eq(devices.key, key)))[0];
const secondsAgo = (s: number) => new Date(t.clock.now().getTime() - s * 1000);

it('a reading that changes only live values leaves the fields; the API shows its values and the ETag moves', async () => {
  const plug = await registeredPlug(t, 'smartplug', 31);
  await ingestBatch(t.database.db, [reading(plug.key, secondsAgo(120), { Load: 300 })]);
  const first = await stored(plug.key);
  const list = await call(t.app, 'GET', `/api/users/${plug.owner.id}/devices`, { token: plug.owner.token });
  const etag = list.headers.etag as string;

  const at = secondsAgo(60);
  await ingestBatch(t.database.db, [reading(plug.key, at, { Load: 450, Temperature: 7.25 })]);
  const row = await stored(plug.key);
  // Only the bookkeeping at the row's end moved: fields as the first reading left them.
  expect(row.fields).toEqual(first.fields);
  expect(row.readingAt).toEqual(at);
  expect(row.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());

  const device = await call(t.app, 'GET', plug.path, { token: plug.owner.token });
  expect(device.json()).toMatchObject({ Load: 450, Temperature: 7.25, LastUplinkAt: at.toISOString() });
  const again = await call(t.app, 'GET', `/api/users/${plug.owner.id}/devices`, { token: plug.owner.token, headers: { 'if-none-match': etag } });
  expect(again.statusCode).toBe(200);
  expect(again.json().Smartplugs[0]).toMatchObject({ Load: 450, LastUplinkAt: at.toISOString() });
});

it('an alarm a reading sets writes the fields, with the live values; a late reading changes neither', async () => {
  const plug = await registeredPlug(t, 'smartplug', 32);
  expect((await call(t.app, 'PATCH', plug.path, { token: plug.owner.token, body: { LoadAlarm: { Enabled: true, Lower: 10, Upper: 2000 } } })).statusCode).toBe(200);
  const at = secondsAgo(60);
  await ingestBatch(t.database.db, [reading(plug.key, at, { Load: 2500 })]);
  const row = await stored(plug.key);
  expect(row.fields).toMatchObject({ Load: 2500, LastUplinkAt: at.toISOString(), LoadAlarm: { Triggered: true } });

  // Measured before the newest: stored for the history, the live values and alarms stay the newest reading's.
  await ingestBatch(t.database.db, [reading(plug.key, secondsAgo(90), { Load: 100 })]);
  expect((await stored(plug.key)).fields).toEqual(row.fields);
  expect((await findDevice(t.database.db, plug.key))!.fields).toMatchObject({ Load: 2500, LoadAlarm: { Triggered: true } });
});

it('a writer of the fields writes the live values along, and what it sets itself is not taken back by the reading', async () => {
  const plug = await registeredPlug(t, 'smartplug', 33);
  const at = secondsAgo(60);
  await ingestBatch(t.database.db, [reading(plug.key, at, { Load: 640, PowerEnabled: true })]);
  expect((await stored(plug.key)).fields).not.toMatchObject({ Load: 640 });

  // The plug's ack switched it off after that reading (devices/routes.ts power): the API shows off, with the load.
  await changeDevice(t.database.db, plug.key, t.clock.now(), (row) => heardFrom('smartplug', row, t.clock.now(), { PowerEnabled: false }));
  expect((await stored(plug.key)).fields).toMatchObject({ Load: 640, PowerEnabled: false, LastUplinkAt: at.toISOString() });
  expect((await call(t.app, 'GET', plug.path, { token: plug.owner.token })).json()).toMatchObject({ Load: 640, PowerEnabled: false });

  // A rename through the API keeps them too.
  expect((await call(t.app, 'PATCH', plug.path, { token: plug.owner.token, body: { Name: 'Barn heater' } })).statusCode).toBe(200);
  expect((await call(t.app, 'GET', plug.path, { token: plug.owner.token })).json()).toMatchObject({ Load: 640, PowerEnabled: false });
});

it('a silent device keeps its values when the raw retention drops its newest reading', async () => {
  const plug = await registeredPlug(t, 'smartplug', 34);
  const [at, newest] = [secondsAgo(60), secondsAgo(30)];
  await ingestBatch(t.database.db, [reading(plug.key, at, { Load: 0 }), reading(plug.key, newest, { Load: 75, Consumption: 40000 })]);
  expect((await stored(plug.key)).readingAt).toEqual(newest);

  // Ten days on with a retention of 5 days: the day of those readings goes, once its hours are rolled up.
  const later = new Date(t.clock.now().getTime() + 10 * 86_400_000);
  await rollUpAll(t.database.db, later);
  const readingsOf = async () => (await t.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, plug.key))).length;
  expect(await readingsOf()).toBe(2);
  // The first run gives the test database's default partition its bound (readings/partitions.ts), the next drops it.
  await maintainReadingPartitions(t.database.db, later, 5);
  await maintainReadingPartitions(t.database.db, later, 5);
  expect(await readingsOf()).toBe(0);

  const row = await stored(plug.key);
  expect(row.readingAt).toBeNull();
  expect(row.fields).toMatchObject({ Load: 75, Consumption: 40000 });
  expect((await call(t.app, 'GET', plug.path, { token: plug.owner.token })).json()).toMatchObject({ Load: 75, Consumption: 40000 });
});
