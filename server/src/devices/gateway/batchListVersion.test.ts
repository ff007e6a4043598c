// A transaction moves each user's device list version once (migration 0019, docs/architecture/README.md#ingest):
// however many of their devices a gateway batch changes, one new version and one notification per user, newer than
// any before it; a bump undone with a savepoint is made again at the commit. What moves it at all is
// devices/listVersion.test.ts.
import { PRODUCTS } from '@paddock/shared/domain';
import { inArray } from 'drizzle-orm';
import type { Listener } from '../../db/client';
import { deviceListVersions } from '../../db/schema';
import { call, createMember, setUpTestApp, type Member, type TestApp } from '../../testing/testApp';
import { demoKey } from '../inventory';
import { ingestBatch, type Uplink } from './ingest';

let t: TestApp;
setUpTestApp((app) => (t = app));

let listener: Listener;
const heard: string[] = [];
beforeAll(async () => {
  listener = await t.database.listen(
    'device_list_version',
    (payload) => heard.push(payload),
    () => undefined,
  );
});
afterAll(() => listener.close());

/** The notifications of what ran in `body` (committed), as user id → versions announced. */
async function announced(body: () => Promise<unknown>): Promise<Map<string, number[]>> {
  await listener.sync();
  heard.length = 0;
  await body();
  await listener.sync();
  const versions = new Map<string, number[]>();
  for (const payload of heard) {
    const [user, version] = payload.split(':');
    versions.set(user, [...(versions.get(user) ?? []), Number(version)]);
  }
  return versions;
}

async function versionsOf(...members: Member[]): Promise<number[]> {
  const rows = await t.database.db
    .select()
    .from(deviceListVersions)
    .where(
      inArray(
        deviceListVersions.userId,
        members.map((member) => member.id),
      ),
    );
  return members.map((member) => Number(rows.find((row) => row.userId === member.id)!.version));
}

async function registerPlug(owner: Member, n: number): Promise<string> {
  const key = demoKey('smartplug', n);
  const reply = await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS.smartplug.apiCollection}`, {
    token: owner.token,
    body: { [PRODUCTS.smartplug.keyField]: key, Name: `Plug ${n}` },
  });
  expect(reply.statusCode).toBe(201);
  return key;
}

const reading = (key: string, secondsAgo: number, load: number): Uplink => ({
  key,
  name: 'reading',
  payload: Buffer.from(
    JSON.stringify({
      At: new Date(t.clock.now().getTime() - secondsAgo * 1000).toISOString(),
      Load: load,
      Consumption: 35012,
      Temperature: 4.5,
      SignalStrength: 78,
      PowerEnabled: true,
      MainsPower: true,
    }),
  ),
  retained: false,
  receivedAt: t.clock.now(),
});

it('a batch over several devices of one owner, one shared: each user’s version moves once, to the version stored', async () => {
  const [owner, friend] = [await createMember(t), await createMember(t)];
  const keys = [await registerPlug(owner, 31), await registerPlug(owner, 32), await registerPlug(owner, 33)];
  const shared = await call(t.app, 'PATCH', `/api/smartplugs/${keys[0]}`, {
    token: owner.token,
    body: { Access: [owner.email, friend.email] },
  });
  expect(shared.statusCode).toBe(200);
  const before = await versionsOf(owner, friend);

  const heardNow = await announced(() =>
    ingestBatch(
      t.database.db,
      keys.flatMap((key) => [reading(key, 20, 100), reading(key, 10, 200)]),
    ),
  );

  const after = await versionsOf(owner, friend);
  expect(after[0]).toBeGreaterThan(before[0]);
  expect(after[1]).toBeGreaterThan(before[1]);
  expect(heardNow.get(owner.id)).toEqual([after[0]]);
  expect(heardNow.get(friend.id)).toEqual([after[1]]);

  // The next batch moves them again.
  const again = await announced(() => ingestBatch(t.database.db, [reading(keys[0], 5, 300)]));
  const [ownerLater, friendLater] = await versionsOf(owner, friend);
  expect(ownerLater).toBeGreaterThan(after[0]);
  expect(friendLater).toBeGreaterThan(after[1]);
  expect(again.get(owner.id)).toEqual([ownerLater]);
});

it('a bump rolled back with its savepoint is made again at the commit, once', async () => {
  const owner = await createMember(t);
  const keys = [await registerPlug(owner, 34), await registerPlug(owner, 35)];
  const [before] = await versionsOf(owner);
  const heardNow = await announced(() =>
    t.database.withConnection(async (c) => {
      await c.exec('BEGIN');
      await c.query(`UPDATE devices SET fields = fields || '{"Load": 7}' WHERE key = ANY($1)`, [keys]);
      await c.exec('SAVEPOINT early');
      await c.exec('SET CONSTRAINTS ALL IMMEDIATE'); // the deferred bumps run here, inside the savepoint
      await c.exec('ROLLBACK TO SAVEPOINT early');
      await c.query(`UPDATE devices SET name = 'Renamed' WHERE key = $1`, [keys[1]]);
      await c.exec('COMMIT');
    }),
  );
  const [after] = await versionsOf(owner);
  expect(after).toBeGreaterThan(before);
  expect(heardNow.get(owner.id)).toEqual([after]);
});
