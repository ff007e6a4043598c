// The export rows' peer (scripts/benchHistory.ts): the same year of readings streamed by the same writer
// (server/src/history/exports.ts) from an in-memory generator, its rows formatted in JS as the server's database
// formats them (exports.ts formatRows), in a process of its own with no server, database or HTTP, to stdout. The bench reads its peak RSS as it reads the server's; `node --import tsx scripts/benchExportPeer.ts csv|xlsx <from ms>`.
import { csvExport, rowsSource, xlsxExport } from '../server/src/history/exports';
import { EXPORT_PAGE_SIZE, type HistoryRow } from '../server/src/history/queries';
import { YEAR_MINUTES } from './benchHistory';

/** The Voltage insertYearOfReadings stores for minute `i` (the same daily swing). */
const voltage = (i: number) => 6000 + Math.round(800 * Math.sin((i * 2 * Math.PI) / 1440)) - (i % 97);

async function* year(from: number): AsyncGenerator<HistoryRow[]> {
  for (let start = 0; start < YEAR_MINUTES; start += EXPORT_PAGE_SIZE) {
    const page: HistoryRow[] = [];
    for (let i = start; i < Math.min(YEAR_MINUTES, start + EXPORT_PAGE_SIZE); i += 1) page.push({ at: new Date(from + i * 60_000), value: voltage(i) });
    yield page;
  }
}

const [format, from] = process.argv.slice(2);
// Loaded and idle: the bench takes the baseline now, then says go.
process.send!('ready');
process.once('message', () => {
  const source = rowsSource(year(Number(from)), format === 'csv' ? 'csv' : 'xlsx');
  const stream = format === 'csv' ? csvExport(source, 'Voltage') : xlsxExport(source, 'Voltage');
  stream.pipe(process.stdout, { end: false });
  // Done: stay alive until the bench has read the peak.
  stream.on('end', () => process.stdout.write('', () => process.send!('done')));
  process.once('message', () => process.exit(0));
});
