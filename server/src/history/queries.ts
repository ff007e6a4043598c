// Reading one series of a device's history: keyset pages over the primary key (key, at), so a year of 1-minute
// readings is walked one page at a time and never sits in memory at once; each page is its own short query
// (no transaction or cursor held open while a slow client downloads).
import type { HistoryField } from '@paddock/shared/domain';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceReadings } from '../db/schema';

/** A reading of one field (exports.ts formats these in JS: the writer's tests and its bench peer). */
export interface HistoryRow {
  at: Date;
  value: number;
}

export interface SeriesWindow {
  key: string;
  field: HistoryField;
  /** Inclusive. */
  from: Date;
  /** Inclusive. */
  to: Date;
  /** An export's Local time column is on this IANA zone's wall clock (docs/product/limits.md); UTC when absent. */
  timeZone?: string;
}

/**
 * Rows an export page holds at most: what an export keeps alive at once is about a page, and on PGlite a query holds
 * the event loop for its whole page, so a small one keeps other requests waiting less. A year takes ~530 queries,
 * each an index range.
 */
export const EXPORT_PAGE_SIZE = 1_000;

/**
 * Readings a value of a page's text covers: the database sends a page as a few values (~25 KB of XLSX, ~8 KB of CSV)
 * rather than one. node-postgres parses a message only once it has all of it, so a value longer than a socket read
 * (a page of XLSX is ~100 KB) was copied into a fresh buffer of up to twice its size every page, outside the heap
 * and freed only by a collection: with the socket reads, most of an export's peak (docs/architecture/README.md#exports).
 */
export const EXPORT_PIECE_ROWS = 250;

/**
 * Longest stretch of time one query covers. Without table statistics (PGlite runs no autovacuum) the planner
 * may fetch every matching row and sort it before the LIMIT; bounding each query to a day keeps that cheap
 * (a device reports at most once a second: 86,400 rows) however the plan turns out.
 */
const SPAN_MS = 86_400_000;

/** A reading's `field` as a number, or null when it has none (or not a number). */
export const readingValue = (field: HistoryField) =>
  sql<number | null>`CASE WHEN jsonb_typeof(${deviceReadings.data} -> ${field}::text) = 'number' THEN (${deviceReadings.data} ->> ${field}::text)::float8 END`;

export type ExportFormat = 'csv' | 'xlsx';

/** A page of an export's body: its rows as the file's text, and how many rows that is. */
export interface ExportPage {
  text: string;
  rows: number;
}

/**
 * Where an export's pages come from. `next` reads at most `limit` more rows (a sheet's room), numbered from
 * `firstRow` (XLSX row numbers), or null when none is left; `close` stops early.
 */
export interface ExportSource {
  next(limit: number, firstRow: number): Promise<ExportPage | null>;
  close(): Promise<void>;
}

/**
 * A float8 as JS's String(number) writes it (the exports wrote `${value}` before the database wrote them, and must
 * not change). PostgreSQL's float8 text (extra_float_digits ≥ 1, the default) has the same shortest round-trip
 * digits, but uses an exponent from 1e15 and below 1e-4 where JS does from 1e21 and below 1e-6, pads the exponent
 * to two digits, and writes -0; those cases are rewritten here. `t` is the value's ::text, `d` its digits, `x` its
 * exponent (history.test.ts compares this with String(number) over such values).
 */
const jsNumberText = (v: string) => `CASE
  WHEN ${v} = 0 THEN '0'
  WHEN strpos(${v}_t, 'e') = 0 THEN ${v}_t
  WHEN ${v}_x NOT BETWEEN -6 AND 20 THEN regexp_replace(${v}_t, 'e([+-])0+([0-9])', 'e\\1\\2')
  ELSE CASE WHEN ${v} < 0 THEN '-' ELSE '' END || CASE
    WHEN ${v}_x < 0 THEN '0.' || repeat('0', -${v}_x - 1) || ${v}_d
    WHEN length(${v}_d) <= ${v}_x + 1 THEN ${v}_d || repeat('0', ${v}_x + 1 - length(${v}_d))
    ELSE left(${v}_d, ${v}_x + 1) || '.' || substr(${v}_d, ${v}_x + 2)
  END
END`;

