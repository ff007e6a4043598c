// Plan rules on the update calls and the plan purchase (docs/product/api.md PriceId, docs/product/states.md Plans and
// renewal, docs/product/billing.md "A charge is its own step"): per product only its own plans, a running subscription
// only gets a next plan, a lapsed one starts at once only through the confirmed purchase and is charged once.
import { PLAN_PRICE_KEYS, PRICE_KEYS, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { and, eq } from 'drizzle-orm';
import { devices, payments } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, setUpTestApp, type Member, type TestApp } from '../testing/testApp';
import { handOver } from '../transfers/testing';
import { BUILTIN_CATALOGUE } from './catalogue';
import { localPaymentProvider, PaymentDeclinedError, type PaymentProvider } from './payments';

let t: TestApp;
setUpTestApp((app) => (t = app));

const PRODUCT_IDS = Object.keys(PRODUCTS) as ProductId[];
const used: Partial<Record<ProductId, number>> = {};
const freeKey = (product: ProductId) => demoKey(product, (used[product] = (used[product] ?? 20) + 1));
const path = (product: ProductId, key: string) => `/api/${PRODUCTS[product].apiCollection}/${key}`;
/** FenceAlarm2 and SmartPlug2 carry the plan under Subscription (docs/product/api.md). */
const planBody = (product: ProductId, priceId: string) =>
  PRODUCTS[product].nestsMetadata ? { Subscription: { PriceId: priceId } } : { PriceId: priceId };
const planField = (product: ProductId) => (PRODUCTS[product].nestsMetadata ? 'Subscription.PriceId' : 'PriceId');
/** The confirmed purchase: POST {collection}/{key}/plan. */
const buyPlan = (app: TestApp, owner: Member, product: ProductId, key: string, priceId: string) =>
  call(app.app, 'POST', `${path(product, key)}/plan`, { token: owner.token, body: { PriceId: priceId } });

async function registered(app: TestApp, owner: Member, product: ProductId, key = freeKey(product)): Promise<string> {
  const response = await call(app.app, 'POST', `/api/users/${owner.id}/${PRODUCTS[product].apiCollection}`, {
    token: owner.token,
    body: { [PRODUCTS[product].keyField]: key, Name: 'Field 7' },
  });
  expect(response.statusCode).toBe(201);
  return key;
}

/** Makes the device's subscription lapsed: trial over, no plan (as the renewal job leaves it). */
async function lapse(app: TestApp, key: string, daysAgo = 3) {
  const ExpiresAt = new Date(app.clock.now().getTime() - daysAgo * 86_400_000).toISOString();
  await app.database.db
    .update(devices)
    .set({ subscription: { Trialing: false, ExpiresAt, PriceIds: { Current: '', Next: '' } } })
    .where(eq(devices.key, key));
}

const paymentsFor = (app: TestApp, userId: string) => app.database.db.select().from(payments).where(eq(payments.userId, userId));

