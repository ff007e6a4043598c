// GET /admin/audit (docs/product/admin.md "Audit log"): the log newest first, filtered and paged by entry id.
// There is deliberately no call that changes or deletes an entry (and the table refuses it, migration 0014).
import { AUDIT_PAGE_SIZE, AuditPage, AuditQuery, type AuditAction, type AuditEntry } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq, gte, like, lt, lte, or, type SQL } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { auditLog, type AuditRow } from '../db/schema';
import { badRequest } from '../http/errors';
import { bearerAuth, errorReplies, likeLiteral } from '../http/schemas';
import { findUserByEmail } from '../users/store';

function toEntry(row: AuditRow): AuditEntry {
  return {
    Id: String(row.id),
    At: row.at.toISOString(),
    Action: row.action as AuditAction,
    Staff: { Id: row.staffId, Email: row.staffEmail },
    ActingAs: row.actingAsId ? { Id: row.actingAsId, Email: row.actingAsEmail ?? '' } : null,
    Method: row.method,
    Path: row.path,
    Status: row.status,
    UserId: row.userId,
    DeviceKey: row.deviceKey,
    NoticeId: row.noticeId,
    Before: row.before,
    After: row.after,
  };
}

/** A valid ISO time the database can hold too (years 1 to 9999); else 400 naming the field. */
function storableTime(value: string, field: string): Date {
  const at = new Date(value);
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 1 || year > 9999) throw badRequest('invalid_field', field, { field });
  return at;
}

export const auditRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/audit',
    {
      // Reading the log is not itself recorded (docs/product/admin.md "Audit log"): each page would add entries to
      // the log it shows, and what it shows was recorded when it happened.
      config: { showsNoUserData: true },
      schema: {
        tags: ['admin'],
        summary:
          'Admin: the audit log, newest first; `staff` (e-mail prefix or id), `user` (id or e-mail: acted as or about), `device` (key), `from`/`to`, paged by `before`',
        security: bearerAuth,
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'audit:read');
      const query = request.query;
      const filters: (SQL | undefined)[] = [];
      const staff = query.staff?.trim();
      if (staff) filters.push(or(eq(auditLog.staffId, staff), like(auditLog.staffEmail, `${likeLiteral(normalizeEmail(staff))}%`)));
      const user = query.user?.trim();
      if (user) {
        // An e-mail names the account it belongs to now, and the address entries acted as (kept after a deletion).
        const email = user.includes('@') ? normalizeEmail(user) : null;
        const id = email ? (await findUserByEmail(ctx.db, email))?.id : user;
        filters.push(
          or(
            id ? eq(auditLog.userId, id) : undefined,
            id ? eq(auditLog.actingAsId, id) : undefined,
            email ? eq(auditLog.actingAsEmail, email) : undefined,
          ),
        );
      }
      if (query.device) filters.push(eq(auditLog.deviceKey, query.device.trim()));
      if (query.from) filters.push(gte(auditLog.at, storableTime(query.from, 'from')));
      if (query.to) filters.push(lte(auditLog.at, storableTime(query.to, 'to')));
      if (query.before !== undefined) {
        if (!/^[0-9]{1,18}$/.test(query.before)) throw badRequest('invalid_field', 'before', { field: 'before' });
        filters.push(lt(auditLog.id, Number(query.before)));
      }
      const limit = query.limit ?? AUDIT_PAGE_SIZE;
      const rows = await ctx.db
        .select()
        .from(auditLog)
        .where(and(...filters))
        .orderBy(desc(auditLog.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return { Entries: page.map(toEntry), Next: rows.length > limit ? String(page[page.length - 1].id) : null };
    },
  );
};
