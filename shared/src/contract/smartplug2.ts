// SmartPlug2 calls (SPEC §7): registration and the PATCH of a subset (the power toggle sets DeviceConfig.OutputPower).
import { Type, type Static } from '@sinclair/typebox';
import { DeviceName, Imei, MetadataUpdate, PowerLoadBounds, SharedEmail, SubscriptionUpdate, Timer, TrialDaysBody } from './devices';

const closed = { additionalProperties: false } as const;
const Notification = Type.Object({ Enabled: Type.Boolean() }, closed);

/** SmartPlug2 registration {Imei, Name, Owner}; Owner (an email) defaults to the caller. */
export const RegisterSmartplug2Body = Type.Object({ Imei, Name: DeviceName, Owner: Type.Optional(SharedEmail) }, closed);
export type RegisterSmartplug2Body = Static<typeof RegisterSmartplug2Body>;

/** PATCH /smartplug2s/{imei}: every field optional, DeviceConfig's too (e.g. {DeviceConfig: {OutputPower: true}}). */
export const UpdateSmartplug2Body = Type.Object(
  {
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
    ConsumptionNotification: Type.Optional(Notification),
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
