// Resolves the bearer token of each API request into `request.session` (null when absent or not valid).
// Routes never read tokens themselves; they ask access.ts, which answers 401 when there is no session.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { bearerToken, findSession, type Session } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export function registerSessions(app: FastifyInstance, db: Db, now: () => Date): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request.headers.authorization);
    request.session = token ? await findSession(db, token, now()) : null;
  });
}
