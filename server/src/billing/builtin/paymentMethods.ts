// The customer's card on file with the built-in provider (docs/product/billing.md): one per account, replaced by the
// portal's card form. Without one, purchases are paid with the built-in test card (test mode: they succeed).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentMethods, type PaymentMethodRow } from '../../db/schema';
import type { TestCard } from './testCards';

export async function cardOnFile(db: Db, userId: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
  return row;
}

/** Saves the card as the account's payment method, replacing the one before. */
export async function saveCard(db: Db, userId: string, card: TestCard, now: Date): Promise<void> {
  const values = { ...card, updatedAt: now };
  await db
    .insert(paymentMethods)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: paymentMethods.userId, set: values });
}
