// The keys themselves (docs/product/api-keys.md): `pdk_<prefix>_<secret>`, 12 hex characters of prefix that find the
// row and 32 random bytes of secret of which only the SHA-256 is kept. A secret of that entropy needs no slow hash
// (passwords do, auth/passwords.ts); it is compared in constant time all the same.
import { randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyScope } from '@paddock/shared/contract';
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { sameSecret, sha256 } from '../crypto';
import type { Db } from '../db/client';
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../db/schema';
import { conflict } from '../http/errors';

/** A key's last use is written at most this often, so a busy integration does not write on every call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const KEY_PATTERN = /^pdk_([0-9a-f]{12})_([0-9a-f]{64})$/;

export const toApiKey = (row: ApiKeyRow): ApiKey => ({
  Id: row.id,
  Name: row.name,
  Prefix: `${API_KEY_PREFIX}${row.prefix}`,
  Scopes: row.scopes as ApiKeyScope[],
  CreatedAt: row.createdAt.toISOString(),
  LastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The account's active keys, oldest first. */
export function activeKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/**
 * Makes a key, or 409 (naming Name) when the account has `max` active keys or one of this name. Counted under a lock
 * of the user's row, so concurrent requests cannot pass the limit together. Null: no such user.
 */
export async function createKey(
  db: Db,
  input: { userId: string; name: string; scopes: readonly ApiKeyScope[]; now: Date; max: number },
): Promise<{ row: ApiKeyRow; key: string } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) return null;
    const [{ active }] = await tx
      .select({ active: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)));
    if (active >= input.max) throw conflict('api_key_limit_reached', undefined, { max: input.max });
    const [taken] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, input.userId), eq(apiKeys.name, input.name), isNull(apiKeys.revokedAt)));
    if (taken) throw conflict('api_key_name_taken', 'Name');
    const prefix = randomBytes(6).toString('hex');
    const secret = randomBytes(32).toString('hex');
    const values = {
      id: randomUUID(),
      userId: input.userId,
      name: input.name,
      prefix,
      secretHash: sha256(secret),
      scopes: [...input.scopes],
      createdAt: input.now,
    };
    // Under the row lock no other request of this user adds a key meanwhile; a prefix drawn twice (1 in 2^48) would
    // fail the insert with a 500 the client retries.
    const [row] = await tx.insert(apiKeys).values(values).returning();
    return { row, key: `${API_KEY_PREFIX}${prefix}_${secret}` };
  });
}

/** Revokes an active key of the user; false when there is none of that id. */
export async function revokeKey(db: Db, userId: string, keyId: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/**
 * Whether a bearer token is a key: its whole shape, not just `pdk_`, as a session token (43 base64url characters) can
 * start so by chance but never has this length.
 */
export const looksLikeKey = (token: string): boolean => KEY_PATTERN.test(token);

/** The active key a bearer token is, with its user; null for a malformed, unknown or revoked key. */
export async function findKey(db: Db, token: string): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
  const match = KEY_PATTERN.exec(token);
  if (!match) return null;
  const [, prefix, secret] = match;
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row && sameSecret(row.key.secretHash, sha256(secret)) ? row : null;
}

/** Records a use, unless one was recorded less than LAST_USED_RESOLUTION_MS ago. */
export async function touchKey(db: Db, key: Pick<ApiKeyRow, 'id' | 'lastUsedAt'>, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (key.lastUsedAt && key.lastUsedAt > since) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${since.toISOString()}::timestamptz`))));
}
