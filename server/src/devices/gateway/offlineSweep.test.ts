// The offline sweep on its own (the gateway tests run it periodically against a real broker).
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { and, count, eq, inArray, lte } from 'drizzle-orm';
import { devices } from '../../db/schema';
import { APP_START_TIMEOUT_MS, call, createTestApp, createUser, signIn, type TestApp } from '../../testing/testApp';
import { demoKey } from '../inventory';
import { offlineSweepPass, sweepOffline } from './offlineSweep';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo user's seeded devices have offline deadlines of their own: only this file's devices are swept here.
  await t.database.db.delete(devices);
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

let next = 1;
async function registerAll(): Promise<{ token: string; keys: Record<ProductId, string> }> {
  const user = await createUser(t);
  const token = await signIn(t, user.email, user.password);
  next += 1;
  const keys = {} as Record<ProductId, string>;
  for (const product of Object.keys(PRODUCTS) as ProductId[]) {
    keys[product] = demoKey(product, next);
    const response = await call(t.app, 'POST', `/api/users/${user.id}/${PRODUCTS[product].apiCollection}`, {
      token,
      body: { [PRODUCTS[product].keyField]: keys[product], Name: 'Sweep' },
    });
    expect(response.statusCode).toBe(201);
  }
  return { token, keys };
}

const rows = (keys: string[]) => t.database.db.select().from(devices).where(inArray(devices.key, keys));

describe('sweepOffline', () => {
  it('marks a device never heard from three product intervals after registration, once, however many sweep at once', async () => {
    // Measured from before the first registration: registering all five can take seconds on a busy machine.
    const started = t.clock.now().getTime();
    const { token, keys } = await registerAll();
    const get = (product: ProductId) => call(t.app, 'GET', `/api/${PRODUCTS[product].apiCollection}/${keys[product]}`, { token }).then((r) => r.json());
    // SmartPlug and SmartPlug2 report every 300 s: offline after 900 s; FenceAlarm after 1800 s.
    expect(await sweepOffline(t.database.db, new Date(started + 899_000))).toEqual([]);
    const at = new Date(t.clock.now().getTime() + 901_000);
    const [first, second] = await Promise.all([sweepOffline(t.database.db, at), sweepOffline(t.database.db, at)]);
    expect([...first, ...second].sort()).toEqual([keys.smartplug, keys.smartplug2].sort());
    expect(await sweepOffline(t.database.db, at)).toEqual([]);
    expect((await get('smartplug')).OfflineAlarm).toEqual({ Enabled: true, Triggered: true });
    expect((await get('smartplug2')).ConnectionLost).toBe(true);
    expect((await get('fencealarm')).OfflineAlarm.Triggered).toBe(false);

    const later = new Date(t.clock.now().getTime() + 10_801_000);
    expect((await sweepOffline(t.database.db, later)).filter((key) => Object.values(keys).includes(key)).sort()).toEqual(
      [keys['farmcam-sim'], keys.fencealarm, keys.fencealarm2].sort(),
    );
    expect((await get('fencealarm')).OfflineAlarm.Triggered).toBe(true);
    expect((await rows(Object.values(keys))).every((row) => row.offline)).toBe(true);
  });

  it('moves the ETag only where the device shows it (FarmCam SIM has no Connection nor offline field)', async () => {
    const { keys } = await registerAll();
    const before = new Map((await rows(Object.values(keys))).map((row) => [row.key, row.updatedAt.getTime()]));
    await sweepOffline(t.database.db, new Date(t.clock.now().getTime() + 100_000_000));
    for (const row of await rows(Object.values(keys))) {
      const moved = row.updatedAt.getTime() !== before.get(row.key);
      expect([row.product, moved]).toEqual([row.product, row.product !== 'farmcam-sim']);
    }
  });

  it('leaves a device without a deadline alone (seeded before the gateway)', async () => {
    const { keys } = await registerAll();
    await t.database.db.update(devices).set({ offlineAt: null }).where(eq(devices.key, keys.smartplug));
    const marked = await sweepOffline(t.database.db, new Date(t.clock.now().getTime() + 200_000_000));
    expect(marked).not.toContain(keys.smartplug);
  });

  it('does bounded work per pass: at most its limit, oldest deadline first, the rest in the next passes', async () => {
    await registerAll();
    await registerAll();
    const at = new Date(t.clock.now().getTime() + 300_000_000);
    const due = async () =>
      (await t.database.db.select({ n: count() }).from(devices).where(and(eq(devices.offline, false), lte(devices.offlineAt, at))))[0].n;
    const total = await due();
    expect(total).toBeGreaterThanOrEqual(10);
    const limit = 3;
    let left = total;
    for (;;) {
      const pass = await offlineSweepPass(t.database.db, at, undefined, { max: limit });
      expect(pass.marked.length).toBe(Math.min(limit, left));
      left -= pass.marked.length;
      expect(await due()).toBe(left);
      // A full pass says more may be due (the loop runs again at once); the last one does not.
      expect(pass.more).toBe(pass.marked.length === limit);
      if (!pass.more) break;
    }
    expect(left).toBe(0);
  });
});
