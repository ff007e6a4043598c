// GET /admin/audit (docs/product/admin.md "Audit log"): the log newest first, filtered and paged by entry id.
// There is deliberately no call that changes or deletes an entry (and the table refuses it, migration 0014).
import { AUDIT_PAGE_SIZE, AuditPage, AuditQuery, type AuditAction, type AuditEntry } from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq, gte, inArray, like, lt, lte, or, type SQL } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { auditLog, users, type AuditRow } from '../db/schema';
import { badRequest } from '../http/errors';
import { bearerAuth, errorReplies, likeLiteral } from '../http/schemas';

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
          'Admin: the audit log, newest first; `staff` (e-mail prefix or id), `user` (id or e-mail prefix: acted as or about), `device` (key), `from`/`to`, paged by `before`',
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
        // An id, or the start of an e-mail (docs/product/admin.md "Audit log"): the accounts whose address begins so
        // now, and the addresses entries acted as (kept after a deletion). `%` and `_` match themselves.
        const prefix = `${likeLiteral(normalizeEmail(user))}%`;
        const accounts = ctx.db.select({ id: users.id }).from(users).where(like(users.email, prefix));
        filters.push(
          or(
            eq(auditLog.userId, user),
            eq(auditLog.actingAsId, user),
            inArray(auditLog.userId, accounts),
            inArray(auditLog.actingAsId, accounts),
            like(auditLog.actingAsEmail, prefix),
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
