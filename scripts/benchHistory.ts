// History under a year of data: one FenceAlarm with a reading every minute for a year, stored as the gateway
// stores them; its chart over the year and over a month (latency, points against the chart budget), and its full
// exports (rows/s, and the server process's peak memory while it streams them).
import { readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { CHART_MAX_POINTS, PRODUCTS } from '@paddock/shared/domain';
import ExcelJS from 'exceljs';
import type { Database } from '../server/src/db/client';
import { demoKey } from '../server/src/devices/inventory';
import type { RunningServer } from '../tests/support/server';
import { megabytes, percentile, type Row } from './benchRows';

/** The FenceAlarm the demo seed registers to the bench user. */
export const YEAR_DEVICE = demoKey('fencealarm', 1);
export const YEAR_MINUTES = 365 * 24 * 60;

export interface TimeWindow {
  from: Date;
  to: Date;
}

/** The year of 1-minute readings that ends at the last whole minute before `now` (both ends hold a reading). */
export function lastYear(now = new Date()): TimeWindow {
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 60_000);
  return { from: new Date(to.getTime() - (YEAR_MINUTES - 1) * 60_000), to };
}

/**
 * Fills `year` with YEAR_DEVICE's readings in one statement, each with the fields the gateway keeps of a FenceAlarm
 * reading (docs/protocol.md: Voltage, Battery, Rssi; At is the row's time), and dates its registration back to the
 * first one: readings from before the registration are an earlier owner's and hidden.
 */
export async function insertYearOfReadings(database: Database, year: TimeWindow): Promise<void> {
  await database.withConnection(async (connection) => {
    const registered = await connection.query(`UPDATE devices SET registered_at = $2 WHERE key = $1 RETURNING key`, [YEAR_DEVICE, year.from]);
    if (registered.length !== 1) throw new Error(`${YEAR_DEVICE} is not registered: did the demo seed run?`);
    // A daily swing of the fence voltage, a battery that runs down over each week, a wandering signal.
    await connection.query(
      `INSERT INTO device_readings (key, at, data)
       SELECT $1, $2::timestamptz + i * interval '1 minute',
              jsonb_build_object('Voltage', 6000 + round(800 * sin(i * 2 * pi() / 1440))::int - i % 97,
                                 'Battery', round(12.6 - (i % 10080) * 0.8 / 10080, 2),
                                 'Rssi', -65 - i % 11)
       FROM generate_series(0, $3 - 1) AS i`,
      [YEAR_DEVICE, year.from, YEAR_MINUTES],
    );
    // Reading every row once sets its hint bits, as a year of earlier reads would have, so the first measured call
    // does not pay for the bulk insert.
    const [{ count }] = await connection.query<{ count: string }>(`SELECT count(*) FROM device_readings WHERE key = $1`, [YEAR_DEVICE]);
    if (Number(count) !== YEAR_MINUTES) throw new Error(`${YEAR_DEVICE} has ${count} readings, not ${YEAR_MINUTES}`);
    // PostgreSQL's autovacuum analyses a table that grew this much within a minute or so: do it now, so the plans
    // measured do not depend on when it runs. PGlite runs no autovacuum, so it gets none, as in a real install.
    if (database.kind === 'postgres') await connection.exec('ANALYZE device_readings');
  });
}

const historyUrl = (server: RunningServer, range: TimeWindow, format: 'json' | 'csv' | 'xlsx') =>
  `${server.url}/api/${PRODUCTS.fencealarm.apiCollection}/${YEAR_DEVICE}/voltage?${new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString(), format })}`;

