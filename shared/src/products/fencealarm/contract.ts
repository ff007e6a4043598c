// FenceAlarm on the wire (docs/product/devices.md, docs/product/api.md, docs/protocol.md): the representation, its reading and
// configuration, and its calls (registration, update, add-trial).
import { Type, type Static } from '@sinclair/typebox';
import { IsoTime } from '../../contract/common';
import {
  Nullable,
  PriceId,
  RegisterImeiBody,
  TrialDaysBody,
  Triggered,
  closed,
  configuredDeviceParts,
  metadataUpdateFields,
} from '../../contract/devices';
import { Amount, MeasuredAt } from '../../contract/deviceProtocol';
import { CALIBRATION_EXPECTED_VOLTAGE_MAX, CALIBRATION_SCALING_FACTOR_MAX, FENCEALARM_LEVELS } from '../../domain/alarms';

const Calibration = Type.Object({ Enabled: Type.Boolean(), ScalingFactor: Type.Number(), ExpectedVoltage: Type.Number() });

export const Fencealarm = Type.Object(
  {
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
    Calibration,
    ...configuredDeviceParts,
  },
  { $id: 'Fencealarm' },
);
export type Fencealarm = Static<typeof Fencealarm>;

/** Voltage and Battery in V, Rssi in dBm. */
export const FencealarmReading = Type.Object({ At: MeasuredAt, Voltage: Amount, Battery: Amount, Rssi: Type.Number() });
export type FencealarmReading = Static<typeof FencealarmReading>;

export const FencealarmDeviceConfig = Type.Object({
  AlarmEnabled: Type.Boolean(),
  /** V. */
  AlarmLevel: Type.Number(),
  Calibration,
});
export type FencealarmDeviceConfig = Static<typeof FencealarmDeviceConfig>;

/** POST /users/{id}/fencealarms {Imei, Name}. */
export const RegisterFencealarmBody = RegisterImeiBody;
export type RegisterFencealarmBody = Static<typeof RegisterFencealarmBody>;

/** docs/product/validation.md: 2000 to 8000 V in steps of 1000. */
export const FencealarmLevel = Type.Union(FENCEALARM_LEVELS.map((level) => Type.Literal(level)));

/** PATCH /fencealarms/{imei}: every field optional; PriceId is the next plan ('' for None). */
export const UpdateFencealarmBody = Type.Object(
  {
    VoltageAlarm: Type.Optional(Type.Object({ Enabled: Type.Boolean(), AlarmLevel: FencealarmLevel }, closed)),
    Calibration: Type.Optional(
      Type.Object(
        {
          Enabled: Type.Optional(Type.Boolean()),
          ScalingFactor: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: CALIBRATION_SCALING_FACTOR_MAX })),
          ExpectedVoltage: Type.Integer({ minimum: 0, maximum: CALIBRATION_EXPECTED_VOLTAGE_MAX }),
        },
        closed,
      ),
    ),
    PriceId: Type.Optional(PriceId),
    ...metadataUpdateFields,
  },
  closed,
);
export type UpdateFencealarmBody = Static<typeof UpdateFencealarmBody>;

/** PUT /fencealarms/{imei}/trial {Days}. */
export const FencealarmTrialBody = TrialDaysBody;
export type FencealarmTrialBody = Static<typeof FencealarmTrialBody>;
