// Device history (issue 4): GET /{collection}/{key}/{measure}?from&to&format, e.g. /fencealarms/{imei}/voltage.
// JSON answers chart points (at most CHART_MAX_POINTS a series, downsampled on the server keeping spikes and
// dips); csv and xlsx answer the full-resolution export as a file named after the device, series and window
// (domain/logs exportFileName), streamed.
import { Type, type Static, type TObject } from '@sinclair/typebox';
import type { HistoryField } from '../domain/logs';
import { TIME_ZONE_MAX_LENGTH, TIME_ZONE_PATTERN } from '../domain/timer';
import { IsoTime } from './common';

/** What `format` may be; json is the default. */
export const HISTORY_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type HistoryFormat = (typeof HISTORY_FORMATS)[number];
export const isHistoryFormat = (value: unknown): value is HistoryFormat =>
  typeof value === 'string' && (HISTORY_FORMATS as readonly string[]).includes(value);

/** The file types of the exports. */
export const HISTORY_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<Exclude<HistoryFormat, 'json'>, string>;

export const HistoryQuery = Type.Object({
  // docs/product/api.md "Shapes accepted": both optional; the default window is the log page's (the day before `to`).
  from: Type.Optional(
    Type.String({ format: 'date-time', description: 'Start of the window, RFC 3339 with zone (inclusive); default: 1 day before to' }),
  ),
  to: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'End of the window, RFC 3339 with zone (inclusive); after from, at most 366 days later; default: now',
    }),
  ),
  // A plain string, so an unknown format gets its own message ('invalid export format') instead of a generic one.
  format: Type.Optional(
    Type.String({
      description:
        'json (default): chart points, at most 2,000 (min/max downsampled); csv or xlsx: every reading as a file; blob: the same as csv',
      examples: [...HISTORY_FORMATS],
    }),
  ),
  // docs/product/limits.md: the exports' Local time column (and the dates of the file name) are on this zone's clock.
  tz: Type.Optional(
    Type.String({
      pattern: TIME_ZONE_PATTERN,
      maxLength: TIME_ZONE_MAX_LENGTH,
      description: "IANA time zone of the exports' Local time column and file name, e.g. Europe/Stockholm; default UTC",
      examples: ['Europe/Stockholm'],
    }),
  ),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/** GET /history/retention: how many days raw readings are kept (READINGS_RETENTION_DAYS); older hours export hourly. */
export const HistoryRetention = Type.Object({
  RawReadingsDays: Type.Integer({ minimum: 1, description: 'Days raw readings are kept; an export reaching further back has those hours as hourly rows' }),
});
export type HistoryRetention = Static<typeof HistoryRetention>;

export const RemainingDataPoint = Type.Object({ Timestamp: IsoTime, RemainingData: Type.Number({ description: 'bytes' }) });
export type RemainingDataPoint = Static<typeof RemainingDataPoint>;
export const VoltagePoint = Type.Object({ Timestamp: IsoTime, Voltage: Type.Number({ description: 'V' }) });
export type VoltagePoint = Static<typeof VoltagePoint>;
export const ConsumptionPoint = Type.Object({ Timestamp: IsoTime, Consumption: Type.Number({ description: 'Wh since the last reset' }) });
export type ConsumptionPoint = Static<typeof ConsumptionPoint>;
export const LoadPoint = Type.Object({ Timestamp: IsoTime, Load: Type.Number({ description: 'W' }) });
export type LoadPoint = Static<typeof LoadPoint>;
export const TemperaturePoint = Type.Object({ Timestamp: IsoTime, Temperature: Type.Number({ description: '°C' }) });
export type TemperaturePoint = Static<typeof TemperaturePoint>;

/** The JSON point of each history field. */
export const HISTORY_POINT_SCHEMAS = {
  RemainingData: RemainingDataPoint,
  Voltage: VoltagePoint,
  Consumption: ConsumptionPoint,
  Load: LoadPoint,
  Temperature: TemperaturePoint,
} as const satisfies Record<HistoryField, TObject>;
