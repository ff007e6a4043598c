import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useT } from '../i18n/LocaleProvider';
import { Icon } from './Icon';
import type { IconSymbol } from './icons';
import { uiTexts } from './messages';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner on this control and blocks it while the action runs. */
  busy?: boolean;
  icon?: IconSymbol;
  children?: ReactNode;
}

export function Button({ variant = 'secondary', busy = false, icon, children, className, disabled, type = 'button', ...rest }: ButtonProps) {
  const t = useT();
  return (
    <button
      {...rest}
      type={type}
      className={['pd-btn', `pd-btn--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="pd-spinner" role="status" aria-label={t(uiTexts.messages.busy)} /> : icon ? <Icon icon={icon} /> : null}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconSymbol;
  /** The accessible name (also the tooltip). */
  label: string;
  busy?: boolean;
}

export function IconButton({ icon, label, busy = false, className, disabled, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['pd-icon-btn', className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="pd-spinner" aria-hidden="true" /> : <Icon icon={icon} />}
    </button>
  );
}
