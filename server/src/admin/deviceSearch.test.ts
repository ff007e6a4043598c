import { randomBytes, randomInt } from 'node:crypto';
import type { AdminDevicePage } from '@paddock/shared/contract';
import { withSystemTags, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices } from '../db/schema';
import { importInventory } from '../devices/inventory';
import { initialFields, initialSubscription } from '../devices/representation';
import { insertDevice } from '../devices/store';
import { admin, person, type Person } from '../security/fixtures';
import { call, setUpTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
setUpTestApp((app) => (t = app));

/** A fresh 9-digit key prefix, so each test's devices are its own. */
const freshPrefix = () => String(100_000_000 + randomInt(800_000_000));

/** Registers a device with exactly this key straight into the database. */
async function registerAs(owner: Person, product: ProductId, key: string, name = 'Searched'): Promise<string> {
  const now = t.clock.now();
  await importInventory(t.database.db, [{ key, product, secret: randomBytes(16).toString('hex') }], now);
  await insertDevice(t.database.db, {
    key,
    product,
    ownerId: owner.id,
    name,
    tags: withSystemTags(product, owner.email, []),
    access: [owner.email],
    notify: [owner.email],
    fields: initialFields(product),
    subscription: initialSubscription(now),
    registeredAt: now,
    updatedAt: now,
  });
  return key;
}

const search = async (who: Person | undefined, product: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', `/api/admin/devices/${product}?${new URLSearchParams(query)}`, { token: who?.token });
const keysOf = (page: AdminDevicePage) => page.Devices.map((summary) => summary.Key);

describe('GET /api/admin/devices/{product}', () => {
  it('finds a product’s devices by key prefix, in key order, with their owner and state', async () => {
    const staff = await admin(t);
    const owner = await person(t, 'farmer');
    const prefix = freshPrefix();
    // Inserted out of order; one of another product shares the prefix.
    const keys = [await registerAs(owner, 'fencealarm', `${prefix}000003`), await registerAs(owner, 'fencealarm', `${prefix}000001`)];
    await registerAs(owner, 'fencealarm', `${prefix}100002`);
    await registerAs(owner, 'smartplug', `${prefix}000002`);
    await t.database.db.update(devices).set({ offline: true }).where(eq(devices.key, keys[0]));

    const response = await search(staff, 'fencealarm', { key: `${prefix}0` });
    expect(response.statusCode).toBe(200);
    const page = response.json<AdminDevicePage>();
    expect(keysOf(page)).toEqual([`${prefix}000001`, `${prefix}000003`]);
    expect(page.Next).toBeNull();
    expect(page.Devices[0]).toEqual({
      Key: `${prefix}000001`,
      Product: 'fencealarm',
      Name: 'Searched',
      OwnerEmail: owner.email,
      Owner: owner.id,
      RegisteredAt: expect.any(String),
      Online: true,
    });
    expect(page.Devices[1].Online).toBe(false);
    expect(keysOf((await search(staff, 'fencealarm', { key: prefix })).json())).toEqual([
      `${prefix}000001`,
      `${prefix}000003`,
      `${prefix}100002`,
    ]);
    expect(keysOf((await search(staff, 'smartplug', { key: prefix })).json())).toEqual([`${prefix}000002`]);
    expect(keysOf((await search(staff, 'fencealarm', { key: `${prefix}9` })).json())).toEqual([]);
  });

  it('finds devices by the owner’s e-mail prefix in any letter case; LIKE wildcards match literally', async () => {
    const staff = await admin(t);
    const tag = `herd${randomBytes(3).toString('hex')}`;
    const [first, second, other] = [await person(t, `${tag}-a`), await person(t, `${tag}-b`), await person(t, 'elsewhere')];
    const prefix = freshPrefix();
    await registerAs(second, 'smartplug2', `${prefix}000001`);
    await registerAs(first, 'smartplug2', `${prefix}000002`);
    await registerAs(other, 'smartplug2', `${prefix}000003`);

    const both = (await search(staff, 'smartplug2', { owner: tag.toUpperCase() })).json<AdminDevicePage>();
    expect(both.Devices.map((summary) => [summary.Key, summary.OwnerEmail])).toEqual([
      [`${prefix}000001`, second.email],
      [`${prefix}000002`, first.email],
    ]);
    expect(keysOf((await search(staff, 'smartplug2', { owner: `  ${tag}-A` })).json())).toEqual([`${prefix}000002`]);
    // Key and owner together.
    expect(keysOf((await search(staff, 'smartplug2', { owner: tag, key: `${prefix}000002` })).json())).toEqual([`${prefix}000002`]);
    // A prefix, not a part from the middle; % and _ are literal.
    expect(keysOf((await search(staff, 'smartplug2', { owner: tag.slice(1) })).json())).toEqual([]);
    expect(keysOf((await search(staff, 'smartplug2', { owner: '%' })).json())).toEqual([]);
    expect(keysOf((await search(staff, 'smartplug2', { owner: `${tag}_a` })).json())).toEqual([]);
  });

  it('pages by `after` over more than one page; Next is null on the last', async () => {
    const staff = await admin(t);
    const owner = await person(t);
    const prefix = freshPrefix();
    const keys: string[] = [];
    for (let n = 7; n >= 1; n -= 1) keys.unshift(await registerAs(owner, 'farmcam-sim', `${prefix}00000${n}`));
    const seen: string[] = [];
    let after: string | null = '';
    let pages = 0;
    while (after !== null) {
      const response = await search(staff, 'farmcam-sim', { key: prefix, limit: '3', ...(after ? { after } : {}) });
      expect(response.statusCode).toBe(200);
      const page: AdminDevicePage = response.json();
      expect(page.Devices.length).toBeLessThanOrEqual(3);
      seen.push(...keysOf(page));
      after = page.Next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(keys);
    // The default page size covers them all at once.
    expect((await search(staff, 'farmcam-sim', { key: prefix })).json()).toMatchObject({ Next: null });
  });

  it('refuses users (403) and anonymous callers (401); bad input is a 400 naming the field', async () => {
    const staff = await admin(t);
    const user = await person(t);
    expect((await search(user, 'smartplug')).statusCode).toBe(403);
    expect((await search(undefined, 'smartplug')).statusCode).toBe(401);
    for (const [product, query, field] of [
      ['toaster', {}, 'product'],
      ['smartplug', { key: '35%' }, 'key'],
      ['smartplug', { after: 'abc' }, 'after'],
      ['smartplug', { limit: '0' }, 'limit'],
      ['smartplug', { limit: '101' }, 'limit'],
      ['smartplug', { owner: 'x'.repeat(255) }, 'owner'],
      ['smartplug', { page: '2' }, 'page'],
    ] as const) {
      const response = await search(staff, product, query);
      expect([product, query, response.statusCode]).toEqual([product, query, 400]);
      expect(response.json()).toMatchObject({ Field: field });
    }
  });
});
