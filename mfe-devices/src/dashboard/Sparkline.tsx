import { useIntl, type IntlShape } from 'react-intl';
import type { DeviceTrend } from '@paddock/shared/contract';
import { PRODUCT_RULES, dataAmount, sparklinePoints, type ProductId } from '@paddock/shared/domain';
import { dashboardTexts } from './messages';

const m = dashboardTexts.messages;
const WIDTH = 120;
/** The drawing's height; the box is 56 px tall (devices.css): a phone shows the shape (issue 30 "tiny trend lines"). */
const HEIGHT = 56;

/** A value of the product's trend measure with its unit, as the card's own lines write it. */
function trendValue(intl: IntlShape, product: ProductId, value: number): string {
  switch (PRODUCT_RULES[product].trend) {
    case 'voltage':
      return intl.formatMessage(m.volts, { value: intl.formatNumber(value, { maximumFractionDigits: 0 }) });
    case 'load':
      return intl.formatMessage(m.watts, { value: intl.formatNumber(value, { maximumFractionDigits: 1 }) });
    default: {
      const { value: amount, ...unit } = dataAmount(value);
      return intl.formatNumber(amount, { style: 'unit', ...unit });
    }
  }
}

/**
 * A card's trend line (docs/product/screens.md /devices): the main measure over the last hours, inline SVG (no
 * chart library on the dashboard), with its highest and lowest value beside it. Its box is always there, so the line
 * arriving after the cards moves nothing.
 */
export function Sparkline({
  points,
  end,
  label,
  product,
}: {
  points: DeviceTrend['Points'] | null | undefined;
  end: number;
  label: string;
  product: ProductId;
}) {
  const intl = useIntl();
  const drawn = points && points.length > 1 ? points : null;
  let range: { min: string; max: string } | null = null;
  if (drawn) {
    const values = drawn.map((p) => p.Value);
    range = { min: trendValue(intl, product, Math.min(...values)), max: trendValue(intl, product, Math.max(...values)) };
  }
  return (
    <div className="pd-trend" data-testid="trend">
      {drawn && range ? (
        <>
          <svg
            className="pd-trend__line"
            role="img"
            aria-label={intl.formatMessage(m.trendRange, { label, min: range.min, max: range.max })}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
          >
            <polyline
              points={sparklinePoints(drawn, end, WIDTH, HEIGHT, 3)}
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          {/* The extremes beside the line, top and bottom, as its scale (the line is drawn between them). */}
          <span className="pd-trend__range" aria-hidden="true" data-testid="trend-range">
            <span>{range.max}</span>
            <span>{range.min}</span>
          </span>
        </>
      ) : null}
    </div>
  );
}
