// The echarts options of the stats page as pure functions (no echarts import, so they are tested without a canvas):
// readings per hour as a line, notifications per day as bars stacked by channel.
import type { FleetStats } from '@paddock/shared/contract';
import type { ChartTheme } from '@paddock/shared/charts';

export const CHANNELS = ['email', 'sms', 'push'] as const;

const HOUR_MS = 3_600_000;

// hideOverlap: echarts drops a label that would overlap its neighbour (long dates on a 360 px card).
function axes(theme: ChartTheme, formatter?: (value: number) => string) {
  const axisText = { color: theme.muted, fontSize: 12, hideOverlap: true };
  return {
    axisLabel: formatter ? { ...axisText, formatter } : axisText,
    axisLine: { lineStyle: { color: theme.grid } },
    splitLine: { lineStyle: { color: theme.grid, opacity: 0.3 } },
  };
}

function frame(theme: ChartTheme) {
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: theme.text },
    color: theme.series,
    // containLabel keeps the labels inside a 360 px wide card.
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    // Its trigger, tap and colours are the charts' theme (echartsTheme in @paddock/shared/charts).
    tooltip: {},
  };
}

/** A count in the page's number format ("1,234", "1.234", "1 234"). */
const countLabel = (locale: string) => (value: number) => new Intl.NumberFormat(locale).format(value);

/** An hour tick in the page's language: the time of day, and the date (e.g. "24 Nov", "24. Nov.") at midnight. */
export function hourLabel(value: number, locale: string): string {
  const date = new Date(value);
  if (date.getHours() === 0 && date.getMinutes() === 0)
    return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(date);
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
}

export function readingsOption(points: FleetStats['ReadingsPerHour'], name: string, theme: ChartTheme, locale: string) {
  return {
    ...frame(theme),
    xAxis: { type: 'time' as const, minInterval: HOUR_MS, ...axes(theme, (value) => hourLabel(value, locale)) },
    yAxis: { type: 'value' as const, min: 0, minInterval: 1, ...axes(theme, countLabel(locale)) },
    series: [
      { type: 'line' as const, name, showSymbol: false, data: points.map((p) => [Date.parse(p.Hour), p.Count] as [number, number]) },
    ],
  };
}

/** One bar series per channel over the days that occur, in date order (a day without a channel counts 0). */
export function notificationsOption(
  rows: FleetStats['NotificationsPerDay'],
  channelName: (channel: string) => string,
  dayLabel: (day: string) => string,
  theme: ChartTheme,
  locale: string,
) {
  const days = [...new Set(rows.map((r) => r.Day))].sort();
  const channels = [...CHANNELS, ...new Set(rows.map((r) => r.Channel).filter((c) => !(CHANNELS as readonly string[]).includes(c)))];
  const count = (day: string, channel: string) =>
    rows.filter((r) => r.Day === day && r.Channel === channel).reduce((sum, r) => sum + r.Count, 0);
  return {
    ...frame(theme),
    legend: { top: 0, textStyle: { color: theme.text } },
    // The day labels are already the page's short dates ("24 Nov"): echarts skips those that would not fit.
    xAxis: { type: 'category' as const, data: days.map(dayLabel), ...axes(theme) },
    yAxis: { type: 'value' as const, min: 0, minInterval: 1, ...axes(theme, countLabel(locale)) },
    series: channels.map((channel) => ({
      type: 'bar' as const,
      name: channelName(channel),
      stack: 'total',
      data: days.map((day) => count(day, channel)),
    })),
  };
}

export type StatsChartOption = ReturnType<typeof readingsOption> | ReturnType<typeof notificationsOption>;

/** Totals per channel over the 30 days (also the text a screen reader gets instead of the canvas). */
export function channelTotals(rows: FleetStats['NotificationsPerDay']): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.Channel, (totals.get(row.Channel) ?? 0) + row.Count);
  return totals;
}
