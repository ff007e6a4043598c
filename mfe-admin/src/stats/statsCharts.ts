// The echarts options of the stats page as pure functions (no echarts import, so they are tested without a canvas):
// readings per hour as a line, notifications per day as bars stacked by channel.
import type { FleetStats } from '@paddock/shared/contract';
import type { ChartTheme } from '@paddock/shared/charts';

export const CHANNELS = ['email', 'sms', 'push'] as const;

function axes(theme: ChartTheme) {
  const axisText = { color: theme.muted, fontSize: 12 };
  return {
    axisLabel: axisText,
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

export function readingsOption(points: FleetStats['ReadingsPerHour'], name: string, theme: ChartTheme) {
  return {
    ...frame(theme),
    xAxis: { type: 'time' as const, ...axes(theme) },
    yAxis: { type: 'value' as const, min: 0, minInterval: 1, ...axes(theme) },
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
) {
  const days = [...new Set(rows.map((r) => r.Day))].sort();
  const channels = [...CHANNELS, ...new Set(rows.map((r) => r.Channel).filter((c) => !(CHANNELS as readonly string[]).includes(c)))];
  const count = (day: string, channel: string) =>
    rows.filter((r) => r.Day === day && r.Channel === channel).reduce((sum, r) => sum + r.Count, 0);
  return {
    ...frame(theme),
    legend: { top: 0, textStyle: { color: theme.text } },
    xAxis: { type: 'category' as const, data: days.map(dayLabel), ...axes(theme) },
    yAxis: { type: 'value' as const, min: 0, minInterval: 1, ...axes(theme) },
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
