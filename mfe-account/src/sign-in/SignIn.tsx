import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usersApi } from '@paddock/shared/api';
import { checkEmail, normalizeEmail } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { signIn } from '@paddock/shared/session';
import { Actions, Alert, Button, Card, Page, PasswordField, fieldErrorMessage } from '@paddock/shared/ui';
import { EmailField } from '../common/EmailField';
import { commonTexts } from '../common/messages';
import { PATHS, withEmail } from '../common/paths';
import { useSubmit } from '../common/useSubmit';
import { clientTheme } from './clientTheme';
import { signInTexts } from './messages';

type Field = 'Email' | 'Password';
const FIELDS: readonly Field[] = ['Email', 'Password'];

/** /sign-in: e-mail and password; the way to create, verify or recover an account (docs/product/screens.md). */
export function SignIn() {
  const t = useT();
  const m = signInTexts.messages;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const { formRef, bind, busy, failure, check, run } = useSubmit<Field, 'signIn'>(FIELDS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = check({
      Email: fieldErrorMessage('email', checkEmail(email)),
      Password: password ? null : fieldErrorMessage('password', 'required'),
    });
    if (!valid) return;
    await run('signIn', async () => {
      const reply = await usersApi.signIn(
        { Email: normalizeEmail(email), Password: password, ClientTheme: clientTheme() },
        { silent: true, background: true },
      );
      signIn(reply);
      navigate(PATHS.devices, { replace: true });
    });
  }

  return (
    <Page title={t(m.title)} subtitle={t(m.subtitle)} narrow>
      <Card>
        <form ref={formRef} className="pd-form" noValidate onSubmit={submit}>
          {failure ? (
            <Alert
              actions={
                failure.code === 'account_not_verified' ? (
                  <Link className="pd-btn pd-btn--secondary" to={withEmail(PATHS.verifyAccount, email)}>
                    {t(m.verifyNow)}
                  </Link>
                ) : undefined
              }
            >
              {failure.text}
            </Alert>
          ) : null}
          <EmailField {...bind('Email', email, setEmail)} />
          <PasswordField
            label={t(commonTexts.messages.password)}
            autoComplete="current-password"
            required
            {...bind('Password', password, setPassword)}
          />
          <Actions>
            <Button type="submit" variant="primary" icon="login" busy={busy === 'signIn'}>
              {t(m.submit)}
            </Button>
          </Actions>
        </form>
      </Card>
      <Card aria-labelledby="pd-sign-in-more">
        <h2 id="pd-sign-in-more" className="pd-account-section-title">
          {t(m.moreHeading)}
        </h2>
        <Actions>
          <Link className="pd-btn pd-btn--secondary" to={withEmail(PATHS.createAccount, email)}>
            {t(m.createAccount)}
          </Link>
          <Link className="pd-btn pd-btn--ghost" to={withEmail(PATHS.resetPassword, email)}>
            {t(m.resetPassword)}
          </Link>
          <Link className="pd-btn pd-btn--ghost" to={withEmail(PATHS.verifyAccount, email)}>
            {t(m.verifyAccount)}
          </Link>
        </Actions>
      </Card>
    </Page>
  );
}
