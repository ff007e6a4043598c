// E-mail codes: asking for one, verifying the account, and setting a new password with one (docs/product/api.md).
import { ResetPasswordBody, SendCodeBody, VerifyEmailBody } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { consumeCode, type CodeCheck } from '../auth/codes';
import { assertAcceptablePassword, hashPassword } from '../auth/passwords';
import { limitsFor, type AppContext } from '../context';
import type { RateLimitedAction } from '../config';
import { tokens, users, type CodePurpose, type UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/client';
import { moveAddressInDeviceLists } from '../devices/accessLists';
import { badRequest, conflict } from '../http/errors';
import { deliverCode } from '../notify/codeMails';
import { requestVariant } from '../variants/variant';
import { findUserByEmail, findUserById, findUsersByPendingEmail } from './store';
import { errorReplies, NoContent, sendNoContent } from '../http/schemas';

export const verificationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, db, limiter } = ctx;

  /**
   * Checks the code of the account behind the e-mail (with `pending`, also of the accounts waiting to switch to
   * it, with their e-mail change code); wrong tries count against the rate limit. Returns the account and the
   * purpose of the code that matched.
   */
  async function userWithValidCode(
    action: RateLimitedAction,
    rawEmail: string,
    submitted: string,
    purposes: CodePurpose[],
    ip: string,
    pending = false,
  ): Promise<{ user: UserRow; purpose: CodePurpose }> {
    const email = normalizeEmail(rawEmail);
    const limits = limitsFor(config, action, email, ip);
    // Counted before the code is checked (atomically), and given back when it was right.
    await limiter.take(limits);
    const owner = await findUserByEmail(db, email);
    const candidates: { user: UserRow; purposes: CodePurpose[] }[] = [
      ...(owner ? [{ user: owner, purposes }] : []),
      ...(pending ? await findUsersByPendingEmail(db, email) : []).map((user) => ({ user, purposes: ['email-change'] as CodePurpose[] })),
    ];
    // An unknown e-mail fails like a wrong code, so the reply does not tell whether the account exists.
    let failure: Exclude<CodeCheck, 'ok'> = 'invalid_code';
    for (const candidate of candidates) {
      const check = await consumeCode(db, candidate.user.id, submitted, candidate.purposes, config.now());
      if (check === 'ok') {
        await limiter.giveBack(limits);
        return { user: candidate.user, purpose: candidate.purposes.length === 1 ? candidate.purposes[0] : 'verify' };
      }
      if (failure === 'invalid_code') failure = check;
    }
    throw badRequest(failure, 'VerificationCode');
  }

  /** Switches the account to its confirmed pending address; 409 when another account took it meanwhile. */
  async function confirmEmailChange(user: UserRow, email: string): Promise<void> {
    const switched = db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (current?.pendingEmail !== email) throw badRequest('invalid_code', 'VerificationCode');
      const taken = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken.length > 0) {
        await tx.update(users).set({ pendingEmail: null }).where(eq(users.id, user.id));
        return;
      }
      await tx.update(users).set({ email, pendingEmail: null }).where(eq(users.id, user.id));
      await moveAddressInDeviceLists(tx, user.id, current.email, email, config.now());
    });
    // Another account took the address between the check and the update (a sign-up, a second confirmation).
    await switched.catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict('email_taken', 'Email');
      throw error;
    });
    const after = await findUserById(db, user.id);
    if (after?.email !== email) throw conflict('email_taken', 'Email');
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
      await limiter.take(limitsFor(config, 'sendCode', email, request.ip));
      const user = await findUserByEmail(db, email);
      if (user) await deliverCode(ctx, user, user.verified ? 'reset' : 'verify', request.log, requestVariant(request, config));
      return sendNoContent(reply);
    },
  );

  app.put(
    '/verify-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Verifies an account, or confirms a new e-mail address, with the code mailed to the address',
        description: 'With the code mailed to a PendingEmail, the account switches to that address (409 if another account took it meanwhile).',
        body: VerifyEmailBody,
        response: { 204: NoContent, ...errorReplies(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { Email, VerificationCode } = request.body;
      const { user, purpose } = await userWithValidCode('verifyEmail', Email, VerificationCode, ['verify'], request.ip, true);
      if (purpose === 'email-change') await confirmEmailChange(user, normalizeEmail(Email));
      else await db.update(users).set({ verified: true }).where(eq(users.id, user.id));
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
      assertAcceptablePassword(Password);
      const { user } = await userWithValidCode('password', Email, VerificationCode, ['reset', 'verify'], request.ip);
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
