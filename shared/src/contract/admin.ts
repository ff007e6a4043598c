// The admin area's calls (docs/product/api.md "Admin"): impersonation, device search, notices, the audit log and
// fleet statistics. Trials, cancellations, FOTA and the consumption reset are device calls (contract/devices.ts
// and the products' contracts). Replies are open objects; queries and bodies are closed.
import { Type, type Static } from '@sinclair/typebox';
import { NOTIFIED_ALARMS } from '../domain/alarmNotifications';
import { PRODUCT_IDS, type ProductId } from '../products/ids';
import { Id, IsoTime } from './common';
import { closed, Nullable } from './devices';

// ---- Payment provider ------------------------------------------------------------------------------------------

/** GET /admin/payment-provider: who takes the money (PAYMENT_PROVIDER), so the user page links only to a real dashboard. */
export const AdminPaymentProvider = Type.Object({ Provider: Type.Union([Type.Literal('builtin'), Type.Literal('stripe')]) });
export type AdminPaymentProvider = Static<typeof AdminPaymentProvider>;

// ---- Impersonation ---------------------------------------------------------------------------------------------

// The impersonation header (IMPERSONATION_HEADER) is in headers.ts, with no schema beside it.
export { IMPERSONATION_HEADER } from './headers';

/** `key` of GET /admin/impersonate: a product's key type (its id without dashes: `farmcamsim`…) or `id` / `email`. */
export const IMPERSONATE_DEVICE_KEYS = PRODUCT_IDS.map((id) => id.replace(/-/g, '')) as ImpersonateDeviceKey[];
export type ImpersonateDeviceKey = 'farmcamsim' | 'fencealarm' | 'fencealarm2' | 'smartplug' | 'smartplug2';
export const IMPERSONATE_KEYS = [...IMPERSONATE_DEVICE_KEYS, 'id', 'email'] as const;
export type ImpersonateKey = ImpersonateDeviceKey | 'id' | 'email';

/** The product whose devices an impersonation key names (`farmcamsim` → `farmcam-sim`). */
export function productOfImpersonateKey(key: ImpersonateKey): ProductId | null {
  return PRODUCT_IDS.find((id) => id.replace(/-/g, '') === key) ?? null;
}

export const ImpersonateQuery = Type.Object(
  {
    key: Type.Union(IMPERSONATE_KEYS.map((k) => Type.Literal(k))),
    value: Type.String({ minLength: 1, maxLength: 254 }),
  },
  closed,
);
export type ImpersonateQuery = Static<typeof ImpersonateQuery>;

/** POST /admin/impersonate/stop: ends impersonating this user (recorded in the audit log). */
export const StopImpersonatingBody = Type.Object({ UserId: Id }, closed);
export type StopImpersonatingBody = Static<typeof StopImpersonatingBody>;

// ---- Device search ---------------------------------------------------------------------------------------------

export const ADMIN_SEARCH_PAGE_SIZE = 25;
export const ADMIN_SEARCH_PAGE_MAX = 100;

export const AdminDeviceSearchParams = Type.Object({ product: Type.Union(PRODUCT_IDS.map((p) => Type.Literal(p))) }, closed);
export type AdminDeviceSearchParams = Static<typeof AdminDeviceSearchParams>;

/**
 * GET /admin/devices/{product}: registered devices of one product, by key order. `key`: the key starts with it;
 * `owner`: the owner's e-mail starts with it (any letter case); `after`: the last key of the previous page.
 */
export const AdminDeviceSearchQuery = Type.Object(
  {
    key: Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9]*$' })),
    owner: Type.Optional(Type.String({ maxLength: 254 })),
    after: Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9]*$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_SEARCH_PAGE_MAX })),
  },
  closed,
);
export type AdminDeviceSearchQuery = Static<typeof AdminDeviceSearchQuery>;

export const AdminDeviceSummary = Type.Object({
  Key: Type.String(),
  Product: Type.String(),
  Name: Type.String(),
  OwnerEmail: Type.String(),
  Owner: Type.String(),
  RegisteredAt: IsoTime,
  Online: Type.Boolean(),
});
export type AdminDeviceSummary = Static<typeof AdminDeviceSummary>;

export const AdminDevicePage = Type.Object({
  Devices: Type.Array(AdminDeviceSummary),
  /** The `after` of the next page; null on the last one. */
  Next: Nullable(Type.String()),
});
export type AdminDevicePage = Static<typeof AdminDevicePage>;

// ---- Notices ---------------------------------------------------------------------------------------------------

/** A notice text is plain text (shown as text, never HTML), up to this many characters. */
export const NOTICE_TEXT_MAX_LENGTH = 1000;
const NoticeText = Type.String({ maxLength: NOTICE_TEXT_MAX_LENGTH });

