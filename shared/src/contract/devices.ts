// The parts every product's representation and calls share (docs/product/devices.md, docs/product/api.md); each product's own are in
// products/<id>/contract.ts. PascalCase as on the wire. Bounds and patterns come from the domain constants, so the
// server validates by the screens' rules. Representations (replies) are open objects; request bodies are closed
// (additionalProperties: false).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from '../domain/account';
import { DEVICE_NAME_MAX_LENGTH, DEVICE_NAME_PATTERN, IMEI_PATTERN, IMSI_PATTERN } from '../domain/deviceKeys';
import { FOTA_CHECKSUM_PATTERN, FOTA_URL_MAX_LENGTH, FOTA_URL_PATTERN } from '../domain/firmware';
import { SHARING_MAX_EMAILS, TAGS_MAX } from '../domain/sharing';
import { TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../domain/subscription';
import { TIME_ZONE_MAX_LENGTH, TIME_ZONE_PATTERN, TIMER_ENTRY_MAX_LENGTH, TIMER_ENTRY_PATTERN, TIMER_MAX_SCHEDULES } from '../domain/timer';
import { GeoLocation, IsoTime } from './common';

/** Request bodies accept no other fields. */
export const closed = { additionalProperties: false } as const;
/** A value or null (null: no reading or report yet). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ---- Keys, names and lists ----------------------------------------------------------------------------------

export const Imei = Type.String({ pattern: IMEI_PATTERN });
export const Imsi = Type.String({ pattern: IMSI_PATTERN });
export const DeviceName = Type.String({ minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH, pattern: DEVICE_NAME_PATTERN });
/** An email in Access, Notify or Owner: trimmed and lowercased by the client, no format check (docs/product/validation.md). */
export const SharedEmail = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
export const EmailList = Type.Array(SharedEmail, { maxItems: SHARING_MAX_EMAILS, uniqueItems: true });
/**
 * A tag as sent: the system tags the client adds (docs/product/devices.md) include the owner's e-mail, so a tag may be as long as
 * an e-mail; the user's own tags are held to TAG_MAX_LENGTH by checkTags (domain/sharing) on both sides.
 */
export const Tag = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
/** All tags of a device, the two system tags included (docs/product/devices.md). */
export const TagList = Type.Array(Tag, { maxItems: TAGS_MAX + 2, uniqueItems: true });
/** A price id from the catalogue; '' chooses None (no plan, no renewal). */
export const PriceId = Type.String({ maxLength: 100 });

export const ImeiParams = Type.Object({ imei: Imei }, closed);
export type ImeiParams = Static<typeof ImeiParams>;
export const ImsiParams = Type.Object({ imsi: Imsi }, closed);
export type ImsiParams = Static<typeof ImsiParams>;

// ---- Common device parts (docs/product/devices.md) --------------------------------------------------------------------------

export const Metadata = Type.Object({
  Name: Type.String(),
  Tags: Type.Array(Type.String()),
  OwnerEmail: Type.String(),
  Access: Type.Array(Type.String()),
  Notify: Type.Array(Type.String()),
  /** The owner's user id. */
  Owner: Type.String(),
});
export type Metadata = Static<typeof Metadata>;

export const Subscription = Type.Object({
  Trialing: Type.Boolean(),
  /** When the subscription ends or renews; a device that never had one carries its registration time. */
  ExpiresAt: IsoTime,
  /** Current: the plan now ('' none). Next: the plan at renewal ('' none, docs/product/devices.md). */
  PriceIds: Type.Object({ Current: Type.String(), Next: Type.String() }),
});
export type Subscription = Static<typeof Subscription>;

/**
 * A declined renewal being retried (docs/product/billing.md "A declined renewal"): the plan and its alarms keep
 * working until RetryAt, the next try. Only in the owner's and staff's replies (the owner's money); absent otherwise.
 */
export const RenewalState = Type.Object({ PaymentFailed: Type.Literal(true), RetryAt: IsoTime });
export type RenewalState = Static<typeof RenewalState>;

/**
 * A timer entry: 'minute hour days' on the wall clock of the timer's TimeZone (UTC without one), or a sun entry
 * 'sunset+30 days' computed from the timer's Location (see domain/timer, domain/sun).
 */
export const ScheduleString = Type.String({ pattern: TIMER_ENTRY_PATTERN, maxLength: TIMER_ENTRY_MAX_LENGTH });
const Schedules = Type.Array(ScheduleString, { maxItems: TIMER_MAX_SCHEDULES, uniqueItems: true });
/** An IANA time zone ('Europe/Stockholm'); the server also checks that it is a known one (domain/timer isKnownTimeZone). */
export const TimeZone = Type.String({ pattern: TIME_ZONE_PATTERN, maxLength: TIME_ZONE_MAX_LENGTH });

/**
 * Timer of SmartPlug and SmartPlug2 (docs/product/devices.md): On switches on, Off switches off, at the times of
 * TimeZone's wall clock; a timer without TimeZone (the old form) is in UTC. Location: where sun entries' sunrise and
 * sunset are computed (required when there is one, docs/protocol.md "Sun entries").
 */
export const Timer = Type.Object(
  { Enabled: Type.Boolean(), On: Schedules, Off: Schedules, TimeZone: Type.Optional(TimeZone), Location: Type.Optional(GeoLocation) },
  closed,
);
export type Timer = Static<typeof Timer>;

/** An alarm without a switch: only whether it is triggered. */
export const Triggered = Type.Object({ Triggered: Type.Boolean() });

/**
 * Whether the device runs the settings last saved (see docs/protocol.md): Pending from a save until
 * the device reports the new configuration; AppliedAt when it last did (null: never yet). Not for FarmCam SIM.
 */
export const ConfigSync = Type.Object({ Pending: Type.Boolean(), AppliedAt: Nullable(IsoTime) });
export type ConfigSync = Static<typeof ConfigSync>;
/**
 * How the server hears from a device (docs/product/devices.md "Connection"): Offline as the offline sweep or the
 * device's last will judged it (any message clears it), and when it last sent anything (null: never, a device that
 * is waiting for its first report). Not for FarmCam SIM (the network reports it). Optional: older replies lack it.
 */
export const DeviceConnection = Type.Object({ Offline: Type.Boolean(), LastSeenAt: Nullable(IsoTime) });
export type DeviceConnection = Static<typeof DeviceConnection>;
/** The last fields of a configured product's representation (every product but FarmCam SIM). */
export const configuredDeviceParts = {
  ConfigSync: Type.Optional(ConfigSync),
  Connection: Type.Optional(DeviceConnection),
  Subscription,
  Renewal: Type.Optional(RenewalState),
  Metadata,
};

/** An alarm or notification the user switches on and off. */
export const EnabledTriggered = Type.Object({ Enabled: Type.Boolean(), Triggered: Type.Boolean() });

// ---- Bodies shared by several products (docs/product/api.md) --------------------------------------------------------------

/** POST /users/{id}/fencealarms, /fencealarm2s, /smartplugs. */
export const RegisterImeiBody = Type.Object({ Imei, Name: DeviceName }, closed);
export type RegisterImeiBody = Static<typeof RegisterImeiBody>;

/** Add-trial for all but FarmCam SIM (docs/product/validation.md, docs/product/api.md). */
export const TrialDaysBody = Type.Object({ Days: Type.Integer({ minimum: TRIAL_DAYS_MIN, maximum: TRIAL_DAYS_MAX }) }, closed);
export type TrialDaysBody = Static<typeof TrialDaysBody>;

/** The metadata a user edits: name, sharing, tags, owner (the new owner's email, one of Access). */
export const metadataUpdateFields = {
  Name: Type.Optional(DeviceName),
  Access: Type.Optional(EmailList),
  Notify: Type.Optional(EmailList),
  Tags: Type.Optional(TagList),
  Owner: Type.Optional(SharedEmail),
};
export const MetadataUpdate = Type.Object(metadataUpdateFields, closed);
export type MetadataUpdate = Static<typeof MetadataUpdate>;

/**
 * The next plan of the newer products' update bodies: {PriceId} (a price id, '' for None), or the Subscription as it
 * is read, sent back (docs/product/api.md "Shapes accepted"): its PriceIds.Next is the next plan, changed only when it
 * differs from the stored one; Trialing, ExpiresAt and PriceIds.Current are the server's and ignored. One of PriceId
 * and PriceIds (server/src/devices/changes.ts nextPlanOf).
 */
export const SubscriptionUpdate = Type.Object(
  {
    PriceId: Type.Optional(PriceId),
    Trialing: Type.Optional(Type.Boolean()),
    ExpiresAt: Type.Optional(IsoTime),
    PriceIds: Type.Optional(Type.Object({ Current: Type.Optional(PriceId), Next: PriceId }, closed)),
  },
  closed,
);
export type SubscriptionUpdate = Static<typeof SubscriptionUpdate>;

/**
 * GET|PUT {collection}/{key}/alarm-channels: the caller's own choice of channels for this device's alarms (each
 * also needs the account's switch: EmailNotifications.Device, SmsNotifications with a balance, PushNotifications).
 */
export const AlarmChannels = Type.Object({ Email: Type.Boolean(), Sms: Type.Boolean(), Push: Type.Boolean() });
export type AlarmChannels = Static<typeof AlarmChannels>;
export const AlarmChannelsBody = Type.Object({ Email: Type.Boolean(), Sms: Type.Boolean(), Push: Type.Boolean() }, closed);
export type AlarmChannelsBody = Static<typeof AlarmChannelsBody>;

/** PUT /{collection}/{imei}/fota (admin; products whose info says `firmwareUpdates`): a coap://, coaps:// or https:// URL and the image's SHA-256 (64 hex digits). */
export const FotaBody = Type.Object(
  {
    Url: Type.String({ pattern: FOTA_URL_PATTERN, maxLength: FOTA_URL_MAX_LENGTH }),
    Checksum: Type.String({ pattern: FOTA_CHECKSUM_PATTERN }),
  },
  closed,
);
export type FotaBody = Static<typeof FotaBody>;
