import { HealthReply } from '@paddock/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';

export const healthRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness: answers when the server and its database do', response: { 200: HealthReply } } },
    async () => {
      await ctx.db.execute(sql`SELECT 1`);
      return { Status: 'ok' as const };
    },
  );
};
