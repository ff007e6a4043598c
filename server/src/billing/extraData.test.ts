import { IDEMPOTENCY_KEY_HEADER } from '@paddock/shared/contract';
import { EXTRA_DATA_BYTES } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices, invoices, paymentMethods, payments } from '../db/schema';
import { device, person, type Person } from '../security/fixtures';
import { APP_START_TIMEOUT_MS, call, createTestApp, setUpTestApp, type TestApp } from '../testing/testApp';
import { BUILTIN_CATALOGUE } from './catalogue';
import { localPaymentProvider } from './payments';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const EXTRA = BUILTIN_CATALOGUE.FarmcamSimExtraData;
const buy = (imsi: string, token?: string, key?: string) =>
  call(t.app, 'POST', `/api/farmcam-sims/${imsi}/extra-data`, { token, headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} });
const paymentsOf = (userId: string) => t.database.db.select().from(payments).where(eq(payments.userId, userId));
const remainingData = async (imsi: string) =>
  (await t.database.db.select({ fields: devices.fields }).from(devices).where(eq(devices.key, imsi)))[0].fields.RemainingData;
/** The SIM's data account with `bytes` left (docs/product/products/farmcam-sim.md Data account). */
async function setRemainingData(imsi: string, bytes: number) {
  const [row] = await t.database.db.select().from(devices).where(eq(devices.key, imsi));
  await t.database.db
    .update(devices)
    .set({ fields: { ...row.fields, UsedData: 0, DataLimit: bytes, RemainingData: bytes } })
    .where(eq(devices.key, imsi));
}

/** An owner (of the country) with a FarmCam SIM shared with a second user. */
async function simFixture(country = 'SE'): Promise<{ owner: Person; shared: Person; imsi: string }> {
  const [owner, shared] = [await person(t, 'owner'), await person(t, 'shared')];
  await t.database.db.execute(`UPDATE users SET country = '${country}' WHERE id = '${owner.id}'`);
  const imsi = await device(t, owner, 'farmcam-sim', [shared]);
  await setRemainingData(imsi, 5_000);
  return { owner, shared, imsi };
}

