// User accounts (docs/product/api.md "Session, account and users"): sign-up, read, update, delete, and the admin calls.
import {
  ChangePasswordBody,
  CreateUserBody,
  CreateUserReply,
  DeleteUserBody,
  DeletionSummary,
  SetEmailBody,
  UpdateUserBody,
  User,
  UserIdParams,
  UserList,
  UserSearchQuery,
  type UserSearchFieldName,
} from '@paddock/shared/contract';
import { checkE164Phone, checkVatin, isSubscriptionActive, normalizeEmail, normalizeVatin, toE164 } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, like, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authorize, type Action } from '../access';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../auth';
import { limitsFor, type AppContext } from '../context';
import type { Db } from '../db/client';
import { codes, devices, pendingSignUps, tokens, users, type UserRow } from '../db/schema';
import { moveAddressInDeviceLists } from '../devices';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { requestLocale } from '../http/locale';
import { deliverCode, deliverSignUpCode, noticeEmailChange, noticeSignUpAttempt } from '../notify';
import { requestVariant } from '../variants';
import { addPendingSignUp, findUserByEmail, findUserById, insertUser, toUser, updateUser, type NewUser } from './store';
import { bearerAuth, errorReplies, likeLiteral, NoContent, sendNoContent } from '../http/schemas';

const SEARCH_LIMIT = 50;

/**
 * The changes an update body asks for, in column terms; throws 400 for a change the account cannot take.
 * A new Email only becomes pending (the code mailed to it switches it); the current one cancels a pending change.
 */
function userChanges(user: UserRow, body: UpdateUserBody): Partial<NewUser> {
  const changes: Partial<NewUser> = {};
  if (body.Email !== undefined) {
    const email = normalizeEmail(body.Email);
    changes.pendingEmail = email === user.email ? null : email;
  }
  // docs/product/validation.md Phone: SMS go to E.164 numbers; a number without its country code is refused, not guessed.
  if (body.Phone !== undefined) {
    const problem = checkE164Phone(body.Phone);
    if (problem) throw badRequest(problem === 'noCountryCode' ? 'phone_country_code_missing' : 'phone_invalid', 'Phone');
    changes.phone = toE164(body.Phone);
  }
  if (body.Locale !== undefined) changes.locale = body.Locale;
  if (body.EmailNotifications) {
    changes.emailBilling = body.EmailNotifications.Billing;
    changes.emailDevice = body.EmailNotifications.Device;
    changes.emailMarketing = body.EmailNotifications.Marketing;
  }
  if (body.PushNotifications) changes.pushEnabled = body.PushNotifications.Enabled;
  if (body.SmsNotifications) {
    // SMS are paid for: notifications by SMS need a balance to send them from.
    if (body.SmsNotifications.Enabled && user.smsBalance <= 0) throw badRequest('sms_balance_empty', 'SmsNotifications.Enabled');
    changes.smsEnabled = body.SmsNotifications.Enabled;
  }
  // SMS need a number to go to: on only with a valid E.164 phone (the one sent now, else the stored one, which may
  // predate the check), and the phone is not taken away while SMS stay on.
  const smsOn = changes.smsEnabled ?? user.smsEnabled;
  const phone = changes.phone ?? user.phone;
  if (smsOn && (changes.smsEnabled === true || changes.phone !== undefined) && (!phone || checkE164Phone(phone)))
    throw badRequest('sms_phone_required', 'Phone');
  // docs/product/limits.md "Energy price": the schema holds the range; null removes the price.
  if (body.EnergyPrice !== undefined) {
    changes.energyPricePerKwh = body.EnergyPrice?.PerKwh ?? null;
    changes.energyPriceCurrency = body.EnergyPrice?.Currency ?? null;
  }
  // docs/product/sun-timers.md: the schema holds the ranges (400 naming Location.Latitude or .Longitude); null removes it.
  if (body.Location !== undefined) {
    changes.latitude = body.Location?.Latitude ?? null;
    changes.longitude = body.Location?.Longitude ?? null;
  }
  Object.assign(changes, invoiceDetailChanges(body));
  return changes;
}

/**
 * The invoice details (docs/product/billing.md "Invoice details"), trimmed as at sign-up; the VAT number with the
 * sign-up's check, as reverse charge is granted on it. The next invoice is made out to them.
 */
function invoiceDetailChanges(body: UpdateUserBody): Partial<NewUser> {
  const changes: Partial<NewUser> = {};
  if (body.Name !== undefined) changes.name = body.Name.trim();
  if (body.Addr1 !== undefined) changes.addr1 = body.Addr1.trim();
  if (body.Addr2 !== undefined) changes.addr2 = body.Addr2.trim();
  if (body.PostalCode !== undefined) changes.postalCode = body.PostalCode.trim();
  if (body.Town !== undefined) changes.town = body.Town.trim();
  if (body.Country !== undefined) changes.country = body.Country;
  if (body.Vatin !== undefined) {
    if (checkVatin(body.Vatin) === 'invalid') throw badRequest('invalid_vat_number', 'Vatin');
    changes.vatin = normalizeVatin(body.Vatin);
  }
  return changes;
}

