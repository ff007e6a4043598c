// A route that is a staff action names it in its config (`config: { audit: 'device.trial' }`); the audit hook
// (audit/hook.ts) records every call to it with before and after, every call made while impersonating, every other
// admin call that may change something, and every admin read of another user's data.
import type { AuditAction } from '@paddock/shared/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff action this route is (docs/product/admin.md "Audit log"). */
    audit?: AuditAction;
    /**
     * A read that shows no user's data (the session, prices, notices, fleet counts, the audit log itself): an admin's
     * GET of it is not recorded. Every other admin read is, unless it is about the admin's own account or device.
     */
    showsNoUserData?: boolean;
  }
}

