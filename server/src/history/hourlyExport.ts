// Exports of windows that reach before the raw retention (docs/architecture/readings.md "Retire"): raw readings older
// than the oldest partition are gone, so those hours come from the hourly rollups (reading_hour_extremes: per hour
// the count of readings and their lowest and highest value), one row an hour marked as such in the requester's
// language; the part of the window from the oldest partition on stays raw, each row marked as a reading.
import { EXPORT_UNITS, exportValueColumn, wallClockTime, type HistoryMeasure } from '@paddock/shared/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { readingHourExtremes } from '../db/schema';
import { csvCell, csvLocalTime, DATE_STYLE, escapeXml, excelSerial } from './exports';
import { EXPORT_PAGE_SIZE, exportPages, type ExportFormat, type ExportSource, type SeriesWindow } from './queries';

const HOUR_MS = 3_600_000;

/**
 * The columns of an export (docs/product/limits.md): `Timestamp` (UTC, RFC 3339: for machines), `localTime` (the
 * header of the Local time column, in the caller's language and naming the zone) and the field with its unit.
 */
export const exportColumns = (measure: HistoryMeasure, localTime: string) => ['Timestamp', localTime, exportValueColumn(measure)];

/**
 * The columns of an export with hourly rows: a reading fills the times and the field; an hour fills the times (the
 * hour's start), Min, Max and Readings (how many readings the hour had), the field left empty (the rollups keep
 * no average). Resolution says which a row is. Names as the plain export's (`Timestamp`, the field): not translated.
 */
export const hourlyExportColumns = (measure: HistoryMeasure, localTime: string) => {
  const unit = EXPORT_UNITS[measure];
  return [...exportColumns(measure, localTime), `Min (${unit})`, `Max (${unit})`, 'Readings', 'Resolution'];
};

/** The Resolution column's words, in the requester's language (i18n/messages.ts export_row_*). */
export interface ResolutionLabels {
  reading: string;
  hour: string;
}

/** One hourly row of the rollups. */
export interface HourRow {
  hour: Date;
  count: number;
  min: number;
  max: number;
}

/**
 * Hourly rows as the file's text (XLSX rows numbered from `firstRow`), the times as the raw rows write theirs (the
 * Local time on `timeZone`'s wall clock).
 */
export function formatHourRows(rows: HourRow[], format: ExportFormat, label: string, firstRow = 2, timeZone = 'UTC'): string {
  let text = '';
  let n = firstRow;
  for (const { hour, count, min, max } of rows) {
    if (format === 'csv') text += `${hour.toISOString()},${csvLocalTime(hour, timeZone)},,${min},${max},${count},${csvCell(label)}\r\n`;
    else {
      text +=
        `<row r="${n}"><c r="A${n}" s="${DATE_STYLE}"><v>${excelSerial(hour.getTime())}</v></c>` +
        `<c r="B${n}" s="${DATE_STYLE}"><v>${excelSerial(wallClockTime(hour, timeZone))}</v></c>` +
        `<c r="D${n}"><v>${min}</v></c><c r="E${n}"><v>${max}</v></c>` +
        `<c r="F${n}"><v>${count}</v></c><c r="G${n}" t="inlineStr"><is><t>${escapeXml(label)}</t></is></c></row>`;
    }
    n += 1;
  }
  return text;
}

/**
 * The rollups of `window.field` for the whole UTC hours of [window.from, before) that lie inside the window, oldest
 * first, in keyset pages over the primary key (key, field, hour). Only whole hours: an hour cut by the window's start
 * may hold an earlier owner's readings (the window starts at the device's registration), and the rollup cannot be
 * split (as the chart's whole hours: chart.ts).
 */
function hourPages(
  db: Db,
  window: SeriesWindow,
  before: number,
  format: ExportFormat,
  label: string,
  pageSize = EXPORT_PAGE_SIZE,
): ExportSource {
  const { key, field } = window;
  let lower = Math.ceil(window.from.getTime() / HOUR_MS) * HOUR_MS;
  // The last hour must end by `to` (inclusive: an hour ending at to + 1 ms is whole) and by the raw part's start.
  const upper = Math.min(before, Math.floor((window.to.getTime() + 1) / HOUR_MS) * HOUR_MS);
  let done = false;
  return {
    async close() {
      done = true;
    },
    async next(limit, firstRow) {
      if (done || lower >= upper) return null;
      const found = (
        (await db.execute(sql`
          SELECT floor(extract(epoch FROM "hour") * 1000)::float8 AS "hour", "count"::float8 AS "count", "min", "max"
          FROM ${readingHourExtremes}
          WHERE "key" = ${key} AND "field" = ${field}
            AND "hour" >= ${new Date(lower).toISOString()}::timestamptz AND "hour" < ${new Date(upper).toISOString()}::timestamptz
          ORDER BY "key", "field", "hour"
          LIMIT ${Math.min(limit, pageSize)}`)) as unknown as { rows: { hour: number; count: number; min: number; max: number }[] }
      ).rows.map((row) => ({ hour: new Date(Number(row.hour)), count: Number(row.count), min: Number(row.min), max: Number(row.max) }));
      if (found.length < Math.min(limit, pageSize)) done = true;
      if (!found.length) return null;
      lower = found.at(-1)!.hour.getTime() + HOUR_MS;
      return { text: formatHourRows(found, format, label, firstRow, window.timeZone), rows: found.length };
    },
  };
}

/** `first`'s pages, then `second`'s. */
function concatSources(first: ExportSource, second: ExportSource): ExportSource {
  let current = first;
  return {
    async next(limit, firstRow) {
      const page = await current.next(limit, firstRow);
      if (page || current === second) return page;
      current = second;
      return second.next(limit, firstRow);
    },
    async close() {
      await Promise.all([first.close(), second.close()]);
    },
  };
}

/**
 * The export of a window that starts before `rawSince` (epoch ms: where the oldest raw partition begins,
 * readings/partitions.ts rawReadingsKeptSince): its hours before that from the rollups, marked `labels.hour`, then
 * its readings from `rawSince` on, marked `labels.reading`. The window is the route's: already starting no earlier
 * than the device's registration, so neither part shows an earlier owner's readings.
 */
export function hourlyExportPages(
  db: Db,
  window: SeriesWindow,
  format: ExportFormat,
  rawSince: number,
  labels: ResolutionLabels,
): ExportSource {
  const marker = format === 'csv' ? csvCell(labels.reading) : escapeXml(labels.reading);
  const hours = hourPages(db, window, rawSince, format, labels.hour);
  if (window.to.getTime() < rawSince) return hours;
  const raw = exportPages(
    db,
    { ...window, from: new Date(Math.max(window.from.getTime(), rawSince)) },
    format,
    undefined,
    undefined,
    marker,
  );
  return concatSources(hours, raw);
}
