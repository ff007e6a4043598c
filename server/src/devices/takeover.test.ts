// Device takeovers (issue 9), each attack replayed: registering into (or reading) someone else's account through
// `Owner`, sweeping keys by registration, concurrent registrations of one key, and a save that lands after a
// revocation or an ownership transfer (the plug's ack can take a minute) undoing it.
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices } from '../db/schema';
import { APP_START_TIMEOUT_MS, call, createTestApp, createUser, signIn, type TestApp } from '../testing/testApp';
import { handOver } from '../transfers/testing';
import { demoKey } from './inventory';
import { deleteDevice } from './store';

let t: TestApp;
/** On PostgreSQL a second server on the same database, as in production; on PGlite the same one. */
let other: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  other = t.config.databaseUrl ? await createTestApp({}, { sameDatabaseAs: t }) : t;
  admin = (await member(t, { accountType: 'admin' })).token;
}, APP_START_TIMEOUT_MS);
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
});
afterEach(() => jest.restoreAllMocks());

type Member = Awaited<ReturnType<typeof createUser>> & { token: string };
async function member(app: TestApp = t, values: Parameters<typeof createUser>[1] = {}): Promise<Member> {
  const user = await createUser(app, values);
  return { ...user, token: await signIn(app, user.email, user.password) };
}

const used: Partial<Record<ProductId, number>> = {};
const freeKey = (product: ProductId) => demoKey(product, (used[product] = (used[product] ?? 1) + 1));

function register(app: TestApp, who: Member, product: ProductId, key: string, extra: Record<string, unknown> = {}, ip?: string) {
  return call(app.app, 'POST', `/api/users/${who.id}/${PRODUCTS[product].apiCollection}`, {
    token: who.token,
    body: { [PRODUCTS[product].keyField]: key, Name: 'Test device', ...extra },
    ip,
  });
}
const row = async (key: string) => (await t.database.db.select().from(devices).where(eq(devices.key, key)))[0];

describe('registration cannot act for someone else', () => {
  it('answers 403, the same whether the Owner has an account or not, with none of the victim’s device', async () => {
    const [victim, attacker] = [await member(), await member()];
    const victimsKey = freeKey('smartplug2');
    await register(t, victim, 'smartplug2', victimsKey);
    await call(t.app, 'PATCH', `/api/smartplug2s/${victimsKey}`, { token: victim.token, body: { Metadata: { Name: 'Barn heater' } } });

    // The key the victim owns, with the victim as Owner: this used to answer 201 with the whole device.
    const read = await register(t, attacker, 'smartplug2', victimsKey, { Owner: victim.email });
    const nobody = await register(t, attacker, 'smartplug2', victimsKey, { Owner: 'nobody@example.com' });
    expect(read.statusCode).toBe(403);
    expect(read.body).toBe(nobody.body);
    expect(read.body).not.toContain(victimsKey);
    expect(read.body).not.toContain('Barn heater');

    // A free key into the victim's account: refused, nothing registered.
    const freeOne = freeKey('smartplug2');
    const dropped = await register(t, attacker, 'smartplug2', freeOne, { Owner: ` ${victim.email.toUpperCase()} ` });
    expect(dropped.statusCode).toBe(403);
    expect(dropped.body).toBe(nobody.body);
    expect(await row(freeOne)).toBeUndefined();
    const list = (await call(t.app, 'GET', `/api/users/${victim.id}/devices`, { token: victim.token })).json();
    expect(list.Smartplug2s.map((d: { Imei: string }) => d.Imei)).toEqual([victimsKey]);

    // Nor through the path: another user's id is 403 too.
    const viaPath = await call(t.app, 'POST', `/api/users/${victim.id}/smartplugs`, { token: attacker.token, body: { Imei: freeKey('smartplug'), Name: 'x' } });
    expect(viaPath.statusCode).toBe(403);
  });

  it('lets an admin register for any existing user', async () => {
    const farmer = await member();
    const response = await call(t.app, 'POST', `/api/users/${farmer.id}/smartplug2s`, {
      token: admin,
      body: { Imei: freeKey('smartplug2'), Name: 'x', Owner: farmer.email },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().Metadata.Owner).toBe(farmer.id);
  });
});

describe('concurrent registrations of one key', () => {
  it.each(['smartplug', 'farmcam-sim'] as const)('%s: the same user N times at once gets N × 201 and one device', async (product) => {
    const me = await member();
    const key = freeKey(product);
    const replies = await Promise.all(Array.from({ length: 8 }, () => register(t, me, product, key)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(replies.map((reply) => reply.json().Metadata.Owner))).toEqual(new Set([me.id]));
    expect((await row(key)).ownerId).toBe(me.id);
  });

  it('N users at once, on two servers: one 201, the others 409 device_taken, never 500', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => member(i % 2 ? other : t)));
    const key = freeKey('fencealarm2');
    const replies = await Promise.all(people.map((who, i) => register(i % 2 ? other : t, who, 'fencealarm2', key)));
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(7).fill(409)]);
    for (const reply of replies.filter((r) => r.statusCode === 409)) expect(reply.json()).toMatchObject({ Error: 'device_taken', Field: 'Imei' });
    const winner = people[replies.findIndex((reply) => reply.statusCode === 201)];
    expect((await row(key)).ownerId).toBe(winner.id);
  });
});

