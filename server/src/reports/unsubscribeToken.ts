// The unsubscribe link of a report (docs/product/reports.md "Stopping them"): it names the account and is signed
// with HMAC-SHA256 under a key only the servers know (server_keys), so it needs no sign-in and cannot be turned into
// another account's link. It does not run out: a report read weeks later must still stop the next ones.
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sameSecret } from '../crypto';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema';

/** Made by whichever instance needs it first and kept in server_keys, so every instance shares it. */
const SIGNING_KEY_NAME = 'report-unsubscribe-hmac';
/** Under /api, so it reaches the server wherever the API does. */
export const UNSUBSCRIBE_PATH = '/api/reports/unsubscribe';

async function signingKey(db: Db, now: Date): Promise<string> {
  await db
    .insert(serverKeys)
    .values({ name: SIGNING_KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, SIGNING_KEY_NAME));
  return row.value;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(`report-unsubscribe:${payload}`).digest('base64url');

export async function signUnsubscribeToken(db: Db, userId: string, now: Date): Promise<string> {
  const payload = Buffer.from(userId, 'utf8').toString('base64url');
  return `${payload}.${sign(await signingKey(db, now), payload)}`;
}

/** The account a token names when its signature is right; null for anything else (tampered, foreign, garbage). */
export async function verifyUnsubscribeToken(db: Db, token: string, now: Date): Promise<string | null> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  if (!sameSecret(signature, sign(await signingKey(db, now), payload))) return null;
  const userId = Buffer.from(payload, 'base64url').toString('utf8');
  return userId || null;
}
