// E-mail codes: asking for one, verifying the account, and setting a new password with one (SPEC §7).
import { ResetPasswordBody, SendCodeBody, VerifyEmailBody } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { consumeCode, type CodeCheck } from '../auth/codes';
import { hashPassword } from '../auth/passwords';
import { limitsFor, type AppContext } from '../context';
import type { RateLimitedAction } from '../config';
import { tokens, users, type CodePurpose, type UserRow } from '../db/schema';
import { badRequest } from '../http/errors';
import { deliverCode } from '../notify/codeMails';
import { findUserByEmail } from '../users';
import { errorReplies, NoContent, sendNoContent } from './schemas';

export const verificationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, db, limiter } = ctx;

  /** Checks the code of the account behind the e-mail; wrong tries count against the rate limit. */
  async function userWithValidCode(action: RateLimitedAction, rawEmail: string, submitted: string, purposes: CodePurpose[], ip: string): Promise<UserRow> {
    const email = normalizeEmail(rawEmail);
    const limits = limitsFor(config, action, email, ip);
    await limiter.assertAllowed(limits);
    const fail = async (check: Exclude<CodeCheck, 'ok'>) => {
      await limiter.record(limits);
      return badRequest(check, 'VerificationCode');
    };
    const user = await findUserByEmail(db, email);
    // An unknown e-mail fails like a wrong code, so the reply does not tell whether the account exists.
    if (!user) throw await fail('invalid_code');
    const check = await consumeCode(db, user.id, submitted, purposes, config.now());
    if (check !== 'ok') throw await fail(check);
    return user;
  }

  app.put(
    '/send-verification-code',
    {
      schema: {
        tags: ['account'],
        summary: 'Mails a code: a verification code to an unverified account, a password-reset code to a verified one',
        description: 'Always 204, also for unknown e-mails, so the reply does not tell whether an account exists.',
        body: SendCodeBody,
        response: { 204: NoContent, ...errorReplies(400, 429) },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.Email);
      const limits = limitsFor(config, 'sendCode', email, request.ip);
      await limiter.assertAllowed(limits);
      await limiter.record(limits);
      const user = await findUserByEmail(db, email);
      if (user) await deliverCode(ctx, user, user.verified ? 'reset' : 'verify', request.log);
      return sendNoContent(reply);
    },
  );

  app.put(
    '/verify-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Verifies an account with the code from its verification mail',
        body: VerifyEmailBody,
        response: { 204: NoContent, ...errorReplies(400, 429) },
      },
    },
    async (request, reply) => {
      const { Email, VerificationCode } = request.body;
      const user = await userWithValidCode('verifyEmail', Email, VerificationCode, ['verify'], request.ip);
      await db.update(users).set({ verified: true }).where(eq(users.id, user.id));
      return sendNoContent(reply);
    },
  );

  app.put(
    '/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Sets a new password with a mailed code and signs out every session of the account',
        description: 'Takes a reset code, or the verification code of an unverified account (which it then verifies).',
        body: ResetPasswordBody,
        response: { 204: NoContent, ...errorReplies(400, 429) },
      },
    },
    async (request, reply) => {
      const { Email, Password, VerificationCode } = request.body;
      const user = await userWithValidCode('password', Email, VerificationCode, ['reset', 'verify'], request.ip);
      const passwordHash = await hashPassword(Password);
      await db.transaction(async (tx) => {
        // The code came through the mailbox, which proves the address as well as a verification would.
        await tx.update(users).set({ passwordHash, verified: true }).where(eq(users.id, user.id));
        await tx.delete(tokens).where(eq(tokens.userId, user.id));
      });
      return sendNoContent(reply);
    },
  );
};
