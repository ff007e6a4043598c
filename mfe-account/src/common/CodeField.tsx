import { useT } from '@paddock/shared/i18n';
import { TextField, type TextFieldProps } from '@paddock/shared/ui';
import { commonTexts } from './messages';
import type { TextChange } from '@paddock/shared/ui';

/** Digits only, at most six: pasting "123 456" or "123-456" gives 123456. */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

type CodeFieldProps = Omit<TextFieldProps, 'onChange' | 'type' | 'label'> & { label?: TextFieldProps['label']; onChange: (change: TextChange) => void };

/**
 * The 6-digit verification code (wire name VerificationCode): numeric keypad, and the phone may offer the code from
 * the message. `onChange` gets the digits only; label, name and hint default to the code's.
 */
export function CodeField({ onChange, label, ...props }: CodeFieldProps) {
  const t = useT();
  return (
    <TextField
      label={label ?? t(commonTexts.messages.code)}
      name="VerificationCode"
      hint={t(commonTexts.messages.codeHint)}
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      onChange={(event) => onChange({ target: { value: codeDigits(event.target.value) } })}
    />
  );
}
