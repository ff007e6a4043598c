// A request with `Authorization: Bearer pdk_…` (docs/product/api-keys.md "Calling the API"): the key's user with only
// the key's scopes. Unknown, malformed and revoked keys are 401 (failures count against the client's address like
// failed sign-ins); a call outside the key's scopes is 403 api_key_scope before its input is read, and an update a
// key may make names only the fields it may change. A key never impersonates.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeySessions, RateLimiter } from '../auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, forbidden, unauthorized } from '../http/errors';
import { IMPERSONATION_HEADER } from '@paddock/shared/contract';
import { findKey, looksLikeKey, touchKey } from './keys';
import { keyPermission, refusedField, routeId } from './scopes';

export const apiKeyScopeRefused = (field?: string) => new AppError(403, 'api_key_scope', field);

const route = (request: FastifyRequest) =>
  request.routeOptions.url === undefined ? null : routeId(request.method, request.routeOptions.url);

/** Checks the fields of a key's updates (preValidation: the body is parsed); the answer is for auth/session.ts. */
export function registerApiKeys(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'now' | 'rateLimits'>,
  limiter: RateLimiter,
): ApiKeySessions {
  app.addHook('preValidation', async (request) => {
    const key = request.session?.apiKey;
    const id = route(request);
    if (!key || id === null) return;
    const permission = keyPermission(key.scopes, id);
    if (permission === null || permission === true) return;
    const field = refusedField(request.body, permission.fields);
    if (field) throw apiKeyScopeRefused(field);
  });

  return {
    owns: looksLikeKey,
    async authenticate(request, token) {
      const found = await findKey(db, token);
      if (!found) {
        await limiter.take([{ key: `apiKey:ip:${request.ip}`, max: config.rateLimits.signIn.perIp }]);
        throw unauthorized();
      }
      if (request.headers[IMPERSONATION_HEADER.toLowerCase()] !== undefined) throw forbidden();
      const id = route(request);
      // The allow-list decides (scopes.ts), before anything else is read; a path without a route is refused too.
      if (id !== null && keyPermission(found.key.scopes, id) === null) throw apiKeyScopeRefused();
      await touchKey(db, found.key, config.now());
      return {
        user: found.user,
        tokenHash: found.key.secretHash,
        scope: 'full',
        apiKey: { id: found.key.id, scopes: found.key.scopes },
      };
    },
  };
}
