import type { DeviceTrend } from '@paddock/shared/contract';
import { sparklinePoints } from '@paddock/shared/domain';

const WIDTH = 120;
const HEIGHT = 32;

/**
 * A card's trend line (docs/product/screens.md /devices): the main measure over the last hours, inline SVG (no
 * chart library on the dashboard). Its box is always there, so the line arriving after the cards moves nothing.
 */
export function Sparkline({ points, end, label }: { points: DeviceTrend['Points'] | null | undefined; end: number; label: string }) {
  return (
    <div className="pd-trend" data-testid="trend">
      {points && points.length > 1 ? (
        <svg className="pd-trend__line" role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none">
          <polyline
            points={sparklinePoints(points, end, WIDTH, HEIGHT)}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      ) : null}
    </div>
  );
}
