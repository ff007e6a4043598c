// Who may do what: the one place every route asks (docs/architecture/README.md#server). Signed-out callers get 401, signed-in callers
// without the right get 403. Device owners and shared users join here with the devices.
import type { FastifyRequest } from 'fastify';
import type { Session } from './auth';
import type { UserRow } from './db/schema';
import { forbidden, unauthorized } from './http/errors';

export type Action =
  | 'session:read'
  | 'session:refresh'
  | 'session:revoke'
  | 'user:read'
  | 'user:update'
  | 'user:changePassword'
  | 'user:delete'
  | 'user:devices'
  | 'user:buy'
  | 'user:pushDevice'
  | 'device:use'
  | 'user:setEmail'
  | 'user:markVerified'
  | 'user:search'
  | 'mailbox:read'
  | 'simulator:control'
  | 'device:fota'
  | 'firmware:campaigns'
  | 'device:trial'
  | 'device:cancel'
  | 'device:resetConsumption'
  | 'device:search'
  | 'user:impersonate'
  | 'warranty:register'
  | 'warranty:list'
  | 'warranty:read'
  | 'warranty:review'
  | 'transfer:list'
  | 'transfer:answer'
  | 'audit:read'
  | 'notice:manage'
  | 'notice:readPublic'
  | 'stats:read'
  | 'apiKey:list'
  | 'apiKey:create'
  | 'apiKey:revoke'
  | 'webhook:manage';

export type Actor = Pick<UserRow, 'id' | 'accountType'>;
/** What an action is done to; `userId` for actions on a user account. */
export interface Target {
  userId?: string;
}

const isAdmin = (actor: Actor) => actor.accountType === 'admin';
const self = (actor: Actor, target: Target) => target.userId !== undefined && target.userId === actor.id;
const selfOrAdmin = (actor: Actor, target: Target) => isAdmin(actor) || (target.userId !== undefined && target.userId === actor.id);
const anyone = () => true;

const RULES: Record<Action, (actor: Actor, target: Target) => boolean> = {
  'session:read': anyone,
  'session:refresh': anyone,
  'session:revoke': anyone,
  'user:read': selfOrAdmin,
  'user:update': selfOrAdmin,
  // Only the account holder, who knows the current password; staff send users to "Forgot password".
  'user:changePassword': self,
  'user:delete': selfOrAdmin,
  'user:devices': selfOrAdmin,
  // Buying for an account (SMS bundles): the user, or staff on their behalf.
  'user:buy': selfOrAdmin,
  // A browser that gets the account's alarms: only the account holder adds one, never staff (not even while
  // impersonating), or someone else's alarms would reach their browser (docs/product/roles.md).
  'user:pushDevice': self,
  // Any signed-in user; which devices they may see and change is decided per device (devices/routes.ts).
  'device:use': anyone,
  'user:setEmail': isAdmin,
  'user:markVerified': isAdmin,
  'user:search': isAdmin,
  'mailbox:read': isAdmin,
  'simulator:control': isAdmin,
  // docs/product/roles.md: configuring firmware updates is an admin task, not the owner's.
  'device:fota': isAdmin,
  // docs/product/firmware-campaigns.md: rolling firmware out to a fleet is staff's, like a single update.
  'firmware:campaigns': isAdmin,
  // docs/product/admin.md "Trials and cancellation", "Device search", "Impersonation": staff tools, admins only.
  'device:trial': isAdmin,
  'device:cancel': isAdmin,
  'device:resetConsumption': isAdmin,
  'device:search': isAdmin,
  'user:impersonate': isAdmin,
  // docs/product/roles.md: a warranty is the account's own; staff may look at and register for any account.
  'warranty:register': selfOrAdmin,
  'warranty:list': selfOrAdmin,
  // Target: the account that registered it. The route answers 404 to anyone else, so a serial's existence stays private.
  'warranty:read': selfOrAdmin,
  // docs/product/admin.md "Warranty claims": who bought a disputed serial is decided by staff.
  'warranty:review': isAdmin,
  // docs/product/devices.md "Transfers": the offers to and from an account; staff may look. Answering one is for any
  // signed-in caller here, and the route answers 404 to all but the verified account whose address the offer names.
  'transfer:list': selfOrAdmin,
  'transfer:answer': anyone,
  // docs/product/admin.md "Audit log", "Notices", "Fleet statistics": staff only; public notices are for every user.
  'audit:read': isAdmin,
  'notice:manage': isAdmin,
  'notice:readPublic': anyone,
  'stats:read': isAdmin,
  // docs/product/api-keys.md: staff may see and revoke an account's keys (a leaked one), but only the account holder
  // makes one, never staff, not even while impersonating: a key is a lasting credential for the account.
  'apiKey:list': selfOrAdmin,
  'apiKey:create': self,
  'apiKey:revoke': selfOrAdmin,
  // docs/product/webhooks.md: an account's webhooks are its own; staff may look and help, like its devices.
  'webhook:manage': selfOrAdmin,
};

/** Pure rule: may this signed-in actor do the action? */
export function may(actor: Actor, action: Action, target: Target = {}): boolean {
  return RULES[action](actor, target);
}

/** The caller's session, if its user may do the action; else throws 401 (not signed in) or 403. */
export function authorize(request: FastifyRequest, action: Action, target: Target = {}): Session {
  const session = request.session;
  if (!session) throw unauthorized();
  if (!may(session.user, action, target)) throw forbidden();
  return session;
}
