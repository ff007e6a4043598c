// One-time e-mail codes: 6 digits, stored hashed, valid 15 minutes, single use, and burnt after 5 tries.
// Issuing a code replaces the user's earlier ones, so only the newest code in the newest mail works; an e-mail
// change code and the account's other codes (verify, reset) do not replace each other.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { codes, type CodePurpose } from '../db/schema';
import { newCode, sameSecret, sha256 } from '../crypto';

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;

// The row id salts the hash, so equal codes of two users do not hash alike.
const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

/** Creates a code for the user and returns it in clear, to be mailed; it is never stored in clear. */
export async function issueCode(db: Db, userId: string, purpose: CodePurpose, now: Date): Promise<string> {
  const code = newCode();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    const sameKind = purpose === 'email-change' ? eq(codes.purpose, 'email-change') : ne(codes.purpose, 'email-change');
    await tx.delete(codes).where(and(eq(codes.userId, userId), sameKind));
    await tx.insert(codes).values({ id, userId, purpose, codeHash: codeHash(id, code), createdAt: now, expiresAt });
  });
  return code;
}

export type CodeCheck = 'ok' | 'invalid_code' | 'code_expired' | 'code_attempts_exceeded';

/** Checks a code and, when it is right, uses it up. Every try counts, so 5 wrong tries leave no try for the right code. */
export async function consumeCode(db: Db, userId: string, code: string, purposes: CodePurpose[], now: Date): Promise<CodeCheck> {
  const [row] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.userId, userId), inArray(codes.purpose, purposes)))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  if (!row) return 'invalid_code';
  if (row.expiresAt <= now) return 'code_expired';
  // Claim a try atomically, so concurrent guesses cannot exceed the limit.
  const claimed = await db
    .update(codes)
    .set({ attempts: sql`${codes.attempts} + 1` })
    .where(and(eq(codes.id, row.id), lt(codes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ id: codes.id });
  if (claimed.length === 0) return 'code_attempts_exceeded';
  if (!sameSecret(row.codeHash, codeHash(row.id, code))) return 'invalid_code';
  // Single use: only the request that deletes the row may go on.
  const used = await db.delete(codes).where(eq(codes.id, row.id)).returning({ id: codes.id });
  return used.length === 1 ? 'ok' : 'invalid_code';
}