describe('POST /api/farmcam-sims/{imsi}/extra-data', () => {
  it('adds 1 GB to RemainingData, charges the owner the extra data price once, and answers the SIM as GET shows it', async () => {
    const { owner, imsi } = await simFixture('SE');
    const response = await buy(imsi, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Product: 'farmcam-sim', Imsi: imsi, RemainingData: 5_000 + EXTRA_DATA_BYTES });
    expect(response.json()).toEqual((await call(t.app, 'GET', `/api/farmcam-sims/${imsi}`, { token: owner.token })).json());
    expect(await paymentsOf(owner.id)).toMatchObject([
      { priceKey: 'FarmcamSimExtraData', item: EXTRA.Id, amount: EXTRA.Sek, currency: 'SEK' },
    ]);
    // An invoice for it, in the same transaction.
    const [payment] = await paymentsOf(owner.id);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toMatchObject([
      { userId: owner.id, net: EXTRA.Sek, vat: EXTRA.Sek / 4, gross: EXTRA.Sek * 1.25, description: `${EXTRA.Name} – Fixture` },
    ]);
  });

  it('writes the invoice line in the owner’s language', async () => {
    const { owner, imsi } = await simFixture('FR');
    await t.database.db.execute(`UPDATE users SET locale = 'fr-FR' WHERE id = '${owner.id}'`);
    expect((await buy(imsi, owner.token)).statusCode).toBe(200);
    const [payment] = await paymentsOf(owner.id);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toMatchObject([
      { description: 'Données supplémentaires FarmCam SIM 1\u202fGo – Fixture' },
    ]);
  });

  it('with one Idempotency-Key, 10 concurrent requests add 1 GB and charge once; another SIM with the same key is another purchase', async () => {
    const { owner, imsi } = await simFixture('DE');
    const replies = await Promise.all(Array.from({ length: 10 }, () => buy(imsi, owner.token, 'extra-data-click')));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (const reply of replies) expect(reply.json()).toMatchObject({ RemainingData: 5_000 + EXTRA_DATA_BYTES });
    expect(await remainingData(imsi)).toBe(5_000 + EXTRA_DATA_BYTES);
    expect(await paymentsOf(owner.id)).toMatchObject([
      { amount: EXTRA.Eur, currency: 'EUR', idempotencyKey: `extra-data:${owner.id}:${imsi}:extra-data-click` },
    ]);

    const second = await device(t, owner, 'farmcam-sim');
    expect((await buy(second, owner.token, 'extra-data-click')).statusCode).toBe(200);
    expect(await paymentsOf(owner.id)).toHaveLength(2);
  });

  it('lets an admin buy on the owner’s behalf, paid by the owner', async () => {
    const { owner, imsi } = await simFixture('SE');
    const response = await buy(imsi, admin);
    expect(response.statusCode).toBe(200);
    expect(await paymentsOf(owner.id)).toMatchObject([{ amount: EXTRA.Sek, currency: 'SEK' }]);
  });

  it('refuses a shared user (403 device_owner_only), a stranger (404) and the signed-out (401), charging nothing', async () => {
    const { owner, shared, imsi } = await simFixture();
    const stranger = await person(t, 'stranger');
    const refused = await buy(imsi, shared.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Error: 'device_owner_only', Field: 'RemainingData' });
    expect((await buy(imsi, stranger.token)).json()).toEqual({ Error: 'not_found', Message: 'Not found.' });
    expect((await buy(imsi)).statusCode).toBe(401);
    expect((await buy('999999999999999', owner.token)).statusCode).toBe(404);
    // Another product's device is no FarmCam SIM; a malformed IMSI is named.
    const plug = await device(t, owner, 'smartplug');
    expect((await buy(plug, owner.token)).statusCode).toBe(404);
    expect((await buy('not-an-imsi', owner.token)).json()).toMatchObject({ Field: 'imsi' });
    expect(await remainingData(imsi)).toBe(5_000);
    for (const user of [owner, shared, stranger]) expect(await paymentsOf(user.id)).toEqual([]);
  });

  it('re-checks the caller under the row lock: after a hand-over meanwhile the former owner gets 403 and the new owner pays nothing', async () => {
    // Hands the SIM to the shared user while the purchase is between its first check and the row lock.
    let handOver: (() => Promise<void>) | null = null;
    const local = localPaymentProvider(() => new Date());
    const racing = await createTestApp(
      {},
      {
        payments: {
          ...local,
          async prices() {
            await handOver?.();
            handOver = null;
            return local.prices();
          },
        },
      },
    );
    try {
      const [owner, heir] = [await person(racing, 'owner'), await person(racing, 'heir')];
      const imsi = await device(racing, owner, 'farmcam-sim', [heir]);
      handOver = async () => {
        await racing.database.db.update(devices).set({ ownerId: heir.id }).where(eq(devices.key, imsi));
      };
      const response = await call(racing.app, 'POST', `/api/farmcam-sims/${imsi}/extra-data`, { token: owner.token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ Error: 'device_owner_only', Field: 'RemainingData' });
      const paid = (userId: string) => racing.database.db.select().from(payments).where(eq(payments.userId, userId));
      expect(await paid(heir.id)).toEqual([]);
      expect(await paid(owner.id)).toEqual([]);
    } finally {
      await racing.close();
    }
  }, APP_START_TIMEOUT_MS);

  it('answers 402 payment_declined and adds nothing when the card on file is the declining test card', async () => {
    const { owner, imsi } = await simFixture();
    await t.database.db
      .insert(paymentMethods)
      .values({ userId: owner.id, brand: 'Visa', last4: '0002', expMonth: 12, expYear: 2040, declines: true, updatedAt: t.clock.now() });
    const response = await buy(imsi, owner.token, 'declined-once');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ Error: 'payment_declined' });
    expect(await remainingData(imsi)).toBe(5_000);
    expect(await paymentsOf(owner.id)).toEqual([]);
    // With a working card, the same key buys (the declined attempt took nothing).
    await t.database.db.update(paymentMethods).set({ declines: false, last4: '4242' }).where(eq(paymentMethods.userId, owner.id));
    expect((await buy(imsi, owner.token, 'declined-once')).json()).toMatchObject({ RemainingData: 5_000 + EXTRA_DATA_BYTES });
  });

  it('is documented in the OpenAPI description with its replies and the Idempotency-Key header', async () => {
    type Operation = { responses: Record<string, unknown>; parameters: { in: string; name: string }[] };
    const spec = (await call(t.app, 'GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    const operation = spec.paths['/api/farmcam-sims/{imsi}/extra-data'].post;
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '402', '403', '404', '429']);
    expect(operation.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: IDEMPOTENCY_KEY_HEADER }));
  });
});
