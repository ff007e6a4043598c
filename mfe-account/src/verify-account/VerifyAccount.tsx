import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, usersApi } from '@paddock/shared/api';
import { checkEmail, checkVerificationCode, normalizeEmail } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, Card, Page, PasswordField, fieldErrorMessage } from '@paddock/shared/ui';
import { BackToSignIn } from '../common/BackToSignIn';
import { CodeField } from '../common/CodeField';
import { commonTexts } from '../common/messages';
import { EmailField } from '../common/EmailField';
import { PATHS, signInNotice, withEmail } from '../common/paths';
import { useSubmit } from '../common/useSubmit';
import { verifyAccountTexts } from './messages';

type Field = 'Email' | 'VerificationCode' | 'Password';
const FIELDS: readonly Field[] = ['Email', 'VerificationCode', 'Password'];

/** The server's answers that ask for the password chosen at sign-up (several sign-ups wait for the address). */
const ASKS_FOR_PASSWORD = new Set(['sign_up_password_required', 'sign_up_password_mismatch']);

/**
 * /verify-account: e-mail and code; send a new code or confirm (docs/product/screens.md). An `?email=` query fills in the e-mail
 * and is then taken out of the address. When several sign-ups wait for the address, the server asks for the password
 * chosen at sign-up too, and the page shows a field for it (docs/product/states.md "Session").
 */
export function VerifyAccount() {
  const t = useT();
  const m = verifyAccountTexts.messages;
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { formRef, bind, busy, failure, check, run } = useSubmit<Field, 'send' | 'confirm'>(FIELDS);

  useEffect(() => {
    if (!params.has('email')) return;
    const rest = new URLSearchParams(params);
    rest.delete('email');
    setParams(rest, { replace: true, state: location.state });
  }, [params, setParams, location.state]);

  async function sendCode() {
    // A new attempt hides the last notice (Send code is disabled while a call runs).
    setSentTo(null);
    if (!check({ Email: fieldErrorMessage('email', checkEmail(email)) })) return;
    const address = normalizeEmail(email);
    await run('send', async () => {
      await usersApi.sendVerificationCode(address, { silent: true, background: true });
      setSentTo(address);
    });
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const valid = check({
      Email: fieldErrorMessage('email', checkEmail(email)),
      VerificationCode: fieldErrorMessage('code', checkVerificationCode(code)),
      Password: askPassword && !password ? fieldErrorMessage('password', 'required') : null,
    });
    if (!valid) return;
    const address = normalizeEmail(email);
    await run('confirm', async () => {
      const options = { silent: true, background: true };
      try {
        await (askPassword ? usersApi.verifyEmail(address, code, options, password) : usersApi.verifyEmail(address, code, options));
      } catch (error) {
        // The message then shows under the password field, which appears now.
        if (error instanceof ApiError && ASKS_FOR_PASSWORD.has(error.code ?? '')) setAskPassword(true);
        throw error;
      }
      // Said once, on the sign-in page where the user goes next (not as a toast that vanishes on the way).
      navigate(withEmail(PATHS.signIn, address), { state: signInNotice('verified') });
    });
  }

  return (
    <Page title={t(m.title)} narrow>
      <Card>
        <p className="pd-account-intro">{t(m.intro)}</p>
        <form ref={formRef} className="pd-form" noValidate onSubmit={confirm}>
          {failure ? <Alert>{failure.text}</Alert> : null}
          {sentTo ? <Alert kind="info">{t(m.codeSent, { email: sentTo })}</Alert> : null}
          <EmailField {...bind('Email', email, setEmail)} />
          <CodeField required {...bind('VerificationCode', code, setCode)} />
          {askPassword ? (
            <PasswordField
              label={t(commonTexts.messages.password)}
              autoComplete="current-password"
              required
              {...bind('Password', password, setPassword)}
            />
          ) : null}
          <Actions>
            <Button type="submit" variant="primary" busy={busy === 'confirm'} disabled={busy === 'send'}>
              {t(m.confirm)}
            </Button>
            <Button onClick={sendCode} busy={busy === 'send'} disabled={busy === 'confirm'}>
              {t(m.sendCode)}
            </Button>
          </Actions>
        </form>
      </Card>
      <BackToSignIn email={email} />
    </Page>
  );
}
