// The audit log's writer (docs/product/admin.md "Audit log"): every call to a route that names a staff action in its
// config (routeConfig.ts), every call an admin makes while impersonating, every other admin call that may change
// something, and every admin read of another user's data (with or without the impersonation header: issue 26) becomes
// one entry with the staff member, the user acted as, the call and its status, and the thing it was about as it was
// before and after. The entry is written in onSend, so it is stored before the reply leaves. Reads are recorded
// compactly, without before/after; a 304 showed nothing and is not recorded. Only admins' calls cost anything here.
import type { AuditAction } from '@paddock/shared/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog, devices, notices, type UserRow } from '../db/schema';
import { findDevice, toDevice } from '../devices';
import { toNotice } from '../notices';
import { findUserById, toUser } from '../users';
import './routeConfig';

/** What an entry is about. */
type Subject = { kind: 'device'; key: string } | { kind: 'user'; id: string } | { kind: 'notice'; id: string };

interface Pending {
  subject: Subject | null;
  before: unknown;
  /** A read's device owner (looked up for admins' device reads only). */
  owner?: string;
  /** A read of the admin's own device: not recorded. */
  own?: boolean;
}

/**
 * Field names whose values are never stored, by exact name at any depth: passwords, codes, secrets and tokens (a
 * session's, push subscriptions). Exact names, so an ordinary field that merely ends alike (PostalCode) is kept.
 */
const SECRET_FIELDS = new Set(['password', 'currentpassword', 'newpassword', 'verificationcode', 'code', 'secret', 'token', 'tokens', 'pushtokens']);
const isSecretField = (name: string) => SECRET_FIELDS.has(name.toLowerCase());

/** A deep copy without secrets (by field name, at any depth). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !isSecretField(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

/** A query-string token (the payment portal's link) is a credential: never stored in the path. */
export const redactQueryTokens = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
/** An id or key as given, if it can be one (and stored: no NUL). */
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 64 && !value.includes('\u0000') ? value : undefined;

/** The subject named by the call itself: a device key, a notice id, or a user id (params, else the body). */
function subjectOf(request: FastifyRequest, action: AuditAction | undefined): Subject | null {
  const params = asRecord(request.params);
  const body = asRecord(request.body);
  const key = asString(params.imei) ?? asString(params.imsi);
  if (key) return { kind: 'device', key };
  if (action === 'notice.save' || action === 'notice.delete') {
    const id = asString(params.id) ?? asString(body.Id);
    return id ? { kind: 'notice', id } : null;
  }
  const route = request.routeOptions.url ?? '';
  const userId = route.startsWith('/api/users/{id}') || route.startsWith('/api/users/:id') ? asString(params.id) : asString(body.UserId);
  return userId ? { kind: 'user', id: userId } : null;
}

/** The subject as the API shows it, without secrets; null when there is none (not yet, or no more). */
async function snapshot(db: Db, subject: Subject): Promise<unknown> {
  switch (subject.kind) {
    case 'device': {
      const row = await findDevice(db, subject.key);
      return row ? withoutSecrets(toDevice(row)) : null;
    }
    case 'user': {
      const row = await findUserById(db, subject.id);
      return row ? withoutSecrets(toUser(row)) : null;
    }
    case 'notice': {
      const [row] = await db.select().from(notices).where(eq(notices.id, subject.id));
      return row ? toNotice(row) : null;
    }
  }
}

/** The Id of a JSON reply (a notice just created, the user an impersonation starts with). */
function replyId(reply: FastifyReply, payload: unknown): string | undefined {
  if (reply.statusCode >= 300 || typeof payload !== 'string') return undefined;
  try {
    return asString(asRecord(JSON.parse(payload)).Id);
  } catch {
    return undefined;
  }
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route about one account, named by its `id` (`/users/{id}…`). */
const ownAccountRoute = (request: FastifyRequest) => /^\/api\/users\/(:id|\{id\})(\/|$)/.test(request.routeOptions.url ?? '');

/** The owner of a registered device, if there is one. */
async function deviceOwner(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ ownerId: devices.ownerId }).from(devices).where(eq(devices.key, key)).limit(1);
  return row?.ownerId;
}
const IMPERSONATION_ACTIONS: ReadonlySet<AuditAction> = new Set(['impersonation.start', 'impersonation.stop']);

