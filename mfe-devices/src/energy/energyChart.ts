// The energy bars' labels and echarts option, as pure functions (no echarts import): one bar a day, ISO week or month
// (docs/product/energy.md), its label on the axis, its kWh and cost in the tooltip and the table.
import type { ChartTheme } from '@paddock/shared/charts';
import type { EnergyBucket, EnergyPrice } from '@paddock/shared/contract';
import { energyCost, formatMoney, parseIsoDate, type EnergyPeriod } from '@paddock/shared/domain';
import { formatKWh } from './formatKWh';

const DAY_MS = 86_400_000;

/** The ISO week number of a date: weeks from Monday, week 1 the one holding the year's first Thursday. */
export function isoWeek(date: Date): number {
  const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * DAY_MS);
  return 1 + Math.floor((thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / (7 * DAY_MS));
}

/**
 * A bar's short name on the axis: "12 Mar", "Mar 2026" in the page's language, a week as `weekLabel` words its number
 * ("Wk 11"); `date` is the period's first day.
 */
export function barLabel(period: EnergyPeriod, date: string, locale: string, weekLabel: (week: number) => string): string {
  const day = parseIsoDate(date);
  if (!day) return date;
  if (period === 'week') return weekLabel(isoWeek(day));
  const format: Intl.DateTimeFormatOptions =
    period === 'day' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, format).format(day);
}

/** A period's first day written out, for the table and the tooltip ("12 Mar 2026"). */
export const longDate = (date: string, locale: string): string => {
  const day = parseIsoDate(date);
  return day ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(day) : date;
};

/** A bar's cost at the price, or null without one. */
export const barCost = (kWh: number, price: EnergyPrice | null, locale: string): string | null =>
  price ? formatMoney(locale, energyCost(kWh * 1000, price.PerKwh), price.Currency) : null;

export interface EnergyChartSpec {
  period: EnergyPeriod;
  buckets: readonly EnergyBucket[];
  price: EnergyPrice | null;
  locale: string;
  theme: ChartTheme;
  /** The name of a bar in the tooltip (the table's words: a date, or "Week 11, from …"). */
  barName: (bucket: EnergyBucket) => string;
  /** A week's short name on the axis ("Wk 11"). */
  weekLabel: (week: number) => string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function buildEnergyOption({ period, buckets, price, locale, theme, barName, weekLabel }: EnergyChartSpec) {
  const axisText = { color: theme.muted, fontSize: 12 };
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: theme.text },
    // containLabel keeps the labels inside a 360 px wide card.
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      axisPointer: { type: 'shadow' as const },
      formatter: (params: { dataIndex?: number } | { dataIndex?: number }[]) => {
        const first = Array.isArray(params) ? params[0] : params;
        const bucket = first?.dataIndex === undefined ? undefined : buckets[first.dataIndex];
        if (!bucket) return '';
        const cost = barCost(bucket.KWh, price, locale);
        const value = `${formatKWh(bucket.KWh, locale)} kWh${cost ? ` · ${cost}` : ''}`;
        return `${escapeHtml(barName(bucket))}<br/><strong>${escapeHtml(value)}</strong>`;
      },
    },
    xAxis: {
      type: 'category' as const,
      data: buckets.map((bucket) => barLabel(period, bucket.Date, locale, weekLabel)),
      axisLabel: { ...axisText, hideOverlap: true },
      axisLine: { lineStyle: { color: theme.grid } },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value' as const,
      min: 0,
      axisLabel: { ...axisText, formatter: (value: number) => formatKWh(value, locale) },
      splitLine: { lineStyle: { color: theme.grid, opacity: 0.4 } },
    },
    series: [
      {
        type: 'bar' as const,
        name: 'kWh',
        data: buckets.map((bucket) => bucket.KWh),
        itemStyle: { color: theme.series[0] },
        barMaxWidth: 32,
      },
    ],
  };
}
