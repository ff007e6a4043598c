// Links to the built-in payment portal (docs/product/billing.md): `/api/billing-portal?token=…`, where the token names
// the account and the return address and is signed with HMAC-SHA256 under a key only the servers know, and runs out
// after PORTAL_LINK_MINUTES. The portal page has no session of its own: the link is its authorization, so it must be
// unforgeable and short-lived.
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sameSecret } from '../../crypto';
import type { Db } from '../../db/client';
import { serverKeys } from '../../db/schema';

export const PORTAL_LINK_MINUTES = 15;
/** Under /api, so it reaches the server wherever the API does (the dev servers proxy only /api). */
export const PORTAL_PATH = '/api/billing-portal';

/** The signing key: made by whichever instance needs it first and kept in server_keys, so every instance shares it. */
const SIGNING_KEY_NAME = 'billing-portal-hmac';

async function signingKey(db: Db, now: Date): Promise<string> {
  await db
    .insert(serverKeys)
    .values({ name: SIGNING_KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, SIGNING_KEY_NAME));
  return row.value;
}

/** What a portal link grants: this account's portal, coming back to returnUrl, until expiresAt. */
export interface PortalGrant {
  userId: string;
  returnUrl: string;
  expiresAt: Date;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export async function signPortalToken(db: Db, grant: PortalGrant, now: Date): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ u: grant.userId, r: grant.returnUrl, e: grant.expiresAt.getTime() })).toString('base64url');
  return `${payload}.${sign(await signingKey(db, now), payload)}`;
}

/** The grant of a token that is intact and not expired; null otherwise (tampered, foreign, expired or garbage). */
export async function verifyPortalToken(db: Db, token: string, now: Date): Promise<PortalGrant | null> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  if (!sameSecret(signature, sign(await signingKey(db, now), payload))) return null;
  try {
    const { u, r, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: unknown; r: unknown; e: unknown };
    if (typeof u !== 'string' || typeof r !== 'string' || typeof e !== 'number' || e <= now.getTime()) return null;
    return { userId: u, returnUrl: r, expiresAt: new Date(e) };
  } catch {
    return null;
  }
}

/** The absolute portal address for the account, valid PORTAL_LINK_MINUTES from now. */
export async function portalUrl(db: Db, userId: string, links: { returnUrl: string; origin: string }, now: Date): Promise<string> {
  const expiresAt = new Date(now.getTime() + PORTAL_LINK_MINUTES * 60_000);
  const token = await signPortalToken(db, { userId, returnUrl: links.returnUrl, expiresAt }, now);
  return `${links.origin}${PORTAL_PATH}?token=${encodeURIComponent(token)}`;
}
