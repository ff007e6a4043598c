// Buying the SMS bundle (docs/product/api.md POST /users/{id}/sms, docs/product/limits.md): 100 SMS at the catalogue's
// Sms price in the account's currency.
import { SMS_BUNDLE } from '@paddock/shared/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { chargePrice, type PaymentProvider } from './payments';

/**
 * Charges the SMS bundle and adds its SMS to the balance, in one transaction; returns the updated account, or null
 * when there is no such account. A declined payment (PaymentDeclinedError) leaves the balance as it was. A purchase
 * repeated with the same `purchaseKey` charges and delivers nothing more and returns the account as it is.
 */
export async function buySmsBundle(db: Db, provider: PaymentProvider, userId: string, purchaseKey: string): Promise<UserRow | null> {
  const { Sms: price } = await provider.prices();
  return db.transaction(async (tx) => {
    // Locked until the commit: the account cannot go away between the payment and the delivery.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return null;
    const { replayed } = await chargePrice(tx, provider, user, 'Sms', price, {
      description: price.Name,
      idempotencyKey: `sms:${user.id}:${purchaseKey}`,
    });
    if (replayed) return user;
    const [updated] = await tx
      .update(users)
      .set({ smsBalance: sql`${users.smsBalance} + ${SMS_BUNDLE.Count}` })
      .where(eq(users.id, user.id))
      .returning();
    return updated;
  });
}
