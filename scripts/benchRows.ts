// What every `npm run bench` row is made of, and the little arithmetic the rows share.

export interface Row {
  what: string;
  value: string;
  budget: string;
  ok: boolean;
}

/** Nearest-rank percentile (0–100) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
