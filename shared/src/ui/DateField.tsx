// A date field shown in the page's language: a native <input type="date"> writes its date in the browser's language
// (a German page showed "11/29/2026"), so the field shows the value formatted by react-intl on a button that opens
// the native picker. The form still reads the input's ISO value (YYYY-MM-DD), with its min and max.
import { useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Translations, useT } from '../i18n/LocaleProvider';
import { FieldFrame, describedBy, useMessageText, type FieldMessage } from './Field';
import { Icon } from './Icon';
import { FIELD_TEXTS, fieldTexts } from './fieldMessages';
import type { TextChange } from './useFormErrors';
import * as icons from './icons';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD value as a local date, or null when it is empty or not a real date. */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export interface DateFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'> {
  /** Text, as it also names the button ("Until, 29.11.2026"). */
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (change: TextChange) => void;
  hint?: ReactNode;
  error?: FieldMessage;
}

/**
 * The value as "29.11.2026" / "29/11/2026" / "2026-11-29" on a button named by the label and the date; the button
 * opens the browser's picker (showPicker). The hidden input keeps the label, the description and the field's name, so
 * a form that focuses its first invalid field reaches it (its focus shows on the button, and typed digits change the
 * date the button shows). Where the browser cannot open it (no showPicker, or a cross-origin frame
 * such as the partner embed), the native input is shown in its place. An optional field has a button that clears it.
 */
/** {@link DateFieldBody} with the fields' own texts (fieldMessages.ts). */
export function DateField(props: DateFieldProps) {
  return (
    <Translations translations={FIELD_TEXTS}>
      <DateFieldBody {...props} />
    </Translations>
  );
}

function DateFieldBody({ label, value, onChange, hint, error, className, required, disabled, ...input }: DateFieldProps) {
  const id = useId();
  const t = useT();
  const intl = useIntl();
  const errorText = useMessageText(error);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [nativeOnly, setNativeOnly] = useState(false);
  const date = parseIsoDate(value);
  const shown = date
    ? intl.formatDate(date, { day: '2-digit', month: '2-digit', year: 'numeric' })
    : value || t(fieldTexts.messages.chooseDate);
  const description = describedBy(id, hint, errorText);

  const openPicker = () => {
    const native = inputRef.current;
    if (!native) return;
    try {
      if (typeof native.showPicker !== 'function') throw new Error('no showPicker');
      native.showPicker();
    } catch {
      setNativeOnly(true);
      // After the render that shows it.
      setTimeout(() => inputRef.current?.focus(), 0);
    }
  };

  return (
    <FieldFrame id={id} label={label} hint={hint} errorText={errorText}>
      <div className={['pd-field__control', 'pd-date', nativeOnly ? 'pd-date--native' : ''].filter(Boolean).join(' ')}>
        <input
          {...input}
          ref={inputRef}
          id={id}
          type="date"
          value={value}
          required={required}
          disabled={disabled}
          tabIndex={nativeOnly ? undefined : -1}
          className={nativeOnly ? ['pd-input', className].filter(Boolean).join(' ') : 'pd-date__native'}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={description}
          onChange={onChange}
        />
        {nativeOnly ? null : (
          <button
            ref={buttonRef}
            type="button"
            className={['pd-input', 'pd-date__button', className].filter(Boolean).join(' ')}
            aria-label={`${label}, ${shown}`}
            aria-describedby={description}
            aria-invalid={errorText ? true : undefined}
            aria-haspopup="dialog"
            disabled={disabled}
            onClick={openPicker}
          >
            <span className={date ? undefined : 'pd-date__placeholder'}>{shown}</span>
            <Icon icon={icons.calendarToday} size={20} />
          </button>
        )}
        {!required && value && !disabled ? (
          <button
            type="button"
            className="pd-field__toggle"
            aria-label={t(fieldTexts.messages.clearDate)}
            title={t(fieldTexts.messages.clearDate)}
            onClick={() => {
              onChange({ target: { value: '' } });
              // The clear button goes with the date: the focus stays on the field.
              buttonRef.current?.focus();
            }}
          >
            <Icon icon={icons.close} />
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
