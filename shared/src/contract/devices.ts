// Device representations (SPEC §3) and the parts every product's calls share (SPEC §7). PascalCase as on the
// wire. Bounds and patterns come from the domain constants, so the server validates by the screens' rules.
// Representations (replies) are open objects; request bodies are closed (additionalProperties: false).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from '../domain/account';
import { LOAD_ALARM_RANGE } from '../domain/alarms';
import { DEVICE_NAME_MAX_LENGTH, DEVICE_NAME_PATTERN, IMEI_PATTERN, IMSI_PATTERN, PRODUCT_IDS } from '../domain/products';
import { SHARING_MAX_EMAILS, TAGS_MAX } from '../domain/sharing';
import { TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../domain/subscription';
import {
  DAYS_PATTERN,
  SCHEDULE_MAX_LENGTH,
  SCHEDULE_PATTERN,
  THERMOSTAT_MAX_TRIGGERS,
  THERMOSTAT_TEMPERATURE_MAX,
  THERMOSTAT_TEMPERATURE_MIN,
  TIMER_MAX_SCHEDULES,
} from '../domain/timer';
import { IsoTime } from './common';

const closed = { additionalProperties: false } as const;
/** A value or null (null: no reading or report yet). */
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ---- Keys, names and lists ----------------------------------------------------------------------------------

export const ProductId = Type.Union(PRODUCT_IDS.map((p) => Type.Literal(p)));
export const Imei = Type.String({ pattern: IMEI_PATTERN });
export const Imsi = Type.String({ pattern: IMSI_PATTERN });
export const DeviceName = Type.String({ minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH, pattern: DEVICE_NAME_PATTERN });
/** An email in Access, Notify or Owner: trimmed and lowercased by the client, no format check (SPEC §5). */
export const SharedEmail = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
export const EmailList = Type.Array(SharedEmail, { maxItems: SHARING_MAX_EMAILS, uniqueItems: true });
/**
 * A tag as sent: the system tags the client adds (SPEC §3) include the owner's e-mail, so a tag may be as long as
 * an e-mail; the user's own tags are held to TAG_MAX_LENGTH by checkTags (domain/sharing) on both sides.
 */
export const Tag = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
/** All tags of a device, the two system tags included (SPEC §3). */
export const TagList = Type.Array(Tag, { maxItems: TAGS_MAX + 2, uniqueItems: true });
/** A price id from the catalogue; '' chooses None (no plan, no renewal). */
export const PriceId = Type.String({ maxLength: 100 });

export const ImeiParams = Type.Object({ imei: Imei }, closed);
export type ImeiParams = Static<typeof ImeiParams>;
export const ImsiParams = Type.Object({ imsi: Imsi }, closed);
export type ImsiParams = Static<typeof ImsiParams>;

// ---- Common device parts (SPEC §3) --------------------------------------------------------------------------

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
  /** Current: the plan now ('' none). Next: the plan at renewal ('' none, SPEC §3). */
  PriceIds: Type.Object({ Current: Type.String(), Next: Type.String() }),
});
export type Subscription = Static<typeof Subscription>;

/** A timer entry: 'minute hour days' in UTC (see domain/timer). */
export const ScheduleString = Type.String({ pattern: SCHEDULE_PATTERN, maxLength: SCHEDULE_MAX_LENGTH });
const Schedules = Type.Array(ScheduleString, { maxItems: TIMER_MAX_SCHEDULES, uniqueItems: true });

/** Timer of SmartPlug and SmartPlug2 (SPEC §3): On switches on, Off switches off. */
export const Timer = Type.Object({ Enabled: Type.Boolean(), On: Schedules, Off: Schedules }, closed);
export type Timer = Static<typeof Timer>;

/** A thermostat trigger (SPEC §3): Days in the days syntax ('1,2,3'), Above (true above, false below), SetPowerEnabled (on/off). */
export const ThermostatTrigger = Type.Object(
  {
    Days: Type.String({ pattern: DAYS_PATTERN }),
    Above: Type.Boolean(),
    Temperature: Type.Integer({ minimum: THERMOSTAT_TEMPERATURE_MIN, maximum: THERMOSTAT_TEMPERATURE_MAX }),
    SetPowerEnabled: Type.Boolean(),
  },
  closed,
);
export type ThermostatTrigger = Static<typeof ThermostatTrigger>;

