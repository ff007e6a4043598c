// The echarts option of a log chart, as a pure function (no echarts import): the x axis spans the whole window in
// hours (≤ 2 days) or days, the y axis follows docs/product/limits.md, the colours come from the theme.
import type { ChartTheme } from '@paddock/shared/charts';
import { chartXAxisUnit, chartYAxisRange } from '@paddock/shared/domain';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface LogChartSpec {
  /** The series name shown in the tooltip, e.g. "Load". */
  name: string;
  /** The unit after values, e.g. "W". */
  unit: string;
  /** [epoch ms, value]; null is a gap. */
  data: readonly (readonly [number, number | null])[];
  window: { from: Date; to: Date };
  /** The chosen interval in days (decides hours or days on the x axis). */
  days: number;
  locale: string;
  theme: ChartTheme;
}

interface TooltipParam {
  value?: unknown;
  marker?: unknown;
  seriesName?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The x-axis label of a tick: a time of day on the hours axis (the date at midnight), a date on the days axis. */
export function xAxisLabel(value: number, unit: 'hours' | 'days', locale: string): string {
  const date = new Date(value);
  const midnight = date.getHours() === 0 && date.getMinutes() === 0;
  if (unit === 'hours' && !midnight) return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(date);
}

/** A value with its unit in the user's number format, e.g. "6,200 V" or "6 200 V". */
export function formatValue(value: number, unit: string, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)} ${unit}`;
}

/** The tooltip: the point's date and time, then the value with its unit. */
export function tooltipText(params: TooltipParam | TooltipParam[], unit: string, locale: string): string {
  const first = Array.isArray(params) ? params[0] : params;
  if (!first || !Array.isArray(first.value)) return '';
  const [time, value] = first.value as [number, number | null];
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));
  const shown = typeof value === 'number' ? formatValue(value, unit, locale) : '–';
  const marker = typeof first.marker === 'string' ? first.marker : '';
  return `${escapeHtml(when)}<br/>${marker}${escapeHtml(first.seriesName ?? '')}: <strong>${escapeHtml(shown)}</strong>`;
}

/**
 * A round step for about five y-axis intervals (1, 2, 3, 5 × a power of ten, the rounding echarts itself uses), given
 * to echarts so the labels fall on round values whatever the data.
 */
export function niceStep(min: number, max: number, intervals = 5): number {
  const raw = (max - min) / intervals;
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  const nice = f < 1.5 ? 1 : f < 2.5 ? 2 : f < 4 ? 3 : f < 7 ? 5 : 10;
  return nice * power;
}

/** Whether a value is a whole multiple of the step (with room for floating-point error). */
const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

export function buildChartOption({ name, unit, data, window, days, locale, theme }: LogChartSpec) {
  const xUnit = chartXAxisUnit(days);
  const values = data.map(([, v]) => v).filter((v): v is number => v !== null);
  const y = chartYAxisRange(values);
  const yStep = niceStep(y.min, y.max);
  const yLabel = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const axisText = { color: theme.muted, fontSize: 12 };
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: theme.text },
    // containLabel keeps long y labels inside a 360 px wide card.
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    // Its trigger, tap and colours are the charts' theme (echartsTheme in @paddock/shared/charts).
    tooltip: {
      axisPointer: { type: 'line' as const, lineStyle: { color: theme.muted } },
      formatter: (params: TooltipParam | TooltipParam[]) => tooltipText(params, unit, locale),
    },
    xAxis: {
      type: 'time' as const,
      min: window.from.getTime(),
      max: window.to.getTime(),
      minInterval: xUnit === 'hours' ? HOUR_MS : DAY_MS,
      axisLabel: { ...axisText, hideOverlap: true, formatter: (value: number) => xAxisLabel(value, xUnit, locale) },
      axisLine: { lineStyle: { color: theme.grid } },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value' as const,
      min: y.min,
      max: y.max,
      interval: yStep,
      // The ends are the data's rounded extremes (docs/product/limits.md), e.g. 44,693 above the 40,000 line: an end
      // off the round steps gets no label, which would sit on top of its neighbour's.
      axisLabel: {
        ...axisText,
        hideOverlap: true,
        showMinLabel: onStep(y.min, yStep),
        showMaxLabel: onStep(y.max, yStep),
        formatter: yLabel,
      },
      splitLine: { lineStyle: { color: theme.grid, opacity: 0.4 } },
    },
    series: [
      {
        type: 'line' as const,
        name,
        data: data.map(([t, v]) => [t, v]),
        showSymbol: data.length === 1,
        connectNulls: false,
        lineStyle: { color: theme.series[0], width: 2 },
        itemStyle: { color: theme.series[0] },
      },
    ],
  };
}

export type LogChartOption = ReturnType<typeof buildChartOption>;
