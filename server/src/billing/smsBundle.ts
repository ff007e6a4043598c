// Buying the SMS bundle (docs/product/api.md POST /users/{id}/sms, docs/product/limits.md): 100 SMS at the catalogue's
// Sms price in the account's currency.
import { SMS_BUNDLE } from '@paddock/shared/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { chargePrice, recordCharge, type PaymentProvider } from './payments';

/**
 * Charges the SMS bundle, then adds its SMS to the balance and records the payment in one short transaction; returns
 * the updated account, or null when there is no such account. The charge is made holding no lock on the account (the
 * provider's calls go over the network: docs/architecture/decisions/0019-renewals.md). A declined payment
 * (PaymentDeclinedError) leaves the balance as it was. A purchase repeated with the same `purchaseKey` charges and
 * delivers nothing more and returns the account as it is; one whose first attempt was charged but not recorded (the
 * transaction failed) finds that charge at the provider and delivers it now.
 */
export async function buySmsBundle(db: Db, provider: PaymentProvider, userId: string, purchaseKey: string): Promise<UserRow | null> {
  const { Sms: price } = await provider.prices();
  const [payer] = await db.select().from(users).where(eq(users.id, userId));
  if (!payer) return null;
  const paid = await chargePrice(db, provider, payer, 'Sms', price, {
    idempotencyKey: `sms:${payer.id}:${purchaseKey}`,
  });
  return db.transaction(async (tx) => {
    // The account went away during the charge: nothing to deliver to (and no account to record the payment for; with
    // Stripe, its webhook records the paid invoice and asks for a refund).
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return null;
    const { replayed } = await recordCharge(tx, provider, paid);
    if (replayed) return user;
    const [updated] = await tx
      .update(users)
      .set({ smsBalance: sql`${users.smsBalance} + ${SMS_BUNDLE.Count}` })
      .where(eq(users.id, user.id))
      .returning();
    return updated;
  });
}
