import {
  DEFAULT_HISTORY_INTERVAL,
  HISTORY_INTERVALS,
  bytesToMb,
  chartWindow,
  chartXAxisUnit,
  chartYAxisRange,
  dataAmount,
  formatDataAmount,
  mbToBytes,
} from './units';

describe('units and charts', () => {
  test('MB = bytes / 1e6 rounded, 0 when missing (docs/product/devices.md, docs/product/limits.md)', () => {
    expect(bytesToMb(20_000_000)).toBe(20);
    expect(bytesToMb(1_499_999)).toBe(1);
    expect(bytesToMb(1_500_000)).toBe(2);
    expect(bytesToMb(0)).toBe(0);
    expect(bytesToMb(undefined)).toBe(0);
    expect(bytesToMb(null)).toBe(0);
  });

  test('one unit rule for data: whole MB below 1 GB, GB with one decimal from 1 GB up (docs/product/products/farmcam-sim.md)', () => {
    expect(dataAmount(3_416_000_000)).toEqual({ value: 3.4, unit: 'gigabyte', maximumFractionDigits: 1 });
    expect(dataAmount(1_000_000_000)).toEqual({ value: 1, unit: 'gigabyte', maximumFractionDigits: 1 });
    expect(dataAmount(1_049_400_000)).toEqual({ value: 1, unit: 'gigabyte', maximumFractionDigits: 1 });
    expect(dataAmount(1_050_000_000)).toEqual({ value: 1.1, unit: 'gigabyte', maximumFractionDigits: 1 });
    expect(dataAmount(20_000_000_000)).toEqual({ value: 20, unit: 'gigabyte', maximumFractionDigits: 1 });
    expect(dataAmount(999_400_000)).toEqual({ value: 999, unit: 'megabyte', maximumFractionDigits: 0 });
    // Rounded to 1,000 MB: shown as 1 GB, never "1,000 MB".
    expect(dataAmount(999_600_000)).toEqual({ value: 1, unit: 'gigabyte', maximumFractionDigits: 1 });
    expect(dataAmount(12_345_678)).toEqual({ value: 12, unit: 'megabyte', maximumFractionDigits: 0 });
    expect(dataAmount(0)).toEqual({ value: 0, unit: 'megabyte', maximumFractionDigits: 0 });
    expect(dataAmount(null)).toEqual({ value: 0, unit: 'megabyte', maximumFractionDigits: 0 });
    expect(dataAmount(-5_000_000)).toEqual({ value: 0, unit: 'megabyte', maximumFractionDigits: 0 });
  });

  test('the data amount in each language', () => {
    expect(formatDataAmount(3_416_000_000, 'en-GB')).toBe('3.4 GB');
    expect(formatDataAmount(3_416_000_000, 'de-DE')).toMatch(/^3,4\sGB$/);
    expect(formatDataAmount(3_416_000_000, 'sv-SE')).toMatch(/^3,4\sGB$/);
    expect(formatDataAmount(3_416_000_000, 'fr-FR')).toMatch(/^3,4\s?Go$/);
    expect(formatDataAmount(512_000_000, 'en-GB')).toBe('512 MB');
  });

  test('add-trial MB × 1,000,000 (docs/product/validation.md)', () => {
    expect(mbToBytes(500)).toBe(500_000_000);
    expect(mbToBytes(0)).toBe(0);
  });

  test('interval options, default 1 (docs/product/limits.md)', () => {
    expect(HISTORY_INTERVALS).toEqual([1, 2, 3, 5, 7, 14, 31]);
    expect(DEFAULT_HISTORY_INTERVAL).toBe(1);
  });

  test('the window ends one day after Until (docs/product/limits.md)', () => {
    const { from, to } = chartWindow(new Date(2025, 2, 31), 1);
    expect(to).toEqual(new Date(2025, 3, 1));
    expect(from).toEqual(new Date(2025, 2, 31));
    const week = chartWindow(new Date(2025, 0, 3, 15, 20), 7);
    expect(week.to).toEqual(new Date(2025, 0, 4));
    expect(week.from).toEqual(new Date(2024, 11, 28));
  });

  test('x axis in hours up to 2 days, else days (docs/product/limits.md)', () => {
    expect(chartXAxisUnit(1)).toBe('hours');
    expect(chartXAxisUnit(2)).toBe('hours');
    expect(chartXAxisUnit(3)).toBe('days');
  });

  test('y axis from 0 or the rounded minimum up to the maximum rounded up (docs/product/limits.md)', () => {
    expect(chartYAxisRange([3.2, 7.1])).toEqual({ min: 0, max: 8 });
    expect(chartYAxisRange([-3.4, 12])).toEqual({ min: -4, max: 12 });
    expect(chartYAxisRange([3.2, 7.1], false)).toEqual({ min: 3, max: 8 });
    expect(chartYAxisRange([])).toEqual({ min: 0, max: 1 });
    expect(chartYAxisRange([0, 0])).toEqual({ min: 0, max: 1 });
  });
});
