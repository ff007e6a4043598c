import type { ReactNode } from 'react';
import type { ProductId } from '@paddock/shared/domain';

// A small drawing of each product on its card (docs/product/screens.md /devices): told apart at a glance, the two
// generations of fence alarm and of plug too. Inline SVG in the card's colours: no image request, a few hundred
// bytes each (the /devices budget, docs/architecture/README.md#budgets).
const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const fence = (
  <>
    <path {...STROKE} d="M6 40V18l3-4 3 4v22M22 40V18l3-4 3 4v22M6 24h22M6 33h22" />
  </>
);

const PICTURES: Record<ProductId, ReactNode> = {
  // The first FenceAlarm: a box on the fence with a bolt.
  fencealarm: (
    <>
      {fence}
      <rect x="31" y="16" width="13" height="18" rx="2" className="pd-picture__fill" />
      <path d="M38.5 19l-3.5 6h3l-1.5 6 4-7h-3z" fill="currentColor" />
    </>
  ),
  // FenceAlarm2: the box talks by radio (LoRaWAN).
  fencealarm2: (
    <>
      {fence}
      <rect x="31" y="20" width="13" height="16" rx="2" className="pd-picture__fill" />
      <path {...STROKE} d="M37.5 20v-6M33 10a6.5 6.5 0 0 1 9 0M35 12.5a3.3 3.3 0 0 1 5 0" />
      <circle cx="37.5" cy="28" r="2.5" fill="currentColor" />
    </>
  ),
  // SmartPlug: a round plug with two pins.
  smartplug: (
    <>
      <circle cx="24" cy="24" r="16" className="pd-picture__fill" />
      <circle {...STROKE} cx="24" cy="24" r="16" />
      <circle cx="18" cy="24" r="2.5" fill="currentColor" />
      <circle cx="30" cy="24" r="2.5" fill="currentColor" />
    </>
  ),
  // SmartPlug2: a square plug with its status light and Wi-Fi.
  smartplug2: (
    <>
      <rect x="8" y="12" width="30" height="30" rx="7" className="pd-picture__fill" />
      <rect {...STROKE} x="8" y="12" width="30" height="30" rx="7" />
      <circle cx="17" cy="27" r="2.5" fill="currentColor" />
      <circle cx="29" cy="27" r="2.5" fill="currentColor" />
      <path {...STROKE} d="M34 8a8 8 0 0 1 8 0M36.5 11a3.5 3.5 0 0 1 3 0" />
    </>
  ),
  // FarmCam SIM: a camera with its SIM card.
  'farmcam-sim': (
    <>
      <rect x="5" y="14" width="28" height="20" rx="3" className="pd-picture__fill" />
      <rect {...STROKE} x="5" y="14" width="28" height="20" rx="3" />
      <circle {...STROKE} cx="19" cy="24" r="5.5" />
      <path {...STROKE} d="M33 21l7-4v14l-7-4" />
      <path {...STROKE} d="M30 36h10l3 3v6H30z" />
    </>
  ),
};

export function ProductPicture({ product }: { product: ProductId }) {
  return (
    <svg className="pd-picture" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" data-product={product}>
      {PICTURES[product]}
    </svg>
  );
}
