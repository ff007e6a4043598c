// Observability: metrics, traces and request logs (docs/operations/monitor.md).
export type { Metrics, UplinkDropReason } from './metrics';