/** The year exported as CSV and as XLSX, then the chart over the year and over its last 31 days. */
export async function historyRows(server: RunningServer, headers: Record<string, string>, year: TimeWindow, database: string): Promise<Row[]> {
  const monthMinutes = 31 * 24 * 60;
  const month = { from: new Date(year.to.getTime() - (monthMinutes - 1) * 60_000), to: year.to };
  // Exports first: the heap that a year of chart calls leaves grown would hide what an export adds to the RSS.
  const exports = [await exportRow(server, headers, year, 'csv', database), await exportRow(server, headers, year, 'xlsx', database)];
  return [
    await chartRow(server, headers, year, `1 year (${YEAR_MINUTES.toLocaleString('en')} readings)`, 10, database),
    await chartRow(server, headers, month, `last 31 days (${monthMinutes.toLocaleString('en')} readings)`, 20, database),
    ...exports,
  ];
}

/** `requests` chart calls one after another, after one untimed call (the server's code paths compiled, its caches filled). */
async function chartRow(server: RunningServer, headers: Record<string, string>, range: TimeWindow, span: string, requests: number, database: string): Promise<Row> {
  const url = historyUrl(server, range, 'json');
  const statuses = new Set<number>();
  const counts = new Set<number>();
  const latencies: number[] = [];
  for (let i = 0; i <= requests; i += 1) {
    const started = performance.now();
    const reply = await fetch(url, { headers });
    const points = (await reply.json()) as unknown[];
    if (i > 0) latencies.push(performance.now() - started);
    statuses.add(reply.status);
    counts.add(Array.isArray(points) ? points.length : -1);
  }
  latencies.sort((a, b) => a - b);
  const [points] = counts;
  const ok = statuses.size === 1 && statuses.has(200) && counts.size === 1 && points > 0 && points <= CHART_MAX_POINTS;
  return {
    what: `GET /fencealarms/{imei}/voltage chart, ${span}, ${database}`,
    value: `median ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (n=${requests}), ${[...counts].join('/')} points`,
    budget: `≤ ${CHART_MAX_POINTS.toLocaleString('en')} points`,
    ok,
  };
}

/** The process's resident memory now and at its peak since the peak was last reset (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kilobytes('VmRSS'), peak: kilobytes('VmHWM') };
}

/** Writing 5 to clear_refs starts the process's peak RSS (VmHWM) afresh at its current RSS. */
const resetPeakMemory = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/**
 * Downloads the year's export as fast as the server streams it, counting its data rows (CSV lines as they come;
 * the XLSX once it is complete, so reading it back costs the server no CPU), with the server's peak RSS.
 */
async function exportRow(server: RunningServer, headers: Record<string, string>, year: TimeWindow, format: 'csv' | 'xlsx', database: string): Promise<Row> {
  resetPeakMemory(server.pid);
  const baseline = memoryOf(server.pid).rss;
  const started = performance.now();
  const reply = await fetch(historyUrl(server, year, format), { headers });
  const reader = reply.body!.getReader();
  let newlines = 0;
  let bytes = 0;
  const chunks: Buffer[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = Buffer.from(read.value.buffer, read.value.byteOffset, read.value.length);
    bytes += chunk.length;
    if (format === 'csv') for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
    else chunks.push(chunk);
  }
  const seconds = (performance.now() - started) / 1000;
  const { peak } = memoryOf(server.pid);
  const rows = format === 'csv' ? newlines - 1 : await xlsxDataRows(Buffer.concat(chunks));
  return {
    what: `GET /fencealarms/{imei}/voltage?format=${format}, 1 year, ${database}`,
    value:
      `${(rows / seconds).toFixed(0)} rows/s (${rows.toLocaleString('en')} rows, ${megabytes(bytes)} in ${seconds.toFixed(1)} s), ` +
      `server peak RSS ${megabytes(peak)} (+${megabytes(peak - baseline)} over ${megabytes(baseline)})`,
    budget: `measured (${YEAR_MINUTES.toLocaleString('en')} rows)`,
    ok: reply.status === 200 && rows === YEAR_MINUTES,
  };
}

/** Rows below the header of every sheet, read with ExcelJS's streaming reader. */
async function xlsxDataRows(file: Buffer): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), { sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  let rows = 0;
  for await (const sheet of workbook) for await (const row of sheet) rows += (row as ExcelJS.Row).number > 1 ? 1 : 0;
  return rows;
}
