import { chartWindow } from '@paddock/shared/domain';
import type { ChartTheme } from '@paddock/shared/charts';
import { buildChartOption, formatValue, niceStep, tooltipText, xAxisLabel } from './chartOptions';

const theme: ChartTheme = { series: ['#123456'], text: '#000001', muted: '#000002', grid: '#000003', surface: '#fffffe' };
const until = new Date(2026, 10, 22);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).getTime();

function option(days: number, data: [number, number | null][]) {
  return buildChartOption({ name: 'Load', unit: 'W', data, window: chartWindow(until, days), days, locale: 'en-GB', theme });
}

test('the x axis spans the whole window and counts hours for up to 2 days (docs/product/limits.md)', () => {
  for (const days of [1, 2]) {
    const { xAxis } = option(days, [[at(22, 10), 40]]);
    expect(xAxis.type).toBe('time');
    // The window ends one day after Until.
    expect(xAxis.max).toBe(new Date(2026, 10, 23).getTime());
    expect(xAxis.min).toBe(new Date(2026, 10, 23 - days).getTime());
    expect(xAxis.minInterval).toBe(3_600_000);
    expect(xAxis.axisLabel.formatter(at(22, 6))).toBe('06:00');
  }
});

test('the x axis counts days above 2 days', () => {
  const { xAxis } = option(3, [[at(22, 10), 40]]);
  expect(xAxis.minInterval).toBe(86_400_000);
  expect(xAxis.axisLabel.formatter(at(21, 0))).toBe('21 Nov');
  expect(option(31, []).xAxis.minInterval).toBe(86_400_000);
});

test('the y axis runs from 0 (or the rounded minimum) to the maximum rounded up (docs/product/limits.md)', () => {
  expect(option(1, [[at(22, 1), 12.2], [at(22, 2), 40.3]]).yAxis).toMatchObject({ min: 0, max: 41 });
  expect(option(1, [[at(22, 1), -4.6], [at(22, 2), 21.1], [at(22, 3), null]]).yAxis).toMatchObject({ min: -5, max: 22 });
  // Nothing to show still gives an axis.
  expect(option(1, []).yAxis).toMatchObject({ min: 0, max: 1 });
});

test('the y labels fall on round steps; an end off them is not labelled, so no two labels overlap', () => {
  // A fence at 44,693 V: steps of 10,000, and no "44,693" crammed above "40,000".
  const fence = option(1, [[at(22, 1), 38_000], [at(22, 2), 44_692.4]]).yAxis;
  expect(fence).toMatchObject({ min: 0, max: 44_693, interval: 10_000 });
  expect(fence.axisLabel).toMatchObject({ showMinLabel: true, showMaxLabel: false, hideOverlap: true });
  // An end on a step keeps its label.
  expect(option(1, [[at(22, 1), 50]]).yAxis).toMatchObject({ max: 50, interval: 10, axisLabel: { showMaxLabel: true } });
  expect(option(1, [[at(22, 1), -4.6], [at(22, 2), 21.1]]).yAxis).toMatchObject({
    min: -5,
    interval: 5,
    axisLabel: { showMinLabel: true, showMaxLabel: false },
  });
  expect(option(1, [[at(22, 1), -2.5], [at(22, 2), 8]]).yAxis.axisLabel).toMatchObject({ showMinLabel: false, showMaxLabel: true });
  expect(option(1, []).yAxis).toMatchObject({ interval: 0.2, axisLabel: { showMinLabel: true, showMaxLabel: true } });
  expect([niceStep(0, 41), niceStep(0, 7), niceStep(0, 130), niceStep(-5, 22), niceStep(3, 3)]).toEqual([10, 1, 30, 5, 1]);
});

test('the y labels are in the page’s number format', () => {
  const de = buildChartOption({ name: 'Spannung', unit: 'V', data: [[at(22, 1), 9000]], window: chartWindow(until, 1), days: 1, locale: 'de-DE', theme });
  expect(de.yAxis.axisLabel.formatter(4000)).toBe('4.000');
  expect(option(1, [[at(22, 1), 9000]]).yAxis.axisLabel.formatter(2500.5)).toBe('2,500.5');
});

test('the series: the points as they came (gaps stay gaps) in the theme’s colour', () => {
  const [series] = option(1, [[at(22, 1), 12], [at(22, 2), null]]).series;
  expect(series).toMatchObject({ type: 'line', name: 'Load', connectNulls: false, data: [[at(22, 1), 12], [at(22, 2), null]] });
  expect(series.lineStyle.color).toBe('#123456');
  expect(series.itemStyle.color).toBe('#123456');
  // A lone point would be invisible without its symbol.
  expect(option(1, [[at(22, 1), 12]]).series[0].showSymbol).toBe(true);
});

// The tooltip's trigger (tap as well as hover) and colours are the charts' theme: shared/src/charts/chartTheme.test.ts.
test('axes in the theme’s colours; the tooltip gives date and value with unit', () => {
  const { tooltip, xAxis, yAxis } = option(1, [[at(22, 1), 12]]);
  expect(xAxis.axisLabel.color).toBe('#000002');
  expect(yAxis.splitLine.lineStyle.color).toBe('#000003');
  const text = tooltip.formatter([{ value: [at(22, 13), 1234.5], marker: '<i></i>', seriesName: 'Load' }]);
  expect(text).toBe('22 Nov 2026, 13:00<br/><i></i>Load: <strong>1,234.5 W</strong>');
});

test('labels and values in the user’s language', () => {
  expect(xAxisLabel(at(22, 0), 'hours', 'en-GB')).toBe('22 Nov');
  expect(xAxisLabel(at(22, 14), 'hours', 'de-DE')).toBe('14:00');
  expect(formatValue(6200, 'V', 'de-DE')).toBe('6.200 V');
  expect(tooltipText([], 'V', 'en-GB')).toBe('');
  expect(tooltipText({ value: [at(22, 1), null], seriesName: 'Voltage' }, 'V', 'en-GB')).toContain('Voltage: <strong>–</strong>');
  expect(tooltipText({ value: [at(22, 1), 1], seriesName: '<b>' }, 'V', 'en-GB')).toContain('&#60;b&#62;');
});
