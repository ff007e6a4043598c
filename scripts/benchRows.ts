// What every `npm run bench` row is made of, and the little arithmetic the rows share.

export interface Row {
  what: string;
  value: string;
  /** The peer measured in the same process and minute (docs/architecture/README.md#budgets), when the row has one. */
  peer?: string;
  /** value ÷ peer. */
  ratio?: number;
  /** The target (a ratio to the peer, or an absolute budget). */
  budget: string;
  ok: boolean;
}

/** The bench's table: measured, peer, ratio, target; `OVER` marks a missed target. */
export function formatRows(rows: readonly Row[]): string {
  const lines = ['| what | measured | peer | ratio | target | |', '|---|---|---|---|---|---|'];
  for (const row of rows) {
    const ratio = row.ratio === undefined ? '—' : `${row.ratio.toFixed(2)} ×`;
    lines.push(`| ${row.what} | ${row.value} | ${row.peer ?? '—'} | ${ratio} | ${row.budget} | ${row.ok ? 'ok' : 'OVER'} |`);
  }
  return lines.join('\n');
}

/** Nearest-rank percentile (0–100) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
