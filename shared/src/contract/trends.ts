// The dashboard's trend lines (docs/product/api.md GET /users/{id}/devices/trends): one call for all cards.
import { Type, type Static } from '@sinclair/typebox';
import { IsoTime } from './common';

export const TrendPoint = Type.Object({
  /** The start of the bucket. */
  At: IsoTime,
  /** The bucket's mean of the measure. */
  Value: Type.Number(),
});

export const DeviceTrend = Type.Object({
  /** The device's IMEI or IMSI. */
  Key: Type.String(),
  /** The measure drawn (TREND_FIELDS: Voltage, Load or RemainingData). */
  Field: Type.String(),
  /** Oldest first, one per bucket that has readings (at most TREND_MAX_POINTS). */
  Points: Type.Array(TrendPoint),
});

/** Every device of the user's list that reported in the window; a device without readings is left out. */
export const DeviceTrends = Type.Object({
  /** The end of the window (now, on the server). */
  To: IsoTime,
  Trends: Type.Array(DeviceTrend),
});
export type DeviceTrends = Static<typeof DeviceTrends>;
export type DeviceTrend = Static<typeof DeviceTrend>;
