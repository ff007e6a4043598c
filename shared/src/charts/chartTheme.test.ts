// The echarts theme of every chart (EChart): the tooltip block the log charts and the admin stats charts share.
import { echartsTheme, readChartTheme } from './chartTheme';

test('tooltips on the axis, on a tap as well as on hover, inside the card, in the theme’s colours', () => {
  const theme = { series: ['#000001'], text: '#000002', muted: '#000003', grid: '#000004', surface: '#fffffe' };
  expect(echartsTheme(theme).tooltip).toEqual({
    trigger: 'axis',
    triggerOn: 'mousemove|click',
    confine: true,
    backgroundColor: '#fffffe',
    borderColor: '#000004',
    textStyle: { color: '#000002' },
  });
});

test('the colours are read from the theme’s custom properties on <html>, with fallbacks', () => {
  document.documentElement.style.setProperty('--pd-surface', '#101010');
  try {
    expect(readChartTheme().surface).toBe('#101010');
    expect(readChartTheme().text).toBe('#18201a');
  } finally {
    document.documentElement.style.removeProperty('--pd-surface');
  }
});
