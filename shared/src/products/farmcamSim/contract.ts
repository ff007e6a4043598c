// FarmCam SIM on the wire (docs/product/devices.md, docs/product/api.md): the representation, its reading and its calls (registration, update,
// add-trial). It takes no configuration.
import { Type, type Static } from '@sinclair/typebox';
import { Metadata, DeviceName, Imsi, PriceId, Subscription, closed, metadataUpdateFields } from '../../contract/devices';
import { Amount, MeasuredAt } from '../../contract/deviceProtocol';
import { TRIAL_BYTES_MAX, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../../domain/subscription';

export const FarmcamSim = Type.Object({
  Product: Type.Literal('farmcam-sim'),
  Imsi: Type.String(),
  /** Bytes; below 1 is out of data. */
  RemainingData: Type.Number(),
  Subscription,
  Metadata,
});
export type FarmcamSim = Static<typeof FarmcamSim>;

export const FarmcamSimReading = Type.Object({ At: MeasuredAt, RemainingData: Amount });
export type FarmcamSimReading = Static<typeof FarmcamSimReading>;

/** POST /users/{id}/farmcam-sims. */
export const RegisterFarmcamSimBody = Type.Object({ Imsi, Name: DeviceName }, closed);
export type RegisterFarmcamSimBody = Static<typeof RegisterFarmcamSimBody>;

/** PATCH /farmcam-sims/{imsi}: PriceId is the next plan ('' for None); every field optional. */
export const UpdateFarmcamSimBody = Type.Object({ PriceId: Type.Optional(PriceId), ...metadataUpdateFields }, closed);
export type UpdateFarmcamSimBody = Static<typeof UpdateFarmcamSimBody>;

/** PUT /farmcam-sims/{imsi}/trial: data in bytes (MB × 1,000,000, docs/product/validation.md) and days. */
export const FarmcamSimTrialBody = Type.Object(
  {
    Bytes: Type.Integer({ minimum: 0, maximum: TRIAL_BYTES_MAX }),
    Days: Type.Integer({ minimum: TRIAL_DAYS_MIN, maximum: TRIAL_DAYS_MAX }),
  },
  closed,
);
export type FarmcamSimTrialBody = Static<typeof FarmcamSimTrialBody>;
