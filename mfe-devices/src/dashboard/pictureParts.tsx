// What the products' card drawings (products/<id>/picture.tsx) share: the line style, and the fence both fence alarms stand on.
export const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const FENCE = <path {...STROKE} d="M6 40V18l3-4 3 4v22M22 40V18l3-4 3 4v22M6 24h22M6 33h22" />;
