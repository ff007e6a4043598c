// E-mail codes: asking for one, verifying the account, and setting a new password with one (docs/product/api.md).
import { ResetPasswordBody, SendCodeBody, VerifyEmailBody } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { assertAcceptablePassword, consumeCode, countCodes, hashPassword, verifyPassword, type CodeFailure, type UsedCode } from '../auth';
import { limitsFor, type AppContext } from '../context';
import type { RateLimitedAction } from '../config';
import { pendingSignUps, tokens, users, type CodePurpose, type UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/client';
import { moveAddressInDeviceLists } from '../devices';
import { badRequest, conflict } from '../http/errors';
import { deliverCode, deliverSignUpCode } from '../notify';
import { requestVariant } from '../variants';
import { findPendingSignUps, findUserByEmail, findUserById, findUsersByPendingEmail, type NewUser } from './store';
import { errorReplies, NoContent, sendNoContent } from '../http/schemas';

export const verificationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, db, limiter } = ctx;

  /**
   * Checks the code of the account behind the e-mail (with `pending`, also of the accounts waiting to switch to
   * it, with their e-mail change code). Wrong tries count per e-mail and client IP, under a per-e-mail ceiling, so
   * a stranger's guesses do not block the owner's right code from elsewhere (docs/product/limits.md). A guess is
   * checked against every code the address holds, so it counts once per code. `beforeUse` may still refuse a right
   * code (it stays live then). Returns the account and the code that matched.
   */
  async function userWithValidCode(
    action: RateLimitedAction,
    rawEmail: string,
    submitted: string,
    purposes: CodePurpose[],
    ip: string,
    pending = false,
    beforeUse?: (user: UserRow, code: UsedCode) => Promise<void>,
  ): Promise<{ user: UserRow; code: UsedCode }> {
    const email = normalizeEmail(rawEmail);
    const limits = limitsFor(config, action, email, ip);
    // Counted before the code is checked (atomically), and given back when it was right. The keys are the e-mail's,
    // not the account's, so an unknown address is counted and answered exactly like a known one.
    await limiter.take(limits);
    let taken = 1;
    const giveBack = async () => {
      for (; taken > 0; taken--) await limiter.giveBack(limits);
    };
    const owner = await findUserByEmail(db, email);
    const candidates: { user: UserRow; purposes: CodePurpose[] }[] = [
      ...(owner ? [{ user: owner, purposes }] : []),
      ...(pending ? await findUsersByPendingEmail(db, email) : []).map((user) => ({ user, purposes: ['email-change'] as CodePurpose[] })),
    ];
    // One guess against k codes is k guesses at a code: it takes k from the limits, so the ceiling still bounds the
    // chance of hitting one (docs/product/limits.md). A guess the limits refuse is not checked, and given back whole.
    let codeCount = 0;
    for (const candidate of candidates) codeCount += await countCodes(db, candidate.user.id, candidate.purposes);
    try {
      for (; taken < codeCount; taken++) await limiter.take(limits);
    } catch (error) {
      await giveBack();
      throw error;
    }
    let failure: CodeFailure = 'invalid_code';
    for (const candidate of candidates) {
      let check: UsedCode | CodeFailure;
      try {
        check = await consumeCode(db, candidate.user.id, submitted, candidate.purposes, config.now(), (code) =>
          beforeUse ? beforeUse(candidate.user, code) : Promise.resolve(),
        );
      } catch (error) {
        await giveBack(); // the code was right; only what came with it was refused
        throw error;
      }
      if (typeof check === 'object') {
        await giveBack();
        return { user: candidate.user, code: check };
      }
      if (failure === 'invalid_code') failure = check;
    }
    throw badRequest(failure, 'VerificationCode');
  }

  /**
   * The sign-up a verification code confirms. With one sign-up waiting, the one the code was mailed for. With more,
   * the code only proves the mailbox, and the password chosen at sign-up picks among them: the sign-ups of others
   * who used the address (or pushed its owner's out) cannot be confirmed by the owner's code
   * (docs/product/states.md "Session"). A password sent along must match even when only one waits.
   */
  async function signUpToConfirm(userId: string, codeSignUpId: string, password: string | undefined): Promise<string> {
    const signUps = await findPendingSignUps(db, userId);
    if (signUps.length === 0 || (signUps.length === 1 && password === undefined)) return codeSignUpId;
    if (!password) throw badRequest('sign_up_password_required', 'Password');
    for (const signUp of signUps) if (await verifyPassword(signUp.passwordHash, password)) return signUp.id;
    throw badRequest('sign_up_password_mismatch', 'Password');
  }

  /** For a new password set with a sign-up code: the sign-up whose details the account takes (none when unclear). */
  async function signUpForNewPassword(userId: string, codeSignUpId: string | null, password: string): Promise<string | null> {
    if (!codeSignUpId) return null;
    const signUps = await findPendingSignUps(db, userId);
    if (signUps.length <= 1) return codeSignUpId;
    for (const signUp of signUps) if (await verifyPassword(signUp.passwordHash, password)) return signUp.id;
    return null;
  }

  /**
   * Marks the account verified. A code mailed for a pending sign-up brings that sign-up's password and details (or,
   * with `password`, the one chosen with the code); every other sign-up waiting for the address is void then.
   */
  async function verifyAccount(user: UserRow, signUpId: string | null, password?: string): Promise<void> {
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!current) throw badRequest('invalid_code', 'VerificationCode');
      let changes: Partial<NewUser> = { verified: true };
      if (signUpId) {
        const [signUp] = await tx.delete(pendingSignUps).where(eq(pendingSignUps.id, signUpId)).returning();
        // Another code verified the account meanwhile, which voided this sign-up.
        if (!signUp || current.verified) throw badRequest('invalid_code', 'VerificationCode');
        const { id: _id, userId: _userId, createdAt: _createdAt, ...details } = signUp;
        changes = { ...changes, ...details };
      }
      if (passwordHash) changes.passwordHash = passwordHash;
      await tx.update(users).set(changes).where(eq(users.id, user.id));
      await tx.delete(pendingSignUps).where(eq(pendingSignUps.userId, user.id));
      if (passwordHash) await tx.delete(tokens).where(eq(tokens.userId, user.id));
    });
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
      // Public, and shown inside the partner embed (docs/product/embedding.md): no token, so nothing of an account to narrow.
      config: { embed: true },
      schema: {
        tags: ['account'],
        summary:
          'Mails a code: a verification code for each waiting sign-up of an unverified account, a password-reset code to a verified one',
        description: 'Always 204, also for unknown e-mails, so the reply does not tell whether an account exists.',
        body: SendCodeBody,
        response: { 204: NoContent, ...errorReplies(400, 429) },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.Email);
      await limiter.take(limitsFor(config, 'sendCode', email, request.ip));
      const user = await findUserByEmail(db, email);
      const variant = requestVariant(request, config);
      if (user?.verified) await deliverCode(ctx, user, 'reset', request.log, variant);
      else if (user) {
        // A fresh code for each sign-up still waiting, so every code mailed pairs with the one password chosen with
        // it, whoever asks for the new code (docs/product/states.md "Session"). An account that never had a sign-up
        // (made by staff or a test) gets a code that keeps its password.
        const signUps = await findPendingSignUps(db, user.id);
        for (const signUp of signUps) await deliverSignUpCode(ctx, user, signUp, request.log, variant);
        if (signUps.length === 0) await deliverCode(ctx, user, 'verify', request.log, variant);
      }
      return sendNoContent(reply);
    },
  );

  app.put(
    '/verify-email',
    {
      config: { embed: true },
      schema: {
        tags: ['account'],
        summary: 'Verifies an account, or confirms a new e-mail address, with the code mailed to the address',
        description:
          'A sign-up code gives the account the password and details chosen with that sign-up and voids the others. ' +
          'When several sign-ups wait for the address, Password (the one chosen at sign-up) is required and picks the sign-up ' +
          '(400 sign_up_password_required, sign_up_password_mismatch). ' +
          'With the code mailed to a PendingEmail, the account switches to that address (409 if another account took it meanwhile).',
        body: VerifyEmailBody,
        response: { 204: NoContent, ...errorReplies(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { Email, VerificationCode, Password } = request.body;
      let signUpId: string | null = null;
      const { user, code } = await userWithValidCode(
        'verifyEmail',
        Email,
        VerificationCode,
        ['verify'],
        request.ip,
        true,
        async (owner, used) => {
          if (used.purpose === 'verify' && used.signUpId) signUpId = await signUpToConfirm(owner.id, used.signUpId, Password);
        },
      );
      if (code.purpose === 'email-change') await confirmEmailChange(user, normalizeEmail(Email));
      else await verifyAccount(user, signUpId ?? code.signUpId);
      return sendNoContent(reply);
    },
  );

  app.put(
    '/password',
    {
      config: { embed: true },
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
      const { user, code } = await userWithValidCode('password', Email, VerificationCode, ['reset', 'verify'], request.ip);
      // The code came through the mailbox, which proves the address as well as a verification would; the password
      // is the one chosen now, and every session of the account ends. With several sign-ups waiting, the account takes
      // the details of the one whose password this is, if any (the code alone does not tell whose they are).
      await verifyAccount(user, await signUpForNewPassword(user.id, code.signUpId, Password), Password);
      return sendNoContent(reply);
    },
  );
};
