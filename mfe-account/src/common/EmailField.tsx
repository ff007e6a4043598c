import { useT } from '@paddock/shared/i18n';
import { TextField, type TextFieldProps } from '@paddock/shared/ui';
import { commonTexts } from './messages';

/** The account e-mail: e-mail keyboard, no autocapitalisation or spell check, the browser may offer the saved one. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  const t = useT();
  return (
    <TextField
      label={t(commonTexts.messages.email)}
      name="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}
