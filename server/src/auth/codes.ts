// One-time e-mail codes: 6 digits, stored hashed, valid 15 minutes, single use. Wrong tries are limited per e-mail
// and client IP by the rate limits (context.ts limitsFor), not per code: a stranger's guesses must not burn the
// owner's code (docs/product/limits.md "Accounts and server").
// Issuing a code replaces the user's earlier ones of its kind, so only the newest code in the newest mail works; an
// e-mail change code and the account's other codes (verify, reset) do not replace each other, and each pending
// sign-up has its own verification code (docs/product/states.md "Session").
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { codes, type CodePurpose } from '../db/schema';
import { newCode, sameSecret, sha256 } from '../crypto';

export const CODE_TTL_MINUTES = 15;

// The row id salts the hash, so equal codes of two users do not hash alike.
const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

/**
 * Creates a code for the user and returns it in clear, to be mailed; it is never stored in clear. With `signUpId`,
 * a verification code for that pending sign-up, replacing only that sign-up's earlier code.
 */
export async function issueCode(db: Db, userId: string, purpose: CodePurpose, now: Date, signUpId: string | null = null): Promise<string> {
  const code = newCode();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    const sameKind = signUpId
      ? eq(codes.signUpId, signUpId)
      : purpose === 'email-change'
        ? eq(codes.purpose, 'email-change')
        : and(ne(codes.purpose, 'email-change'), purpose === 'verify' ? isNull(codes.signUpId) : undefined);
    await tx.delete(codes).where(and(eq(codes.userId, userId), sameKind));
    await tx.insert(codes).values({ id, userId, purpose, codeHash: codeHash(id, code), signUpId, createdAt: now, expiresAt });
  });
  return code;
}

export type CodeFailure = 'invalid_code' | 'code_expired';
/** The code that was used: its purpose, and the pending sign-up it was mailed for (null for other codes). */
export interface UsedCode {
  purpose: CodePurpose;
  signUpId: string | null;
}

/**
 * Checks a code against the user's live codes of these purposes and, when one matches, uses it up. Only the right
 * code can answer `code_expired`, so a wrong guess answers `invalid_code` whether or not the account exists.
 */
export async function consumeCode(
  db: Db,
  userId: string,
  code: string,
  purposes: CodePurpose[],
  now: Date,
  /** Runs once the code matched and before it is used up; what it throws leaves the code live. */
  beforeUse?: (code: UsedCode) => Promise<void>,
): Promise<UsedCode | CodeFailure> {
  const rows = await db
    .select()
    .from(codes)
    .where(and(eq(codes.userId, userId), inArray(codes.purpose, purposes)));
  const row = rows.find((candidate) => sameSecret(candidate.codeHash, codeHash(candidate.id, code)));
  if (!row) return 'invalid_code';
  if (row.expiresAt <= now) return 'code_expired';
  if (beforeUse) await beforeUse({ purpose: row.purpose, signUpId: row.signUpId });
  // Single use: only the request that deletes the row may go on.
  const used = await db.delete(codes).where(eq(codes.id, row.id)).returning({ id: codes.id });
  return used.length === 1 ? { purpose: row.purpose, signUpId: row.signUpId } : 'invalid_code';
}

/** How many codes of these purposes the user holds: a guess is checked against each, so it counts that many times. */
export async function countCodes(db: Db, userId: string, purposes: CodePurpose[]): Promise<number> {
  const rows = await db
    .select({ id: codes.id })
    .from(codes)
    .where(and(eq(codes.userId, userId), inArray(codes.purpose, purposes)));
  return rows.length;
}