describe('registration sweeps are limited per user and per IP', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { ...t.config.rateLimits, registerDevice: { perEmail: 3, perIp: 5 } } });
  }, APP_START_TIMEOUT_MS);
  afterAll(() => limited.close());

  const unknownKey = (n: number) => `99999990000${String(n).padStart(4, '0')}`;

  it('answers 429 after 3 failed registrations of a user (unknown, taken, wrong product); successes do not count', async () => {
    const [me, owner] = [await member(limited), await member(limited)];
    const taken = freeKey('smartplug');
    expect((await register(limited, owner, 'smartplug', taken, {}, '10.0.0.1')).statusCode).toBe(201);
    // Successful registrations (and registering one's own again) are given back.
    const mine = freeKey('smartplug');
    for (let i = 0; i < 4; i += 1) expect((await register(limited, me, 'smartplug', mine, {}, '10.0.0.2')).statusCode).toBe(201);
    expect((await register(limited, me, 'smartplug', unknownKey(1), {}, '10.0.0.2')).statusCode).toBe(404);
    expect((await register(limited, me, 'smartplug', taken, {}, '10.0.0.3')).statusCode).toBe(409);
    expect((await register(limited, me, 'smartplug', freeKey('fencealarm'), {}, '10.0.0.4')).statusCode).toBe(400);
    // Over the limit: refused before the key is even looked at, from any address, whatever the key.
    const refused = await register(limited, me, 'smartplug', unknownKey(2), {}, '10.0.0.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await register(limited, me, 'smartplug', freeKey('smartplug'), {}, '10.0.0.6')).statusCode).toBe(429);
    // Another user is not held back by it.
    expect((await register(limited, owner, 'smartplug', unknownKey(3), {}, '10.0.0.7')).statusCode).toBe(404);
  });

  it('answers 429 after 5 failures from one IP, whichever accounts they come from', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => member(limited)));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await register(limited, people[i % 3], 'smartplug', unknownKey(10 + i), {}, '10.0.1.1')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('counts attempts made at once exactly', async () => {
    const me = await member(limited);
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => register(limited, me, 'smartplug', unknownKey(100 + i), {}, `10.0.2.${i}`)));
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([404, 404, 404, ...Array(7).fill(429)]);
  });
});

