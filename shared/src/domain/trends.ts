// The dashboard's trend lines (docs/product/screens.md /devices): per card, the last hours of the device's main
// measure, averaged per bucket, all cards in one call (GET /users/{id}/devices/trends, docs/product/api.md).
import type { ProductId } from '../products/ids';
import { byProduct, PRODUCT_RULES } from '../products/registry';
import { HISTORY_FIELDS, type HistoryField } from './logs';

/** How far back a trend line reaches. */
export const TREND_WINDOW_MS = 6 * 3_600_000;
/** One point per bucket: 36 points over 6 h. */
export const TREND_BUCKET_MS = 10 * 60_000;
export const TREND_MAX_POINTS = TREND_WINDOW_MS / TREND_BUCKET_MS;

/** The field a product's card draws (its rules' `trend`): what its card shows first. */
export const TREND_FIELDS = byProduct<Readonly<Record<ProductId, HistoryField>>>((product) => [product, HISTORY_FIELDS[PRODUCT_RULES[product].trend]]);

/** Polyline points of a sparkline in a `width`×`height` box: time on x over the window, value on y (min at the bottom). */
export function sparklinePoints(
  points: readonly { At: string; Value: number }[],
  windowEndMs: number,
  width: number,
  height: number,
  pad = 2,
): string {
  if (points.length === 0) return '';
  const values = points.map((p) => p.Value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const start = windowEndMs - TREND_WINDOW_MS;
  const x = (ms: number) => pad + ((Math.min(Math.max(ms, start), windowEndMs) - start) / TREND_WINDOW_MS) * (width - 2 * pad);
  // A flat line sits in the middle.
  const y = (v: number) => (span === 0 ? height / 2 : pad + (1 - (v - min) / span) * (height - 2 * pad));
  return points.map((p) => `${x(Date.parse(p.At)).toFixed(1)},${y(p.Value).toFixed(1)}`).join(' ');
}
