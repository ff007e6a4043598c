// A user's address in the devices' Access and Notify lists, kept in step with the account. Sharing matches by
// e-mail, so an address the account gave up must not stay behind for whoever takes it next.
import { isProductId, normalizeEmail, withSystemTags } from '@paddock/shared/domain';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/schema';

const replaced = (list: readonly string[], from: string, to: string | null) => [
  ...new Set(list.flatMap((email) => (email === from ? (to === null ? [] : [to]) : [email]))),
];

/**
 * Moves a user's entries from `oldEmail` to `newEmail` (null: the account goes): on devices the user owns, the
 * owner's entries (and the owner tag) follow the owner; everywhere else the old address is taken off both
 * lists. Locks the rows it changes; run it in the transaction that changes or deletes the account.
 */
export async function moveAddressInDeviceLists(tx: Db, userId: string, oldEmail: string, newEmail: string | null, now: Date): Promise<void> {
  const from = normalizeEmail(oldEmail);
  const to = newEmail === null ? null : normalizeEmail(newEmail);
  if (from === to) return;
  const listed = JSON.stringify([from]);
  const rows = await tx
    .select()
    .from(devices)
    .where(or(eq(devices.ownerId, userId), sql`${devices.access} @> ${listed}::jsonb`, sql`${devices.notify} @> ${listed}::jsonb`))
    .orderBy(devices.key)
    .for('update');
  for (const row of rows) {
    const owns = row.ownerId === userId;
    const target = owns ? to : null;
    const access = replaced(row.access, from, target);
    const notify = replaced(row.notify, from, target);
    const tags = owns && to !== null && isProductId(row.product) ? withSystemTags(row.product, to, row.tags) : row.tags;
    await tx
      .update(devices)
      .set({ access, notify, tags, updatedAt: new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1)) })
      .where(eq(devices.key, row.key));
  }
}
