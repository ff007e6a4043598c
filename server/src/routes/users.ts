// User accounts (SPEC §7 "Session, account and users"): sign-up, read, update, delete, and the admin calls.
import {
  CreateUserBody,
  SetEmailBody,
  UpdateUserBody,
  User,
  UserIdParams,
  UserList,
  UserSearchQuery,
} from '@paddock/shared/contract';
import { normalizeEmail, normalizeVatin } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq, ilike } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authorize, type Action } from '../access';
import { hashPassword } from '../auth/passwords';
import { limitsFor, type AppContext } from '../context';
import { users, type UserRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { requestLocale } from '../http/locale';
import { deliverCode } from '../notify/codeMails';
import { findUserByEmail, findUserById, insertUser, toUser, updateUser, type NewUser } from '../users';
import { bearerAuth, errorReplies, likeLiteral, NoContent, sendNoContent } from './schemas';

const SEARCH_LIMIT = 50;


/** The changes an update body asks for, in column terms; throws 400 for a change the account cannot take. */
function userChanges(user: UserRow, body: UpdateUserBody): Partial<NewUser> {
  const changes: Partial<NewUser> = {};
  if (body.Email !== undefined) changes.email = normalizeEmail(body.Email);
  if (body.Phone !== undefined) changes.phone = body.Phone.trim();
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

  async function changeUser(user: UserRow, changes: Partial<NewUser>): Promise<UserRow> {
    if (changes.email !== undefined && changes.email !== user.email && (await findUserByEmail(db, changes.email))) {
      throw conflict('email_taken', 'Email');
    }
    if (Object.keys(changes).length === 0) return user;
    const updated = await updateUser(db, user.id, changes);
    if (!updated) throw notFound();
    return updated;
  }

  const tags = ['users'];
  const byId = { params: UserIdParams, security: bearerAuth, tags };

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Creates an account and mails it a verification code',
        body: CreateUserBody,
        response: { 201: User, ...errorReplies(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const email = normalizeEmail(body.Email);
      const limits = limitsFor(config, 'createUser', email, request.ip);
      await limiter.assertAllowed(limits);
      await limiter.record(limits);
      if (await findUserByEmail(db, email)) throw conflict('email_taken', 'Email');
      const user = await insertUser(
        db,
        {
          email,
          passwordHash: await hashPassword(body.Password),
          country: body.Country,
          locale: body.Locale ?? requestLocale(request),
          name: body.Name?.trim() ?? '',
          addr1: body.Addr1?.trim() ?? '',
          addr2: body.Addr2?.trim() ?? '',
          postalCode: body.PostalCode?.trim() ?? '',
          town: body.Town?.trim() ?? '',
          vatin: normalizeVatin(body.Vatin ?? ''),
        },
        config.now(),
      );
      await deliverCode(ctx, user, 'verify', request.log);
      return reply.code(201).send(toUser(user));
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Admin: finds users by e-mail (contains, case-insensitive), id or customer id',
        security: bearerAuth,
        querystring: UserSearchQuery,
        response: { 200: UserList, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'user:search');
      const { field, target } = request.query;
      const where =
        field === 'email'
          ? ilike(users.email, `%${likeLiteral(normalizeEmail(target))}%`)
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
      summary: 'Changes e-mail, phone, language or notification settings; fields left out stay as they are',
      body: UpdateUserBody,
      response: { 200: User, ...errorReplies(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const user = await targetUser(request, request.params.id, 'user:update');
      return toUser(await changeUser(user, userChanges(user, request.body)));
    },
  });

  app.delete(
    '/users/:id',
    {
      schema: {
        ...byId,
        summary: 'Deletes an account and signs out all its sessions',
        response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = await targetUser(request, request.params.id, 'user:delete');
      // Tokens and codes go with the account (ON DELETE CASCADE).
      await db.delete(users).where(eq(users.id, user.id));
      return sendNoContent(reply);
    },
  );

  app.put(
    '/users/:id/email',
    {
      schema: {
        ...byId,
        summary: "Admin: sets a user's e-mail",
        body: SetEmailBody,
        response: { 200: User, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await targetUser(request, request.params.id, 'user:setEmail');
      return toUser(await changeUser(user, { email: normalizeEmail(request.body.Email) }));
    },
  );

  app.get(
    '/users/:id/verify-email',
    { schema: { ...byId, summary: "Admin: marks a user's account verified", response: { 200: User, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => {
      const user = await targetUser(request, request.params.id, 'user:markVerified');
      return toUser(await changeUser(user, { verified: true }));
    },
  );
};
