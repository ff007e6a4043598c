import type { IconSymbol } from './icons';

/** A decorative icon (aria-hidden); the control around it carries the accessible name. */
export function Icon({ icon, size = 24, className }: { icon: IconSymbol; size?: number; className?: string }) {
  return (
    <span
      className={['pd-icon', className].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      aria-hidden="true"
      data-icon={icon.name}
      dangerouslySetInnerHTML={{ __html: icon.svg }}
    />
  );
}
