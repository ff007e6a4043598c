// Audit entries for the built-in payment portal (docs/product/admin.md "Audit log"): its pages are outside the API's
// audit hook (the link is their only authorization), so a change made through a link an admin's session asked for is
// recorded here, under that admin, as `billing.portal-card`. A link the account asked for itself records nothing.
import type { AuditAction } from '@paddock/shared/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog, tokens, users, type UserRow } from '../db/schema';
import { redactQueryTokens } from './hook';

/** The admin whose session asked for the link, when it is not the account's own; null otherwise (or when that session is gone). */
export async function portalStaff(db: Db, sessionId: string, customer: Pick<UserRow, 'id'>): Promise<UserRow | null> {
  const [row] = await db.select({ user: users }).from(tokens).innerJoin(users, eq(users.id, tokens.userId)).where(eq(tokens.id, sessionId));
  return row && row.user.accountType === 'admin' && row.user.id !== customer.id ? row.user : null;
}

/** Writes the entry for a change `staff` made to `customer` through the portal, with what it was before and after. */
export async function auditPortalChange(
  db: Db,
  request: FastifyRequest,
  entry: { staff: UserRow; customer: Pick<UserRow, 'id'>; action: AuditAction; status: number; before: unknown; after: unknown; at: Date },
): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at,
    action: entry.action,
    staffId: entry.staff.id,
    staffEmail: entry.staff.email,
    actingAsId: null,
    actingAsEmail: null,
    method: request.method,
    path: redactQueryTokens(request.url),
    status: entry.status,
    userId: entry.customer.id,
    deviceKey: null,
    noticeId: null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
