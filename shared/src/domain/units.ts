// Units and chart helpers for the device and log pages (docs/product/devices.md, docs/product/validation.md, docs/product/limits.md).

export const BYTES_PER_MB = 1_000_000;
/** docs/product/limits.md: history interval options in days; 1 is the default. */
export const HISTORY_INTERVALS = [1, 2, 3, 5, 7, 14, 31] as const;
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number];
export const DEFAULT_HISTORY_INTERVAL: HistoryInterval = 1;
/** docs/product/limits.md: the x axis counts hours up to this many days, days above it. */
export const HOURS_AXIS_MAX_DAYS = 2;

/** docs/product/devices.md, docs/product/limits.md: bytes shown in MB = bytes / 1e6, rounded; 0 when missing. */
export function bytesToMb(bytes: number | null | undefined): number {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return 0;
  return Math.round(bytes / BYTES_PER_MB);
}

/** The unit a data amount is shown in and the number to format in it, for Intl's `style: 'unit'`. */
export interface DataAmount {
  value: number;
  unit: 'megabyte' | 'gigabyte';
  maximumFractionDigits: 0 | 1;
}

/**
 * docs/product/products/farmcam-sim.md: the one rule for showing an amount of data wherever it appears (card, settings page,
 * purchase texts): GB with at most one decimal from 1 GB up, else whole MB (bytes / 1e6 rounded, 0 when missing). The switch
 * is decided on the rounded MB, so 999.6 MB shows as 1 GB and never as "1,000 MB".
 */
export function dataAmount(bytes: number | null | undefined): DataAmount {
  const mb = bytesToMb(bytes);
  if (mb < 1000) return { value: Math.max(0, mb), unit: 'megabyte', maximumFractionDigits: 0 };
  return { value: Math.round(mb / 100) / 10, unit: 'gigabyte', maximumFractionDigits: 1 };
}

/** A data amount in words for a locale ("3.4 GB", "3,4 Go" is Intl's business): `dataAmount` through Intl.NumberFormat. */
export function formatDataAmount(bytes: number | null | undefined, locale: string): string {
  const { value, unit, maximumFractionDigits } = dataAmount(bytes);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits }).format(value);
}

/** docs/product/validation.md: add-trial data in MB is multiplied by 1,000,000 to bytes. */
export function mbToBytes(mb: number): number {
  return Math.round(mb * BYTES_PER_MB);
}

export function isHistoryInterval(days: number): days is HistoryInterval {
  return (HISTORY_INTERVALS as readonly number[]).includes(days);
}

/** docs/product/limits.md: the chart window ends one (calendar) day after the chosen Until date and spans the interval's days. */
export function chartWindow(until: Date, days: number): { from: Date; to: Date } {
  const to = new Date(until.getFullYear(), until.getMonth(), until.getDate() + 1);
  const from = new Date(to.getFullYear(), to.getMonth(), to.getDate() - days);
  return { from, to };
}

/** docs/product/limits.md: the x axis is in hours when the range is 2 days or less, else in days. */
export function chartXAxisUnit(days: number): 'hours' | 'days' {
  return days <= HOURS_AXIS_MAX_DAYS ? 'hours' : 'days';
}

/**
 * docs/product/limits.md: the y axis runs from 0 (or from the rounded-down minimum when a value is below 0, or always when
 * fromZero is false) up to the maximum rounded up; an empty or flat series still gets a span of 1.
 */
export function chartYAxisRange(values: readonly number[], fromZero = true): { min: number; max: number } {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { min: 0, max: 1 };
  const low = Math.floor(Math.min(...finite));
  const min = fromZero ? Math.min(0, low) : low;
  const max = Math.ceil(Math.max(...finite));
  return { min, max: max > min ? max : min + 1 };
}