describe.each(PRODUCT_IDS)('PriceId on a %s', (product) => {
  const otherProduct = PRODUCT_IDS.find((other) => other !== product)!;

  it.each(PLAN_PRICE_KEYS[product])('takes its plan %s as the next plan while the trial runs, charging nothing', async (planKey) => {
    const owner = await createMember(t);
    const key = await registered(t, owner, product);
    const response = await call(t.app, 'PATCH', path(product, key), {
      token: owner.token,
      body: planBody(product, BUILTIN_CATALOGUE[planKey].Id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().Subscription).toMatchObject({ Trialing: true, PriceIds: { Current: '', Next: BUILTIN_CATALOGUE[planKey].Id } });
    expect(await paymentsFor(t, owner.id)).toEqual([]);
    // None ('') takes the next plan away again.
    const none = await call(t.app, 'PUT', path(product, key), { token: owner.token, body: planBody(product, '') });
    expect(none.json().Subscription.PriceIds).toEqual({ Current: '', Next: '' });
  });

  it.each([
    ['another product’s plan', PLAN_PRICE_KEYS[otherProduct][0]],
    ['extra data', 'FarmcamSimExtraData'],
    ['the SMS bundle', 'Sms'],
  ] as const)('refuses %s with 400 naming the field and changes nothing', async (_what, priceKey) => {
    const owner = await createMember(t);
    const key = await registered(t, owner, product);
    const before = (await call(t.app, 'GET', path(product, key), { token: owner.token })).json();
    const response = await call(t.app, 'PATCH', path(product, key), {
      token: owner.token,
      body: { ...planBody(product, BUILTIN_CATALOGUE[priceKey].Id) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'invalid_field', Field: planField(product) });
    expect((await call(t.app, 'GET', path(product, key), { token: owner.token })).json()).toEqual(before);
  });

  it('refuses an unknown price id with 400', async () => {
    const owner = await createMember(t);
    const key = await registered(t, owner, product);
    const response = await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: planBody(product, 'price_free_forever') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'invalid_field', Field: planField(product) });
  });

  it('starts a plan at once on a lapsed subscription: charged once in the owner’s currency, Current and Next, one period ahead', async () => {
    const owner = await createMember(t, { country: 'SE' });
    const key = await registered(t, owner, product);
    await lapse(t, key);
    const planKey = PLAN_PRICE_KEYS[product][PLAN_PRICE_KEYS[product].length - 1];
    const price = BUILTIN_CATALOGUE[planKey];
    const before = (await call(t.app, 'GET', path(product, key), { token: owner.token })).json();
    // A double click: two requests at once; the second finds the plan running (or its period claimed) and only sets Next.
    const [first, second] = await Promise.all([1, 2].map(() => buyPlan(t, owner, product, key, price.Id)));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    // The receipt states what was charged: one Payment between the two, 25 % Swedish VAT on top of the catalogue price.
    const receipts = [first.json().Payment, second.json().Payment].filter((payment) => payment !== null);
    const vat = Math.round(price.Sek / 4);
    expect(receipts).toEqual([{ Currency: 'SEK', Net: price.Sek, Vat: vat, Gross: price.Sek + vat, PaidAt: expect.any(String) }]);
    // Asked again later (a retry after the answer was lost): the plan runs, nothing more is charged.
    expect((await buyPlan(t, owner, product, key, price.Id)).json().Payment).toBeNull();
    const after = (await call(t.app, 'GET', path(product, key), { token: owner.token })).json();
    expect(after.Subscription).toMatchObject({ Trialing: false, PriceIds: { Current: price.Id, Next: price.Id } });
    const expected = new Date(t.clock.now());
    if (planKey.endsWith('Year')) expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    else expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(Math.abs(Date.parse(after.Subscription.ExpiresAt) - expected.getTime())).toBeLessThan(4 * 86_400_000);
    expect(Date.parse(after.Subscription.ExpiresAt)).toBeGreaterThan(t.clock.now().getTime() + 27 * 86_400_000);
    const paid = await paymentsFor(t, owner.id);
    expect(paid).toMatchObject([{ priceKey: planKey, item: price.Id, amount: price.Sek, currency: 'SEK' }]);
    // Named by the payer and the lapsed expiry it starts from.
    expect(paid[0].idempotencyKey).toBe(`plan:${owner.id}:${product}:${key}:${before.Subscription.ExpiresAt}`);
    // A FarmCam SIM plan grants its allowance (Large 20 GB).
    if (product === 'farmcam-sim') expect(after.RemainingData).toBe((before.RemainingData as number) + 20_000_000_000);
  });
});

describe.each(PRODUCT_IDS)('a settings save of a %s', (product) => {
  it('refuses a plan that would be charged now with 409 plan_confirmation_required naming the field: nothing saved or charged', async () => {
    const owner = await createMember(t, { country: 'SE' });
    const key = await registered(t, owner, product);
    await lapse(t, key);
    const before = (await call(t.app, 'GET', path(product, key), { token: owner.token })).json();
    const nested = PRODUCTS[product].nestsMetadata;
    const price = BUILTIN_CATALOGUE[PLAN_PRICE_KEYS[product][0]];
    for (const method of ['PATCH', 'PUT'] as const) {
      const response = await call(t.app, method, path(product, key), {
        token: owner.token,
        body: { ...planBody(product, price.Id), ...(nested ? { Metadata: { Name: 'Renamed' } } : { Name: 'Renamed' }) },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ Error: 'plan_confirmation_required', Field: planField(product) });
    }
    expect((await call(t.app, 'GET', path(product, key), { token: owner.token })).json()).toEqual(before);
    expect(await paymentsFor(t, owner.id)).toEqual([]);
    // The spec's shape still chooses None on a lapsed device (nothing to charge).
    expect((await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: planBody(product, '') })).statusCode).toBe(200);
  });
});

