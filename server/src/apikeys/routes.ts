// An account's API keys (docs/product/api-keys.md, docs/product/api.md "API keys"): listed without their secrets, made
// (the whole key in that answer only), revoked. Who may: access.ts apiKey:* (the holder; staff list and revoke).
// A key itself calls none of these: they are on no scope's allow-list (scopes.ts).
import { ApiKeyList, ApiKeyParams, API_KEYS_MAX, CreateApiKeyBody, CreatedApiKey, UserIdParams } from '@paddock/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';
import { findUserById } from '../users';
import { activeKeys, createKey, revokeKey, toApiKey } from './keys';

export const apiKeyRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const tags = ['api-keys'];

  app.get(
    '/users/:id/api-keys',
    {
      schema: {
        params: UserIdParams,
        security: bearerAuth,
        tags,
        summary: "The account's active API keys, oldest first: name, prefix, scopes, created, last used (never the secret)",
        response: { 200: ApiKeyList, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'apiKey:list', { userId: request.params.id });
      if (!(await findUserById(db, request.params.id))) throw notFound();
      return { Keys: (await activeKeys(db, request.params.id)).map(toApiKey) };
    },
  );

  app.post(
    '/users/:id/api-keys',
    {
      schema: {
        params: UserIdParams,
        body: CreateApiKeyBody,
        security: bearerAuth,
        tags,
        summary: `Makes an API key (the account holder only; at most ${API_KEYS_MAX} active, names unique): Key, pdk_<prefix>_<secret>, is in this answer only`,
        response: { 201: CreatedApiKey, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      authorize(request, 'apiKey:create', { userId: request.params.id });
      const created = await createKey(db, {
        userId: request.params.id,
        name: request.body.Name.trim(),
        scopes: request.body.Scopes,
        now: config.now(),
        max: API_KEYS_MAX,
      });
      if (!created) throw notFound();
      return reply.code(201).send({ ...toApiKey(created.row), Key: created.key });
    },
  );

  app.delete(
    '/users/:id/api-keys/:keyId',
    {
      schema: {
        params: ApiKeyParams,
        security: bearerAuth,
        tags,
        summary: 'Revokes an API key: from the next request on it is refused (401)',
        response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      authorize(request, 'apiKey:revoke', { userId: request.params.id });
      if (!(await revokeKey(db, request.params.id, request.params.keyId, config.now()))) throw notFound();
      return sendNoContent(reply);
    },
  );
};
