import { PRODUCTS, REGISTRATION_TRIAL_DAYS, type ProductId } from '@paddock/shared/domain';
import { call, createMember, setUpTestApp, signIn, type Member, type TestApp } from '../testing/testApp';
import { demoKey } from './inventory';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

// Demo keys 2–40 of each product are free; each test takes its own.
const used: Partial<Record<ProductId, number>> = {};
const freeKey = (product: ProductId) => demoKey(product, (used[product] = (used[product] ?? 1) + 1));
const keyField = (product: ProductId) => PRODUCTS[product].keyField;
const collection = (product: ProductId) => PRODUCTS[product].apiCollection;

function register(owner: Member, product: ProductId, key: string, extra: Record<string, unknown> = {}) {
  return call(t.app, 'POST', `/api/users/${owner.id}/${collection(product)}`, {
    token: owner.token,
    body: { [keyField(product)]: key, Name: 'Test device', ...extra },
  });
}

const PRODUCT_IDS = Object.keys(PRODUCTS) as ProductId[];

describe('registration', () => {
  it.each(PRODUCT_IDS)('registers a %s from the inventory and shows it in the list', async (product) => {
    const me = await createMember(t);
    const key = freeKey(product);
    const response = await register(me, product, key);
    expect(response.statusCode).toBe(201);
    const device = response.json();
    expect(device).toMatchObject({
      Product: product,
      [keyField(product)]: key,
      Metadata: { Name: 'Test device', OwnerEmail: me.email, Owner: me.id, Access: [me.email] },
    });
    expect(device.Metadata.Tags).toEqual([PRODUCTS[product].typeTag, me.email]);
    // Every registration starts a 30-day trial by default (alarms can be enabled right away), no plan yet.
    expect(device.Subscription).toMatchObject({ Trialing: true, PriceIds: { Current: '', Next: '' } });
    const trialDays = (Date.parse(device.Subscription.ExpiresAt) - t.clock.now().getTime()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(REGISTRATION_TRIAL_DAYS - 0.01);
    expect(trialDays).toBeLessThanOrEqual(REGISTRATION_TRIAL_DAYS);
    // Its configuration is on its way to the device (FarmCam SIM has none).
    if (product === 'farmcam-sim') expect(device).not.toHaveProperty('ConfigSync');
    else expect(device.ConfigSync).toEqual({ Pending: true, AppliedAt: null });
    const list = (await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: me.token })).json();
    expect(list[PRODUCTS[product].listKey]).toEqual([device]);
  });

  it('starts the trial the server is configured for (REGISTRATION_TRIAL_DAYS), a fraction of a day included', async () => {
    const saved = t.config.registrationTrialDays;
    t.config.registrationTrialDays = 40 / 86_400;
    try {
      const me = await createMember(t);
      const before = t.clock.now().getTime();
      const response = await register(me, 'fencealarm', freeKey('fencealarm'));
      expect(response.statusCode).toBe(201);
      expect(response.json().Subscription).toMatchObject({ Trialing: true, PriceIds: { Current: '', Next: '' } });
      const trialMs = Date.parse(response.json().Subscription.ExpiresAt) - before;
      expect(trialMs).toBeGreaterThanOrEqual(40_000);
      expect(trialMs).toBeLessThan(41_000);
    } finally {
      t.config.registrationTrialDays = saved;
    }
  });

  it('answers 404 naming product and key for a key the inventory does not know', async () => {
    const me = await createMember(t);
    const response = await register(me, 'smartplug', '999999999999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Error: 'device_unknown', Field: 'Imei' });
    expect(response.json().Message).toContain('SmartPlug');
    expect(response.json().Message).toContain('999999999999999');
  });

  it('answers 400 when the key belongs to another product', async () => {
    const me = await createMember(t);
    const response = await register(me, 'smartplug', freeKey('fencealarm'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'device_wrong_product', Field: 'Imei' });
    expect(response.json().Message).toContain('FenceAlarm');
  });

  it('answers 409 when someone else registered it; registering one’s own again is harmless', async () => {
    const [me, other] = [await createMember(t), await createMember(t)];
    const key = freeKey('fencealarm2');
    expect((await register(me, 'fencealarm2', key)).statusCode).toBe(201);
    expect((await register(me, 'fencealarm2', key)).statusCode).toBe(201);
    const taken = await register(other, 'fencealarm2', key);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ Error: 'device_taken', Field: 'Imei' });
  });

  it('registers for oneself or, as an admin, for anyone; not for another user', async () => {
    const [me, other] = [await createMember(t), await createMember(t)];
    const forOther = await call(t.app, 'POST', `/api/users/${other.id}/smartplugs`, {
      token: me.token,
      body: { Imei: freeKey('smartplug'), Name: 'x' },
    });
    expect(forOther.statusCode).toBe(403);
    const byAdmin = await call(t.app, 'POST', `/api/users/${other.id}/smartplugs`, {
      token: admin,
      body: { Imei: freeKey('smartplug'), Name: 'x' },
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().Metadata.OwnerEmail).toBe(other.email);
  });

  it('registers a SmartPlug2 to the Owner named in the body: oneself, or as an admin anyone', async () => {
    const [me, farmer] = [await createMember(t), await createMember(t)];
    const mine = await register(me, 'smartplug2', freeKey('smartplug2'), { Owner: ` ${me.email.toUpperCase()} ` });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().Metadata).toMatchObject({ OwnerEmail: me.email, Owner: me.id });
    const byAdmin = await call(t.app, 'POST', `/api/users/${me.id}/smartplug2s`, {
      token: admin,
      body: { Imei: freeKey('smartplug2'), Name: 'x', Owner: ` ${farmer.email.toUpperCase()} ` },
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().Metadata).toMatchObject({ OwnerEmail: farmer.email, Owner: farmer.id });
    const unknownOwner = await call(t.app, 'POST', `/api/users/${me.id}/smartplug2s`, {
      token: admin,
      body: { Imei: freeKey('smartplug2'), Name: 'x', Owner: 'nobody@example.com' },
    });
    expect(unknownOwner.statusCode).toBe(400);
    expect(unknownOwner.json()).toMatchObject({ Field: 'Owner' });
  });

  it.each([
    [{ Imei: '12345', Name: 'x' }, 'Imei'],
    [{ Imei: '350000300000999', Name: '' }, 'Name'],
    [{ Imei: '350000300000999', Name: 'x'.repeat(65) }, 'Name'],
    [{ Imei: '350000300000999' }, 'Name'],
    [{ Imei: '350000300000999', Name: 'x', Extra: 1 }, 'Extra'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const me = await createMember(t);
    const response = await call(t.app, 'POST', `/api/users/${me.id}/smartplugs`, { token: me.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().Field).toBe(field);
  });

  it('needs a session', async () => {
    const me = await createMember(t);
    expect(
      (await call(t.app, 'POST', `/api/users/${me.id}/smartplugs`, { body: { Imei: freeKey('smartplug'), Name: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe('GET /users/{id}/devices', () => {
  it('answers 304 to If-None-Match while nothing changed, and 200 with a new ETag after a change', async () => {
    const me = await createMember(t);
    const key = freeKey('smartplug');
    await register(me, 'smartplug', key);
    const first = await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: me.token });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+"$/);
    const again = await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: me.token, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    t.clock.advance(1000);
    await call(t.app, 'PATCH', `/api/smartplugs/${key}`, { token: me.token, body: { Name: 'Renamed' } });
    const changed = await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: me.token, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().Smartplugs[0].Metadata.Name).toBe('Renamed');
  });

  it('lists devices shared with the user, and stops when the sharing ends', async () => {
    const [owner, friend] = [await createMember(t), await createMember(t)];
    const key = freeKey('fencealarm');
    await register(owner, 'fencealarm', key);
    await call(t.app, 'PATCH', `/api/fencealarms/${key}`, { token: owner.token, body: { Access: [owner.email, friend.email] } });
    const shared = await call(t.app, 'GET', `/api/users/${friend.id}/devices`, { token: friend.token });
    expect(shared.json().Fencealarms.map((d: { Imei: string }) => d.Imei)).toEqual([key]);
    await call(t.app, 'PATCH', `/api/fencealarms/${key}`, { token: owner.token, body: { Access: [owner.email] } });
    const unshared = await call(t.app, 'GET', `/api/users/${friend.id}/devices`, {
      token: friend.token,
      headers: { 'if-none-match': shared.headers.etag as string },
    });
    expect(unshared.statusCode).toBe(200);
    expect(unshared.json().Fencealarms).toEqual([]);
  });
});

describe('permissions (docs/product/roles.md)', () => {
  let owner: Member;
  let shared: Member;
  let stranger: Member;
  beforeAll(async () => {
    [owner, shared, stranger] = [await createMember(t), await createMember(t), await createMember(t)];
  });

  async function sharedPlug() {
    const key = freeKey('smartplug');
    await register(owner, 'smartplug', key);
    await call(t.app, 'PATCH', `/api/smartplugs/${key}`, { token: owner.token, body: { Access: [owner.email, shared.email] } });
    return key;
  }
  const tokenOf = (who: string) => ({ owner: owner.token, shared: shared.token, stranger: stranger.token, admin })[who]!;

  it.each([
    ['owner', 200],
    ['shared', 200],
    ['admin', 200],
    ['stranger', 404],
  ])('read: %s gets %i', async (who, status) => {
    const key = await sharedPlug();
    expect((await call(t.app, 'GET', `/api/smartplugs/${key}`, { token: tokenOf(who) })).statusCode).toBe(status);
  });

  it.each([
    ['owner', 200],
    ['shared', 200],
    ['admin', 200],
    ['stranger', 404],
  ])('name, tags, sharing and settings: %s gets %i', async (who, status) => {
    const key = await sharedPlug();
    const body = { Name: 'Heater', Tags: ['Barn'], Notify: [owner.email], BeepEnabled: false, Access: [owner.email, shared.email] };
    const response = await call(t.app, 'PATCH', `/api/smartplugs/${key}`, { token: tokenOf(who), body });
    expect(response.statusCode).toBe(status);
    if (status === 200)
      expect(response.json()).toMatchObject({ BeepEnabled: false, Metadata: { Name: 'Heater', Tags: ['SmartPlug', owner.email, 'Barn'] } });
  });

  it.each([
    ['owner', 200],
    ['shared', 403],
    ['admin', 200],
    ['stranger', 404],
  ])('the next plan (PriceId): %s gets %i', async (who, status) => {
    const key = await sharedPlug();
    const response = await call(t.app, 'PATCH', `/api/smartplugs/${key}`, {
      token: tokenOf(who),
      body: { PriceId: 'price_smartplug_month' },
    });
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toMatchObject({ Error: 'device_owner_only', Field: 'PriceId' });
    if (status === 200) expect(response.json().Subscription.PriceIds.Next).toBe('price_smartplug_month');
  });

  it.each([
    ['owner', 200],
    ['shared', 403],
    ['admin', 200],
    ['stranger', 404],
  ])('the owner: %s gets %i', async (who, status) => {
    const key = await sharedPlug();
    const response = await call(t.app, 'PUT', `/api/smartplugs/${key}`, { token: tokenOf(who), body: { Owner: shared.email } });
    expect(response.statusCode).toBe(status);
    // docs/product/devices.md "Transfers": another Owner is an offer; the device stays its owner's until accepted.
    if (status === 200) expect(response.json().Metadata).toMatchObject({ OwnerEmail: owner.email, Owner: owner.id });
  });

  it.each([
    ['shared', 403],
    ['stranger', 404],
    ['owner', 204],
  ])('unregister: %s gets %i', async (who, status) => {
    const key = await sharedPlug();
    expect((await call(t.app, 'DELETE', `/api/smartplugs/${key}`, { token: tokenOf(who) })).statusCode).toBe(status);
  });

  it('lets an admin unregister, after which the device can be registered again', async () => {
    const key = await sharedPlug();
    expect((await call(t.app, 'DELETE', `/api/smartplugs/${key}`, { token: admin })).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/smartplugs/${key}`, { token: owner.token })).statusCode).toBe(404);
    expect((await register(stranger, 'smartplug', key)).statusCode).toBe(201);
  });

  it('answers an Owner outside Access as one inside it (an offer, no owner_not_shared), and keeps the owner in Access', async () => {
    const key = await sharedPlug();
    const outside = await call(t.app, 'PATCH', `/api/smartplugs/${key}`, { token: owner.token, body: { Owner: stranger.email } });
    const inside = await call(t.app, 'PATCH', `/api/smartplugs/${key}`, { token: owner.token, body: { Owner: shared.email } });
    expect([outside.statusCode, inside.statusCode]).toEqual([200, 200]);
    expect(outside.json()).toEqual(inside.json());
    expect(outside.json().Metadata).toMatchObject({ Owner: owner.id });
    const dropped = await call(t.app, 'PATCH', `/api/smartplugs/${key}`, {
      token: owner.token,
      body: { Access: [' ' + shared.email.toUpperCase()] },
    });
    expect(dropped.json().Metadata.Access).toEqual([owner.email, shared.email]);
  });

  it('answers 404 for a device of another product under this path, and 401 without a session', async () => {
    const key = await sharedPlug();
    expect((await call(t.app, 'GET', `/api/fencealarms/${key}`, { token: owner.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/smartplugs/${key}`)).statusCode).toBe(401);
  });
});

describe('settings bounds (docs/product/validation.md)', () => {
  let me: Member;
  const keys: Partial<Record<ProductId, string>> = {};
  beforeAll(async () => {
    me = await createMember(t);
    for (const product of PRODUCT_IDS) {
      keys[product] = freeKey(product);
      await register(me, product, keys[product]!);
    }
  });
  const patch = (product: ProductId, body: unknown) =>
    call(t.app, 'PATCH', `/api/${collection(product)}/${keys[product]}`, { token: me.token, body });

  it.each([
    ['LoadAlarm 0–3700', { LoadAlarm: { Enabled: true, Lower: 0, Upper: 3700 } }, 200, undefined],
    ['LoadAlarm below 0', { LoadAlarm: { Enabled: true, Lower: -1, Upper: 3700 } }, 400, 'LoadAlarm.Lower'],
    ['LoadAlarm above 3700', { LoadAlarm: { Enabled: true, Lower: 0, Upper: 3701 } }, 400, 'LoadAlarm.Upper'],
    ['LoadAlarm lower = upper', { LoadAlarm: { Enabled: true, Lower: 100, Upper: 100 } }, 400, 'LoadAlarm.Lower'],
    ['temperature −20–70', { TemperatureRangeAlarm: { Enabled: true, Lower: -20, Upper: 70 } }, 200, undefined],
    ['temperature below −20', { TemperatureRangeAlarm: { Enabled: true, Lower: -21, Upper: 70 } }, 400, 'TemperatureRangeAlarm.Lower'],
    ['temperature above 70', { TemperatureRangeAlarm: { Enabled: true, Lower: -20, Upper: 71 } }, 400, 'TemperatureRangeAlarm.Upper'],
    ['temperature lower > upper', { TemperatureRangeAlarm: { Enabled: true, Lower: 30, Upper: 20 } }, 400, 'TemperatureRangeAlarm.Lower'],
    ['timer every 5 minutes', { Timer: { Enabled: true, On: ['55 23 0,6'], Off: ['0 6 1,2,3,4,5'] } }, 200, undefined],
    ['timer minute not a multiple of 5', { Timer: { Enabled: true, On: ['7 6 1'], Off: [] } }, 400, 'Timer.On.0'],
    ['timer day 7', { Timer: { Enabled: true, On: ['5 6 7'], Off: [] } }, 400, 'Timer.On.0'],
    [
      'thermostat −20 and 70',
      {
        Thermostat: {
          Enabled: true,
          Triggers: [
            { Days: '1,2', Above: true, Temperature: 70, SetPowerEnabled: false },
            { Days: '0', Above: false, Temperature: -20, SetPowerEnabled: true },
          ],
        },
      },
      200,
      undefined,
    ],
    [
      'thermostat 71',
      { Thermostat: { Enabled: true, Triggers: [{ Days: '1', Above: true, Temperature: 71, SetPowerEnabled: false }] } },
      400,
      'Thermostat.Triggers.0.Temperature',
    ],
  ])('SmartPlug %s', async (_name, body, status, field) => {
    const response = await patch('smartplug', body);
    expect(response.statusCode).toBe(status);
    if (field) expect(response.json().Field).toBe(field);
    else expect(response.json()).toMatchObject(body);
  });

  it.each([
    [2000, 200],
    [8000, 200],
    [5000, 200],
    [1000, 400],
    [9000, 400],
    [2500, 400],
  ])('FenceAlarm level %i → %i', async (level, status) => {
    const response = await patch('fencealarm', { VoltageAlarm: { Enabled: true, AlarmLevel: level } });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json().VoltageAlarm).toEqual({ Enabled: true, Triggered: false, AlarmLevel: level });
    else expect(response.json().Field).toBe('VoltageAlarm.AlarmLevel');
  });

  it.each([
    [1943, 200],
    [7928, 200],
    [2000, 400],
  ])('FenceAlarm2 threshold %i → %i', async (threshold, status) => {
    const response = await patch('fencealarm2', { VoltageAlarm: { Enabled: true, Threshold: threshold } });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json().VoltageAlarm).toEqual({ Enabled: true, Triggered: false, Threshold: threshold });
  });

  it("takes back the system tags however long the owner's e-mail, and holds the user's own tags to 40 characters", async () => {
    const longEmail = `${'a'.repeat(60)}@example.com`;
    const tags = ['FenceAlarm', longEmail, 'x'.repeat(40)];
    const inside = await patch('fencealarm', { Tags: tags });
    expect(inside.statusCode).toBe(200);
    expect(inside.json().Metadata.Tags).toEqual(['FenceAlarm', me.email, 'x'.repeat(40)]);
    const outside = await patch('fencealarm', { Tags: ['FenceAlarm', 'y'.repeat(41)] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ Error: 'too_long', Field: 'Tags' });
  });

  it('keeps FenceAlarm calibration parts not sent, and checks the expected voltage', async () => {
    expect((await patch('fencealarm', { Calibration: { Enabled: true, ScalingFactor: 1.5, ExpectedVoltage: 6000 } })).statusCode).toBe(200);
    const partial = await patch('fencealarm', { Calibration: { ExpectedVoltage: 7000 } });
    expect(partial.json().Calibration).toEqual({ Enabled: true, ScalingFactor: 1.5, ExpectedVoltage: 7000 });
    expect((await patch('fencealarm', { Calibration: { ExpectedVoltage: 15001 } })).statusCode).toBe(400);
  });

  it('SmartPlug2: PATCH a subset of DeviceConfig, bounds checked, metadata nested', async () => {
    const response = await patch('smartplug2', { DeviceConfig: { AuditoryFeedback: false }, Metadata: { Name: 'Pump' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ DeviceConfig: { AuditoryFeedback: false, OutputPower: true }, Metadata: { Name: 'Pump' } });
    const bad = await patch('smartplug2', { DeviceConfig: { PowerLoadAlarm: { Lower: 500, Upper: 400 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Error: 'load_bounds', Field: 'DeviceConfig.PowerLoadAlarm.Lower' });
  });

  it('FarmCam SIM: name and plan; no product settings', async () => {
    const response = await patch('farmcam-sim', { Name: 'Gate camera', PriceId: '' });
    expect(response.statusCode).toBe(200);
    // docs/product/products/farmcam-sim.md: a new SIM has the registration trial's data.
    expect(response.json()).toMatchObject({ RemainingData: 1_000_000_000, Metadata: { Name: 'Gate camera' } });
    expect((await patch('farmcam-sim', { BeepEnabled: true })).statusCode).toBe(400);
  });
});

describe('the demo seed', () => {
  it('registers one device of each product to the demo user', async () => {
    const demo = t.config.demo!;
    const token = await signIn(t, demo.email, demo.password);
    const me = (await call(t.app, 'POST', '/api/sign-in', { body: { Email: demo.email, Password: demo.password } })).json().User;
    const list = (await call(t.app, 'GET', `/api/users/${me.Id}/devices`, { token })).json();
    for (const product of PRODUCT_IDS) expect(list[PRODUCTS[product].listKey]).toHaveLength(1);
  });
});
