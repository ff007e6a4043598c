import { ICONS, type IconName } from './icons';

/** A decorative icon (aria-hidden); the control around it carries the accessible name. */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <span
      className={['pd-icon', className].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      aria-hidden="true"
      data-icon={name}
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  );
}
