import { useState, type FormEvent } from 'react';
import { ApiError, showToast, usersApi } from '@paddock/shared/api';
import { checkPassword } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, Card, PasswordField, fieldErrorMessage, type FieldErrors } from '@paddock/shared/ui';
import { NewPasswordField } from '../common/NewPasswordField';
import { useSubmit } from '../common/useSubmit';
import { accountDetailsTexts } from './detailsMessages';

/** Named as on the wire (PUT /users/{id}/password); the repeat is checked here only. */
const FIELDS = ['CurrentPassword', 'Password', 'Repeat'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { CurrentPassword: '', Password: '', Repeat: '' };
const TRANSLATIONS = [accountDetailsTexts];

/**
 * /account "Password": the current password and the new one twice. The server checks the current one (counted like a
 * sign-in) and signs out the account's other sessions; this one stays (docs/product/states.md "Session").
 */
export function ChangePassword({ userId }: { userId: string }) {
  return (
    <Translations translations={TRANSLATIONS}>
      <ChangePasswordForm userId={userId} />
    </Translations>
  );
}

function ChangePasswordForm({ userId }: { userId: string }) {
  const t = useT();
  const m = accountDetailsTexts.messages;
  const [values, setValues] = useState<Values>(EMPTY);
  const [changed, setChanged] = useState(false);
  const { formRef, bind, show, busy, failure, check, run } = useSubmit<Field, 'change'>(FIELDS);

  const field = (name: Field) =>
    bind(name, values[name], (value) => {
      setChanged(false);
      setValues((current) => ({ ...current, [name]: value }));
    });

  function errorsOf(): FieldErrors<Field> {
    return {
      CurrentPassword: values.CurrentPassword ? null : { message: m.currentPasswordRequired },
      Password:
        fieldErrorMessage('password', checkPassword(values.Password)) ??
        (values.Password === values.CurrentPassword ? { message: m.sameAsCurrent } : null),
      Repeat: values.Repeat === values.Password ? null : { message: m.passwordsDiffer },
    };
  }

  async function change(event: FormEvent) {
    event.preventDefault();
    setChanged(false);
    if (!check(errorsOf())) return;
    await run('change', async () => {
      try {
        await usersApi.changePassword(
          userId,
          { CurrentPassword: values.CurrentPassword, Password: values.Password },
          { silent: true, background: true },
        );
      } catch (error) {
        // A wrong current password is said on its field in the form's words, not the server's general one.
        if (error instanceof ApiError && error.code === 'invalid_password') {
          show({ CurrentPassword: { message: m.currentPasswordWrong } });
          return;
        }
        throw error;
      }
      setValues(EMPTY);
      setChanged(true);
      showToast({ kind: 'success', text: t(m.passwordChanged) });
    });
  }

  return (
    <Card>
      <form ref={formRef} className="pd-form" noValidate onSubmit={change} aria-labelledby="pd-password-title">
        <h2 id="pd-password-title" className="pd-account-section-title">
          {t(m.passwordHeading)}
        </h2>
        <p className="pd-account-intro">{t(m.passwordIntro)}</p>
        {failure ? <Alert>{failure.text}</Alert> : null}
        <PasswordField label={t(m.currentPassword)} autoComplete="current-password" required {...field('CurrentPassword')} />
        <NewPasswordField label={t(m.newPassword)} {...field('Password')} />
        <PasswordField label={t(m.confirmPassword)} autoComplete="new-password" required {...field('Repeat')} />
        {changed ? <Alert kind="info">{t(m.passwordChanged)}</Alert> : null}
        <Actions>
          <Button type="submit" variant="primary" busy={busy === 'change'}>
            {t(m.changePassword)}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}
