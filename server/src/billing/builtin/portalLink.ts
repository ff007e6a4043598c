// Links to the built-in payment portal (docs/product/billing.md): `/api/billing-portal?token=…`, where the token names
// the account and the return address and is signed with HMAC-SHA256 under a key only the servers know, and runs out
// after PORTAL_LINK_MINUTES. The portal page has no session of its own: the link is its authorization, so it must be
// unforgeable and short-lived, and it ends with the session that asked for it (sign-out, password reset or change).
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { sameSecret, sha256 } from '../../crypto';
import type { Db } from '../../db/client';
import { serverKeys, tokens, type UserRow } from '../../db/schema';
import { unauthorized } from '../../http/errors';

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

/**
 * What a portal link grants: this account's portal, coming back to returnUrl, until expiresAt, while the session
 * (token row `sessionId`) that asked for it lasts and the account's password is the one it had then (`passwordMark`).
 */
export interface PortalGrant {
  userId: string;
  returnUrl: string;
  expiresAt: Date;
  sessionId: string;
  passwordMark: string;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A mark of the account's password hash: a reset or change gives a new hash (new salt), so older links stop working. */
export const passwordMark = (user: Pick<UserRow, 'passwordHash'>): string => sha256(user.passwordHash).slice(0, 22);

export async function signPortalToken(db: Db, grant: PortalGrant, now: Date): Promise<string> {
  const { userId: u, returnUrl: r, expiresAt, sessionId: s, passwordMark: p } = grant;
  const payload = Buffer.from(JSON.stringify({ u, r, e: expiresAt.getTime(), s, p })).toString('base64url');
  return `${payload}.${sign(await signingKey(db, now), payload)}`;
}

/** The grant of a token that is intact and not expired; null otherwise (tampered, foreign, expired or garbage). */
export async function verifyPortalToken(db: Db, token: string, now: Date): Promise<PortalGrant | null> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  if (!sameSecret(signature, sign(await signingKey(db, now), payload))) return null;
  try {
    const { u, r, e, s, p } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof u !== 'string' || typeof r !== 'string' || typeof e !== 'number' || e <= now.getTime()) return null;
    if (typeof s !== 'string' || typeof p !== 'string') return null; // a link from before sessions were bound
    return { userId: u, returnUrl: r, expiresAt: new Date(e), sessionId: s, passwordMark: p };
  } catch {
    return null;
  }
}

/** Whether the link's session still lasts (not signed out, not ended by a password reset) and the password is unchanged. */
export async function grantStillHolds(db: Db, grant: PortalGrant, user: Pick<UserRow, 'passwordHash'>, now: Date): Promise<boolean> {
  if (!sameSecret(grant.passwordMark, passwordMark(user))) return false;
  const [session] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.id, grant.sessionId), gt(tokens.expiresAt, now)))
    .limit(1);
  return session !== undefined;
}

/** The id of the session (token row) behind a request's token hash; null when it is gone. */
async function sessionIdOf(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db.select({ id: tokens.id }).from(tokens).where(eq(tokens.tokenHash, tokenHash)).limit(1);
  return row?.id ?? null;
}

/**
 * The absolute portal address for the account, valid PORTAL_LINK_MINUTES from now and while the asking session lasts
 * (`tokenHash`: the caller's, an admin's own when an admin asks). `origin` is PUBLIC_URL, never a request's Host.
 */
export async function portalUrl(
  db: Db,
  customer: Pick<UserRow, 'id' | 'passwordHash'>,
  links: { returnUrl: string; origin: string; tokenHash: string },
  now: Date,
): Promise<string> {
  const sessionId = await sessionIdOf(db, links.tokenHash);
  if (sessionId === null) throw unauthorized(); // signed out while asking
  const expiresAt = new Date(now.getTime() + PORTAL_LINK_MINUTES * 60_000);
  const grant = { userId: customer.id, returnUrl: links.returnUrl, expiresAt, sessionId, passwordMark: passwordMark(customer) };
  return `${links.origin}${PORTAL_PATH}?token=${encodeURIComponent(await signPortalToken(db, grant, now))}`;
}