describe('a save that lands after a revocation or an ownership transfer', () => {
  let owner: Member;
  let shared: Member;
  let buyer: Member;
  beforeAll(async () => {
    [owner, shared, buyer] = [await member(), await member(), await member()];
  });

  /** A SmartPlug2 shared with `shared` and `buyer`. */
  async function sharedPlug() {
    const key = freeKey('smartplug2');
    expect((await register(t, owner, 'smartplug2', key)).statusCode).toBe(201);
    const access = [owner.email, shared.email, buyer.email];
    const response = await call(t.app, 'PATCH', `/api/smartplug2s/${key}`, { token: owner.token, body: { Metadata: { Access: access, Notify: access } } });
    expect(response.statusCode).toBe(200);
    return key;
  }

  /** The plug acks only after `meanwhile` ran (through the other server), as a slow device would. */
  function ackAfter(meanwhile: () => Promise<unknown>) {
    jest.spyOn(t.app.deviceGateway, 'setPower').mockImplementation(async (_key, enabled) => {
      await meanwhile();
      return { Id: 'ack', Ok: true, PowerEnabled: enabled } as Awaited<ReturnType<typeof t.app.deviceGateway.setPower>>;
    });
  }

  it('a shared user removed while its power toggle waited gets 404, and stays removed', async () => {
    const key = await sharedPlug();
    ackAfter(async () => {
      const revoked = await call(other.app, 'PATCH', `/api/smartplug2s/${key}`, { token: owner.token, body: { Metadata: { Access: [owner.email, buyer.email] } } });
      expect(revoked.statusCode).toBe(200);
    });
    // The settings page sends the sharing it showed: the shared user still in it (and everyone's bells as they were).
    const stale = { DeviceConfig: { OutputPower: false }, Metadata: { Access: [owner.email, shared.email, buyer.email], Notify: [owner.email, shared.email, buyer.email] } };
    const response = await call(t.app, 'PATCH', `/api/smartplug2s/${key}`, { token: shared.token, body: stale });
    expect(response.statusCode).toBe(404);
    expect(await row(key)).toMatchObject({ access: [owner.email, buyer.email], notify: [owner.email, buyer.email] });
    expect((await call(t.app, 'GET', `/api/smartplug2s/${key}`, { token: shared.token })).statusCode).toBe(404);
  });

  // docs/product/devices.md "Transfers": a device changes hands when the buyer accepts the owner's offer (here
  // through the other server), and the old owner loses it.
  it('the old owner’s save that waited cannot take the device back after a transfer', async () => {
    const key = await sharedPlug();
    ackAfter(async () => expect((await handOver(other, 'smartplug2', key, owner, buyer)).statusCode).toBe(200));
    const stale = { DeviceConfig: { OutputPower: false }, Metadata: { Owner: owner.email, Access: [owner.email, shared.email, buyer.email] } };
    const response = await call(t.app, 'PATCH', `/api/smartplug2s/${key}`, { token: owner.token, body: stale });
    expect(response.statusCode).toBe(404);
    expect(await row(key)).toMatchObject({ ownerId: buyer.id, access: [buyer.email] });
  });

  it('a toggle by the old owner that waited changes nothing once the transfer is saved', async () => {
    const key = await sharedPlug();
    ackAfter(() => handOver(other, 'smartplug2', key, owner, buyer));
    const response = await call(t.app, 'PATCH', `/api/smartplug2s/${key}`, { token: owner.token, body: { DeviceConfig: { OutputPower: false } } });
    expect(response.statusCode).toBe(404);
    expect(await row(key)).toMatchObject({ ownerId: buyer.id, access: [buyer.email] });
  });

  it('an unregistration read before a transfer deletes nothing once the transfer is saved', async () => {
    const key = await sharedPlug();
    // What the DELETE handler runs after its read found the caller the owner.
    expect((await handOver(other, 'smartplug2', key, owner, buyer)).statusCode).toBe(200);
    expect(await deleteDevice(t.database.db, key, owner.id)).toBe(false);
    expect((await row(key)).ownerId).toBe(buyer.id);
    expect((await call(t.app, 'DELETE', `/api/smartplug2s/${key}`, { token: owner.token })).statusCode).toBe(404);
    expect(await deleteDevice(t.database.db, key, buyer.id)).toBe(true);
  });

  it('many stale saves racing a revocation on two servers never bring the user back', async () => {
    const key = await sharedPlug();
    const stale = { Metadata: { Name: 'Pump', Access: [owner.email, shared.email, buyer.email] } };
    const replies = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => call((i % 2 ? other : t).app, 'PATCH', `/api/smartplug2s/${key}`, { token: shared.token, body: stale })),
      call(other.app, 'PATCH', `/api/smartplug2s/${key}`, { token: owner.token, body: { Metadata: { Access: [owner.email] } } }),
    ]);
    for (const reply of replies) expect([200, 404]).toContain(reply.statusCode);
    expect((await row(key)).access).toEqual([owner.email]);
  });
});
