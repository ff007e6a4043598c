// FarmCam SIM calls (SPEC §7): registration, update, add-trial.
import { Type, type Static } from '@sinclair/typebox';
import { TRIAL_BYTES_MAX, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../domain/subscription';
import { DeviceName, Imsi, PriceId, metadataUpdateFields } from './devices';

const closed = { additionalProperties: false } as const;

/** POST /users/{id}/farmcam-sims. */
export const RegisterFarmcamSimBody = Type.Object({ Imsi, Name: DeviceName }, closed);
export type RegisterFarmcamSimBody = Static<typeof RegisterFarmcamSimBody>;

/** PATCH /farmcam-sims/{imsi}: PriceId is the next plan ('' for None); every field optional. */
export const UpdateFarmcamSimBody = Type.Object({ PriceId: Type.Optional(PriceId), ...metadataUpdateFields }, closed);
export type UpdateFarmcamSimBody = Static<typeof UpdateFarmcamSimBody>;

/** PUT /farmcam-sims/{imsi}/trial: data in bytes (MB × 1,000,000, SPEC §5) and days. */
export const FarmcamSimTrialBody = Type.Object(
  {
    Bytes: Type.Integer({ minimum: 0, maximum: TRIAL_BYTES_MAX }),
    Days: Type.Integer({ minimum: TRIAL_DAYS_MIN, maximum: TRIAL_DAYS_MAX }),
  },
  closed,
);
export type FarmcamSimTrialBody = Static<typeof FarmcamSimTrialBody>;
