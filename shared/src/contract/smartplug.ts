// SmartPlug calls (SPEC §7): registration, update, power, add-trial.
import { Type, type Static } from '@sinclair/typebox';
import { LOAD_ALARM_RANGE, TEMPERATURE_ALARM_RANGE } from '../domain/alarms';
import { PriceId, RegisterImeiBody, Thermostat, Timer, TrialDaysBody, metadataUpdateFields } from './devices';

const closed = { additionalProperties: false } as const;
const Bound = (range: { min: number; max: number }) => Type.Integer({ minimum: range.min, maximum: range.max });

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
    Thermostat: Type.Optional(Thermostat),
    PriceId: Type.Optional(PriceId),
    ...metadataUpdateFields,
  },
  closed,
);
export type UpdateSmartplugBody = Static<typeof UpdateSmartplugBody>;

/** PUT /smartplugs/{imei}/power-enabled {Enabled} (60 s time-out); returns the device. */
export const PowerEnabledBody = Type.Object({ Enabled: Type.Boolean() }, closed);
export type PowerEnabledBody = Static<typeof PowerEnabledBody>;

/** PUT /smartplugs/{imei}/trial {Days}. */
export const SmartplugTrialBody = TrialDaysBody;
export type SmartplugTrialBody = Static<typeof SmartplugTrialBody>;
