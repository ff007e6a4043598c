// The one place echarts is imported (docs/architecture/README.md#budgets: only the log pages' chunk carries it). The modular core with just
// the line chart, grid, tooltip and canvas renderer keeps that chunk small.
import { useEffect, useRef } from 'react';
import { init, use as registerEcharts, type EChartsType } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { LogChartOption } from '../chartOptions';

registerEcharts([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface EChartProps {
  option: LogChartOption;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
}

export function EChart({ option, label }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = init(node, undefined, { renderer: 'canvas' });
    chart.current = instance;
    // The card's width follows the screen (360 px phones up to desktops).
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => instance.resize()) : null;
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} className="pd-log-chart__canvas" role="img" aria-label={label} />;
}
