// The device log pages (docs/product/screens.md, docs/product/devices.md, docs/product/errors.md, docs/product/limits.md): the histories, the value a point charts, the export formats and
// file names, and the Until date of the date input. Which histories a product has is in its module (products/<id>).
import { wallClockOf } from './timer';
import { bytesToMb } from './units';

/** The history paths: GET /{collection}/{key}/{measure}?from&to&format. */
export const HISTORY_MEASURES = ['remaining-data', 'voltage', 'consumption', 'load', 'temperature'] as const;
export type HistoryMeasure = (typeof HISTORY_MEASURES)[number];

/** The field each measure's JSON points carry, next to `Timestamp`. */
export const HISTORY_FIELDS = {
  'remaining-data': 'RemainingData',
  voltage: 'Voltage',
  consumption: 'Consumption',
  load: 'Load',
  temperature: 'Temperature',
} as const satisfies Record<HistoryMeasure, string>;
export type HistoryField = (typeof HISTORY_FIELDS)[HistoryMeasure];

/** The unit each measure is charted in (docs/product/screens.md, docs/product/devices.md): remaining data in MB, the rest as the device reports them. */
export const HISTORY_UNITS: Readonly<Record<HistoryMeasure, string>> = {
  'remaining-data': 'MB',
  voltage: 'V',
  consumption: 'Wh',
  load: 'W',
  temperature: '°C',
};

/** One JSON history point: `Timestamp` (ISO) and the measure's field. */
export type HistoryPoint = { Timestamp: string } & Partial<Record<HistoryField, number | null>>;

/**
 * The value a point charts: remaining data in MB (bytes / 1e6 rounded, 0 when missing — docs/product/devices.md); the others as
 * they came, null (a gap in the line) when missing.
 */
export function historyValue(measure: HistoryMeasure, point: HistoryPoint): number | null {
  const raw = point[HISTORY_FIELDS[measure]];
  if (measure === 'remaining-data') return bytesToMb(raw);
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
}

/** A point as the chart draws it: [epoch ms, value]; points with an unreadable Timestamp are dropped. */
export function historySeries(measure: HistoryMeasure, points: readonly HistoryPoint[]): [number, number | null][] {
  const series: [number, number | null][] = [];
  for (const point of points) {
    const time = Date.parse(point.Timestamp);
    if (!Number.isNaN(time)) series.push([time, historyValue(measure, point)]);
  }
  return series.sort((a, b) => a[0] - b[0]);
}

/** docs/product/screens.md, docs/product/limits.md: the export formats, XLSX first (the default). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const DEFAULT_EXPORT_FORMAT: ExportFormat = 'xlsx';

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** docs/product/errors.md: an export in any other format fails with 'invalid export format' before anything is sent. */
export function requireExportFormat(value: unknown): ExportFormat {
  if (!isExportFormat(value)) throw new Error('invalid export format');
  return value;
}

/**
 * Days raw readings are kept when the operator sets nothing (the server's READINGS_RETENTION_DAYS default,
 * docs/operations/readings.md): an export of a window reaching further back has its older hours as hourly rows
 * (docs/architecture/readings.md "Retire"). The log page asks the server for the days it keeps (GET /history/retention).
 */
export const RAW_READINGS_DAYS = 400;

/** Whether the export of a window starting at `from` reaches past the raw retention at `now`: its older hours come hourly. */
export function exportHasHourlyRows(from: Date, now: Date, retentionDays = RAW_READINGS_DAYS): boolean {
  return from.getTime() < now.getTime() - retentionDays * 86_400_000;
}

/**
 * The unit of each measure's values in an export (docs/product/limits.md): as the device reports them, so remaining
 * data is in bytes there (the chart's MB are rounded: HISTORY_UNITS).
 */
export const EXPORT_UNITS: Readonly<Record<HistoryMeasure, string>> = { ...HISTORY_UNITS, 'remaining-data': 'bytes' };

/** An export's value column header: the field and its unit, e.g. `Voltage (V)` (docs/product/limits.md). */
export function exportValueColumn(measure: HistoryMeasure): string {
  return `${HISTORY_FIELDS[measure]} (${EXPORT_UNITS[measure]})`;
}

/**
 * `at` on `timeZone`'s wall clock, as epoch ms read as UTC (2024-03-31T01:30Z in Europe/Stockholm: 03:30 "UTC"),
 * milliseconds kept. The exports write their Local time column with it (server history/exports.ts, the same as the
 * database's `at AT TIME ZONE tz`). An unknown zone throws (RangeError).
 */
export function wallClockTime(at: Date, timeZone: string): number {
  const format = wallClockOf(timeZone);
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const ms = ((at.getTime() % 1000) + 1000) % 1000;
  const wall = new Date(0);
  // setUTCFullYear, not Date.UTC: years 0-99 would be read as 1900-1999.
  wall.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  wall.setUTCHours(parts.hour, parts.minute, parts.second, ms);
  return wall.getTime();
}

/** The date (YYYY-MM-DD) of `at` on `timeZone`'s wall clock. */
const dateIn = (at: Date, timeZone: string) => new Date(wallClockTime(at, timeZone)).toISOString().slice(0, 10);

/** Only [a-z0-9-] in a file name's part: anything else becomes '-', runs of '-' one, none at the ends. */
const fileNamePart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** What an export's file name says: the device, the series and the window (docs/product/limits.md). */
export interface ExportFileNameOf {
  /** The product id, e.g. fencealarm. */
  product: string;
  /** The device's IMEI or IMSI. */
  deviceKey: string;
  measure: HistoryMeasure;
  from: Date;
  /** The window's end, inclusive. */
  to: Date;
  format: ExportFormat;
  /** The zone of the dates in the name: the Local time column's (UTC when absent). */
  timeZone?: string;
}

/**
 * docs/product/limits.md: `<product>-<key>-<measure>-<from date>-to-<to date>.<format>`, e.g.
 * fencealarm-356938035643809-voltage-2026-11-01-to-2026-11-20.csv, the dates on the time zone's wall clock; the last
 * day is that of the instant before `to`, so the log page's window (ending at midnight) names the Until date. Only [a-z0-9-.], so the name is safe in a
 * Content-Disposition header and on any file system; the device's own name is left out (it is the user's text).
 */
export function exportFileName({ product, deviceKey, measure, from, to, format, timeZone = 'UTC' }: ExportFileNameOf): string {
  const last = new Date(Math.max(from.getTime(), to.getTime() - 1));
  const parts = [product, deviceKey, measure].map(fileNamePart).filter(Boolean);
  return `${[...parts, dateIn(from, timeZone), 'to', dateIn(last, timeZone)].join('-')}.${format}`;
}

const EXPORT_TYPES: Record<ExportFormat, readonly string[]> = {
  csv: ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'],
};

/**
 * docs/product/errors.md 'expected blob': whether an export reply is a file. It is when the server says so (Content-Disposition
 * attachment) or sends the format's type or plain bytes; a JSON or HTML body (an error page, a proxy's answer) is not.
 */
export function isExportFile(format: ExportFormat, contentType: string | null, contentDisposition: string | null): boolean {
  if (contentDisposition && /^\s*attachment\b/i.test(contentDisposition)) return true;
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/octet-stream' || EXPORT_TYPES[format].includes(type);
}

/** The value of a date input (YYYY-MM-DD) for a local date. */
export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date input's value (YYYY-MM-DD) as a local midnight; null when empty or not a real day. */
export function parseDateInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
