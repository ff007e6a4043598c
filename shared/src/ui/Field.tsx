import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useT } from '../i18n/LocaleProvider';
import { Icon } from './Icon';
import { uiTexts } from './messages';
import * as icons from './icons';

/** A localized field error: a message with its values, or nothing. */
export type FieldMessage = { message: MessageDescriptor; values?: Record<string, string | number> } | string | null | undefined;

export function useMessageText(error: FieldMessage): string | undefined {
  const t = useT();
  if (!error) return undefined;
  return typeof error === 'string' ? error : t(error.message, error.values);
}

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errorText?: string;
  children: ReactNode;
}

/** A field's label, its control, and its hint or error (the label's id is `${id}-label`). */
export function FieldFrame({ id, label, hint, errorText, children }: FieldFrameProps) {
  return (
    <div className={['pd-field', errorText ? 'pd-field--error' : ''].join(' ')}>
      <label className="pd-field__label" id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !errorText ? (
        <p className="pd-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p className="pd-field__error" id={`${id}-error`} role="alert">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, hint: unknown, errorText: string | undefined) {
  return errorText ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldMessage;
  /** An element shown at the end of the input (e.g. the password toggle). */
  trailing?: ReactNode;
}

export function TextField({ label, hint, error, trailing, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorText = useMessageText(error);
  return (
    <FieldFrame id={id} label={label} hint={hint} errorText={errorText}>
      <div className="pd-field__control">
        <input
          {...input}
          id={id}
          className={['pd-input', className].filter(Boolean).join(' ')}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={describedBy(id, hint, errorText)}
        />
        {trailing}
      </div>
    </FieldFrame>
  );
}

/** A password input that can be toggled hidden/visible (docs/product/validation.md). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const label = t(visible ? uiTexts.messages.hidePassword : uiTexts.messages.showPassword);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="pd-field__toggle"
          aria-label={label}
          title={label}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon icon={visible ? icons.visibilityOff : icons.visibility} />
        </button>
      }
    />
  );
}