export const userRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, db, limiter } = ctx;

  /** Authorizes the action on the user of the path and loads that user (404 when gone). */
  async function targetUser(request: FastifyRequest, userId: string, action: Action): Promise<UserRow> {
    authorize(request, action, { userId });
    const user = await findUserById(db, userId);
    if (!user) throw notFound();
    return user;
  }

  async function changeUser(user: UserRow, changes: Partial<NewUser>, tx: Db = db): Promise<UserRow> {
    if (changes.email !== undefined && changes.email !== user.email && (await findUserByEmail(tx, changes.email))) {
      throw conflict('email_taken', 'Email');
    }
    if (Object.keys(changes).length === 0) return user;
    const updated = await updateUser(tx, user.id, changes);
    if (!updated) throw notFound();
    return updated;
  }

  /**
   * Checks the user's current password, counted like a sign-in of that account from that address (so it cannot be
   * guessed through this route instead) and given back when right.
   */
  async function confirmPassword(user: UserRow, password: string | undefined, ip: string): Promise<void> {
    if (!password) throw badRequest('password_required', 'Password');
    const limits = limitsFor(config, 'signIn', user.email, ip);
    await limiter.take(limits);
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest('invalid_password', 'Password');
    await limiter.giveBack(limits);
  }

  const tags = ['users'];
  const byId = { params: UserIdParams, security: bearerAuth, tags };

  app.post(
    '/users',
    {
      // The signed-out pages (sign-up, verification, reset) show inside the partner embed (docs/product/embedding.md).
      config: { embed: true },
      schema: {
        tags,
        summary: 'Creates an account and mails it a verification code',
        description:
          'Answers 202 alike for a new and a known address, so it does not tell which addresses have accounts; ' +
          'a verified address is mailed a notice instead. Each sign-up for an unverified address keeps its own ' +
          'password and details, and the code mailed for it confirms only those.',
        body: CreateUserBody,
        response: { 202: CreateUserReply, ...errorReplies(400, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const email = normalizeEmail(body.Email);
      await limiter.take(limitsFor(config, 'createUser', email, request.ip));
      assertAcceptablePassword(body.Password);
      // Reverse charge is granted on this self-declared number: it must at least have its country's format (docs/product/billing.md).
      if (checkVatin(body.Vatin ?? '') === 'invalid') throw badRequest('invalid_vat_number', 'Vatin');
      // Hashed on both paths, so the time taken does not tell a known address either.
      const passwordHash = await hashPassword(body.Password);
      const signUp = {
        passwordHash,
        country: body.Country,
        locale: body.Locale ?? requestLocale(request),
        name: body.Name?.trim() ?? '',
        addr1: body.Addr1?.trim() ?? '',
        addr2: body.Addr2?.trim() ?? '',
        postalCode: body.PostalCode?.trim() ?? '',
        town: body.Town?.trim() ?? '',
        vatin: normalizeVatin(body.Vatin ?? ''),
      };
      // Nobody has proved an unverified address yet, so each sign-up for it keeps its own password and details,
      // and only the code mailed for it confirms them: whoever reads the mailbox ends up with the password they
      // chose, in whatever order the sign-ups came (docs/product/states.md "Session").
      let known = await findUserByEmail(db, email);
      if (!known) {
        known = await insertUser(db, { email, ...signUp }, config.now()).catch(async (error: unknown) => {
          // A concurrent sign-up took the address: this one joins it like any sign-up for a known address.
          if (error instanceof AppError && error.code === 'email_taken') return findUserByEmail(db, email);
          throw error;
        });
      }
      if (known?.verified) {
        await noticeSignUpAttempt(ctx, known, request.log, requestVariant(request, config));
      } else if (known) {
        const pending = await addPendingSignUp(db, known.id, signUp, config.now());
        await deliverSignUpCode(ctx, known, pending, request.log, requestVariant(request, config));
      }
      return reply.code(202).send({ Email: email });
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Admin: finds users by e-mail (starts with, any letter case), id or customer id; field email, id or customerId in any letter case',
        security: bearerAuth,
        querystring: UserSearchQuery,
        response: { 200: UserList, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'user:search');
      const { target } = request.query;
      // docs/product/api.md: the field in any letter case; e-mails are stored lowercase, so a lowercased prefix is a
      // case-insensitive match that the index users_email_prefix_idx serves (0015_admin_search.sql).
      const field = request.query.field.toLowerCase() as UserSearchFieldName;
      const where =
        field === 'email'
          ? like(users.email, `${likeLiteral(normalizeEmail(target))}%`)
          : eq(field === 'id' ? users.id : users.customerId, target.trim());
      const rows = await db.select().from(users).where(where).orderBy(asc(users.email)).limit(SEARCH_LIMIT);
      return rows.map(toUser);
    },
  );

  app.get(
    '/users/:id',
    { schema: { ...byId, summary: 'Reads an account', response: { 200: User, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => toUser(await targetUser(request, request.params.id, 'user:read')),
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/users/:id',
    schema: {
      ...byId,
      summary:
        'Changes e-mail, phone, language, notification settings, the energy price or the invoice details; fields left out stay as they are',
      description:
        'A new Email becomes PendingEmail: a code is mailed to it (confirm with PUT /verify-email) and the current ' +
        'address is told; the account keeps its address until then. Sending the current Email cancels the change. ' +
        'Users changing their own address to a new one send their current Password too (400 password_required, ' +
        '400 invalid_password; wrong passwords count against the sign-in limit, 429). An admin changing a user’s ' +
        'address sends none (the code still goes to the new address). The invoice details (Name, Addr1, Addr2, ' +
        'PostalCode, Town, Country, Vatin) apply to the invoices made from then on; a VAT number must have its ' +
        'country’s format (400 invalid_vat_number).',
      body: UpdateUserBody,
      response: { 200: User, ...errorReplies(400, 401, 403, 404, 429) },
    },
    handler: async (request) => {
      const user = await targetUser(request, request.params.id, 'user:update');
      const changes = userChanges(user, request.body);
      const pending = changes.pendingEmail;
      // Re-authentication: a stolen token alone must not move the account to another mailbox. Sending the
      // pending address again (a new code) or the current one (cancel) moves nothing. An admin acting for a user
      // is not asked for the user's password: it already has the immediate PUT /users/{id}/email.
      if (pending && pending !== user.pendingEmail && request.session?.user.id === user.id) {
        await confirmPassword(user, request.body.Password, request.ip);
      }
      // Sending the code again for the same address is how the user asks for a new one; limited like other code mails.
      if (pending) await limiter.take(limitsFor(config, 'sendCode', pending, request.ip));
      const updated = await changeUser(user, changes);
      if (pending) {
        await deliverCode(ctx, updated, 'email-change', request.log, requestVariant(request, config));
        if (pending !== user.pendingEmail) await noticeEmailChange(ctx, user, pending, request.log, requestVariant(request, config));
      } else if (pending === null && user.pendingEmail) {
        await db.delete(codes).where(and(eq(codes.userId, user.id), eq(codes.purpose, 'email-change')));
      }
      return toUser(updated);
    },
  });

  app.put(
    '/users/:id/password',
    {
      schema: {
        ...byId,
        summary: 'Changes the password of one’s own account; other sessions are signed out',
        description:
          'Only the account holder, with the current password (400 invalid_password naming CurrentPassword; wrong ' +
          'passwords count against the sign-in limit, 429). The new Password follows the sign-up rules (400 naming ' +
          'Password). The calling session stays signed in; every other session of the account is signed out.',
        body: ChangePasswordBody,
        response: { 204: NoContent, ...errorReplies(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      // Staff, impersonating or not, never set a user's password: "Forgot password" does (docs/product/roles.md).
      const user = await targetUser(request, request.params.id, 'user:changePassword');
      const { CurrentPassword, Password } = request.body;
      const limits = limitsFor(config, 'signIn', user.email, request.ip);
      await limiter.take(limits);
      if (!(await verifyPassword(user.passwordHash, CurrentPassword))) throw badRequest('invalid_password', 'CurrentPassword');
      await limiter.giveBack(limits);
      assertAcceptablePassword(Password);
      const passwordHash = await hashPassword(Password);
      // docs/product/states.md "Session": a new password signs out every other session (a stolen token among
      // them), like a reset does; this one stays, so the user is not sent to sign in again.
      const current = request.session!.tokenHash;
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        await tx.delete(tokens).where(and(eq(tokens.userId, user.id), ne(tokens.tokenHash, current)));
      });
      return sendNoContent(reply);
    },
  );

  /**
   * What deleting the account takes with it (docs/product/states.md "Session"): its devices, their plans
   * still running, the SMS balance and the people its devices are shared with.
   */
  async function deletionSummary(user: UserRow): Promise<DeletionSummary> {
    const owned = await db
      .select({ key: devices.key, product: devices.product, name: devices.name, access: devices.access, subscription: devices.subscription })
      .from(devices)
      .where(eq(devices.ownerId, user.id))
      .orderBy(asc(devices.name), asc(devices.key));
    const now = config.now();
    const sharedWith = new Map<string, string[]>();
    for (const device of owned)
      for (const email of device.access) if (email !== user.email) sharedWith.set(email, [...(sharedWith.get(email) ?? []), device.name]);
    return {
      Devices: owned.map((device) => ({ Product: device.product, Key: device.key, Name: device.name })),
      Plans: owned
        .filter((device) => isSubscriptionActive(device.subscription, now))
        .map(({ key, name, subscription }) => ({
          Key: key,
          Name: name,
          Trialing: subscription.Trialing,
          ExpiresAt: subscription.ExpiresAt,
          Renews: subscription.PriceIds.Next !== '',
        })),
      SmsBalance: user.smsBalance,
      SharedWith: [...sharedWith].sort(([a], [b]) => a.localeCompare(b)).map(([Email, names]) => ({ Email, Devices: names })),
    };
  }

  app.get(
    '/users/:id/deletion-summary',
    {
      schema: {
        ...byId,
        summary: 'What deleting the account takes with it: owned devices, their running plans, the SMS balance, the people they are shared with',
        response: { 200: DeletionSummary, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => deletionSummary(await targetUser(request, request.params.id, 'user:delete')),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        ...byId,
        body: DeleteUserBody,
        // Staff's calls may send no body at all (the preValidation hook below): the document says it is optional
        // (http/openApiDocument.ts). Spread, as Fastify's schema type names no OpenAPI extensions.
        ...{ 'x-body-optional': true },
        summary: 'Deletes an account and signs out all its sessions',
        description:
          'The account holder deleting their own account sends the current Password (400 password_required, 400 ' +
          'invalid_password naming Password; wrong passwords count against the sign-in limit, 429). Staff deleting ' +
          'another account send none. GET /users/{id}/deletion-summary lists what goes with it.',
        response: { 204: NoContent, ...errorReplies(400, 401, 403, 404, 429) },
      },
      // No body at all is an empty one: staff's calls (and scripts) have always sent none.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const user = await targetUser(request, request.params.id, 'user:delete');
      // docs/product/states.md "Session": a stolen token alone must not delete the account, so its holder
      // confirms with the password; an admin deleting someone else's account (impersonating or not) is not asked.
      if (request.session?.user.id === user.id) await confirmPassword(user, request.body.Password, request.ip);
      // Tokens and codes go with the account (ON DELETE CASCADE), its devices too (deleted first, to know their keys);
      // its address leaves other devices' lists in the same transaction, so no one who takes the address later
      // inherits them.
      const owned = await db.transaction(async (tx) => {
        await moveAddressInDeviceLists(tx, user.id, user.email, null, config.now());
        const deleted = await tx.delete(devices).where(eq(devices.ownerId, user.id)).returning({ key: devices.key });
        await tx.delete(users).where(eq(users.id, user.id));
        return deleted;
      });
      // Unregistered with the account: their retained configurations go too (docs/architecture/README.md#fleet-scale).
      for (const { key } of owned) ctx.gateway.clearRetained(key);
      return sendNoContent(reply);
    },
  );

  app.put(
    '/users/:id/email',
    {
      config: { audit: 'user.email' },
      schema: {
        ...byId,
        summary: "Admin: sets a user's e-mail",
        body: SetEmailBody,
        response: { 200: User, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await targetUser(request, request.params.id, 'user:setEmail');
      const email = normalizeEmail(request.body.Email);
      // Immediate (the one way around the mailed code); the device lists follow in the same transaction.
      const updated = await db.transaction(async (tx) => {
        const changed = await changeUser(user, { email, pendingEmail: null }, tx);
        await moveAddressInDeviceLists(tx, user.id, user.email, email, config.now());
        return changed;
      });
      return toUser(updated);
    },
  );

  app.get(
    '/users/:id/verify-email',
    {
      config: { audit: 'user.verify' },
      schema: { ...byId, summary: "Admin: marks a user's account verified", response: { 200: User, ...errorReplies(400, 401, 403, 404) } },
    },
    async (request) => {
      const user = await targetUser(request, request.params.id, 'user:markVerified');
      // Staff cannot tell whose password the account holds (the first sign-up's may be an intruder's): it is voided
      // with every session, and the owner sets one with "Forgot password", whose code proves the mailbox
      // (docs/product/admin.md). The sign-ups still waiting (and their codes) are void too.
      const verified = await db.transaction(async (tx) => {
        const changed = await changeUser(user, { verified: true, passwordHash: '' }, tx);
        await tx.delete(pendingSignUps).where(eq(pendingSignUps.userId, user.id));
        await tx.delete(tokens).where(eq(tokens.userId, user.id));
        return changed;
      });
      return toUser(verified);
    },
  );
};
