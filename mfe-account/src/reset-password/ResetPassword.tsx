import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { showToast, usersApi } from '@paddock/shared/api';
import { checkEmail, checkPassword, checkVerificationCode, normalizeEmail, PASSWORD_MIN_LENGTH } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, Card, Page, PasswordField, fieldErrorMessage } from '@paddock/shared/ui';
import { CodeField } from '../common/CodeField';
import { describeFailure } from '../common/failure';
import { EmailField } from '../common/EmailField';
import { commonTexts } from '../common/messages';
import { PATHS, withEmail } from '../common/paths';
import { useFormErrors } from '../common/useFormErrors';
import { resetPasswordTexts } from './messages';

type Field = 'Email' | 'VerificationCode' | 'Password';
const FIELDS: readonly Field[] = ['Email', 'VerificationCode', 'Password'];
const isField = (name: string | undefined): name is Field => (FIELDS as readonly (string | undefined)[]).includes(name);

/** /reset-password: ask for a code by e-mail, then enter the code and a new password (SPEC §2). */
export function ResetPassword() {
  const t = useT();
  const m = resetPasswordTexts.messages;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'send' | 'save' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { formRef, errors, show, clear, focus } = useFormErrors(FIELDS);
  const address = normalizeEmail(email);

  function fail(error: unknown) {
    const failed = describeFailure(error, t);
    if (isField(failed.field)) {
      if (failed.field === 'Email') setStep('request');
      show({ [failed.field]: failed.text });
    } else {
      setFailure(failed.text);
    }
  }

  function emailIsValid(): boolean {
    return show({ Email: fieldErrorMessage('email', checkEmail(email)) });
  }

  async function sendCode() {
    if (busy) return;
    setFailure(null);
    setSentTo(null);
    if (!emailIsValid()) return;
    setBusy('send');
    try {
      await usersApi.sendVerificationCode(address, { silent: true, background: true });
      setSentTo(address);
      setStep('reset');
      focus('VerificationCode');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  function haveCode() {
    setFailure(null);
    setSentTo(null);
    if (!emailIsValid()) return;
    setStep('reset');
    focus('VerificationCode');
  }

  function otherEmail() {
    setFailure(null);
    setSentTo(null);
    setStep('request');
    focus('Email');
  }

  async function save() {
    if (busy) return;
    setFailure(null);
    const valid = show({
      VerificationCode: fieldErrorMessage('code', checkVerificationCode(code)),
      Password: fieldErrorMessage('password', checkPassword(password)),
    });
    if (!valid) return;
    setBusy('save');
    try {
      await usersApi.resetPassword({ Email: address, Password: password, VerificationCode: code }, { silent: true, background: true });
      showToast({ kind: 'success', text: t(m.saved) });
      navigate(withEmail(PATHS.signIn, address));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void (step === 'request' ? sendCode() : save());
  }

  return (
    <Page title={t(m.title)} narrow>
      <Card>
        <form ref={formRef} className="pd-form" noValidate onSubmit={submit}>
          {failure ? <Alert>{failure}</Alert> : null}
          {step === 'request' ? (
            <>
              <p className="pd-account-intro">{t(m.requestIntro)}</p>
              <EmailField
                value={email}
                error={errors.Email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  clear('Email');
                }}
              />
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
              <CodeField
                label={t(commonTexts.messages.code)}
                name="VerificationCode"
                required
                hint={t(commonTexts.messages.codeHint)}
                value={code}
                error={errors.VerificationCode}
                onCode={(value) => {
                  setCode(value);
                  clear('VerificationCode');
                }}
              />
              <PasswordField
                label={t(m.newPassword)}
                name="Password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                hint={t(commonTexts.messages.newPasswordHint, { min: PASSWORD_MIN_LENGTH })}
                value={password}
                error={errors.Password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  clear('Password');
                }}
              />
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
      <Actions>
        <Link className="pd-btn pd-btn--ghost" to={withEmail(PATHS.signIn, email)}>
          {t(commonTexts.messages.backToSignIn)}
        </Link>
      </Actions>
    </Page>
  );
}
