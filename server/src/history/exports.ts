// The full-resolution exports, streamed with flat memory (docs/architecture/README.md#budgets: a year's export
// adds ≤ 30 MB to the server's RSS): each format is a pull stream, so the next page is read from the database
// only once the reply socket has taken what came before (backpressure from the socket to the page reader), and
// nothing holds a page once it has been passed on (docs/architecture/README.md#exports).
import { PassThrough, pipeline, Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DeflateRaw } from 'node:zlib';
import archiver from 'archiver';
import { wallClockTime } from '@paddock/shared/domain';
import type { ExportFormat, ExportPage, ExportSource, HistoryRow } from './queries';

/** Excel's row limit per sheet; longer exports continue on the next sheet. */
export const XLSX_MAX_ROWS = 1_048_576;

/**
 * Waits for the event loop's next turn. PGlite answers a query without any I/O, so an export read page after page
 * in one chain of promises and let no timer, no other request and no GC task run until the socket filled up.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pull stream of text, a page at a time: `next` is asked for the next piece (null: the end) only when the consumer
 * has taken the last, a turn of the event loop later; `close` stops the source when the stream is destroyed before
 * its end (the client went away) or fails. Nothing here holds a page once it is pushed (an async generator kept the
 * last page in its frame while it awaited the next query), so a page is garbage as soon as the consumer is done
 * with it.
 */
class TextStream extends Readable {
  private ended = false;

  constructor(
    private readonly next: () => Promise<string | null>,
    private readonly close: () => Promise<void>,
    encoding?: BufferEncoding,
  ) {
    super({ highWaterMark: 1, encoding });
  }

  /** What is pushed for `text`. */
  protected chunk(text: string): string | Buffer {
    return text;
  }

  override _read(): void {
    turn()
      .then(this.next)
      .then((text) => {
        this.ended = text === null;
        this.push(text === null ? null : this.chunk(text));
      })
      .catch((error: Error) => this.destroy(error));
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.ended) return callback(error);
    this.ended = true;
    this.close().then(() => callback(error), callback);
  }
}

/**
 * CSV (RFC 4180, CRLF): a header (`Timestamp,Local time,<field (unit)>`: the route's columns), then one ISO timestamp,
 * local time and value a row. The pages come as
 * text (the database writes them: queries.ts exportPages), so the year is ~530 strings, not 525,600 row objects.
 * The stream is a string stream, so a page reaches the socket as the string: the socket copies it into memory that
 * it frees once written, where a byte stream made a Buffer of every page, memory outside the heap that only a
 * collection frees (docs/architecture/README.md#exports).
 */
export function csvExport(source: ExportSource, field: string | readonly string[]): Readable {
  let header = true;
  const next = async () => {
    if (header) {
      header = false;
      return `${headerOf(field).map(csvCell).join(',')}\r\n`;
    }
    const page = await source.next(Infinity, 1);
    return page ? page.text : null;
  };
  return new TextStream(next, () => source.close(), 'utf8');
}

/**
 * The header row: the columns given (the route's: `Timestamp`, the local time in the caller's language, the field
 * with its unit, and past the raw retention those of hourlyExport.ts hourlyExportColumns), or for a bare field name
 * `Timestamp`, `Local time` and the field.
 */
const headerOf = (field: string | readonly string[]) => (typeof field === 'string' ? ['Timestamp', 'Local time', field] : field);

/** A CSV cell: quoted when it holds a comma, quote or line break (RFC 4180). */
export const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The Local time column's text in CSV: `YYYY-MM-DD HH:MM:SS` on the zone's wall clock (as queries.ts ROW_SQL writes it). */
export const csvLocalTime = (at: Date, timeZone: string) => new Date(wallClockTime(at, timeZone)).toISOString().slice(0, 19).replace('T', ' ');

/** An XLSX date cell's serial day of the time `ms` (epoch ms; for the Local time column its wall clock read as UTC). */
export const excelSerial = (ms: number) => ms / 86_400_000 + UNIX_EPOCH_SERIAL;

/**
 * XLSX: sheet "Export" (then "Export 2", … past Excel's row limit) with a header row, Timestamp (UTC) and Local time as
 * date cells (yyyy-mm-dd hh:mm:ss) and the value as a number. The SpreadsheetML is written here and zipped by archiver, whose
 * entries are real streams: deflate pulls a sheet's XML only as fast as the reply takes the zip. ExcelJS's streaming
 * writer cannot do that: its sheet stream accepts every write and buffers what the zip has not taken yet (exceljs
 * issue 734, no backpressure), so a fast database filled memory while deflate caught up.
 */