export const Notice = Type.Object({
  Id: Type.String(),
  Public: Type.Boolean(),
  English: Type.String(),
  French: Type.String(),
  German: Type.String(),
  Swedish: Type.String(),
  CreatedAt: IsoTime,
  UpdatedAt: IsoTime,
});
export type Notice = Static<typeof Notice>;
export const NoticeList = Type.Array(Notice);

/** POST /notices: a new notice, or with `Id` a change to that one. English is required; the others may be empty. */
export const NoticeBody = Type.Object(
  {
    Id: Type.Optional(Id),
    Public: Type.Boolean(),
    English: Type.String({ minLength: 1, maxLength: NOTICE_TEXT_MAX_LENGTH }),
    French: Type.Optional(NoticeText),
    German: Type.Optional(NoticeText),
    Swedish: Type.Optional(NoticeText),
  },
  closed,
);
export type NoticeBody = Static<typeof NoticeBody>;

/** GET /notices (admins: all) or GET /notices?public (signed-in users: the public ones). */
export const NoticesQuery = Type.Object({ public: Type.Optional(Type.String({ maxLength: 10 })) }, closed);
export type NoticesQuery = Static<typeof NoticesQuery>;
export const NoticeIdParams = Type.Object({ id: Id }, closed);
export type NoticeIdParams = Static<typeof NoticeIdParams>;

// ---- Audit log -------------------------------------------------------------------------------------------------

/** What a staff member did; `call` is any other call made while impersonating. */
export const AUDIT_ACTIONS = [
  'impersonation.start',
  'impersonation.stop',
  'call',
  'user.email',
  'user.verify',
  'device.trial',
  'device.cancel',
  'device.fota',
  'device.consumption-reset',
  'billing.portal-card',
  'notice.save',
  'notice.delete',
  'warranty.accept',
  'warranty.reject',
  'firmware.create',
  'firmware.pause',
  'firmware.resume',
  'firmware.cancel',
  'firmware.stage-failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const AuditPerson = Type.Object({ Id: Type.String(), Email: Type.String() });

export const AuditEntry = Type.Object({
  Id: Type.String(),
  At: IsoTime,
  Action: Type.Union(AUDIT_ACTIONS.map((a) => Type.Literal(a))),
  /** The staff member. */
  Staff: AuditPerson,
  /** The user the staff member was acting as (impersonation), or null. */
  ActingAs: Nullable(AuditPerson),
  /** The call: method, path (with its query) and the status it was answered with. */
  Method: Type.String(),
  Path: Type.String(),
  Status: Type.Integer(),
  /** What the call was about: a user id, a device key, a notice id (each when it applies). */
  UserId: Nullable(Type.String()),
  DeviceKey: Nullable(Type.String()),
  NoticeId: Nullable(Type.String()),
  /** The thing as it was before and after the call (null where there was none). Secrets are never stored. */
  Before: Type.Unknown(),
  After: Type.Unknown(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AUDIT_PAGE_SIZE = 50;

/** GET /admin/audit: newest first, filtered by staff member, user (acted as or acted on), device and time; paged by `before` (an entry id). */
export const AuditQuery = Type.Object(
  {
    staff: Type.Optional(Type.String({ maxLength: 254 })),
    user: Type.Optional(Type.String({ maxLength: 254 })),
    device: Type.Optional(Type.String({ maxLength: 20 })),
    from: Type.Optional(IsoTime),
    to: Type.Optional(IsoTime),
    before: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  closed,
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Type.Object({ Entries: Type.Array(AuditEntry), Next: Nullable(Type.String()) });
export type AuditPage = Static<typeof AuditPage>;

// ---- Fleet statistics ------------------------------------------------------------------------------------------

const Count = Type.Integer({ minimum: 0 });

export const FleetStats = Type.Object({
  At: IsoTime,
  Users: Type.Object({ Total: Count, Verified: Count, Active30Days: Count }),
  /** Per product: manufactured and not registered, registered, and of those online / offline. */
  Devices: Type.Array(Type.Object({ Product: Type.String(), Inventory: Count, Registered: Count, Online: Count, Offline: Count })),
  /** Alarms triggered now, by kind (the alarm codes of docs/product/devices.md). */
  AlarmsNow: Type.Array(Type.Object({ Kind: Type.Union(NOTIFIED_ALARMS.map((a) => Type.Literal(a))), Count })),
  Subscriptions: Type.Array(Type.Object({ Product: Type.String(), Active: Count, Trial: Count, Ended: Count })),
  /** Readings stored per hour over the last 7 days (hours with none included as 0), oldest first. */
  ReadingsPerHour: Type.Array(Type.Object({ Hour: IsoTime, Count })),
  /** Notifications sent per channel (email, sms, push) per day over the last 30 days, oldest first. */
  NotificationsPerDay: Type.Array(Type.Object({ Day: Type.String(), Channel: Type.String(), Count })),
  /** SMS bundles sold (all time) and the SMS they hold. */
  SmsSold: Type.Object({ Bundles: Count, Messages: Count }),
});
export type FleetStats = Static<typeof FleetStats>;
