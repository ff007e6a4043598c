// The window a history request may ask for: from before to, at most HISTORY_MAX_DAYS long. The server answers
// 400 naming the field; the log pages use the same rule before they ask.

/** Longest history window, in days: a leap year (exports of a whole year fit). */
export const HISTORY_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

export type HistoryRangeProblem = { field: 'to'; code: 'history_range_reversed' } | { field: 'to'; code: 'history_range_too_long'; maxDays: number };

/** Null when [from, to] is a window the history accepts; else what is wrong, naming `to` (the end moves). */
export function historyRangeProblem(from: Date, to: Date): HistoryRangeProblem | null {
  if (!(from.getTime() < to.getTime())) return { field: 'to', code: 'history_range_reversed' };
  if (to.getTime() - from.getTime() > HISTORY_MAX_DAYS * DAY_MS) return { field: 'to', code: 'history_range_too_long', maxDays: HISTORY_MAX_DAYS };
  return null;
}
