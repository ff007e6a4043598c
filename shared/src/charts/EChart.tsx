// The one place echarts is imported (docs/architecture/README.md#budgets): only the chunks of the pages that draw charts
// (the device log pages, the admin stats page) import `@paddock/shared/charts`, so no other page carries echarts.
// echarts-for-react's core entry draws, resizes and disposes; it is handed the modular echarts core with the line and
// bar charts, grid, tooltip, legend and canvas renderer, which keeps those chunks small.
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { dispose, getInstanceByDom, init, use as registerEcharts, type EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { echartsTheme, useChartTheme } from './chartTheme';

registerEcharts([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** What echarts-for-react calls of echarts: named, not the namespace, so the rest of echarts/core stays out. */
const echarts = { init, dispose, getInstanceByDom };

/** The size comes from the class (echarts-for-react's own default is an inline 300 px height). */
const SIZED_BY_CLASS = { height: undefined };

export interface EChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  className?: string;
}

export function EChart({ option, label, className }: EChartProps) {
  const theme = echartsTheme(useChartTheme());
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      theme={theme}
      notMerge
      className={className}
      style={SIZED_BY_CLASS}
      role="img"
      aria-label={label}
    />
  );
}
