// History under a year of data: one FenceAlarm with a reading every minute for a year, stored as the gateway
// stores them; its chart over the year and over a month (latency against the chart budget, beside the same chart
// query run from the bench process), and its full exports (rows/s, and the server process's peak memory while it
// streams them).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CHART_MAX_POINTS, PRODUCTS } from '@paddock/shared/domain';
import ExcelJS from 'exceljs';
import type { Database } from '../server/src/db/client';
import { demoKey } from '../server/src/devices/inventory';
import { chartPoints } from '../server/src/history/chart';
import { rollUpAll } from '../server/src/history/rollups';
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
  // The chart rollups of the year's hours, as the rollup job (history/rollups.ts) has built them in a real install.
  await rollUpAll(database.db, new Date());
}

const historyUrl = (server: RunningServer, range: TimeWindow, format: 'json' | 'csv' | 'xlsx') =>
  `${server.url}/api/${PRODUCTS.fencealarm.apiCollection}/${YEAR_DEVICE}/voltage?${new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString(), format })}`;

/** The year exported as CSV and as XLSX, then the charts (peers: chartPeers). */
export async function historyRows(
  server: RunningServer,
  headers: Record<string, string>,
  year: TimeWindow,
  database: ChartDatabase,
  peers: ChartPeer[],
): Promise<Row[]> {
  // Exports first: the heap that a year of chart calls leaves grown would hide what an export adds to the RSS.
  const exports = await exportRows(server, headers, year, database);
  return [...(await chartRows(server, headers, year, database, peers)), ...exports];
}

/** The chart latency targets of docs/architecture/README.md#budgets: the median, in ms. */
export const CHART_TARGETS_MS = { 'embedded PGlite': 500, PostgreSQL: 200 } as const;
export type ChartDatabase = keyof typeof CHART_TARGETS_MS;

/** The last `days` of the year. */
const lastDays = (year: TimeWindow, days: number) => ({ from: new Date(year.to.getTime() - (days * 24 * 60 - 1) * 60_000), to: year.to });

/**
 * The charts measured, each `requests` times: the year and its last 31 days (hour-wide buckets, from the rollups), and
 * its last 20 days (the longest window whose buckets are under an hour, so filled from the readings themselves).
 */
const charts = (year: TimeWindow) => [
  { span: `1 year (${YEAR_MINUTES.toLocaleString('en')} readings)`, range: year, requests: 10 },
  { span: `last 31 days (${(31 * 24 * 60).toLocaleString('en')} readings)`, range: lastDays(year, 31), requests: 20 },
  {
    span: `last 20 days (${(20 * 24 * 60).toLocaleString('en')} readings, buckets under an hour)`,
    range: lastDays(year, 20),
    requests: 20,
  },
];

/** A chart row's peer: the latencies (ascending) and the points of the same chart computed without the server. */
export interface ChartPeer {
  latencies: number[];
  points: number;
}

/**
 * The peers of the chart rows, on a direct connection to the bench's database while no server holds it (PGlite has
 * one writer): the server's own chart query (history/chart.ts) over the same window, from this process, so the row's
 * ratio is what HTTP, the session, the device look-up and JSON add to it. The year's device is registered at its
 * first reading and the year ends before now, so the server reads exactly this window.
 */
export async function chartPeers(database: Database, year: TimeWindow): Promise<ChartPeer[]> {
  const peers: ChartPeer[] = [];
  for (const { range, requests } of charts(year)) {
    const window = { key: YEAR_DEVICE, field: 'Voltage' as const, from: range.from, to: range.to };
    const latencies: number[] = [];
    const counts = new Set<number>();
    for (let i = 0; i <= requests; i += 1) {
      const started = performance.now();
      counts.add((await chartPoints(database.db, window, range)).length);
      if (i > 0) latencies.push(performance.now() - started);
    }
    if (counts.size !== 1) throw new Error(`the chart peer answered ${[...counts].join('/')} points`);
    peers.push({ latencies: latencies.sort((a, b) => a - b), points: [...counts][0] });
  }
  return peers;
}

/** The charts through the API, each beside its peer (`npm run bench -- --charts`). */
export async function chartRows(
  server: RunningServer,
  headers: Record<string, string>,
  year: TimeWindow,
  database: ChartDatabase,
  peers: ChartPeer[],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, { range, span, requests }] of charts(year).entries()) {
    rows.push(await chartRow(server, headers, range, span, requests, database, peers[i]));
  }
  return rows;
}

/** The year exported as CSV, then as XLSX (`npm run bench -- --exports` runs these alone). */
export async function exportRows(server: RunningServer, headers: Record<string, string>, year: TimeWindow, database: string): Promise<Row[]> {
  return [await exportRow(server, headers, year, 'csv', database), await exportRow(server, headers, year, 'xlsx', database)];
}

