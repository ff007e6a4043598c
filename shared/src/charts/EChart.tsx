// The one place echarts is imported (docs/architecture/README.md#budgets): only the chunks of the pages that draw charts
// (the device log pages, the admin stats page) import `@paddock/shared/charts`, so no other page carries echarts.
// The modular core with the line and bar charts, grid, tooltip, legend and canvas renderer keeps those chunks small.
import { useEffect, useRef } from 'react';
import { init, use as registerEcharts, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerEcharts([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface EChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  className?: string;
}

export function EChart({ option, label, className }: EChartProps) {
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

  return <div ref={element} className={className} role="img" aria-label={label} />;
}
