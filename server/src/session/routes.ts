// Sign-in, token refresh and sign-out (docs/product/api.md "Session").
import { SignInBody, SignInReply, Token } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authorize } from '../access';
import { issueToken, retireToken, revokeToken, tokenExpiry, verifyAgainstDummy, verifyPassword } from '../auth';
import { limitsFor, type AppContext } from '../context';
import { fromPartnerPage } from '../http/cors';
import { AppError, unauthorized } from '../http/errors';
import { findUserByEmail, toUser } from '../users';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';

export const sessionRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, db, limiter } = ctx;
  // Every reply here may carry a bearer token: no cache on the way or in the browser may keep one.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  // Every call here is one the partner embed makes (`embed: true`, http/cors.ts).
  const embed = { embed: true };
  // The caller's own session: an admin's read of it is not audited (audit/routeConfig.ts).
  const ownSession = { ...embed, showsNoUserData: true };

  app.route({
    method: ['POST', 'PUT'],
    url: '/sign-in',
    config: embed,
    schema: {
      tags: ['session'],
      summary: 'Signs in with e-mail and password',
      body: SignInBody,
      response: { 200: SignInReply, ...errorReplies(400, 401, 403, 429) },
    },
    handler: async (request) => {
      const email = normalizeEmail(request.body.Email);
      const limits = limitsFor(config, 'signIn', email, request.ip);
      // Counted before the password is checked, so a burst of guesses cannot all slip under the limit.
      await limiter.take(limits);
      const user = await findUserByEmail(db, email);
      const valid = user ? await verifyPassword(user.passwordHash, request.body.Password) : await verifyAgainstDummy(request.body.Password);
      if (!user || !valid) throw new AppError(401, 'invalid_credentials');
      await limiter.giveBack(limits);
      // Told only to whoever knows the password, so it reveals nothing about other people's accounts.
      if (!user.verified) throw new AppError(403, 'account_not_verified');
      await limiter.reset(limits[0].key);
      // Signed in on a partner's page: the token serves the embed's calls only (docs/product/embedding.md).
      const scope = fromPartnerPage(request, config) ? 'embed' : 'full';
      const token = await issueToken(db, user.id, config.now(), config.tokenTtlHours, scope);
      return { User: toUser(user), Token: token };
    },
  });

  // The session a bearer token stands for, without replacing the token: how the partner embed
  // (docs/product/embedding.md) learns whose dashboard to show from the token the partner page hands it.
  app.get(
    '/session',
    {
      config: ownSession,
      schema: {
        tags: ['session'],
        summary: 'The signed-in user and the expiry of the token of this request',
        security: bearerAuth,
        response: { 200: SignInReply, ...errorReplies(401) },
      },
    },
    async (request) => {
      const { user, tokenHash } = authorize(request, 'session:read');
      const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
      const expiresAt = await tokenExpiry(db, tokenHash);
      if (!bearer || !expiresAt) throw unauthorized();
      return { User: toUser(user), Token: { String: bearer, ExpiresAt: expiresAt.toISOString() } };
    },
  );

  app.get(
    '/token',
    {
      config: ownSession,
      schema: {
        tags: ['session'],
        summary: 'Issues a fresh token for the signed-in user (of the same scope: an embed token gives an embed token)',
        security: bearerAuth,
        response: { 200: Token, ...errorReplies(401) },
      },
    },
    async (request) => {
      const { user, tokenHash, scope } = authorize(request, 'session:refresh');
      // The token it replaces is retired: a copy of it stops working after a short grace (auth/tokens.ts).
      const now = config.now();
      await retireToken(db, tokenHash, now);
      return issueToken(db, user.id, now, config.tokenTtlHours, scope);
    },
  );

  app.delete(
    '/token',
    {
      config: embed,
      schema: {
        tags: ['session'],
        summary: 'Signs out: revokes the token of this request',
        security: bearerAuth,
        response: { 204: NoContent, ...errorReplies(401) },
      },
    },
    async (request, reply) => {
      const { tokenHash } = authorize(request, 'session:revoke');
      await revokeToken(db, tokenHash);
      return sendNoContent(reply);
    },
  );
};
