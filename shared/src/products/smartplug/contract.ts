// SmartPlug on the wire (docs/product/devices.md, docs/product/api.md, docs/protocol.md): the representation, its reading and
// configuration, and its calls (registration, update, power, add-trial).
import { Type, type Static } from '@sinclair/typebox';
import { IsoTime } from '../../contract/common';
import {
  EnabledTriggered,
  Nullable,
  PriceId,
  RegisterImeiBody,
  Timer,
  TimeZone,
  TrialDaysBody,
  closed,
  configuredDeviceParts,
  metadataUpdateFields,
} from '../../contract/devices';
import { LOAD_ALARM_RANGE, TEMPERATURE_ALARM_RANGE } from '../../domain/alarms';
import { DAYS_PATTERN, THERMOSTAT_MAX_TRIGGERS, THERMOSTAT_TEMPERATURE_MAX, THERMOSTAT_TEMPERATURE_MIN } from '../../domain/timer';
import { plugFields, plugReadingFields } from '../plugContract';

const Bound = (range: { min: number; max: number }) => Type.Integer({ minimum: range.min, maximum: range.max });
const Bounds = Type.Object({ Enabled: Type.Boolean(), Triggered: Type.Boolean(), Lower: Type.Number(), Upper: Type.Number() });

/** A thermostat trigger (docs/product/devices.md): Days in the days syntax ('1,2,3'), Above (true above, false below), SetPowerEnabled (on/off). */
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

/** The thermostat; its triggers' Days are days of TimeZone's wall clock (UTC without one, the old form). */
export const Thermostat = Type.Object(
  { Enabled: Type.Boolean(), Triggers: Type.Array(ThermostatTrigger, { maxItems: THERMOSTAT_MAX_TRIGGERS }), TimeZone: Type.Optional(TimeZone) },
  closed,
);
export type Thermostat = Static<typeof Thermostat>;

/**
 * The thermostat as an update takes it: a trigger's Days also as an array of day numbers ([1, 2, 3], Sunday 0; docs/
 * product/api.md "Shapes accepted"), saved in the days syntax (server/src/devices/products/smartplug.ts).
 */
export const ThermostatUpdate = Type.Object(
  {
    Enabled: Type.Boolean(),
    Triggers: Type.Array(
      Type.Object(
        {
          ...ThermostatTrigger.properties,
          Days: Type.Union([
            Type.String({ pattern: DAYS_PATTERN }),
            Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
          ]),
        },
        closed,
      ),
      { maxItems: THERMOSTAT_MAX_TRIGGERS },
    ),
    TimeZone: Type.Optional(TimeZone),
  },
  closed,
);
export type ThermostatUpdate = Static<typeof ThermostatUpdate>;

export const Smartplug = Type.Object(
  {
    Product: Type.Literal('smartplug'),
    ...plugFields,
    /** °C (below -20 shows a dash), % — null before the first uplink. */
    Temperature: Nullable(Type.Number()),
    SignalStrength: Nullable(Type.Number()),
    LastUplinkAt: Nullable(IsoTime),
    PowerEnabled: Type.Boolean(),
    BeepEnabled: Type.Boolean(),
    LoadAlarm: Bounds,
    OfflineAlarm: EnabledTriggered,
    PowerFailureAlarm: EnabledTriggered,
    TemperatureRangeAlarm: Bounds,
    Timer,
    Thermostat,
    ...configuredDeviceParts,
  },
  { $id: 'Smartplug' },
);
export type Smartplug = Static<typeof Smartplug>;

/** Temperature in °C. */
export const SmartplugReading = Type.Object({ ...plugReadingFields, Temperature: Type.Number() });
export type SmartplugReading = Static<typeof SmartplugReading>;

const DeviceBounds = Type.Object({ Enabled: Type.Boolean(), Lower: Type.Number(), Upper: Type.Number() });
export const SmartplugDeviceConfig = Type.Object({
  BeepEnabled: Type.Boolean(),
  PowerFailureAlarmEnabled: Type.Boolean(),
  LoadAlarm: DeviceBounds,
  TemperatureRangeAlarm: DeviceBounds,
  Timer,
  Thermostat,
});
export type SmartplugDeviceConfig = Static<typeof SmartplugDeviceConfig>;

/** POST /users/{id}/smartplugs {Imei, Name}. */
export const RegisterSmartplugBody = RegisterImeiBody;
export type RegisterSmartplugBody = Static<typeof RegisterSmartplugBody>;

/** Load alarm (W); lower < upper is checked with domain/alarms checkLoadAlarm. */
export const LoadAlarmUpdate = Type.Object(
  { Enabled: Type.Boolean(), Lower: Bound(LOAD_ALARM_RANGE), Upper: Bound(LOAD_ALARM_RANGE) },
  closed,
);
/** Temperature range alarm (°C); lower < upper is checked with domain/alarms checkTemperatureAlarm. */
export const TemperatureRangeAlarmUpdate = Type.Object(
  { Enabled: Type.Boolean(), Lower: Bound(TEMPERATURE_ALARM_RANGE), Upper: Bound(TEMPERATURE_ALARM_RANGE) },
  closed,
);

/** PATCH /smartplugs/{imei}: every field optional; PriceId is the next plan ('' for None). */
export const UpdateSmartplugBody = Type.Object(
  {
    BeepEnabled: Type.Optional(Type.Boolean()),
    PowerFailureAlarmEnabled: Type.Optional(Type.Boolean()),
    LoadAlarm: Type.Optional(LoadAlarmUpdate),
    TemperatureRangeAlarm: Type.Optional(TemperatureRangeAlarmUpdate),
    Timer: Type.Optional(Timer),
    Thermostat: Type.Optional(ThermostatUpdate),
    PriceId: Type.Optional(PriceId),
    ...metadataUpdateFields,
  },
  closed,
);
export type UpdateSmartplugBody = Static<typeof UpdateSmartplugBody>;

/** PUT /smartplugs/{imei}/power-enabled {Enabled} (60 s time-out); returns the device. */
export const PowerEnabledBody = Type.Object({ Enabled: Type.Boolean() }, closed);
export type PowerEnabledBody = Static<typeof PowerEnabledBody>;

/**
 * The headers of a call that switches a plug (docs/protocol.md "Commands are idempotent"): an optional key of 1 to 255
 * visible ASCII characters naming one tap. A retried request with the same key sends no second command.
 */
export const CommandHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7E]+$',
      description:
        'Names this switch: a retried request with the same key (same caller, same plug) sends no second command and answers with the first one\'s result',
    }),
  ),
});

/** PUT /smartplugs/{imei}/trial {Days}. */
export const SmartplugTrialBody = TrialDaysBody;
export type SmartplugTrialBody = Static<typeof SmartplugTrialBody>;
