// A route that is a staff action names it in its config (`config: { audit: 'device.trial' }`); the audit hook
// (audit/hook.ts) records every call to it with before and after, and every call made while impersonating.
import type { AuditAction } from '@paddock/shared/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff action this route is (docs/product/admin.md "Audit log"). */
    audit?: AuditAction;
  }
}

export type { AuditAction };