/** Registers the audit hooks on the API's routes (call before registering them). */
export function registerAudit(app: FastifyInstance, db: Db, now: () => Date): void {
  const pending = new WeakMap<FastifyRequest, Pending>();
  /** The staff member and the action, for the calls the log records; null for the rest. */
  const audited = (request: FastifyRequest): { staff: UserRow; action: AuditAction | undefined } | null => {
    const session = request.session;
    const action = request.routeOptions.config?.audit;
    // Only staff are recorded: a non-admin refused an admin route did nothing worth keeping (403 tells them). Of
    // staff, every named action, every call while impersonating, and every call that may change something: the
    // header is the client's to send, the admin's rights serve the call either way (docs/product/admin.md "Audit log").
    if (!session || session.user.accountType !== 'admin') return null;
    if (action || session.actingAs || !READ_ONLY_METHODS.has(request.method)) return { staff: session.user, action };
    // A read: recorded when it may show another user's data — not an unknown route (404), not a route that shows no
    // user's data, not the admin's own account (their own device is left out in preHandler, once its owner is known).
    const config = request.routeOptions.config;
    if (request.routeOptions.url === undefined || config?.showsNoUserData) return null;
    if (ownAccountRoute(request) && asString(asRecord(request.params).id) === session.user.id) return null;
    return { staff: session.user, action };
  };
  /**
   * Whether before/after are kept: staff actions and calls that may change something. Starting or stopping an
   * impersonation changes nothing: its entry names the user, without a record of them.
   */
  const keepsState = (request: FastifyRequest, action: AuditAction | undefined) =>
    action !== undefined ? !IMPERSONATION_ACTIONS.has(action) : !READ_ONLY_METHODS.has(request.method);

  app.addHook('preHandler', async (request) => {
    const call = audited(request);
    if (!call) return;
    const subject = subjectOf(request, call.action);
    const keeps = keepsState(request, call.action);
    // A read about a device: its owner names the user, and the admin's own device is not recorded (one indexed look-up).
    const owner = !keeps && subject?.kind === 'device' ? await deviceOwner(db, subject.key) : undefined;
    pending.set(request, {
      subject,
      before: subject && keeps ? await snapshot(db, subject) : null,
      owner,
      own: owner !== undefined && owner === call.staff.id && !call.action && !request.session?.actingAs,
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const call = audited(request);
    if (!call) return payload;
    const { staff, action } = call;
    if (!action && reply.statusCode === 304) return payload;
    const actingAs = request.session?.actingAs ?? null;
    // Refused before the handler (validation): nothing changed, so nothing is loaded; the entry still names what it was about.
    const state = pending.get(request);
    if (state?.own) return payload;
    try {
      const named = state ? state.subject : subjectOf(request, action);
      const created = named ? undefined : replyId(reply, payload);
      const subject: Subject | null =
        named ??
        (created && action === 'notice.save' ? { kind: 'notice', id: created } : null) ??
        (created && action === 'impersonation.start' ? { kind: 'user', id: created } : null);
      const before = state?.before ?? null;
      const after = state && subject && keepsState(request, action) ? await snapshot(db, subject) : null;
      const device = asRecord(asRecord(after ?? before).Metadata);
      await db.insert(auditLog).values({
        at: now(),
        action: action ?? 'call',
        staffId: staff.id,
        staffEmail: staff.email,
        actingAsId: actingAs?.id ?? null,
        actingAsEmail: actingAs?.email ?? null,
        method: request.method,
        path: redactQueryTokens(request.url),
        status: reply.statusCode,
        // About a user: the one named, else the owner of the device, else the user acted as.
        userId: (subject?.kind === 'user' ? subject.id : undefined) ?? asString(device.Owner) ?? state?.owner ?? actingAs?.id ?? null,
        deviceKey: subject?.kind === 'device' ? subject.key : null,
        noticeId: subject?.kind === 'notice' ? subject.id : null,
        before,
        after,
      });
    } catch (error) {
      // The call has happened; a lost entry must be loud in the server's log.
      request.log.error({ err: error, action: action ?? 'call' }, 'audit entry not written');
    }
    return payload;
  });
}
