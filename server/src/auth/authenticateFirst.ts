// A secured route (OpenAPI `security`) answers 401 to a caller without a valid session before its input is parsed
// or validated: Fastify validates ahead of any handler, so an anonymous caller would otherwise learn the schema from
// the 400s (issue 26). Who may call it is still decided by access.ts in the route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';

const isSecured = (request: FastifyRequest): boolean => {
  const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
  return Array.isArray(security) && security.length > 0;
};

/** Registered after registerSessions (auth/session.ts), whose onRequest hook has resolved `request.session` by then. */
export function registerAuthenticateFirst(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.session === null && isSecured(request)) throw unauthorized();
  });
}
