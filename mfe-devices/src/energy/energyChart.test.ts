import { barCost, barLabel, buildEnergyOption, isoWeek } from './energyChart';

const theme = { series: ['#1d5f3a'], text: '#000', muted: '#444', grid: '#888', surface: '#fff' };
const week = (n: number) => `Wk ${n}`;

describe('the energy bars (docs/product/energy.md)', () => {
  test.each([
    ['2026-01-01', 1], // a Thursday: week 1
    ['2027-01-01', 53], // a Friday: the last week of 2026
    ['2024-12-30', 1], // a Monday: week 1 of 2025
    ['2026-11-23', 48],
  ])('ISO week of %s is %i', (date, expected) => {
    expect(isoWeek(new Date(`${date}T00:00:00Z`))).toBe(expected);
  });

  test('labels in the page’s language: a day, a week’s number, a month', () => {
    expect(barLabel('day', '2026-03-29', 'en-GB', week)).toBe('29 Mar');
    expect(barLabel('day', '2026-03-29', 'de-DE', week)).toBe('29. März');
    expect(barLabel('week', '2026-03-23', 'en-GB', week)).toBe('Wk 13');
    expect(barLabel('month', '2026-03-01', 'sv-SE', week)).toBe('mars 2026');
  });

  test('a bar’s cost at the price, none without one', () => {
    expect(barCost(2, { PerKwh: 12345, Currency: 'SEK' }, 'en-GB')?.replace(/\s/g, ' ')).toBe('SEK 2.47');
    expect(barCost(2, null, 'en-GB')).toBeNull();
  });

  test('one bar a bucket, from 0, and a tooltip with the period, kWh and cost', () => {
    const buckets = [
      { Start: '2026-03-28T23:00:00.000Z', Date: '2026-03-29', KWh: 2.3 },
      { Start: '2026-03-29T22:00:00.000Z', Date: '2026-03-30', KWh: 0 },
    ];
    const option = buildEnergyOption({
      period: 'day',
      buckets,
      price: { PerKwh: 25000, Currency: 'EUR' },
      locale: 'en-GB',
      theme,
      barName: (bucket) => bucket.Date,
      weekLabel: week,
    });
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [2.3, 0] });
    expect(option.xAxis.data).toEqual(['29 Mar', '30 Mar']);
    expect(option.yAxis.min).toBe(0);
    expect(option.tooltip.formatter({ dataIndex: 0 })).toBe('2026-03-29<br/><strong>2.3 kWh · €5.75</strong>');
    expect(option.tooltip.formatter([{ dataIndex: 5 }])).toBe('');
  });
});
