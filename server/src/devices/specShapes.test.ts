// Issue 30 "The spec's own shapes are accepted" (docs/product/api.md "Shapes accepted"): each shape a client following
// the spec word for word sends is taken and saved in the one internal form; a wrong shape is still 400 naming the
// field. The SmartPlug2 flat {OutputPower} switches through the same acknowledged, idempotent command as
// {DeviceConfig: {OutputPower}}, on a real MQTT client signed in as the plug.
import type { Smartplug2 } from '@paddock/shared/contract';
import { PLAN_PRICE_KEYS, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { BUILTIN_CATALOGUE } from '../billing/catalogue';
import { devices, payments } from '../db/schema';
import { plugTakingCommands, registeredPlug, waitFor } from '../testing/devices';
import { FakeTimers } from '../testing/fakeTimers';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, type Member, type TestApp } from '../testing/testApp';
import { demoKey } from './inventory';

let t: TestApp;
let timers: FakeTimers;
const clients: MqttClient[] = [];

beforeAll(async () => {
  timers = new FakeTimers();
  t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true, timers });
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

const used: Partial<Record<ProductId, number>> = {};
const path = (product: ProductId, key: string) => `/api/${PRODUCTS[product].apiCollection}/${key}`;

async function registered(owner: Member, product: ProductId): Promise<string> {
  const key = demoKey(product, (used[product] = (used[product] ?? 10) + 1));
  const { apiCollection, keyField } = PRODUCTS[product];
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${apiCollection}`, {
    token: owner.token,
    body: { [keyField]: key, Name: 'Spec' },
  });
  expect(response.statusCode).toBe(201);
  return key;
}

describe('PATCH /smartplug2s/{imei} with the flat {OutputPower}', () => {
  it('switches the plug like DeviceConfig.OutputPower: acked, saved, and once per Idempotency-Key', async () => {
    const plug = await plugTakingCommands(t, 'smartplug2', 31);
    clients.push(plug.client);
    const { commands, sent } = plug;
    const patch = () =>
      call(t.app, 'PATCH', plug.path, {
        token: plug.owner.token,
        body: { OutputPower: false },
        headers: { 'idempotency-key': 'flat-tap' },
      });

    const first = patch();
    const [command] = await sent(1);
    expect(command).toMatchObject({ Command: 'set-power', Enabled: false });
    await waitFor(
      async () => timers.waiting.length,
      (length) => length === 1,
    );
    timers.advance(60_000);
    expect((await first).statusCode).toBe(408);
    // The retry sends nothing and waits for the first command's ack.
    const retry = patch();
    await waitFor(
      async () => timers.waiting.length,
      (length) => length === 1,
    );
    await plug.ack(command, false);
    const answered = await retry;
    expect(answered.statusCode).toBe(200);
    expect(answered.json<Smartplug2>()).toMatchObject({ PowerEnabled: false, DeviceConfig: { OutputPower: false } });
    expect(commands()).toEqual([command]);
  });

  it('refuses a wrong shape with 400 naming OutputPower, and a flat and nested switch that disagree', async () => {
    const plug = await registeredPlug(t, 'smartplug2', 32);
    const wrong = await call(t.app, 'PATCH', plug.path, { token: plug.owner.token, body: { OutputPower: 'off' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ Field: 'OutputPower' });
    const both = await call(t.app, 'PATCH', plug.path, {
      token: plug.owner.token,
      body: { OutputPower: false, DeviceConfig: { OutputPower: true } },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ Error: 'invalid_field', Field: 'OutputPower' });
  });
});

describe.each(['fencealarm2', 'smartplug2'] as const)('a %s Subscription sent back as it is read', (product) => {
  const lapse = async (key: string) => {
    const ExpiresAt = new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString();
    await t.database.db
      .update(devices)
      .set({ subscription: { Trialing: false, ExpiresAt, PriceIds: { Current: '', Next: '' } } })
      .where(eq(devices.key, key));
  };

  it('changes nothing when unchanged, sets the next plan from PriceIds.Next, and still refuses a charge (409)', async () => {
    const owner = await createMember(t, { country: 'SE' });
    const key = await registered(owner, product);
    const read = (await call(t.app, 'GET', path(product, key), { token: owner.token })).json();
    const unchanged = await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: { Subscription: read.Subscription } });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().Subscription).toEqual(read.Subscription);

    // While the trial runs, a plan in PriceIds.Next becomes the next plan and charges nothing.
    const price = BUILTIN_CATALOGUE[PLAN_PRICE_KEYS[product][0]];
    const next = { ...read.Subscription, PriceIds: { ...read.Subscription.PriceIds, Next: price.Id } };
    const chosen = await call(t.app, 'PUT', path(product, key), { token: owner.token, body: { Subscription: next } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().Subscription).toMatchObject({ Trialing: true, PriceIds: { Current: '', Next: price.Id } });

    // Lapsed: the read shape naming a paid plan would charge now, so it is refused like {PriceId} (a charge is POST …/plan).
    await lapse(key);
    const lapsed = (await call(t.app, 'GET', path(product, key), { token: owner.token })).json();
    const charge = { ...lapsed.Subscription, PriceIds: { ...lapsed.Subscription.PriceIds, Next: price.Id } };
    const refused = await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: { Subscription: charge } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ Error: 'plan_confirmation_required', Field: 'Subscription.PriceId' });
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, owner.id))).toEqual([]);
    // Sent back unchanged while lapsed: nothing to charge, nothing refused.
    expect(
      (await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: { Subscription: lapsed.Subscription } })).statusCode,
    ).toBe(200);
  });

  it('lets a shared user send the read Subscription back unchanged, and refuses a wrong shape naming the field', async () => {
    const owner = await createMember(t);
    const friend = await createMember(t);
    const key = await registered(owner, product);
    expect(
      (await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: { Metadata: { Access: [owner.email, friend.email] } } }))
        .statusCode,
    ).toBe(200);
    const read = (await call(t.app, 'GET', path(product, key), { token: friend.token })).json();
    const back = await call(t.app, 'PATCH', path(product, key), {
      token: friend.token,
      body: { Metadata: { Name: 'Theirs' }, Subscription: read.Subscription },
    });
    expect(back.statusCode).toBe(200);

    const empty = await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: { Subscription: { Trialing: true } } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ Field: 'Subscription.PriceId' });
    const wrong = await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: { Subscription: { PriceIds: { Next: 7 } } } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ Field: 'Subscription.PriceIds.Next' });
  });
});

describe('thermostat Days as an array', () => {
  it('is saved in the days syntax, ascending; a day out of range is 400 naming the trigger', async () => {
    const owner = await createMember(t);
    const key = await registered(owner, 'smartplug');
    const Thermostat = {
      Enabled: true,
      Triggers: [{ Days: [5, 1, 3], Above: true, Temperature: 20, SetPowerEnabled: false }],
      TimeZone: 'Europe/Stockholm',
    };
    const saved = await call(t.app, 'PATCH', path('smartplug', key), { token: owner.token, body: { Thermostat } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().Thermostat.Triggers[0].Days).toBe('1,3,5');
    expect((await call(t.app, 'GET', path('smartplug', key), { token: owner.token })).json().Thermostat.Triggers[0].Days).toBe('1,3,5');

    for (const Days of [[7], [], [1, 1], 'Monday']) {
      const bad = await call(t.app, 'PATCH', path('smartplug', key), {
        token: owner.token,
        body: { Thermostat: { ...Thermostat, Triggers: [{ ...Thermostat.Triggers[0], Days }] } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().Field).toMatch(/^Thermostat\.Triggers\.0\.Days/);
    }
  });
});

describe('a warranty with a timestamp and a data: URL', () => {
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');
  let serial = 0;
  const body = (overrides: Record<string, unknown>) => ({
    Product: 'FenceAlarm',
    SerialNumber: `SPEC-${Date.now().toString(36)}-${++serial}`.toUpperCase(),
    Retailer: 'Granngården',
    DateOfPurchase: '2025-03-14',
    ProofOfPurchase: PDF,
    ...overrides,
  });
  const register = (owner: Member, payload: unknown) =>
    call(t.app, 'POST', `/api/users/${owner.id}/warranties`, { token: owner.token, body: payload });

  it('keeps the timestamp’s own calendar date and the data: URL’s file', async () => {
    const owner = await createMember(t);
    for (const [DateOfPurchase, date] of [
      ['2025-03-14T10:15:00Z', '2025-03-14'],
      ['2025-03-14T23:30:00.000+01:00', '2025-03-14'],
    ]) {
      const created = await register(owner, body({ DateOfPurchase, ProofOfPurchase: `data:application/pdf;base64,${PDF}` }));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ DateOfPurchase: date, ProofOfPurchase: { Type: 'application/pdf' } });
    }
  });

  it('refuses what is neither shape with 400 naming the field', async () => {
    const owner = await createMember(t);
    for (const DateOfPurchase of ['14/03/2025', '2025-03-14T10:15:00', '2025-02-30T10:00:00Z', '2025-13-01T10:00:00Z']) {
      const refused = await register(owner, body({ DateOfPurchase }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ Field: 'DateOfPurchase' });
    }
    const future = await register(owner, body({ DateOfPurchase: new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString() }));
    expect(future.json()).toMatchObject({ Error: 'purchase_date_in_future', Field: 'DateOfPurchase' });
    for (const ProofOfPurchase of [`data:application/pdf,${PDF}`, 'data:application/pdf;base64,***', 'data:;base64']) {
      const refused = await register(owner, body({ ProofOfPurchase }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ Field: 'ProofOfPurchase' });
    }
  });
});

describe('history without from and to, and format=blob', () => {
  const HOUR = 3_600_000;

  it('reads the day before now by default, and blob is the CSV file', async () => {
    const owner = await createMember(t);
    const key = await registered(owner, 'fencealarm');
    await t.database.db
      .update(devices)
      .set({ registeredAt: new Date('2000-01-01T00:00:00Z') })
      .where(eq(devices.key, key));
    const now = t.clock.now().getTime();
    const readings = [
      { at: new Date(now - 2 * HOUR).toISOString(), data: { Voltage: 6100, Battery: 3.7, Rssi: -70 } },
      { at: new Date(now - 30 * HOUR).toISOString(), data: { Voltage: 4200, Battery: 3.7, Rssi: -70 } },
    ];
    await t.database.withConnection((c) =>
      c.query(
        `INSERT INTO device_readings (key, at, data) SELECT $1, r.at, r.data FROM jsonb_to_recordset($2::jsonb) AS r(at timestamptz, data jsonb)`,
        [key, JSON.stringify(readings)],
      ),
    );
    const history = (query: string) => call(t.app, 'GET', `${path('fencealarm', key)}/voltage${query}`, { token: owner.token });

    const json = await history('');
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual([{ Timestamp: readings[0].at, Voltage: 6100 }]);
    // Only `to`: the day before it.
    const earlier = await history(`?to=${encodeURIComponent(new Date(now - 24 * HOUR).toISOString())}`);
    expect(earlier.json()).toEqual([{ Timestamp: readings[1].at, Voltage: 4200 }]);
    // Only `from`: up to now.
    const both = await history(`?from=${encodeURIComponent(new Date(now - 48 * HOUR).toISOString())}`);
    expect(both.json()).toHaveLength(2);

    const blob = await history('?format=blob');
    expect(blob.statusCode).toBe(200);
    expect(blob.headers['content-type']).toMatch(/^text\/csv/);
    expect(blob.body).toContain('6100');
    expect(blob.body).not.toContain('4200');

    const wrong = await history('?format=pdf');
    expect(wrong.json()).toMatchObject({ Error: 'invalid_export_format', Field: 'format' });
    const reversed = await history(`?from=${encodeURIComponent(new Date(now + HOUR).toISOString())}`);
    expect(reversed.json()).toMatchObject({ Field: 'to' });
  });
});

describe('GET /farmcam-sims/{imsi}/data', () => {
  it('answers the SIM’s data account to the owner and a shared user, 404 to anyone else', async () => {
    const owner = await createMember(t);
    const friend = await createMember(t);
    const stranger = await createMember(t);
    const key = await registered(owner, 'farmcam-sim');
    expect(
      (await call(t.app, 'PATCH', path('farmcam-sim', key), { token: owner.token, body: { Access: [owner.email, friend.email] } }))
        .statusCode,
    ).toBe(200);
    const sim = (await call(t.app, 'GET', path('farmcam-sim', key), { token: owner.token })).json();
    for (const reader of [owner, friend]) {
      const data = await call(t.app, 'GET', `${path('farmcam-sim', key)}/data`, { token: reader.token });
      expect(data.statusCode).toBe(200);
      expect(data.json()).toEqual({
        Imsi: key,
        RemainingData: sim.RemainingData,
        UsedData: null,
        DataLimit: sim.DataLimit,
        DataAlert: sim.DataAlert,
      });
    }
    expect((await call(t.app, 'GET', `${path('farmcam-sim', key)}/data`, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${path('farmcam-sim', key)}/data`)).statusCode).toBe(401);
  });
});
