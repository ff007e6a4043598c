import { PASSWORD_MIN_LENGTH } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { PasswordField, type TextFieldProps } from '@paddock/shared/ui';
import { commonTexts } from './messages';

/** A password being chosen: the browser may suggest a strong one; at least PASSWORD_MIN_LENGTH characters. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'trailing' | 'autoComplete' | 'minLength'>) {
  const t = useT();
  return (
    <PasswordField
      required
      hint={t(commonTexts.messages.newPasswordHint, { min: PASSWORD_MIN_LENGTH })}
      {...props}
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
    />
  );
}