describe('the plan purchase', () => {
  it('refuses another product’s plan with 400 naming PriceId, and a price id that is not a plan', async () => {
    const owner = await createMember(t);
    const key = await registered(t, owner, 'smartplug2');
    await lapse(t, key);
    for (const priceId of [BUILTIN_CATALOGUE.FencealarmMonth.Id, BUILTIN_CATALOGUE.Sms.Id, 'price_free_forever']) {
      const response = await buyPlan(t, owner, 'smartplug2', key, priceId);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Error: 'invalid_field', Field: 'PriceId' });
    }
    expect(await paymentsFor(t, owner.id)).toEqual([]);
  });

  it('while a plan runs only sets Next and charges nothing (Payment null)', async () => {
    const owner = await createMember(t);
    const key = await registered(t, owner, 'fencealarm2');
    const response = await buyPlan(t, owner, 'fencealarm2', key, BUILTIN_CATALOGUE.Fencealarm2Year.Id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Payment: null,
      Device: { Subscription: { Trialing: true, PriceIds: { Next: BUILTIN_CATALOGUE.Fencealarm2Year.Id } } },
    });
    expect(await paymentsFor(t, owner.id)).toEqual([]);
  });

  it('states a reverse-charge buyer’s price without VAT, in euro', async () => {
    const owner = await createMember(t, { country: 'DE', vatin: 'DE123456789' });
    const key = await registered(t, owner, 'smartplug');
    await lapse(t, key);
    const price = BUILTIN_CATALOGUE.SmartplugYear;
    const response = await buyPlan(t, owner, 'smartplug', key, price.Id);
    expect(response.json().Payment).toMatchObject({ Currency: 'EUR', Net: price.Eur, Vat: 0, Gross: price.Eur });
  });
});

describe('PriceId by someone other than the owner', () => {
  it.each(['fencealarm2', 'farmcam-sim'] as const)('is refused to a shared user of a %s (403) and charges nothing', async (product) => {
    const owner = await createMember(t);
    const shared = await createMember(t);
    const key = await registered(t, owner, product);
    await lapse(t, key);
    const nested = PRODUCTS[product].nestsMetadata;
    const access = { Access: [owner.email, shared.email] };
    await call(t.app, 'PATCH', path(product, key), { token: owner.token, body: nested ? { Metadata: access } : access });
    const response = await call(t.app, 'PATCH', path(product, key), {
      token: shared.token,
      body: planBody(product, BUILTIN_CATALOGUE[PLAN_PRICE_KEYS[product][0]].Id),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Error: 'device_owner_only' });
    const bought = await buyPlan(t, shared, product, key, BUILTIN_CATALOGUE[PLAN_PRICE_KEYS[product][0]].Id);
    expect(bought.statusCode).toBe(403);
    expect(bought.json()).toMatchObject({ Error: 'device_owner_only' });
    expect(await paymentsFor(t, owner.id)).toEqual([]);
    expect(await paymentsFor(t, shared.id)).toEqual([]);
  });
});

