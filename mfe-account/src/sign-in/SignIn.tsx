import { useState, type FormEvent } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { usersApi } from '@paddock/shared/api';
import { checkEmail, normalizeEmail, safeAppPath } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { signIn } from '@paddock/shared/session';
import { Actions, Alert, Button, Card, Page, PasswordField, appName, fieldErrorMessage, icons } from '@paddock/shared/ui';
import { EmailField } from '../common/EmailField';
import { commonTexts } from '../common/messages';
import { PATHS, withEmail, type SignInNotice } from '../common/paths';
import { useSubmit } from '../common/useSubmit';
import { clientTheme } from './clientTheme';
import { signInTexts } from './messages';

type Field = 'Email' | 'Password';
/** What the sign-in page says after another account page sent the user here. */
const SIGN_IN_NOTICES: Record<SignInNotice, MessageDescriptor> = {
  verified: signInTexts.messages.noticeVerified,
  passwordSaved: signInTexts.messages.noticePasswordSaved,
};
const FIELDS: readonly Field[] = ['Email', 'Password'];

/**
 * /sign-in: e-mail and password; the way to create, verify or recover an account (docs/product/screens.md). After a verified
 * account or a new password it says so; after signing in it goes back to `?next=` (the link that led here, same-origin
 * paths only), else to /devices (an admin to /admin).
 */
export function SignIn() {
  const t = useT();
  const m = signInTexts.messages;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state: unknown = useLocation().state;
  const notice = noticeOf(state);
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
      const home = reply.User.AccountType === 'admin' ? PATHS.admin : PATHS.devices;
      navigate(safeAppPath(params.get('next')) ?? home, { replace: true });
    });
  }

  return (
    <Page title={t(m.title)} subtitle={t(m.subtitle, { app: appName() })} narrow>
      <Card>
        <form ref={formRef} className="pd-form" noValidate onSubmit={submit}>
          {notice && !failure ? <Alert kind="info">{t(SIGN_IN_NOTICES[notice], { app: appName() })}</Alert> : null}
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
            <Button type="submit" variant="primary" icon={icons.login} busy={busy === 'signIn'}>
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

/** The notice another account page left in the navigation state (`{ notice: 'verified' }`), if it is one we know. */
function noticeOf(state: unknown): SignInNotice | null {
  const notice = typeof state === 'object' && state !== null ? (state as { notice?: unknown }).notice : null;
  return typeof notice === 'string' && notice in SIGN_IN_NOTICES ? (notice as SignInNotice) : null;
}
