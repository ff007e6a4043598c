// FarmCam SIM on the wire (docs/product/devices.md, docs/product/api.md): the representation, its reading and its calls (registration, update,
// add-trial). It takes no configuration; the server keeps its data account (data.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Metadata, DeviceName, Imsi, PriceId, RenewalState, Subscription, closed, metadataUpdateFields } from '../../contract/devices';
import { Amount, MeasuredAt } from '../../contract/deviceProtocol';
import { TRIAL_BYTES_MAX, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../../domain/subscription';
import { DATA_ALERT_THRESHOLD_MB_MAX, DATA_ALERT_THRESHOLD_MB_MIN } from './data';

/** docs/product/products/farmcam-sim.md Data alert: raised (Triggered) while RemainingData is below ThresholdMb × 1,000,000 bytes. */
export const DataAlert = Type.Object({
  Enabled: Type.Boolean(),
  ThresholdMb: Type.Integer({ minimum: DATA_ALERT_THRESHOLD_MB_MIN, maximum: DATA_ALERT_THRESHOLD_MB_MAX }),
  Triggered: Type.Boolean(),
});
export type DataAlert = Static<typeof DataAlert>;

export const FarmcamSim = Type.Object(
  {
    Product: Type.Literal('farmcam-sim'),
    Imsi: Type.String(),
    /** Bytes: DataLimit − UsedData, never below 0; below 1 is out of data. */
    RemainingData: Type.Number(),
    /** Bytes the network counted since the SIM was activated (the largest reported); null before the first reading. */
    UsedData: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    /** The usage count at which the data runs out: raised by every grant (trial, plan allowance, purchase). */
    DataLimit: Type.Optional(Type.Number()),
    /** Absent on a SIM registered before the alert existed: off. */
    DataAlert: Type.Optional(DataAlert),
    Subscription,
    Renewal: Type.Optional(RenewalState),
    Metadata,
  },
  { $id: 'FarmcamSim' },
);
export type FarmcamSim = Static<typeof FarmcamSim>;

/**
 * GET /farmcam-sims/{imsi}/data: the SIM's data account alone (docs/product/products/farmcam-sim.md Data account), for
 * the owner, users it is shared with and admins; the same values as the SIM's representation.
 */
export const FarmcamSimData = Type.Object({
  Imsi: Type.String(),
  RemainingData: Type.Number({ description: 'bytes: DataLimit − UsedData, never below 0' }),
  UsedData: Type.Union([Type.Number(), Type.Null()], { description: 'bytes the network counted; null before the first reading' }),
  DataLimit: Type.Number({
    description: 'bytes: the usage count at which the data runs out (a SIM older than the account: its RemainingData)',
  }),
  /** Absent on a SIM registered before the alert existed: off. */
  DataAlert: Type.Optional(DataAlert),
});
export type FarmcamSimData = Static<typeof FarmcamSimData>;

/** docs/protocol.md: the network's usage counter, bytes used since the SIM was activated (it never goes down). */
export const FarmcamSimReading = Type.Object({ At: MeasuredAt, UsedData: Amount });
export type FarmcamSimReading = Static<typeof FarmcamSimReading>;

/** POST /users/{id}/farmcam-sims. */
export const RegisterFarmcamSimBody = Type.Object({ Imsi, Name: DeviceName }, closed);
export type RegisterFarmcamSimBody = Static<typeof RegisterFarmcamSimBody>;

/** The owner's data alert on the update call: switched on or off and its threshold, each optional. */
export const DataAlertUpdate = Type.Object(
  {
    Enabled: Type.Optional(Type.Boolean()),
    ThresholdMb: Type.Optional(Type.Integer({ minimum: DATA_ALERT_THRESHOLD_MB_MIN, maximum: DATA_ALERT_THRESHOLD_MB_MAX })),
  },
  closed,
);
export type DataAlertUpdate = Static<typeof DataAlertUpdate>;

/** PATCH /farmcam-sims/{imsi}: PriceId is the next plan ('' for None), DataAlert the owner's alert; every field optional. */
export const UpdateFarmcamSimBody = Type.Object(
  { PriceId: Type.Optional(PriceId), DataAlert: Type.Optional(DataAlertUpdate), ...metadataUpdateFields },
  closed,
);
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
