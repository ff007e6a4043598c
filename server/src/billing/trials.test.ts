// Trials and cancellation by staff (docs/product/admin.md "Trials and cancellation") and how they meet the renewal
// job (docs/product/states.md Plans and renewal).
import type { Device } from '@paddock/shared/contract';
import { PRODUCTS, TRIAL_BYTES_MAX, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices, jobs, payments, type DeviceSubscription } from '../db/schema';
import { createMailer } from '../notify/mail';
import type { AlarmJobPayload } from '../notify/alarmNotices';
import { admin, device, person, type Person } from '../security/fixtures';
import { fenceReading } from '../testing/devices';
import { call, setUpTestApp, type TestApp } from '../testing/testApp';
import { BUILTIN_CATALOGUE } from './catalogue';
import { localPaymentProvider } from './payments';
import { renewDueSubscriptions } from './renewals';

let t: TestApp;
setUpTestApp((app) => (t = app));

const DAY = 86_400_000;
const MB = 1_000_000;
const db = () => t.database.db;
const path = (product: ProductId, key: string) => `/api/${PRODUCTS[product].apiCollection}/${key}`;
const addTrial = (who: Person | undefined, product: ProductId, key: string, body: unknown) =>
  call(t.app, 'PUT', `${path(product, key)}/trial`, { token: who?.token, body });
const cancel = (who: Person | undefined, product: ProductId, key: string) =>
  call(t.app, 'DELETE', `${path(product, key)}/subscription`, { token: who?.token });
const setSubscription = (
  key: string,
  subscription: DeviceSubscription,
  retry: { attempts: number; at: Date | null } = { attempts: 0, at: null },
) => db().update(devices).set({ subscription, renewalAttempts: retry.attempts, renewalRetryAt: retry.at }).where(eq(devices.key, key));
const rowOf = async (key: string) => (await db().select().from(devices).where(eq(devices.key, key)))[0];
const iso = (ms: number) => new Date(ms).toISOString();
const renew = () =>
  renewDueSubscriptions({
    db: db(),
    payments: localPaymentProvider(t.clock.now),
    mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log }),
    now: t.clock.now,
    log: t.app.log,
  });

async function owned(product: ProductId) {
  const owner = await person(t, 'trial-owner');
  return { owner, key: await device(t, owner, product), staff: await admin(t) };
}

