// FenceAlarm calls (SPEC §7): registration, update, add-trial.
import { Type, type Static } from '@sinclair/typebox';
import { CALIBRATION_EXPECTED_VOLTAGE_MAX, CALIBRATION_SCALING_FACTOR_MAX, FENCEALARM_LEVELS } from '../domain/alarms';
import { PriceId, RegisterImeiBody, TrialDaysBody, metadataUpdateFields } from './devices';

const closed = { additionalProperties: false } as const;

/** POST /users/{id}/fencealarms {Imei, Name}. */
export const RegisterFencealarmBody = RegisterImeiBody;
export type RegisterFencealarmBody = Static<typeof RegisterFencealarmBody>;

/** SPEC §5: 2000 to 8000 V in steps of 1000. */
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
