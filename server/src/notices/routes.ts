// Notices (docs/product/admin.md "Notices", docs/product/api.md "Notices"): admins write them in four languages;
// every signed-in user reads the public ones (GET /notices?public). Texts are plain text, trimmed; English is required.
import { NoticeBody, NoticeIdParams, NoticeList, NoticesQuery, Notice } from '@paddock/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { notices } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';
import { toNotice } from './store';

export const noticeRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/notices',
    {
      // Staff-written texts: an admin's read is not audited (audit/routeConfig.ts).
      config: { showsNoUserData: true },
      schema: {
        tags: ['notices'],
        summary: 'Notices, newest first: all of them (admins), or with `public` (any value) the public ones (any signed-in user)',
        security: bearerAuth,
        querystring: NoticesQuery,
        response: { 200: NoticeList, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      // Its presence counts, not its value: `?public`, `?public=` and `?public=true` alike.
      const onlyPublic = request.query.public !== undefined;
      authorize(request, onlyPublic ? 'notice:readPublic' : 'notice:manage');
      const rows = await ctx.db
        .select()
        .from(notices)
        .where(onlyPublic ? eq(notices.public, true) : undefined)
        .orderBy(desc(notices.createdAt), desc(notices.id));
      return rows.map(toNotice);
    },
  );

  app.post(
    '/notices',
    {
      schema: {
        tags: ['notices'],
        summary: 'Admin: creates a notice (201), or with `Id` changes that one (200)',
        security: bearerAuth,
        body: NoticeBody,
        response: { 200: Notice, 201: Notice, ...errorReplies(400, 401, 403, 404) },
      },
      config: { audit: 'notice.save' },
    },
    async (request, reply) => {
      authorize(request, 'notice:manage');
      const body = request.body;
      const texts = {
        english: body.English.trim(),
        french: (body.French ?? '').trim(),
        german: (body.German ?? '').trim(),
        swedish: (body.Swedish ?? '').trim(),
      };
      if (!texts.english) throw badRequest('missing_field', 'English', { field: 'English' });
      const now = ctx.config.now();
      if (body.Id === undefined) {
        const [row] = await ctx.db
          .insert(notices)
          .values({ id: randomUUID(), public: body.Public, ...texts, createdAt: now, updatedAt: now })
          .returning();
        return reply.code(201).send(toNotice(row));
      }
      const [row] = await ctx.db
        .update(notices)
        .set({ public: body.Public, ...texts, updatedAt: now })
        .where(eq(notices.id, body.Id))
        .returning();
      if (!row) throw notFound();
      return toNotice(row);
    },
  );

  app.delete(
    '/notices/:id',
    {
      schema: {
        tags: ['notices'],
        summary: 'Admin: deletes a notice',
        security: bearerAuth,
        params: NoticeIdParams,
        response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
      },
      config: { audit: 'notice.delete' },
    },
    async (request, reply) => {
      authorize(request, 'notice:manage');
      const deleted = await ctx.db.delete(notices).where(eq(notices.id, request.params.id)).returning({ id: notices.id });
      if (!deleted.length) throw notFound();
      return sendNoContent(reply);
    },
  );
};