describe('PUT /api/{collection}/{key}/trial', () => {
  it('is for admins only (403, 401) on every product, and a key of another product is a 404', async () => {
    for (const product of Object.keys(PRODUCTS) as ProductId[]) {
      const { owner, key, staff } = await owned(product);
      const body = product === 'farmcam-sim' ? { Bytes: 0, Days: 3 } : { Days: 3 };
      expect((await addTrial(owner, product, key, body)).statusCode).toBe(403);
      expect((await addTrial(undefined, product, key, body)).statusCode).toBe(401);
      expect((await addTrial(staff, product, key, body)).statusCode).toBe(200);
      // Another product's call with the same key (both take {Days}).
      const other: ProductId = product === 'smartplug' ? 'fencealarm' : 'smartplug';
      expect((await addTrial(staff, other, key, { Days: 3 })).statusCode).toBe(404);
    }
  });

  it.each([
    ['smartplug', { Days: 0 }, 'Days'],
    ['smartplug', { Days: 366 }, 'Days'],
    ['smartplug', { Days: 1.5 }, 'Days'],
    ['smartplug', { Days: '7' }, 'Days'],
    ['smartplug', {}, 'Days'],
    ['smartplug', { Days: 7, Bytes: 0 }, 'Bytes'],
    ['fencealarm2', { Days: 7, Extra: true }, 'Extra'],
    ['farmcam-sim', { Days: 7, Bytes: -1 }, 'Bytes'],
    ['farmcam-sim', { Days: 7, Bytes: TRIAL_BYTES_MAX + 1 }, 'Bytes'],
    ['farmcam-sim', { Days: 7, Bytes: 0.5 }, 'Bytes'],
    ['farmcam-sim', { Days: 7 }, 'Bytes'],
    ['farmcam-sim', { Bytes: 0, Days: 0 }, 'Days'],
  ] as const)('%s %j is a 400 naming %s, and changes nothing', async (product, body, field) => {
    const { key, staff } = await owned(product);
    const before = await rowOf(key);
    const response = await addTrial(staff, product, key, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Field: field });
    expect((await rowOf(key)).subscription).toEqual(before.subscription);
  });

  it('moves the expiry on from the later of now and the expiry, and puts a device without a plan on trial', async () => {
    const { key, staff } = await owned('fencealarm');
    const now = t.clock.now().getTime();
    // Still running: from its expiry.
    const running = iso(now + 5 * DAY);
    await setSubscription(key, { Trialing: false, ExpiresAt: running, PriceIds: { Current: '', Next: '' } });
    const extended = (await addTrial(staff, 'fencealarm', key, { Days: 10 })).json<Device>();
    expect(extended.Subscription).toEqual({ Trialing: true, ExpiresAt: iso(now + 15 * DAY), PriceIds: { Current: '', Next: '' } });
    // Ended long ago: from now.
    await setSubscription(key, { Trialing: false, ExpiresAt: iso(now - 40 * DAY), PriceIds: { Current: '', Next: '' } });
    const restarted = (await addTrial(staff, 'fencealarm', key, { Days: 1 })).json<Device>();
    expect(Date.parse(restarted.Subscription.ExpiresAt) - t.clock.now().getTime()).toBeGreaterThan(DAY - 60_000);
    expect(Date.parse(restarted.Subscription.ExpiresAt) - t.clock.now().getTime()).toBeLessThanOrEqual(DAY);
    expect(restarted.Subscription.Trialing).toBe(true);
  });

  it('only extends a running paid plan (not a trial), and forgets a declined renewal’s retries', async () => {
    const { key, staff } = await owned('smartplug');
    const plan = BUILTIN_CATALOGUE.SmartplugMonth.Id;
    const expiresAt = t.clock.now().getTime() + 3 * DAY;
    await setSubscription(
      key,
      { Trialing: false, ExpiresAt: iso(expiresAt), PriceIds: { Current: plan, Next: plan } },
      { attempts: 2, at: new Date() },
    );
    const response = await addTrial(staff, 'smartplug', key, { Days: 7 });
    expect(response.json<Device>().Subscription).toEqual({
      Trialing: false,
      ExpiresAt: iso(expiresAt + 7 * DAY),
      PriceIds: { Current: plan, Next: plan },
    });
    expect(await rowOf(key)).toMatchObject({ renewalAttempts: 0, renewalRetryAt: null });
  });

  it('adds Bytes to a FarmCam SIM’s data (DataLimit and RemainingData), and 0 bytes adds none', async () => {
    const { key, staff } = await owned('farmcam-sim');
    const before = (await rowOf(key)).fields as { DataLimit: number; RemainingData: number };
    const granted = (await addTrial(staff, 'farmcam-sim', key, { Bytes: 500 * MB, Days: 7 })).json<
      Device & { DataLimit: number; RemainingData: number }
    >();
    expect(granted).toMatchObject({ DataLimit: before.DataLimit + 500 * MB, RemainingData: before.RemainingData + 500 * MB });
    const none = (await addTrial(staff, 'farmcam-sim', key, { Bytes: 0, Days: 7 })).json<Device & { DataLimit: number }>();
    expect(none.DataLimit).toBe(before.DataLimit + 500 * MB);
  });

  it('keeps the renewal job from ending an extended trial, which then ends at its new expiry', async () => {
    const { key, staff } = await owned('smartplug');
    // The trial ran out an hour ago and the renewal job has not run yet.
    await setSubscription(key, {
      Trialing: true,
      ExpiresAt: iso(t.clock.now().getTime() - 3_600_000),
      PriceIds: { Current: '', Next: '' },
    });
    await addTrial(staff, 'smartplug', key, { Days: 2 });
    await renew();
    expect((await rowOf(key)).subscription).toMatchObject({ Trialing: true });
    t.clock.advance(2 * DAY);
    await renew();
    expect((await rowOf(key)).subscription).toMatchObject({ Trialing: false, PriceIds: { Current: '', Next: '' } });
  });

  it('makes the alarms of an ended subscription notify again', async () => {
    const { owner, key, staff } = await owned('fencealarm');
    const enabled = await call(t.app, 'PATCH', path('fencealarm', key), {
      token: owner.token,
      body: { VoltageAlarm: { Enabled: true, AlarmLevel: 5000 } },
    });
    expect(enabled.statusCode).toBe(200);
    const alarmJobs = async () =>
      (await db().select().from(jobs))
        .map((row) => row.payload as unknown as AlarmJobPayload)
        .filter((job) => job.key === key && job.event === 'triggered');
    await setSubscription(key, { Trialing: false, ExpiresAt: iso(t.clock.now().getTime() - DAY), PriceIds: { Current: '', Next: '' } });
    await fenceReading(t, key, 1000);
    expect(await alarmJobs()).toEqual([]); // paused
    await fenceReading(t, key, 7000);
    await addTrial(staff, 'fencealarm', key, { Days: 5 });
    t.clock.advance(60 * 60_000); // past the quiet period of a flapping alarm
    await fenceReading(t, key, 1000);
    expect((await alarmJobs()).length).toBeGreaterThan(0);
  });
});

describe('DELETE /api/{collection}/{key}/subscription', () => {
  it('is for admins only (403, 401); an unknown key or one of another product is a 404', async () => {
    const { owner, key, staff } = await owned('fencealarm2');
    expect((await cancel(owner, 'fencealarm2', key)).statusCode).toBe(403);
    expect((await cancel(undefined, 'fencealarm2', key)).statusCode).toBe(401);
    expect((await cancel(staff, 'fencealarm', key)).statusCode).toBe(404);
    expect((await cancel(staff, 'fencealarm2', '359999999999999')).statusCode).toBe(404);
    expect((await cancel(staff, 'fencealarm2', key)).statusCode).toBe(200);
  });

  it('clears Next and keeps the current period; twice is the same; the renewal job then ends it without charging', async () => {
    const { owner, key, staff } = await owned('smartplug2');
    const plan = BUILTIN_CATALOGUE.Smartplug2Month.Id;
    const expiresAt = iso(t.clock.now().getTime() + 2 * DAY);
    await setSubscription(key, { Trialing: false, ExpiresAt: expiresAt, PriceIds: { Current: plan, Next: plan } });
    const first = await cancel(staff, 'smartplug2', key);
    expect(first.statusCode).toBe(200);
    expect(first.json<Device>().Subscription).toEqual({ Trialing: false, ExpiresAt: expiresAt, PriceIds: { Current: plan, Next: '' } });
    const second = await cancel(staff, 'smartplug2', key);
    expect(second.json<Device>().Subscription).toEqual(first.json<Device>().Subscription);

    await renew();
    expect((await rowOf(key)).subscription.PriceIds.Current).toBe(plan); // not before its expiry
    t.clock.advance(2 * DAY + 1000);
    await renew();
    expect((await rowOf(key)).subscription).toEqual({ Trialing: false, ExpiresAt: expiresAt, PriceIds: { Current: '', Next: '' } });
    expect(await db().select().from(payments).where(eq(payments.userId, owner.id))).toEqual([]);
  });
});
