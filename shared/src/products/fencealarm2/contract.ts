// FenceAlarm2 on the wire (docs/product/devices.md, docs/product/api.md, docs/protocol.md): the representation, its reading and
// configuration, and its calls (registration, update, FOTA, add-trial).
import { Type, type Static } from '@sinclair/typebox';
import { IsoTime } from '../../contract/common';
import {
  MetadataUpdate,
  Nullable,
  RegisterImeiBody,
  SubscriptionUpdate,
  TrialDaysBody,
  closed,
  configuredDeviceParts,
} from '../../contract/devices';
import { Amount, MeasuredAt } from '../../contract/deviceProtocol';
import { FENCEALARM2_THRESHOLDS } from '../../domain/alarms';

export const Fencealarm2 = Type.Object(
  {
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
    ...configuredDeviceParts,
  },
  { $id: 'Fencealarm2' },
);
export type Fencealarm2 = Static<typeof Fencealarm2>;

export const Fencealarm2Reading = Type.Object({ At: MeasuredAt, Voltage: Amount });
export type Fencealarm2Reading = Static<typeof Fencealarm2Reading>;

export const Fencealarm2DeviceConfig = Type.Object({ AlarmEnabled: Type.Boolean(), Threshold: Type.Number() });
export type Fencealarm2DeviceConfig = Static<typeof Fencealarm2DeviceConfig>;

/** POST /users/{id}/fencealarm2s {Imei, Name}. */
export const RegisterFencealarm2Body = RegisterImeiBody;
export type RegisterFencealarm2Body = Static<typeof RegisterFencealarm2Body>;

/** docs/product/validation.md: 1943, 3057, 3943, 5010, 5924, 6941, 7928 V. */
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

/** Add-trial {Days} (not in SPEC for FenceAlarm2; same shape as the others). */
export const Fencealarm2TrialBody = TrialDaysBody;
export type Fencealarm2TrialBody = Static<typeof Fencealarm2TrialBody>;
