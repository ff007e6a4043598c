import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usersApi } from '@paddock/shared/api';
import { checkEmail, checkPassword, checkVerificationCode, normalizeEmail } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, Card, Page, fieldErrorMessage } from '@paddock/shared/ui';
import { BackToSignIn } from '../common/BackToSignIn';
import { CodeField } from '../common/CodeField';
import { EmailField } from '../common/EmailField';
import { NewPasswordField } from '../common/NewPasswordField';
import { PATHS, signInNotice, withEmail } from '../common/paths';
import { useSubmit } from '../common/useSubmit';
import { resetPasswordTexts } from './messages';

type Field = 'Email' | 'VerificationCode' | 'Password';
const FIELDS: readonly Field[] = ['Email', 'VerificationCode', 'Password'];

/** /reset-password: ask for a code by e-mail, then enter the code and a new password (docs/product/screens.md). */
export function ResetPassword() {
  const t = useT();
  const m = resetPasswordTexts.messages;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The e-mail is only editable on the first step: an error about it (from the server) goes back there.
  const reveal = (field: Field) => {
    if (field === 'Email') setStep('request');
  };
  const { formRef, bind, focus, busy, failure, check, run } = useSubmit<Field, 'send' | 'save'>(FIELDS, { reveal });
  const address = normalizeEmail(email);

  const emailErrors = () => ({ Email: fieldErrorMessage('email', checkEmail(email)) });

  async function sendCode() {
    // A new attempt hides the last notice (Send code is disabled while a call runs).
    setSentTo(null);
    if (!check(emailErrors())) return;
    await run('send', async () => {
      await usersApi.sendVerificationCode(address, { silent: true, background: true });
      setSentTo(address);
      setStep('reset');
      focus('VerificationCode');
    });
  }

  function haveCode() {
    setSentTo(null);
    if (!check(emailErrors())) return;
    setStep('reset');
    focus('VerificationCode');
  }

  function otherEmail() {
    if (!check()) return;
    setSentTo(null);
    setStep('request');
    focus('Email');
  }

  async function save() {
    const valid = check({
      VerificationCode: fieldErrorMessage('code', checkVerificationCode(code)),
      Password: fieldErrorMessage('password', checkPassword(password)),
    });
    if (!valid) return;
    await run('save', async () => {
      await usersApi.resetPassword({ Email: address, Password: password, VerificationCode: code }, { silent: true, background: true });
      // Said once, on the sign-in page where the user goes next.
      navigate(withEmail(PATHS.signIn, address), { state: signInNotice('passwordSaved') });
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void (step === 'request' ? sendCode() : save());
  }

  return (
    <Page title={t(m.title)} narrow>
      <Card>
        <form ref={formRef} className="pd-form" noValidate onSubmit={submit}>
          {failure ? <Alert>{failure.text}</Alert> : null}
          {step === 'request' ? (
            <>
              <p className="pd-account-intro">{t(m.requestIntro)}</p>
              <EmailField {...bind('Email', email, setEmail)} />
              <Actions>
                <Button type="submit" variant="primary" busy={busy === 'send'}>
                  {t(m.sendCode)}
                </Button>
                <Button onClick={haveCode} disabled={busy !== null}>
                  {t(m.haveCode)}
                </Button>
              </Actions>
            </>
          ) : (
            <>
              {sentTo ? <Alert kind="info">{t(m.codeSent, { email: sentTo })}</Alert> : null}
              <p className="pd-account-intro">{t(m.resetIntro, { email: address })}</p>
              {/* Lets a password manager store the new password under the right account. */}
              <input type="email" name="username" autoComplete="username" value={address} readOnly hidden />
              <CodeField required {...bind('VerificationCode', code, setCode)} />
              <NewPasswordField label={t(m.newPassword)} {...bind('Password', password, setPassword)} />
              <Actions>
                <Button type="submit" variant="primary" busy={busy === 'save'} disabled={busy === 'send'}>
                  {t(m.save)}
                </Button>
                <Button onClick={sendCode} busy={busy === 'send'} disabled={busy === 'save'}>
                  {t(m.resend)}
                </Button>
                <Button variant="ghost" onClick={otherEmail} disabled={busy !== null}>
                  {t(m.otherEmail)}
                </Button>
              </Actions>
            </>
          )}
        </form>
      </Card>
      <BackToSignIn email={email} />
    </Page>
  );
}
