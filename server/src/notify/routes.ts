// Push registration (docs/product/api.md device-tokens): a browser subscribes with the server's VAPID public key and registers
// the subscription as its Token; alarm notifications then reach it (notify/worker.ts).
import { DeviceTokenBody, User, UserIdParams, VapidPublicKey } from '@paddock/shared/contract';
import { parseFcmToken, parseWebPushToken, withFcmToken, withoutFcmEndpoint, withoutPushEndpoint, withPushToken, type FcmPushToken } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, ne, sql } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { isAllowedPushEndpoint } from './push';
import { toUser } from '../users';
import { bearerAuth, errorReplies, likeLiteral } from '../http/schemas';

export const pushRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; vapidPublicKey: string }> = async (app, { ctx, vapidPublicKey }) => {
  const { config, db } = ctx;
  const tags = ['push'];

  app.get(
    '/push/vapid-public-key',
    {
      config: { showsNoUserData: true },
      schema: {
        tags,
        summary: "The server's VAPID public key, which a browser subscribes to push messages with (applicationServerKey)",
        response: { 200: VapidPublicKey },
      },
    },
    async () => ({ PublicKey: vapidPublicKey }),
  );

  app.post(
    '/users/:id/device-tokens',
    {
      schema: {
        tags,
        summary: "Registers a browser for alarm push messages: Token is its Web Push subscription as JSON; the same browser again replaces its old one",
        security: bearerAuth,
        params: UserIdParams,
        body: DeviceTokenBody,
        response: { 200: User, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const userId = request.params.id;
      authorize(request, 'user:pushDevice', { userId });
      // The native app's FCM token (docs/product/native-app.md), taken only while the server can send through FCM.
      const native = parseFcmToken(request.body.Token);
      if (native) {
        if (!config.fcm) throw badRequest('push_service_not_allowed', 'Token');
        const user = await registerFcmToken(ctx, userId, native);
        if (!user) throw notFound();
        return toUser(user);
      }
      const subscription = parseWebPushToken(request.body.Token);
      if (!subscription) throw badRequest('invalid_push_token', 'Token');
      // The server posts to the endpoint: only to the push services it knows, never to an address a caller picks.
      if (!isAllowedPushEndpoint(subscription.endpoint, config.pushServiceHosts)) throw badRequest('push_service_not_allowed', 'Token');
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx.select({ pushTokens: users.pushTokens }).from(users).where(eq(users.id, userId)).for('update');
        if (!row) return undefined;
        // A browser serves one account at a time: whoever used it before gets no more alarms on it.
        const before = await tx
          .select({ id: users.id, pushTokens: users.pushTokens })
          .from(users)
          .where(and(ne(users.id, userId), sql`${users.pushTokens}::text LIKE ${`%${likeLiteral(subscription.endpoint)}%`}`))
          .for('update');
        for (const other of before) {
          await tx.update(users).set({ pushTokens: withoutPushEndpoint(other.pushTokens, subscription.endpoint) }).where(eq(users.id, other.id));
        }
        const [user] = await tx.update(users).set({ pushTokens: withPushToken(row.pushTokens, subscription) }).where(eq(users.id, userId)).returning();
        return user;
      });
      if (!updated) throw notFound();
      return toUser(updated);
    },
  );
};

/** Adds the app's FCM token to the account, taking it from any other account first (one app installation, one account). */
async function registerFcmToken({ db }: AppContext, userId: string, token: FcmPushToken) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ pushTokens: users.pushTokens }).from(users).where(eq(users.id, userId)).for('update');
    if (!row) return undefined;
    const before = await tx
      .select({ id: users.id, pushTokens: users.pushTokens })
      .from(users)
      .where(and(ne(users.id, userId), sql`${users.pushTokens} @> ${JSON.stringify([token.token])}::jsonb`))
      .for('update');
    for (const other of before) {
      await tx.update(users).set({ pushTokens: withoutFcmEndpoint(other.pushTokens, token.endpoint) }).where(eq(users.id, other.id));
    }
    const [user] = await tx.update(users).set({ pushTokens: withFcmToken(row.pushTokens, token) }).where(eq(users.id, userId)).returning();
    return user;
  });
}
