import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldFrame, useMessageText, type FieldMessage } from './Field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: FieldMessage;
  /** A first, empty choice such as "Choose…". */
  placeholder?: string;
}

export function Select({ label, options, hint, error, placeholder, className, ...select }: SelectProps) {
  const id = useId();
  const errorText = useMessageText(error);
  return (
    <FieldFrame id={id} label={label} hint={hint} errorText={errorText}>
      <select
        {...select}
        id={id}
        className={['pd-input', 'pd-select', className].filter(Boolean).join(' ')}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy(id, hint, errorText)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
