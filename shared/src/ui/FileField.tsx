// File inputs in the page's language: a native file input says "Choose file / No file chosen" in the browser's
// language, so the input is visually hidden (still focusable, and still the form's control) and a button-styled
// label and the chosen file's name are shown in its place.
import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Translations, useT } from '../i18n/LocaleProvider';
import { FieldFrame, useMessageText, type FieldMessage } from './Field';
import { Icon } from './Icon';
import { FIELD_TEXTS, fieldTexts } from './fieldMessages';
import * as icons from './icons';
import type { IconSymbol } from './icons';

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'children'>;

export interface FileButtonProps extends FileInputProps {
  /** The button's text, which also names the input, e.g. "Take a photo". */
  label: string;
  icon?: IconSymbol;
  variant?: 'default' | 'ghost';
}

/** A button that opens the file picker: the label wraps the hidden input, so a click or Space/Enter on it opens it. */
export function FileButton({ label, icon = icons.uploadFile, variant = 'default', className, ...input }: FileButtonProps) {
  return (
    <label className={['pd-btn', variant === 'ghost' ? 'pd-btn--ghost' : '', 'pd-file-btn', className].filter(Boolean).join(' ')}>
      <input {...input} type="file" className="pd-visually-hidden pd-file-btn__input" aria-label={label} />
      <Icon icon={icon} />
      {label}
    </label>
  );
}

export interface FileFieldProps extends FileInputProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldMessage;
  /** The name shown beside the button; by default the name of the file last chosen (null: none). */
  fileName?: string | null;
  /** Shown under the field, e.g. a preview of the chosen file. */
  children?: ReactNode;
}

/**
 * A labelled file field: the label names the input, a "Choose a file" button opens the picker, and "No file chosen"
 * or the file's name follows it.
 */
/** {@link FileFieldBody} with the fields' own texts (fieldMessages.ts). */
export function FileField(props: FileFieldProps) {
  return (
    <Translations translations={FIELD_TEXTS}>
      <FileFieldBody {...props} />
    </Translations>
  );
}

function FileFieldBody({ label, hint, error, fileName, className, onChange, children, ...input }: FileFieldProps) {
  const id = useId();
  const t = useT();
  const errorText = useMessageText(error);
  const [chosen, setChosen] = useState<string | null>(null);
  const name = fileName === undefined ? chosen : fileName;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setChosen(event.target.files?.[0]?.name ?? null);
    onChange?.(event);
  };
  const note = errorText ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FieldFrame id={id} label={label} hint={hint} errorText={errorText}>
      <div className={['pd-file', className].filter(Boolean).join(' ')}>
        <input
          {...input}
          id={id}
          type="file"
          className="pd-visually-hidden pd-file__input"
          // The field's label alone names it; the button below is a second, visual label.
          aria-labelledby={`${id}-label`}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={note}
          onChange={change}
        />
        <label htmlFor={id} className="pd-btn pd-file__button" aria-hidden="true">
          <Icon icon={icons.uploadFile} />
          {t(fieldTexts.messages.chooseFile)}
        </label>
        {/* The input itself tells assistive technology the chosen file's name; a new choice is announced. */}
        <span
          id={`${id}-name`}
          aria-live="polite"
          className={['pd-file__name', name ? '' : 'pd-file__name--none'].filter(Boolean).join(' ')}
        >
          {name || t(fieldTexts.messages.noFileChosen)}
        </span>
      </div>
      {children}
    </FieldFrame>
  );
}
