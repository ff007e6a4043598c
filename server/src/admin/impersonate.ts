// Impersonation (docs/product/admin.md "Impersonation"): the admin pages name the user to act as, by a device's key
// (its owner), the user's id or e-mail; stopping is recorded too. The audit hook (audit/) reads each route's
// `config.audit`; the acting-as itself is the Paddock-Impersonating header, checked on every call.
import { ImpersonateQuery, productOfImpersonateKey, StopImpersonatingBody, User, type ImpersonateKey } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { findDevice } from '../devices';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';
import { findUserByEmail, findUserById, toUser } from '../users';

/** The user a lookup names: the owner of that product's registered device, or the account with that id or e-mail. */
export async function impersonatedUser(db: Db, key: ImpersonateKey, value: string): Promise<UserRow | undefined> {
  const text = value.trim();
  if (key === 'id') return findUserById(db, text);
  if (key === 'email') return findUserByEmail(db, normalizeEmail(text));
  const device = await findDevice(db, text);
  // A key of another product names nobody: the admin page asked about a device of this one.
  if (!device || device.product !== productOfImpersonateKey(key)) return undefined;
  return findUserById(db, device.ownerId);
}

export const impersonationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['admin'];

  app.get(
    '/admin/impersonate',
    {
      config: { audit: 'impersonation.start' },
      schema: {
        tags,
        summary:
          'Admin: the user to act as — the owner of a registered device (key farmcamsim, fencealarm, fencealarm2, smartplug or smartplug2 and its IMSI or IMEI), or the user with that id or e-mail (key id or email)',
        security: bearerAuth,
        querystring: ImpersonateQuery,
        response: { 200: User, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'user:impersonate');
      const user = await impersonatedUser(ctx.db, request.query.key, request.query.value);
      if (!user) throw notFound();
      return toUser(user);
    },
  );

  app.post(
    '/admin/impersonate/stop',
    {
      config: { audit: 'impersonation.stop' },
      schema: {
        tags,
        summary: 'Admin: stops acting as the user (recorded in the audit log)',
        security: bearerAuth,
        body: StopImpersonatingBody,
        response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      authorize(request, 'user:impersonate');
      if (!(await findUserById(ctx.db, request.body.UserId))) throw notFound();
      return sendNoContent(reply);
    },
  );
};
