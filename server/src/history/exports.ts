// The full-resolution exports, streamed: rows are written as pages come from the database, and the next page is
// read only once the client has taken the previous one (backpressure), so memory does not grow with the range.
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { HistoryRow } from './queries';

type Pages = AsyncIterable<HistoryRow[]>;

/** Excel's row limit per sheet; longer exports continue on the next sheet. */
export const XLSX_MAX_ROWS = 1_048_576;

/** CSV (RFC 4180, CRLF): a header `Timestamp,<field>`, then one ISO timestamp and value a row. */
export function csvExport(pages: Pages, field: string): Readable {
  async function* lines() {
    yield `Timestamp,${field}\r\n`;
    for await (const page of pages) {
      let chunk = '';
      for (const row of page) chunk += `${row.at.toISOString()},${row.value}\r\n`;
      yield chunk;
    }
  }
  // Not object mode: a pull stream whose next page is read only when the reply wants more.
  return Readable.from(lines(), { objectMode: false });
}

/**
 * XLSX written by ExcelJS's streaming writer (no shared strings, rows flushed as committed): sheet "Export" with
 * a header row, Timestamp as a date cell (UTC) and the value as a number.
 */
export function xlsxExport(pages: Pages, field: string, maxRows = XLSX_MAX_ROWS): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  let sheetCount = 0;
  const addSheet = () => {
    sheetCount += 1;
    const sheet = workbook.addWorksheet(sheetCount === 1 ? 'Export' : `Export ${sheetCount}`);
    sheet.columns = [
      { key: 'Timestamp', width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
      { key: field, width: 16 },
    ];
    sheet.addRow(['Timestamp', field]).commit();
    return sheet;
  };

  // The zip archive is piped into `output`; waiting for it to drain between pages is what bounds the memory.
  const drained = async () => {
    if (!output.writableNeedDrain) return;
    await Promise.race([once(output, 'drain'), once(output, 'close')]);
  };

  void (async () => {
    let sheet = addSheet();
    let rows = 1;
    for await (const page of pages) {
      if (output.destroyed) return; // the client went away: stop reading the database
      for (const row of page) {
        if (rows >= maxRows) {
          sheet.commit();
          sheet = addSheet();
          rows = 1;
        }
        sheet.addRow([row.at, row.value]).commit();
        rows += 1;
      }
      await drained();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
