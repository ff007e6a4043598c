// SmartPlug2 on the wire (docs/product/devices.md, docs/product/api.md, docs/protocol.md): the representation, its reading and
// configuration, and its calls (registration and the PATCH of a subset; the power toggle sets DeviceConfig.OutputPower).
import { Type, type Static } from '@sinclair/typebox';
import { IsoTime } from '../../contract/common';
import {
  DeviceName,
  EnabledTriggered,
  Imei,
  MetadataUpdate,
  Nullable,
  SharedEmail,
  SubscriptionUpdate,
  Timer,
  TrialDaysBody,
  closed,
  configuredDeviceParts,
} from '../../contract/devices';
import { CONSUMPTION_LIMIT_KWH, LOAD_ALARM_RANGE } from '../../domain/alarms';
import { plugFields, plugReadingFields } from '../plugContract';

const Notification = Type.Object({ Enabled: Type.Boolean() }, closed);

/** The daily consumption limit (kWh, docs/product/products/smartplug2.md): more than 0, at most CONSUMPTION_LIMIT_KWH.max. */
const DailyLimitKWh = Type.Number({ exclusiveMinimum: 0, maximum: CONSUMPTION_LIMIT_KWH.max });

/**
 * The consumption notification: Triggered once the day's use passes DailyLimitKWh, until the day ends. `Day` is the
 * server's count of that day (read-only): its date on the plug's Timer.TimeZone (UTC without one) and the meter at
 * its first reading (after a reset of the meter: the value it started again from). A device registered before the
 * limit existed has none stored until its owner saves one: the default applies.
 */
const ConsumptionNotification = Type.Object({
  Enabled: Type.Boolean(),
  Triggered: Type.Boolean(),
  DailyLimitKWh: Type.Optional(DailyLimitKWh),
  Day: Type.Optional(Type.Object({ Date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), StartWh: Type.Number() })),
});

export const Smartplug2 = Type.Object(
  {
    Product: Type.Literal('smartplug2'),
    ...plugFields,
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
    ConsumptionNotification,
    PowerLoadAlarmNotification: EnabledTriggered,
    PowerFailureNotification: EnabledTriggered,
    Timer,
    ...configuredDeviceParts,
  },
  { $id: 'Smartplug2' },
);
export type Smartplug2 = Static<typeof Smartplug2>;

export const Smartplug2Reading = Type.Object(plugReadingFields);
export type Smartplug2Reading = Static<typeof Smartplug2Reading>;

export const Smartplug2DeviceConfig = Type.Object({
  AuditoryFeedback: Type.Boolean(),
  PowerLoadAlarm: Type.Object({ Lower: Type.Number(), Upper: Type.Number() }),
  Timer,
});
export type Smartplug2DeviceConfig = Static<typeof Smartplug2DeviceConfig>;

/** SmartPlug2 registration {Imei, Name, Owner}; Owner (an email) defaults to the caller. */
export const RegisterSmartplug2Body = Type.Object({ Imei, Name: DeviceName, Owner: Type.Optional(SharedEmail) }, closed);
export type RegisterSmartplug2Body = Static<typeof RegisterSmartplug2Body>;

/** Power-load bounds (W) of SmartPlug2; lower < upper is checked with domain/alarms checkLoadAlarm. */
export const PowerLoadBounds = Type.Object(
  {
    Lower: Type.Integer({ minimum: LOAD_ALARM_RANGE.min, maximum: LOAD_ALARM_RANGE.max }),
    Upper: Type.Integer({ minimum: LOAD_ALARM_RANGE.min, maximum: LOAD_ALARM_RANGE.max }),
  },
  closed,
);

/**
 * PATCH /smartplug2s/{imei}: every field optional, DeviceConfig's too (e.g. {DeviceConfig: {OutputPower: true}}). A
 * top-level OutputPower is the same switch (docs/product/api.md "Shapes accepted"); both given must agree.
 */
export const UpdateSmartplug2Body = Type.Object(
  {
    OutputPower: Type.Optional(Type.Boolean()),
    DeviceConfig: Type.Optional(
      Type.Object(
        {
          OutputPower: Type.Optional(Type.Boolean()),
          AuditoryFeedback: Type.Optional(Type.Boolean()),
          PowerLoadAlarm: Type.Optional(PowerLoadBounds),
        },
        closed,
      ),
    ),
    PowerLoadAlarmNotification: Type.Optional(Notification),
    PowerFailureNotification: Type.Optional(Notification),
    // The spec's {Enabled}, the limit, or both.
    ConsumptionNotification: Type.Optional(
      Type.Object({ Enabled: Type.Optional(Type.Boolean()), DailyLimitKWh: Type.Optional(DailyLimitKWh) }, closed),
    ),
    Timer: Type.Optional(Timer),
    Metadata: Type.Optional(MetadataUpdate),
    Subscription: Type.Optional(SubscriptionUpdate),
  },
  closed,
);
export type UpdateSmartplug2Body = Static<typeof UpdateSmartplug2Body>;

/** Add-trial {Days} (no SmartPlug2 admin screen in SPEC; same shape as the others). */
export const Smartplug2TrialBody = TrialDaysBody;
export type Smartplug2TrialBody = Static<typeof Smartplug2TrialBody>;