export const Thermostat = Type.Object(
  { Enabled: Type.Boolean(), Triggers: Type.Array(ThermostatTrigger, { maxItems: THERMOSTAT_MAX_TRIGGERS }) },
  closed,
);
export type Thermostat = Static<typeof Thermostat>;

/** Power-load bounds (W) of SmartPlug2; lower < upper is checked with domain/alarms checkLoadAlarm. */
export const PowerLoadBounds = Type.Object(
  {
    Lower: Type.Integer({ minimum: LOAD_ALARM_RANGE.min, maximum: LOAD_ALARM_RANGE.max }),
    Upper: Type.Integer({ minimum: LOAD_ALARM_RANGE.min, maximum: LOAD_ALARM_RANGE.max }),
  },
  closed,
);

const Triggered = Type.Object({ Triggered: Type.Boolean() });

/**
 * Whether the device runs the settings last saved (see server/src/devices/PROTOCOL.md): Pending from a save until
 * the device reports the new configuration; AppliedAt when it last did (null: never yet). Not for FarmCam SIM.
 */
export const ConfigSync = Type.Object({ Pending: Type.Boolean(), AppliedAt: Nullable(IsoTime) });
export type ConfigSync = Static<typeof ConfigSync>;
const EnabledTriggered = Type.Object({ Enabled: Type.Boolean(), Triggered: Type.Boolean() });

// ---- Representations (SPEC §3); `Product` tells the items apart ----------------------------------------------

export const FarmcamSim = Type.Object({
  Product: Type.Literal('farmcam-sim'),
  Imsi: Type.String(),
  /** Bytes; below 1 is out of data. */
  RemainingData: Type.Number(),
  Subscription,
  Metadata,
});
export type FarmcamSim = Static<typeof FarmcamSim>;

export const Fencealarm = Type.Object({
  Product: Type.Literal('fencealarm'),
  Imei: Type.String(),
  /** The last report; null before the first. Voltage in V, Battery in V, Rssi in dBm. */
  LastReport: Nullable(
    Type.Object({
      Timestamp: IsoTime,
      Data: Type.Object({ Voltage: Type.Number(), Battery: Type.Number(), Rssi: Type.Number() }),
    }),
  ),
  /** The alarm level the device has confirmed. */
  Config: Type.Object({ AlarmLevel: Type.Number() }),
  LowBatteryAlarm: Triggered,
  OfflineAlarm: Triggered,
  VoltageAlarm: Type.Object({ Enabled: Type.Boolean(), Triggered: Type.Boolean(), AlarmLevel: Type.Number() }),
  Calibration: Type.Object({ Enabled: Type.Boolean(), ScalingFactor: Type.Number(), ExpectedVoltage: Type.Number() }),
  ConfigSync: Type.Optional(ConfigSync),
  Subscription,
  Metadata,
});
export type Fencealarm = Static<typeof Fencealarm>;

export const Fencealarm2 = Type.Object({
  Product: Type.Literal('fencealarm2'),
  Imei: Type.String(),
  /** V; null before the first uplink. */
  Voltage: Nullable(Type.Number()),
  VoltageAlarm: Type.Object({ Enabled: Type.Boolean(), Triggered: Type.Boolean(), Threshold: Type.Number() }),
  LastUplinkAt: Nullable(IsoTime),
  /**
   * Firmware version (from the device's status) and an over-the-air update under way (admin FOTA): requested, then
   * as the device reports it; null once done or failed. LastError: why the last update failed (null: it did not).
   */
  Firmware: Type.Optional(
    Type.Object({
      Version: Type.String(),
      Pending: Nullable(
        Type.Object({
          Url: Type.String(),
          Checksum: Type.String(),
          RequestedAt: IsoTime,
          Status: Type.Union(['requested', 'downloading', 'installing'].map((status) => Type.Literal(status))),
          Progress: Type.Number(),
        }),
      ),
      LastError: Type.Optional(Nullable(Type.String())),
    }),
  ),
  ConfigSync: Type.Optional(ConfigSync),
  Subscription,
  Metadata,
});
export type Fencealarm2 = Static<typeof Fencealarm2>;

