// recordPayment (docs/product/api.md Idempotency-Key): a key found again is a replay only for the same payer and item.
import { eq } from 'drizzle-orm';
import { payments } from '../db/schema';
import { createMember, setUpTestApp, type TestApp } from '../testing/testApp';
import { BUILTIN_CATALOGUE } from './catalogue';
import { IdempotencyKeyMismatchError, recordPayment, type Charge } from './payments';

let t: TestApp;
setUpTestApp((app) => (t = app));

const smsCharge = (userId: string, idempotencyKey: string): Charge => ({
  userId,
  customerId: `cus_${userId}`,
  priceKey: 'Sms',
  priceId: BUILTIN_CATALOGUE.Sms.Id,
  amount: BUILTIN_CATALOGUE.Sms.Sek,
  currency: 'SEK',
  description: BUILTIN_CATALOGUE.Sms.Name,
  idempotencyKey,
});

describe('recordPayment', () => {
  it('answers a charge repeated by the same user for the same item with the first payment', async () => {
    const me = await createMember(t);
    const first = await recordPayment(t.database.db, smsCharge(me.id, `sms:${me.id}:click`), t.clock.now());
    const again = await recordPayment(t.database.db, smsCharge(me.id, `sms:${me.id}:click`), t.clock.now());
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ payment: first.payment, replayed: true });
  });

  it('refuses a key that names another user’s payment or another item, and records nothing', async () => {
    const [me, other] = [await createMember(t), await createMember(t)];
    const key = `shared-key:${me.id}`;
    await recordPayment(t.database.db, smsCharge(me.id, key), t.clock.now());
    await expect(recordPayment(t.database.db, smsCharge(other.id, key), t.clock.now())).rejects.toThrow(IdempotencyKeyMismatchError);
    const plan = BUILTIN_CATALOGUE.SmartplugMonth;
    await expect(
      recordPayment(t.database.db, { ...smsCharge(me.id, key), priceKey: 'SmartplugMonth', priceId: plan.Id }, t.clock.now()),
    ).rejects.toThrow(IdempotencyKeyMismatchError);
    expect(await t.database.db.select().from(payments).where(eq(payments.idempotencyKey, key))).toMatchObject([
      { userId: me.id, priceKey: 'Sms' },
    ]);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, other.id))).toEqual([]);
  });
});
