// Batched ingest (docs/architecture/README.md#ingest): a batch applies each device's messages in order exactly as
// one by one would (an alarm set and cleared inside one batch is told twice), stores a reading sent twice once, and
// answers settled() for what was submitted so far only.
import { eq } from 'drizzle-orm';
import { deviceReadings, jobs } from '../../db/schema';
import { plugReading, registeredPlug } from '../../testing/devices';
import { findDevice } from '../store';
import { APP_START_TIMEOUT_MS, call, createTestApp, type TestApp } from '../../testing/testApp';
import { ALARM_JOB } from '../../notify/alarmNotices';
import { IngestBatcher } from './batcher';
import { ingestBatch } from './ingest';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const reading = (key: string, at: Date, values: Record<string, unknown> = {}) => plugReading(t, key, at, values);

it('applies a batch as one by one: alarm set and cleared both told, a duplicate stored once, each device its own', async () => {
  const a = await registeredPlug(t, 'smartplug', 21);
  const b = await registeredPlug(t, 'smartplug', 22);
  const alarm = { LoadAlarm: { Enabled: true, Lower: 10, Upper: 2000 } };
  expect((await call(t.app, 'PATCH', a.path, { token: a.owner.token, body: alarm })).statusCode).toBe(200);
  const at = (s: number) => new Date(t.clock.now().getTime() - 60_000 + s * 1000);
  const results = await ingestBatch(t.database.db, [
    reading(a.key, at(1), { Load: 2500 }),
    reading(b.key, at(1)),
    reading(a.key, at(2), { Load: 100 }),
    reading(a.key, at(2), { Load: 100 }),
    { ...reading(b.key, at(3)), payload: Buffer.from('{"Load": "lots"}') },
    { ...reading(b.key, at(3)), name: 'weather' },
  ]);
  expect(results.map((result) => result.outcome)).toEqual(['applied', 'applied', 'applied', 'applied', 'invalid', 'ignored']);
  expect(await t.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, a.key))).toHaveLength(2);
  expect(await t.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, b.key))).toHaveLength(1);
  const told = (await t.database.db.select().from(jobs).where(eq(jobs.kind, ALARM_JOB)))
    .map((job) => job.payload as { key: string; alarm: string; event: string })
    .filter((payload) => payload.key === a.key && payload.alarm === 'load');
  expect(told.map((payload) => payload.event)).toEqual(['triggered', 'cleared']);
  // Its live values read as the API reads them: from the newest reading (devices/liveValues.ts).
  expect((await findDevice(t.database.db, a.key))!.fields).toMatchObject({ Load: 100, LoadAlarm: { Triggered: false } });
});

it('settled(key) waits for what the device sent so far, not for what it sends later', async () => {
  const { key } = await registeredPlug(t, 'smartplug', 23);
  // One message per transaction, so the messages settle one after another.
  const batcher = new IngestBatcher(t.database.db, undefined, 1);
  const first = batcher.submit(reading(key, new Date(t.clock.now().getTime() - 5000)));
  const settled = batcher.settled(key);
  let later = false;
  void settled.then(() => (later = true));
  await first;
  await settled;
  expect(later).toBe(true);
  // Submitted after the call: not waited for.
  void batcher.submit(reading(key, new Date(t.clock.now().getTime() - 4000)));
  const before = batcher.settled(key);
  let thirdStored = false;
  void batcher.submit(reading(key, new Date(t.clock.now().getTime() - 3000))).then(() => (thirdStored = true));
  await before;
  expect(thirdStored).toBe(false);
  await batcher.idle();
  expect(thirdStored).toBe(true);
  expect(await t.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, key))).toHaveLength(3);
});
