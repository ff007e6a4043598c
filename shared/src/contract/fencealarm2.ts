// FenceAlarm2 calls (SPEC §7): registration, update, FOTA.
import { Type, type Static } from '@sinclair/typebox';
import { FENCEALARM2_THRESHOLDS } from '../domain/alarms';
import { FOTA_CHECKSUM_PATTERN, FOTA_URL_MAX_LENGTH, FOTA_URL_PATTERN } from '../domain/firmware';
import { MetadataUpdate, RegisterImeiBody, SubscriptionUpdate, TrialDaysBody } from './devices';

const closed = { additionalProperties: false } as const;

/** POST /users/{id}/fencealarm2s {Imei, Name}. */
export const RegisterFencealarm2Body = RegisterImeiBody;
export type RegisterFencealarm2Body = Static<typeof RegisterFencealarm2Body>;

/** SPEC §5: 1943, 3057, 3943, 5010, 5924, 6941, 7928 V. */
export const Fencealarm2Threshold = Type.Union(FENCEALARM2_THRESHOLDS.map((t) => Type.Literal(t)));

/** PATCH /fencealarm2s/{imei}: every field optional; Subscription carries the next plan. */
export const UpdateFencealarm2Body = Type.Object(
  {
    VoltageAlarm: Type.Optional(Type.Object({ Enabled: Type.Boolean(), Threshold: Fencealarm2Threshold }, closed)),
    Metadata: Type.Optional(MetadataUpdate),
    Subscription: Type.Optional(SubscriptionUpdate),
  },
  closed,
);
export type UpdateFencealarm2Body = Static<typeof UpdateFencealarm2Body>;

/** PUT /fencealarm2s/{imei}/fota (admin): a coap://, coaps:// or https:// URL and a hexadecimal checksum. */
export const FotaBody = Type.Object(
  {
    Url: Type.String({ pattern: FOTA_URL_PATTERN, maxLength: FOTA_URL_MAX_LENGTH }),
    Checksum: Type.String({ pattern: FOTA_CHECKSUM_PATTERN }),
  },
  closed,
);
export type FotaBody = Static<typeof FotaBody>;

/** Add-trial {Days} (not in SPEC for FenceAlarm2; same shape as the others). */
export const Fencealarm2TrialBody = TrialDaysBody;
export type Fencealarm2TrialBody = Static<typeof Fencealarm2TrialBody>;
