// The alarm log on the wire (docs/product/alarm-log.md, docs/product/api.md "Alarm log"): GET /users/{id}/alarms, the
// occurrences of the alarms of every device the account owns or is shared with, newest first, paged; and POST
// /alarms/{id}/acknowledge, which stops that occurrence's reminders for everyone.
import { Type, type Static } from '@sinclair/typebox';
import { NOTIFIED_ALARMS } from '../domain/alarmNotifications';
import { ProductId } from '../products';
import { closed, Nullable } from './devices';
import { Email, IsoTime } from './common';

export const ALARM_LOG_PAGE_SIZE = 20;
/** `Next` of a page: the raise time (ms) and id of its last occurrence. */
export const ALARM_LOG_CURSOR_PATTERN = '^[0-9]{1,15}_[0-9a-f-]{36}$';

export const AlarmLogQuery = Type.Object(
  {
    /** Only this device (its IMEI or IMSI). */
    device: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$' })),
    /** Only occurrences raised at or after this time. */
    from: Type.Optional(IsoTime),
    /** The `Next` of the page before. */
    cursor: Type.Optional(Type.String({ pattern: ALARM_LOG_CURSOR_PATTERN })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  closed,
);
export type AlarmLogQuery = Static<typeof AlarmLogQuery>;

export const AlarmOccurrenceParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, closed);
export type AlarmOccurrenceParams = Static<typeof AlarmOccurrenceParams>;

const Person = Type.Object({ Name: Type.String(), Email });

/** One notification of an occurrence: who, by which channel, about what, and whether it reached the provider. */
export const AlarmDelivery = Type.Object({
  /** Null: someone the device is no longer shared with (not named to its readers now). */
  To: Nullable(Person),
  Channel: Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('push')]),
  Event: Type.Union([Type.Literal('triggered'), Type.Literal('cleared'), Type.Literal('reminder')]),
  At: IsoTime,
  /** pending: not sent yet (or being retried); skipped: nothing was sent (channel turned off, no longer shared, acknowledged). */
  Status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('skipped')]),
});
export type AlarmDelivery = Static<typeof AlarmDelivery>;

export const AlarmOccurrence = Type.Object({
  Id: Type.String(),
  Device: Type.Object({ Product: ProductId, Key: Type.String(), Name: Type.String() }),
  Alarm: Type.Union(NOTIFIED_ALARMS.map((alarm) => Type.Literal(alarm))),
  RaisedAt: IsoTime,
  /** The measured value when it was raised, in Unit (null: the alarm has no number). */
  Value: Nullable(Type.Number()),
  Unit: Nullable(Type.String()),
  ClearedAt: Nullable(IsoTime),
  AcknowledgedAt: Nullable(IsoTime),
  /** Null when nobody did, and when the person who did is no longer shared the device or was deleted (AcknowledgedAt says when). */
  AcknowledgedBy: Nullable(Person),
  /** The device owner's time zone, which the times are shown in. */
  TimeZone: Type.String(),
  Deliveries: Type.Array(AlarmDelivery),
});
export type AlarmOccurrence = Static<typeof AlarmOccurrence>;

export const AlarmLogPage = Type.Object({ Occurrences: Type.Array(AlarmOccurrence), Next: Nullable(Type.String()) });
export type AlarmLogPage = Static<typeof AlarmLogPage>;
