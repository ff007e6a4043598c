import { energyBucketCount, energyWindow, isEnergyPeriod, parseIsoDate, periodStart } from './energyPeriods';

const d = (text: string) => parseIsoDate(text)!;

describe('energy periods (docs/product/energy.md)', () => {
  test('dates are real calendar dates', () => {
    expect(parseIsoDate('2024-02-29')).toEqual(new Date('2024-02-29T00:00:00Z'));
    for (const text of ['2026-02-29', '2026-13-01', '2026-1-01', '01-03-2026', '', '2026-03-01T00:00:00Z'])
      expect(parseIsoDate(text)).toBeNull();
  });

  test('a period starts on its first day: ISO weeks on Monday, months on the 1st', () => {
    expect(periodStart('day', d('2026-03-11'))).toEqual(d('2026-03-11'));
    expect(periodStart('week', d('2026-03-11'))).toEqual(d('2026-03-09')); // a Wednesday → Monday
    expect(periodStart('week', d('2026-03-15'))).toEqual(d('2026-03-09')); // a Sunday → the Monday before
    expect(periodStart('week', d('2026-03-09'))).toEqual(d('2026-03-09'));
    expect(periodStart('month', d('2026-03-31'))).toEqual(d('2026-03-01'));
  });

  test('bars from the period of from to that of to, both included', () => {
    expect(energyBucketCount('day', d('2026-03-01'), d('2026-03-01'))).toBe(1);
    expect(energyBucketCount('day', d('2025-01-01'), d('2026-02-04'))).toBe(400);
    expect(energyBucketCount('week', d('2026-03-15'), d('2026-03-16'))).toBe(2); // Sunday, then Monday
    expect(energyBucketCount('month', d('2025-12-31'), d('2026-01-01'))).toBe(2);
    expect(energyBucketCount('month', d('2026-01-01'), d('2025-12-31'))).toBe(0);
  });

  test('the log page shows the last 31 days, 13 weeks or 12 months up to today', () => {
    expect(energyWindow('day', '2026-03-31')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(energyWindow('week', '2026-03-11')).toEqual({ from: '2025-12-15', to: '2026-03-11' });
    expect(energyWindow('month', '2026-03-11')).toEqual({ from: '2025-04-01', to: '2026-03-11' });
    expect(energyBucketCount('week', d('2025-12-15'), d('2026-03-11'))).toBe(13);
  });

  test('isEnergyPeriod', () => {
    expect(['day', 'week', 'month'].every(isEnergyPeriod)).toBe(true);
    expect(isEnergyPeriod('year')).toBe(false);
  });
});
