import type { KeyboardEvent } from 'react';
import { Button, TextField, type TextFieldProps, icons } from '@paddock/shared/ui';

export interface AddFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'onKeyDown'> {
  value: string;
  onChange: (value: string) => void;
  addLabel: string;
  onAdd: () => void;
  /** Why the last entry was not added (already there, too long …), or null. */
  note: string | null;
}

/** A text input with an Add button beside it (Sharing's invite, a new tag) and the note under it. */
export function AddField({ value, onChange, addLabel, onAdd, note, ...field }: AddFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds (it would otherwise save the whole form).
    if (event.key === 'Enter') {
      event.preventDefault();
      onAdd();
    }
  };
  return (
    <>
      <div className="pd-settings__inline">
        <TextField autoComplete="off" {...field} value={value} onChange={(e) => onChange(e.target.value)} onKeyDown={onKeyDown} />
        <Button icon={icons.addCircle} onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
      {note ? (
        <p className="pd-field__hint" role="status">
          {note}
        </p>
      ) : null}
    </>
  );
}
