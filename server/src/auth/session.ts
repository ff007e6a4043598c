// Resolves the bearer token of each API request into `request.session` (null when absent or not valid).
// Routes never read tokens themselves; they ask access.ts, which answers 401 when there is no session.
import { IMPERSONATION_HEADER } from '@paddock/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import type { Config } from '../config';
import { embedScopeRefused, fromPartnerPage, isEmbedRoute } from '../http/cors';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { findUserById } from '../users';
import type { SessionCache } from './sessionCache';
import { bearerToken, findSession, type Session } from './tokens';

/**
 * Who is acting: `user` signed in with the token. While an admin impersonates (docs/product/admin.md
 * "Impersonation"), `actingAs` is the user named by the Paddock-Impersonating header; `user` stays the admin, whose
 * rights serve the call, and the audit log records both.
 */
export interface RequestSession extends Session {
  actingAs?: UserRow;
  /** Set when the bearer is an API key (docs/product/api-keys.md): its id and scopes, which limit every call. */
  apiKey?: { id: string; scopes: readonly string[] };
}

/** Resolves a bearer token that is an API key into its session (apikeys/authenticate.ts), refusing what it may not call. */
export interface ApiKeySessions {
  owns(token: string): boolean;
  authenticate(request: FastifyRequest, token: string): Promise<RequestSession>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

const HEADER = IMPERSONATION_HEADER.toLowerCase();

/** The impersonated user of a request that names one: 401 signed out, 403 not an admin, 404 no such user. */
async function actingAs(db: Db, request: FastifyRequest, session: Session | null): Promise<UserRow | undefined> {
  const header = request.headers[HEADER];
  if (header === undefined) return undefined;
  if (!session) throw unauthorized();
  if (session.user.accountType !== 'admin') throw forbidden();
  const id = Array.isArray(header) ? undefined : header.trim();
  const user = id && id.length <= 64 && !id.includes('\u0000') ? await findUserById(db, id) : undefined;
  if (!user) throw notFound();
  return user;
}

/**
 * Refuses (403 embed_scope, naming the field) a part of an embed route that the embed may not use — a plan, which
 * charges — when the call comes from the partner embed: an embed-scoped token or a partner page's Origin.
 */
export function refuseInEmbed(request: FastifyRequest, origins: Pick<Config, 'partnerOrigins' | 'nativeAppOrigins'>, field: string): void {
  if (request.session?.scope === 'embed' || fromPartnerPage(request, origins)) throw embedScopeRefused(field);
}

/**
 * `cache`: sessions kept in memory, told of changes by the database (sessionCache.ts); without it every request asks.
 * `apiKeys`: who answers for a bearer token that is an API key (none: such a token is no session).
 */
export function registerSessions(app: FastifyInstance, db: Db, now: () => Date, cache?: SessionCache, apiKeys?: ApiKeySessions): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request.headers.authorization);
    if (token && apiKeys?.owns(token)) {
      request.session = await apiKeys.authenticate(request, token);
      return;
    }
    const session = token ? await (cache ? cache.find(token, now()) : findSession(db, token, now())) : null;
    // An embed-scoped token (made for a partner's page) serves the embed's calls only (docs/product/embedding.md);
    // refused before validation and impersonation, whatever the call would have done.
    if (session?.scope === 'embed' && request.routeOptions.url !== undefined && !isEmbedRoute(request)) throw embedScopeRefused();
    const user = await actingAs(db, request, session);
    request.session = session && user ? { ...session, actingAs: user } : session;
  });
}
