// Session tokens: opaque random strings; the database keeps only their sha256, with an expiry.
import { randomUUID } from 'node:crypto';
import type { Token } from '@paddock/shared/contract';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tokens, users, type TokenScope, type UserRow } from '../db/schema';
import { newToken, sha256 } from '../crypto';

/** `scope` `embed`: a token for a partner's page, served only on the embed's calls (http/embedScope.ts). */
export async function issueToken(db: Db, userId: string, now: Date, ttlHours: number, scope: TokenScope = 'full'): Promise<Token> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  // Expired tokens of this user are of no use any more; drop them while we are here.
  await db.delete(tokens).where(and(eq(tokens.userId, userId), lte(tokens.expiresAt, now)));
  await db.insert(tokens).values({ id: randomUUID(), userId, tokenHash: sha256(token), createdAt: now, expiresAt, scope });
  return { String: token, ExpiresAt: expiresAt.toISOString() };
}

export interface Session {
  user: UserRow;
  tokenHash: string;
  scope: TokenScope;
}

/** The user behind a token that is known and not expired, else null. */
export async function findSession(db: Db, token: string, now: Date): Promise<Session | null> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ user: users, scope: tokens.scope })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(and(eq(tokens.tokenHash, tokenHash), gt(tokens.expiresAt, now)))
    .limit(1);
  return row ? { user: row.user, tokenHash, scope: row.scope } : null;
}

/** When the token of `tokenHash` expires (null when it is unknown). */
export async function tokenExpiry(db: Db, tokenHash: string): Promise<Date | null> {
  const [row] = await db.select({ expiresAt: tokens.expiresAt }).from(tokens).where(eq(tokens.tokenHash, tokenHash)).limit(1);
  return row ? row.expiresAt : null;
}

/** Deletes the token; false when it was already gone. */
export async function revokeToken(db: Db, tokenHash: string): Promise<boolean> {
  const deleted = await db.delete(tokens).where(eq(tokens.tokenHash, tokenHash)).returning({ id: tokens.id });
  return deleted.length > 0;
}

/**
 * How long a token that was refreshed keeps working: long enough for requests already under way and for another
 * tab that refreshed at the same moment (both share one stored session), short enough that a copy is soon useless.
 */
export const RETIRED_TOKEN_GRACE_MS = 60_000;

/** Lets a replaced token run out within the grace period (never lengthens it). */
export async function retireToken(db: Db, tokenHash: string, now: Date): Promise<void> {
  const until = new Date(now.getTime() + RETIRED_TOKEN_GRACE_MS).toISOString();
  await db
    .update(tokens)
    .set({ expiresAt: sql`LEAST(${tokens.expiresAt}, ${until}::timestamptz)` })
    .where(eq(tokens.tokenHash, tokenHash));
}

/** `Authorization: Bearer <token>` → the token, else null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}
