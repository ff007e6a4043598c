import { useId, type TextareaHTMLAttributes } from 'react';
import { useT } from '@paddock/shared/i18n';
import type { FieldMessage } from '@paddock/shared/ui';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: FieldMessage;
}

/** A labelled multi-line text field in the shared field look (the UI kit has single-line fields only). */
export function TextAreaField({ label, error, className, ...area }: TextAreaFieldProps) {
  const t = useT();
  const id = useId();
  const errorText = !error ? undefined : typeof error === 'string' ? error : t(error.message, error.values);
  return (
    <div className={['pd-field', errorText ? 'pd-field--error' : ''].join(' ')}>
      <label className="pd-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...area}
        id={id}
        className={['pd-input', 'pd-admin-textarea', className].filter(Boolean).join(' ')}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? `${id}-error` : undefined}
      />
      {errorText ? (
        <p className="pd-field__error" id={`${id}-error`} role="alert">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