describe('a new owner', () => {
  it.each(['smartplug', 'fencealarm2'] as const)(
    'of a %s does not inherit the plan choice: Next is None and pending renewal retries are forgotten; the period runs on',
    async (product) => {
      const [owner, heir] = [await createMember(t), await createMember(t)];
      const key = await registered(t, owner, product);
      const plan = BUILTIN_CATALOGUE[PLAN_PRICE_KEYS[product][0]].Id;
      const nested = PRODUCTS[product].nestsMetadata;
      const metadata = (values: Record<string, unknown>) => (nested ? { Metadata: values } : values);
      await call(t.app, 'PATCH', path(product, key), {
        token: owner.token,
        body: { ...planBody(product, plan), ...metadata({ Access: [heir.email] }) },
      });
      // As the renewal job leaves a declined renewal: a retry pending for the old owner's card.
      await t.database.db.update(devices).set({ renewalAttempts: 2, renewalRetryAt: t.clock.now() }).where(eq(devices.key, key));
      const [before] = await t.database.db.select().from(devices).where(eq(devices.key, key));
      expect(before.subscription.PriceIds.Next).toBe(plan);

      // docs/product/devices.md "Transfers": the device changes hands when the heir accepts the owner's offer.
      const response = await handOver(t, product, key, owner, heir);
      expect(response.statusCode).toBe(200);
      expect(response.json().Subscription).toEqual({ ...before.subscription, PriceIds: { ...before.subscription.PriceIds, Next: '' } });
      const [after] = await t.database.db.select().from(devices).where(eq(devices.key, key));
      expect(after).toMatchObject({ ownerId: heir.id, renewalAttempts: 0, renewalRetryAt: null });
      // The new owner chooses a plan themselves.
      const chosen = await call(t.app, 'PATCH', path(product, key), { token: heir.token, body: planBody(product, plan) });
      expect(chosen.json().Subscription.PriceIds.Next).toBe(plan);
    },
  );

  it('offered the device just after the owner bought a plan is not charged for it at renewal: the plan is charged to the old owner only', async () => {
    const [owner, heir] = [await createMember(t), await createMember(t)];
    const key = await registered(t, owner, 'smartplug');
    await lapse(t, key);
    await call(t.app, 'PATCH', path('smartplug', key), { token: owner.token, body: { Access: [heir.email] } });
    const plan = BUILTIN_CATALOGUE.SmartplugMonth;
    expect((await buyPlan(t, owner, 'smartplug', key, plan.Id)).statusCode).toBe(200);
    const response = await call(t.app, 'PATCH', path('smartplug', key), {
      token: owner.token,
      body: { PriceId: plan.Id, Owner: heir.email },
    });
    expect(response.statusCode).toBe(200);
    // The Owner is an offer: the owner's plan stands until the heir accepts, and then no next plan passes on.
    expect(response.json()).toMatchObject({
      Metadata: { Owner: owner.id },
      Subscription: { Trialing: false, PriceIds: { Current: plan.Id, Next: plan.Id } },
    });
    const offer = (await call(t.app, 'GET', `/api/users/${heir.id}/transfers`, { token: heir.token })).json().Incoming[0];
    const accepted = await call(t.app, 'POST', `/api/transfers/${offer.Id}/accept`, { token: heir.token });
    expect(accepted.json().Subscription).toMatchObject({ Trialing: false, PriceIds: { Current: plan.Id, Next: '' } });
    expect(await paymentsFor(t, owner.id)).toMatchObject([{ priceKey: 'SmartplugMonth' }]);
    expect(await paymentsFor(t, heir.id)).toEqual([]);
  });
});

describe('PriceId with a provider that declines', () => {
  let declining: TestApp;
  beforeAll(async () => {
    const local = localPaymentProvider(() => new Date());
    const declineAll: PaymentProvider = {
      ...local,
      async charge(tx, charge) {
        await local.charge(tx, charge);
        throw new PaymentDeclinedError('card declined');
      },
    };
    declining = await createTestApp({}, { payments: declineAll });
  }, APP_START_TIMEOUT_MS);
  afterAll(() => declining.close());

  it('answers 402 on a lapsed subscription and leaves it lapsed, with no payment', async () => {
    const owner = await createMember(declining);
    const key = await registered(declining, owner, 'smartplug');
    await lapse(declining, key);
    const response = await buyPlan(declining, owner, 'smartplug', key, BUILTIN_CATALOGUE.SmartplugMonth.Id);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ Error: 'payment_declined' });
    const [row] = await declining.database.db.select().from(devices).where(eq(devices.key, key));
    expect(row.subscription.PriceIds).toEqual({ Current: '', Next: '' });
    expect(row.name).toBe('Field 7');
    expect(
      await declining.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, owner.id))),
    ).toEqual([]);
  });
});

it('lists a plan for every product and only catalogue keys', () => {
  for (const product of PRODUCT_IDS) {
    expect(PLAN_PRICE_KEYS[product].length).toBeGreaterThan(0);
    for (const key of PLAN_PRICE_KEYS[product]) expect(PRICE_KEYS).toContain(key);
  }
});
