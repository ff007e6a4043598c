import { TextField, type TextFieldProps } from '@paddock/shared/ui';

/** Digits only, at most six: pasting "123 456" or "123-456" gives 123456. */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** The 6-digit verification code: numeric keypad, and the phone may offer the code from the message. */
export function CodeField({ onCode, ...props }: Omit<TextFieldProps, 'onChange' | 'type'> & { onCode: (code: string) => void }) {
  return (
    <TextField
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      onChange={(event) => onCode(codeDigits(event.target.value))}
    />
  );
}
