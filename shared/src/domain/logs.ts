// The device log pages (docs/product/screens.md, docs/product/devices.md, docs/product/errors.md, docs/product/limits.md): the histories, the value a point charts, the export formats and
// file names, and the Until date of the date input. Which histories a product has is in its module (products/<id>).
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
 * (docs/architecture/readings.md "Retire").
 */
export const RAW_READINGS_DAYS = 400;

/** Whether the export of a window starting at `from` reaches past the raw retention at `now`: its older hours come hourly. */
export function exportHasHourlyRows(from: Date, now: Date, retentionDays = RAW_READINGS_DAYS): boolean {
  return from.getTime() < now.getTime() - retentionDays * 86_400_000;
}

/** docs/product/limits.md: export.csv or export.xlsx. */
export function exportFileName(format: ExportFormat): string {
  return `export.${format}`;
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