/** The columns jsNumberText reads for the float8 column `v`, for a LATERAL beside it. */
const jsNumberParts = (v: string) =>
  `${v}::text AS ${v}_t, translate(split_part(${v}::text, 'e', 1), '-.', '') AS ${v}_d, ` +
  `CASE WHEN strpos(${v}::text, 'e') > 0 THEN split_part(${v}::text, 'e', 2)::int END AS ${v}_x`;

/**
 * A row of the file, as exports.ts's formatRows writes it in JS: CSV `<ISO time>,<local time>,<value>` CRLF, the local
 * time `YYYY-MM-DD HH:MM:SS` on the zone's wall clock (the database's `at AT TIME ZONE zone`, the zone a parameter
 * named `zone` in the query); XLSX a `<row>` with both times as Excel's serial day (epoch ms / 86,400,000 + 25,569,
 * the same float8 arithmetic as JS; the local one of the wall clock read as UTC) and the value. `n` is the row's
 * number in the sheet; style 1 is exports.ts DATE_STYLE.
 */
const ROW_SQL: Record<ExportFormat, string> = {
  csv:
    `to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ',' || to_char(local_at, 'YYYY-MM-DD HH24:MI:SS') ` +
    `|| ',' || (${jsNumberText('value')})`,
  xlsx:
    `'<row r="' || n || '"><c r="A' || n || '" s="1"><v>' || (${jsNumberText('serial')}) || '</v></c>` +
    `<c r="B' || n || '" s="1"><v>' || (${jsNumberText('local_serial')}) || '</v></c>` +
    `<c r="C' || n || '"><v>' || (${jsNumberText('value')}) || '</v></c>'`,
};
const ROW_END_SQL: Record<ExportFormat, string> = { csv: `E'\\r\\n'`, xlsx: `'</row>'` };

/**
 * The cells after a reading's value in an export that also has hourly rows (hourlyExport.ts): empty Min, Max and
 * Readings, then `marker` (CSV: a plain word, XLSX: escaped text) in the last column, G.
 */
const markerSql = (format: ExportFormat, marker: string | undefined) => {
  if (marker === undefined) return sql``;
  return format === 'csv'
    ? sql` || ${`,,,,${marker}`}::text`
    : sql` || '<c r="G' || n || '" t="inlineStr"><is><t>' || ${marker}::text || '</t></is></c>'`;
};

/**
 * The readings of one field in the window as an export's text, oldest first, a page at a time; readings without the
 * field are skipped. The database writes each page's rows as text, a value per EXPORT_PIECE_ROWS readings
 * (docs/architecture/README.md#exports): Node handles four values a page instead of a thousand row objects, Dates
 * and strings that pile up in the old space until a full collection. Keyset pages: each is its own short query
 * starting after the last reading of the one before (returned with it, at full precision), so no cursor stays open
 * while a slow client reads.
 */
