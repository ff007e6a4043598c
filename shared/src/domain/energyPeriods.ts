// A plug's energy per day, week or month (docs/product/energy.md): the periods, the bars a request may ask for, and the
// calendar arithmetic on plain dates (YYYY-MM-DD) that both the server's bounds and the log page's windows use.
// Time zones stay out of it: a date is a day on the asker's wall clock, the server turns it into instants.

export const ENERGY_PERIODS = ['day', 'week', 'month'] as const;
export type EnergyPeriod = (typeof ENERGY_PERIODS)[number];

export const isEnergyPeriod = (value: unknown): value is EnergyPeriod => ENERGY_PERIODS.includes(value as EnergyPeriod);

/** At most this many bars a request (a year and a month of days; docs/product/energy.md "Limits"). */
export const ENERGY_MAX_BUCKETS = 400;

/** The bars the log page shows for each period: a month of days, a quarter of weeks, a year of months. */
export const ENERGY_PAGE_BUCKETS: Record<EnergyPeriod, number> = { day: 31, week: 13, month: 12 };

export const ISO_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const DAY_MS = 86_400_000;

/** A date as a UTC midnight, or null when it is not a real calendar date (2026-02-30). */
export function parseIsoDate(text: string): Date | null {
  if (!new RegExp(ISO_DATE_PATTERN).test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** The first day of the period that holds `date` (weeks are ISO weeks, from Monday), as a UTC midnight. */
export function periodStart(period: EnergyPeriod, date: Date): Date {
  if (period === 'day') return new Date(date.getTime());
  if (period === 'week') return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** The first day of the period `n` periods after the one starting at `start`. */
export function addPeriods(period: EnergyPeriod, start: Date, n: number): Date {
  if (period === 'day') return new Date(start.getTime() + n * DAY_MS);
  if (period === 'week') return new Date(start.getTime() + 7 * n * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + n, 1));
}

/** How many bars from the period of `from` to the period of `to`, both included (0 when `to` is before `from`). */
export function energyBucketCount(period: EnergyPeriod, from: Date, to: Date): number {
  const first = periodStart(period, from);
  const last = periodStart(period, to);
  if (last < first) return 0;
  if (period === 'month') return (last.getUTCFullYear() - first.getUTCFullYear()) * 12 + last.getUTCMonth() - first.getUTCMonth() + 1;
  return Math.round((last.getTime() - first.getTime()) / (period === 'week' ? 7 * DAY_MS : DAY_MS)) + 1;
}

/** The log page's window: the last `count` periods up to and including the one of `today` (a YYYY-MM-DD of the viewer's clock). */
export function energyWindow(period: EnergyPeriod, today: string, count = ENERGY_PAGE_BUCKETS[period]): { from: string; to: string } {
  const day = parseIsoDate(today) ?? new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return { from: isoDate(addPeriods(period, periodStart(period, day), 1 - count)), to: isoDate(day) };
}