/** `requests` chart calls one after another, after one untimed call (the server's code paths compiled, its caches filled). */
async function chartRow(
  server: RunningServer,
  headers: Record<string, string>,
  range: TimeWindow,
  span: string,
  requests: number,
  database: ChartDatabase,
  peer: ChartPeer,
): Promise<Row> {
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
  const median = percentile(latencies, 50);
  const peerMedian = percentile(peer.latencies, 50);
  const target = CHART_TARGETS_MS[database];
  // The same points as the peer's: the server answered the chart the peer timed.
  const ok =
    statuses.size === 1 &&
    statuses.has(200) &&
    counts.size === 1 &&
    points > 0 &&
    points <= CHART_MAX_POINTS &&
    points === peer.points &&
    median <= target;
  return {
    what: `GET /fencealarms/{imei}/voltage chart, ${span}, ${database}`,
    value: `median ${median.toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (n=${requests}), ${[...counts].join('/')} points`,
    peer: `median ${peerMedian.toFixed(0)} ms, p99 ${percentile(peer.latencies, 99).toFixed(0)} ms (n=${peer.latencies.length}), ${peer.points} points (the same chart query from this process)`,
    ratio: median / peerMedian,
    budget: `median ≤ ${target} ms, ≤ ${CHART_MAX_POINTS.toLocaleString('en')} points`,
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

/** The exports' memory target (docs/architecture/README.md#budgets): a year's CSV or XLSX adds at most this to the RSS. */
const EXPORT_EXTRA_RSS_MB = 30;

/**
 * Downloads the year's export as fast as the server streams it, counting its data rows (CSV lines as they come;
 * the XLSX once it is complete, so reading it back costs the server no CPU), with the server's peak RSS over its RSS
 * before the request. The target is absolute, ≤ 30 MB for XLSX and for CSV alike ("stays flat": the same bound, as
 * both stream the same pages). The peer (docs/architecture/decisions/0009-budgets-measured-by-bench-as-ratios.md:
 * measured in the same run) is what the format costs on its own: the same writer streaming the same year from
 * memory in a process of its own (scripts/benchExportPeer.ts); the ratio shows what the server, the database
 * driver and HTTP add to it.
 */
async function exportRow(server: RunningServer, headers: Record<string, string>, year: TimeWindow, format: 'csv' | 'xlsx', database: string): Promise<Row> {
  const peer = await peerExport(format, year);
  // One export first, as the chart rows make one untimed call: a fresh server's first export also compiles its code
  // paths and, on PGlite, has V8 optimise the database's WASM as it gets hot (+20-30 MB once, not per export). Both
  // figures are printed; the second is what an export costs.
  const first = await measuredExport(server, headers, year, format);
  const { growth, baseline, bytes, rows, seconds, status } = await measuredExport(server, headers, year, format);
  const complete = status === 200 && rows === YEAR_MINUTES && bytes === peer.bytes;
  return {
    what: `GET /fencealarms/{imei}/voltage?format=${format}, 1 year, ${database}: server peak RSS over its RSS before`,
    value:
      `+${megabytes(growth)} over ${megabytes(baseline)} (${rows.toLocaleString('en')} rows, ${megabytes(bytes)}` +
      `${complete ? '' : `, peer wrote ${megabytes(peer.bytes)}`} in ${seconds.toFixed(1)} s, ${(rows / seconds).toFixed(0)} rows/s;` +
      ` the server's first export: +${megabytes(first.growth)})`,
    peer: `+${megabytes(peer.growth)} over ${megabytes(peer.baseline)} (the writer alone, from memory)`,
    // A peer that grew by less than a megabyte counts as one, so the ratio stays finite.
    ratio: growth / Math.max(peer.growth, 1024 * 1024),
    budget: `≤ ${EXPORT_EXTRA_RSS_MB} MB extra RSS, every row`,
    ok: complete && growth <= EXPORT_EXTRA_RSS_MB * 1024 * 1024,
  };
}

/** One download of the year's export, with the server's peak RSS over its RSS before the request. */
async function measuredExport(server: RunningServer, headers: Record<string, string>, year: TimeWindow, format: 'csv' | 'xlsx') {
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
  const growth = memoryOf(server.pid).peak - baseline;
  const rows = format === 'csv' ? newlines - 1 : await xlsxDataRows(Buffer.concat(chunks));
  return { growth, baseline, bytes, rows, seconds, status: reply.status };
}

/** The export peer (scripts/benchExportPeer.ts) streaming the same year: its peak RSS over its RSS once loaded, and the bytes it wrote. */
async function peerExport(format: 'csv' | 'xlsx', year: TimeWindow): Promise<{ growth: number; baseline: number; bytes: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'benchExportPeer.ts'), format, String(year.from.getTime())], {
    cwd: join(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the export peer exited with ${code}`))));
  exited.catch(() => {}); // awaited through the races below; killing it at the end is no failure
  const next = () => Promise.race([once(child, 'message'), exited]);
  try {
    await next(); // loaded and idle
    resetPeakMemory(child.pid!);
    const baseline = memoryOf(child.pid!).rss;
    let bytes = 0;
    child.stdout!.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const done = next();
    child.send('go');
    await done;
    return { growth: memoryOf(child.pid!).peak - baseline, baseline, bytes };
  } finally {
    child.kill();
  }
}

/** Rows below the header of every sheet, read with ExcelJS's streaming reader. */
async function xlsxDataRows(file: Buffer): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), { sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  let rows = 0;
  for await (const sheet of workbook) for await (const row of sheet) rows += (row as ExcelJS.Row).number > 1 ? 1 : 0;
  return rows;
}
