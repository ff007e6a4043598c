import { decimalBytes, fleetYearOptions, smallScale, yearBytes } from './benchFleetYearScale';

test("a year's bytes are bytes per reading × devices × a reading a minute for 365 days", () => {
  // Issue 28's figures: 207 B a reading at 10,000 devices is 5.26 billion readings and about 1.09 TB a year.
  expect(yearBytes(1, 10_000)).toBe(5_256_000_000);
  expect(decimalBytes(yearBytes(207, 10_000))).toBe('1.09 TB');
  expect(decimalBytes(yearBytes(207, 100_000))).toBe('10.9 TB');
  expect(yearBytes(100, 1, 2)).toBe(2 * 100 * 525_600);
});

test('decimal units from bytes to terabytes', () => {
  expect(decimalBytes(999)).toBe('999 B');
  expect(decimalBytes(1_500)).toBe('1.50 kB');
  expect(decimalBytes(42_000_000)).toBe('42.0 MB');
  expect(decimalBytes(3_200_000_000)).toBe('3.20 GB');
});

test('the peer table is the fleet divided by 30 over the same days, never empty', () => {
  expect(smallScale({ devices: 1_000, days: 60 })).toEqual({ devices: 33, days: 60 });
  expect(smallScale({ devices: 10, days: 21 })).toEqual({ devices: 1, days: 21 });
});

test('the command line sets the scale; the chart needs 21 days at least', () => {
  expect(fleetYearOptions(['--fleet-year'])).toEqual({
    devices: 1_000,
    days: 60,
    keep: false,
    compactCompleted: true,
    clusterCompleted: false,
  });
  expect(
    fleetYearOptions([
      '--fleet-year',
      '--fleet-devices',
      '300',
      '--fleet-days',
      '21',
      '--keep',
      '--as-written-only',
      '--cluster-completed',
    ]),
  ).toEqual({
    devices: 300,
    days: 21,
    keep: true,
    compactCompleted: false,
    clusterCompleted: true,
  });
  expect(() => fleetYearOptions(['--fleet-days', '20'])).toThrow('--fleet-days takes a whole number of at least 21, not 20');
  expect(() => fleetYearOptions(['--fleet-devices', 'many'])).toThrow('--fleet-devices');
});
