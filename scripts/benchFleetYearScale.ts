// The scale of `npm run bench -- --fleet-year` (scripts/benchFleetYear.ts) and its size arithmetic, apart from the
// database work so a unit test can check them (benchFleetYearScale.test.ts).

/** Issue 28's scale: 1,000 devices × 60 days at 1/min, 86.4 M readings. */
export const FLEET_YEAR_DEFAULTS = { devices: 1_000, days: 60 };
/** The peer table's fraction of the fleet (the same days, so the same windows can be measured on both). */
export const SMALL_FRACTION = 30;
/** Each figure on the big table within this × the small one's (docs/architecture/budgets.md). */
export const FLAT_RATIO = 1.5;
export const MINUTES_A_DAY = 1_440;
export const MINUTES_A_YEAR = 365 * MINUTES_A_DAY;
/** The chart's window: the longest drawn from the readings themselves (history/chart.ts chartGrid). */
export const CHART_DAYS = 20;

export interface FleetScale {
  devices: number;
  days: number;
}

/**
 * `--fleet-devices N`, `--fleet-days N`, `--keep`, `--as-written-only` and `--cluster-completed` of the command line
 * (defaults: issue 28's scale, dropped after, completed days compacted as the server's job leaves them).
 */
export function fleetYearOptions(
  argv: readonly string[],
): FleetScale & { keep: boolean; compactCompleted: boolean; clusterCompleted: boolean } {
  const number = (flag: string, fallback: number, least: number) => {
    const at = argv.indexOf(flag);
    if (at === -1) return fallback;
    const value = Number(argv[at + 1]);
    if (!Number.isInteger(value) || value < least) throw new Error(`${flag} takes a whole number of at least ${least}, not ${argv[at + 1]}`);
    return value;
  };
  // The chart spans 20 days and the device-day export the day before the last: a day more than the chart.
  return {
    devices: number('--fleet-devices', FLEET_YEAR_DEFAULTS.devices, 1),
    days: number('--fleet-days', FLEET_YEAR_DEFAULTS.days, CHART_DAYS + 1),
    keep: argv.includes('--keep'),
    compactCompleted: !argv.includes('--as-written-only'),
    clusterCompleted: argv.includes('--cluster-completed'),
  };
}

/** The peer table's scale: the fleet divided by SMALL_FRACTION (at least one device), the same days. */
export const smallScale = ({ devices, days }: FleetScale): FleetScale => ({ devices: Math.max(1, Math.round(devices / SMALL_FRACTION)), days });

/** What a year of readings takes at `bytesPerReading`: `devices` each writing `perMinute` readings a minute. */
export const yearBytes = (bytesPerReading: number, devices: number, perMinute = 1): number => bytesPerReading * devices * perMinute * MINUTES_A_YEAR;

/** Bytes in decimal units (TB, GB, MB, kB), as disks are sold and issue 28 counts them. */
export function decimalBytes(bytes: number): string {
  const units = [
    [1e12, 'TB'],
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'kB'],
  ] as const;
  for (const [size, unit] of units) if (bytes >= size) return `${(bytes / size).toFixed(bytes / size < 10 ? 2 : 1)} ${unit}`;
  return `${bytes.toFixed(0)} B`;
}