export function exportPages(
  db: Db,
  window: SeriesWindow,
  format: ExportFormat,
  pageSize = EXPORT_PAGE_SIZE,
  pieceRows = EXPORT_PIECE_ROWS,
  marker?: string,
): ExportSource {
  const { key, field, from, to, timeZone = 'UTC' } = window;
  const row = sql`${sql.raw(ROW_SQL[format])}${markerSql(format, marker)} || ${sql.raw(ROW_END_SQL[format])}`;
  const parts = sql.raw(
    format === 'csv' ? jsNumberParts('value') : `${jsNumberParts('value')}, ${jsNumberParts('serial')}, ${jsNumberParts('local_serial')}`,
  );
  // The keyset: the last reading read so far as the database wrote it (microseconds kept), and in epoch ms.
  let lower: Date | string = from;
  let lowerMs = from.getTime();
  let inclusive = true;
  let done = false;
  return {
    async close() {
      done = true;
    },
    async next(limit, firstRow) {
      while (!done) {
        if (lowerMs > to.getTime()) break;
        const upper = new Date(Math.min(to.getTime(), lowerMs + SPAN_MS));
        const lowerAt = sql`${lower instanceof Date ? lower.toISOString() : lower}::timestamptz`;
        // Only the primary key in WHERE and ORDER BY, so a page is an index range; the LIMIT counts readings without
        // the field too (null values, left out of the text), and `n` numbers the rows that have it. A page comes as
        // one result row a piece of `pieceRows` readings, in order.
        const result = await db.execute(sql`
          SELECT count(*)::int AS readings, max(at)::text AS last, floor(extract(epoch FROM max(at)) * 1000)::float8 AS "lastMs",
                 count(value)::int AS rows,
                 string_agg(${row}, '' ORDER BY at) FILTER (WHERE value IS NOT NULL) AS text
          FROM (
            SELECT at, value, (row_number() OVER (ORDER BY at) - 1) / ${pieceRows} AS piece${
              format === 'csv'
                ? sql`, at AT TIME ZONE ${timeZone}::text AS local_at`
                : sql`, ${firstRow - 1} + count(value) OVER (ORDER BY at) AS n,
                   floor(extract(epoch FROM at) * 1000)::float8 / 86400000 + 25569 AS serial,
                   floor(extract(epoch FROM at AT TIME ZONE ${timeZone}::text) * 1000)::float8 / 86400000 + 25569 AS local_serial`
            }
            FROM (
              SELECT ${deviceReadings.at} AS at, ${readingValue(field)} AS value
              FROM ${deviceReadings}
              WHERE ${deviceReadings.key} = ${key}
                AND ${deviceReadings.at} ${inclusive ? sql`>=` : sql`>`} ${lowerAt}
                AND ${deviceReadings.at} <= ${upper.toISOString()}::timestamptz
              ORDER BY ${deviceReadings.key}, ${deviceReadings.at}
              LIMIT ${Math.min(limit, pageSize)}
            ) page
          ) numbered,
          LATERAL (SELECT ${parts}) parts
          GROUP BY piece
          ORDER BY piece
        `);
        const pieces = (result as unknown as { rows: { readings: number; last: string; lastMs: number; rows: number; text: string | null }[] }).rows;
        const page = { readings: 0, rows: 0, last: pieces.at(-1)?.last, lastMs: pieces.at(-1)?.lastMs };
        for (const piece of pieces) {
          page.readings += piece.readings;
          page.rows += piece.rows;
        }
        const text = page.rows ? pieces.map((piece) => piece.text ?? '').join('') : '';
        // Let go of the pieces in the driver's result at once: with the pool's read timeout (query_timeout,
        // db/client.ts), node-postgres's finished results outlived young-generation collections, and every page's
        // text was promoted to the old space with them, ~50 MB a year's XLSX that only a full collection freed
        // (docs/architecture/README.md#exports).
        pieces.length = 0;
        inclusive = false;
        if (page.readings === Math.min(limit, pageSize)) [lower, lowerMs] = [page.last!, Number(page.lastMs)];
        else if (upper.getTime() >= to.getTime()) done = true;
        else if (page.readings) [lower, lowerMs] = [upper, upper.getTime()];
        else {
          // An empty day: jump to the next reading rather than walk a silent stretch (a device off for months) a day at a time.
          const next = await nextReadingAt(db, key, upper, to);
          if (next) [lower, lowerMs, inclusive] = [next, next.getTime(), true];
          else done = true;
        }
        if (page.rows) return { text, rows: page.rows };
      }
      return null;
    },
  };
}

/** When the first reading after `after` (up to `to`, inclusive) was taken, or null when there is none. */
async function nextReadingAt(db: Db, key: string, after: Date, to: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: deviceReadings.at })
    .from(deviceReadings)
    .where(and(eq(deviceReadings.key, key), gt(deviceReadings.at, after), lte(deviceReadings.at, to)))
    .orderBy(asc(deviceReadings.key), asc(deviceReadings.at))
    .limit(1);
  return row?.at ?? null;
}
