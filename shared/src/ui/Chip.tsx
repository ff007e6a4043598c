import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'> {
  /** A toggle chip: pressed while its value is chosen (announced as aria-pressed). */
  pressed: boolean;
  children: ReactNode;
}

/** A toggle chip (docs/architecture/README.md#look-and-feel: tag filter, device tags): a 44 px high button with a tick while pressed. */
export function Chip({ pressed, className, type = 'button', children, ...rest }: ChipProps) {
  return (
    <button {...rest} type={type} className={['pd-chip', pressed ? 'pd-chip--on' : '', className].filter(Boolean).join(' ')} aria-pressed={pressed}>
      {children}
    </button>
  );
}

/** A labelled row of chips that wraps on narrow screens. */
export function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="pd-chips" role="group" aria-label={label}>
      {children}
    </div>
  );
}