export const Smartplug = Type.Object({
  Product: Type.Literal('smartplug'),
  Imei: Type.String(),
  /** W, Wh, °C (below -20 shows a dash), % — null before the first uplink. */
  Load: Nullable(Type.Number()),
  Consumption: Nullable(Type.Number()),
  Temperature: Nullable(Type.Number()),
  SignalStrength: Nullable(Type.Number()),
  LastUplinkAt: Nullable(IsoTime),
  PowerEnabled: Type.Boolean(),
  BeepEnabled: Type.Boolean(),
  LoadAlarm: Type.Object({ Enabled: Type.Boolean(), Triggered: Type.Boolean(), Lower: Type.Number(), Upper: Type.Number() }),
  OfflineAlarm: EnabledTriggered,
  PowerFailureAlarm: EnabledTriggered,
  TemperatureRangeAlarm: Type.Object({
    Enabled: Type.Boolean(),
    Triggered: Type.Boolean(),
    Lower: Type.Number(),
    Upper: Type.Number(),
  }),
  Timer,
  Thermostat,
  ConfigSync: Type.Optional(ConfigSync),
  Subscription,
  Metadata,
});
export type Smartplug = Static<typeof Smartplug>;

export const Smartplug2 = Type.Object({
  Product: Type.Literal('smartplug2'),
  Imei: Type.String(),
  Load: Nullable(Type.Number()),
  Consumption: Nullable(Type.Number()),
  SignalStrength: Nullable(Type.Number()),
  LastUploadAt: Nullable(IsoTime),
  ConnectionLost: Type.Boolean(),
  /** The relay as last reported; DeviceConfig.OutputPower is what was asked for. */
  PowerEnabled: Type.Boolean(),
  DeviceConfig: Type.Object({
    OutputPower: Type.Boolean(),
    AuditoryFeedback: Type.Boolean(),
    PowerLoadAlarm: Type.Object({ Lower: Type.Number(), Upper: Type.Number() }),
  }),
  ConsumptionNotification: EnabledTriggered,
  PowerLoadAlarmNotification: EnabledTriggered,
  PowerFailureNotification: EnabledTriggered,
  Timer,
  ConfigSync: Type.Optional(ConfigSync),
  Subscription,
  Metadata,
});
export type Smartplug2 = Static<typeof Smartplug2>;

/** Any device; narrow on `Product`. */
export const Device = Type.Union([FarmcamSim, Fencealarm, Fencealarm2, Smartplug, Smartplug2]);
export type Device = Static<typeof Device>;
/** The device of one product. */
export type DeviceOf<P extends Device['Product']> = Extract<Device, { Product: P }>;

/** GET /users/{id}/devices (SPEC §3, §7). */
export const DeviceList = Type.Object({
  FarmcamSims: Type.Array(FarmcamSim),
  Fencealarms: Type.Array(Fencealarm),
  Fencealarm2s: Type.Array(Fencealarm2),
  Smartplugs: Type.Array(Smartplug),
  Smartplug2s: Type.Array(Smartplug2),
});
export type DeviceList = Static<typeof DeviceList>;

// ---- Bodies shared by several products (SPEC §7) --------------------------------------------------------------

/** POST /users/{id}/fencealarms, /fencealarm2s, /smartplugs. */
export const RegisterImeiBody = Type.Object({ Imei, Name: DeviceName }, closed);
export type RegisterImeiBody = Static<typeof RegisterImeiBody>;

/** Add-trial for all but FarmCam SIM (SPEC §5, §7). */
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

/** The next plan of the newer products' update bodies: a price id, '' for None. */
export const SubscriptionUpdate = Type.Object({ PriceId }, closed);
export type SubscriptionUpdate = Static<typeof SubscriptionUpdate>;

/**
 * GET|PUT {collection}/{key}/alarm-channels: the caller's own choice of channels for this device's alarms (each
 * also needs the account's switch: EmailNotifications.Device, SmsNotifications with a balance, PushNotifications).
 */
export const AlarmChannels = Type.Object({ Email: Type.Boolean(), Sms: Type.Boolean(), Push: Type.Boolean() });
export type AlarmChannels = Static<typeof AlarmChannels>;
export const AlarmChannelsBody = Type.Object({ Email: Type.Boolean(), Sms: Type.Boolean(), Push: Type.Boolean() }, closed);
export type AlarmChannelsBody = Static<typeof AlarmChannelsBody>;