export function xlsxExport(source: ExportSource, field: string | readonly string[], maxRows = XLSX_MAX_ROWS): Readable {
  const zip = archiver('zip', { highWaterMark: ZIP_HIGH_WATER_MARK });
  const output = new PassThrough();
  // Destroying the reply (the client went away) ends the zip and the sheet being written, which stops the page reader.
  pipeline(zip, output, () => sheet?.destroy());
  const rows = new PageCursor(source, maxRows);
  let sheet: Readable | undefined;

  void (async () => {
    zip.append(PACKAGE_RELS, { name: '_rels/.rels' });
    zip.append(STYLES, { name: 'xl/styles.xml' });
    let sheets = 0;
    do {
      sheets += 1;
      sheet = sheetXml(rows, field, maxRows);
      zip.append(sheet, { name: `xl/worksheets/sheet${sheets}.xml` });
      await finished(sheet); // archiver takes entries one after another: the next sheet starts where this one stopped
    } while (await rows.more());
    zip.append(workbookXml(sheets), { name: 'xl/workbook.xml' });
    zip.append(workbookRels(sheets), { name: 'xl/_rels/workbook.xml.rels' });
    zip.append(contentTypes(sheets), { name: '[Content_Types].xml' });
    await zip.finalize();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/**
 * What archiver and its zip stream buffer of the zip, each side. Their default, 1 MB, let an export read ~130 pages
 * (13 MB of sheet XML) ahead of a client that reads nothing; with 64 KB it is ~20 (docs/architecture/README.md#exports).
 */
const ZIP_HIGH_WATER_MARK = 64 * 1024;

/** The source's pages, asked for in pieces that fit the sheet being written. */
class PageCursor {
  private ahead: ExportPage | null = null;
  private ended = false;

  constructor(
    private readonly source: ExportSource,
    private readonly maxRows: number,
  ) {}

  /** Whether any row is left (reads the next page as the start of a sheet, row 2 on, when none is held). */
  async more(): Promise<boolean> {
    if (!this.ahead && !this.ended) this.ahead = await this.source.next(this.maxRows - 1, 2);
    this.ended = !this.ahead;
    return !this.ended;
  }

  /** The next page of at most `max` rows numbered from `firstRow`; null when none is left. */
  async take(max: number, firstRow: number): Promise<ExportPage | null> {
    // A page read ahead by more() was numbered as the start of a sheet, which is where it is taken.
    const held = this.ahead;
    if (held) {
      this.ahead = null;
      if (firstRow === 2 && held.rows <= max) return held;
      throw new Error('a page read ahead must start a sheet');
    }
    if (this.ended) return null;
    const page = await this.source.next(max, firstRow);
    this.ended = !page;
    return page;
  }

  /** Stops reading the database. */
  async close(): Promise<void> {
    await this.source.close();
  }
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Style 1: the timestamp column's date format (numFmt 164, the first custom id). */
export const DATE_STYLE = 1;
/** Excel's serial day of 1970-01-01 (the 1900 date system). */
export const UNIX_EPOCH_SERIAL = 25_569;

export const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/**
 * Rows as the file's text, written in JS exactly as the database writes them for the server (queries.ts ROW_SQL), the
 * Local time column on `timeZone`'s wall clock: the writer's tests, the test that the two agree, and the bench's peer
 * (scripts/benchExportPeer.ts) use it.
 */
export function formatRows(rows: HistoryRow[], format: ExportFormat, firstRow = 2, timeZone = 'UTC'): string {
  let text = '';
  let n = firstRow;
  for (const { at, value } of rows) {
    if (format === 'csv') text += `${at.toISOString()},${csvLocalTime(at, timeZone)},${value}\r\n`;
    else {
      text +=
        `<row r="${n}"><c r="A${n}" s="${DATE_STYLE}"><v>${excelSerial(at.getTime())}</v></c>` +
        `<c r="B${n}" s="${DATE_STYLE}"><v>${excelSerial(wallClockTime(at, timeZone))}</v></c><c r="C${n}"><v>${value}</v></c></row>`;
    }
    n += 1;
  }
  return text;
}

/** An export source over rows in memory, formatted by formatRows (pages cut to the room asked for). */
export function rowsSource(pages: AsyncIterable<HistoryRow[]>, format: ExportFormat, timeZone = 'UTC'): ExportSource {
  const iterator = pages[Symbol.asyncIterator]();
  let page: HistoryRow[] = [];
  let taken = 0;
  return {
    async next(limit, firstRow) {
      while (taken === page.length) {
        const next = await iterator.next();
        if (next.done) return null;
        [page, taken] = [next.value, 0];
      }
      const rows = page.slice(taken, taken + limit);
      taken += rows.length;
      return { text: formatRows(rows, format, firstRow, timeZone), rows: rows.length };
    },
    async close() {
      await iterator.return?.();
    },
  };
}

/**
 * A sheet's XML, as the zip entry that archiver pipes into its deflate stream. Each page is written as bytes into one
 * of a few buffers kept for the sheet rather than into a Buffer of its own (~100 KB a page outside the heap that only
 * a collection frees: docs/architecture/README.md#exports). A buffer is written again only once deflate has taken all
 * that was pushed up to its last use: what it has not taken yet is what this stream holds plus what deflate has not
 * called back for (zlib calls a write back once it has read the chunk). Piped into anything but a zlib deflate
 * stream (which might keep the chunk), every page gets a Buffer of its own.
 */
class SheetStream extends TextStream {
  /** The buffers, each with the count of bytes pushed up to the end of its last use. */
  private readonly buffers: { bytes: Buffer; until: number }[] = [];
  private pushed = 0;
  private deflate: Writable | null = null;

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    if (destination instanceof DeflateRaw) this.deflate = destination;
    return super.pipe(destination, options);
  }

  protected override chunk(text: string): Buffer {
    const length = Buffer.byteLength(text);
    const buffer = this.reusable(length);
    this.pushed += length;
    if (!buffer) return Buffer.from(text);
    buffer.until = this.pushed;
    buffer.bytes.write(text);
    return buffer.bytes.subarray(0, length);
  }

  /** A buffer of at least `length` bytes that deflate is done with, or null (all in use, or not piped into deflate). */
  private reusable(length: number): { bytes: Buffer; until: number } | null {
    if (!this.deflate) return null;
    const taken = this.pushed - this.readableLength - this.deflate.writableLength;
    const free = this.buffers.findIndex((buffer) => buffer.until <= taken);
    if (free === -1 && this.buffers.length >= REUSED_BUFFERS) return null;
    const at = free === -1 ? this.buffers.length : free;
    if (free === -1 || this.buffers[at].bytes.length < length) {
      this.buffers[at] = { bytes: Buffer.allocUnsafe(Math.max(length, 64 * 1024)), until: 0 };
    }
    return this.buffers[at];
  }
}

/** Buffers a sheet reuses for its pages: one deflate reads, one waiting for it, one being written. */
const REUSED_BUFFERS = 3;

/** One sheet: the header row, then rows until the sheet is full or the rows run out. */
function sheetXml(rows: PageCursor, field: string | readonly string[], maxRows: number): Readable {
  const header = (column: string, text: string) => `<c r="${column}1" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
  const columns = headerOf(field);
  const letters = columns.map((_, i) => String.fromCharCode(65 + i));
  let written = 0;
  let footer = false;
  const next = async (): Promise<string | null> => {
    if (written === 0) {
      written = 1;
      return (
        `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><cols>` +
        // Timestamp and Local time are dates; the rest numbers or words.
        `<col min="1" max="2" width="22" style="${DATE_STYLE}" customWidth="1"/><col min="3" max="${columns.length}" width="16" customWidth="1"/>` +
        `</cols><sheetData><row r="1">${columns.map((text, i) => header(letters[i], text)).join('')}</row>`
      );
    }
    if (!footer && written < maxRows) {
      const page = await rows.take(maxRows - written, written + 1);
      if (page) {
        written += page.rows;
        return page.text;
      }
    }
    if (footer) return null;
    footer = true;
    return '</sheetData></worksheet>';
  };
  return new SheetStream(next, () => rows.close());
}

const PACKAGE_RELS =
  `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

const sheetNumbers = (sheets: number) => Array.from({ length: sheets }, (_, i) => i + 1);

const workbookXml = (sheets: number) =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
  sheetNumbers(sheets)
    .map((n) => `<sheet name="${n === 1 ? 'Export' : `Export ${n}`}" sheetId="${n}" r:id="rId${n}"/>`)
    .join('') +
  '</sheets></workbook>';

const workbookRels = (sheets: number) =>
  `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  sheetNumbers(sheets)
    .map((n) => `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`)
    .join('') +
  `<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

const contentTypes = (sheets: number) =>
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  sheetNumbers(sheets)
    .map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
    .join('') +
  '</Types>';
