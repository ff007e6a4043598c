// Charts (echarts): imported only by the lazily loaded chunks of the pages that draw them (docs/architecture/README.md#budgets).
export * from './EChart';
export * from './chartTheme';
