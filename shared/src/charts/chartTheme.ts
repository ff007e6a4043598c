// The chart colours from the theme's CSS custom properties (docs/architecture/README.md#look-and-feel): one echarts
// theme for every chart, read again when light/dark changes.
import { useEffect, useState } from 'react';

export interface ChartTheme {
  /** Series colours: the accent first (a chart with one series uses it), then the status colours. */
  series: string[];
  text: string;
  muted: string;
  grid: string;
  surface: string;
}

/** Used when a property is not set (the theme stylesheet not loaded, e.g. in tests). */
const FALLBACK: ChartTheme = {
  series: ['#1d5f3a', '#8a5a00', '#1f4e8c'],
  text: '#18201a',
  muted: '#4a544c',
  grid: '#8a948c',
  surface: '#ffffff',
};

/** The variant's properties live on <html> (data-variant), so that is where they are read. */
export function readChartTheme(element: Element | null = typeof document !== 'undefined' ? document.documentElement : null): ChartTheme {
  if (!element || typeof getComputedStyle === 'undefined') return FALLBACK;
  const style = getComputedStyle(element);
  const read = (property: string, fallback: string) => style.getPropertyValue(property).trim() || fallback;
  return {
    series: [read('--pd-accent', FALLBACK.series[0]), read('--pd-warn', FALLBACK.series[1]), read('--pd-focus', FALLBACK.series[2])],
    text: read('--pd-text', FALLBACK.text),
    muted: read('--pd-text-muted', FALLBACK.muted),
    grid: read('--pd-border', FALLBACK.grid),
    surface: read('--pd-surface', FALLBACK.surface),
  };
}

/**
 * The echarts theme every chart is drawn with (EChart): what all charts share, so an option says only what is its own.
 * The tooltip: on the axis, on a tap as well as on hover (touch screens have no hover), kept inside the card.
 */
export function echartsTheme(theme: ChartTheme) {
  return {
    tooltip: {
      trigger: 'axis' as const,
      triggerOn: 'mousemove|click' as const,
      confine: true,
      backgroundColor: theme.surface,
      borderColor: theme.grid,
      textStyle: { color: theme.text },
    },
  };
}

export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => {
    if (typeof matchMedia === 'undefined') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const update = () => setTheme(readChartTheme());
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return theme;
}
