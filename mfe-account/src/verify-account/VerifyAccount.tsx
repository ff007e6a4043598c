import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { showToast, usersApi } from '@paddock/shared/api';
import { checkEmail, checkVerificationCode, normalizeEmail } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, Card, Page, fieldErrorMessage } from '@paddock/shared/ui';
import { CodeField } from '../common/CodeField';
import { describeFailure } from '../common/failure';
import { EmailField } from '../common/EmailField';
import { commonTexts } from '../common/messages';
import { PATHS, withEmail } from '../common/paths';
import { useFormErrors } from '../common/useFormErrors';
import { verifyAccountTexts } from './messages';

type Field = 'Email' | 'VerificationCode';
const FIELDS: readonly Field[] = ['Email', 'VerificationCode'];
const isField = (name: string | undefined): name is Field => name === 'Email' || name === 'VerificationCode';

/**
 * /verify-account: e-mail and code; send a new code or confirm (SPEC §2). An `?email=` query fills in the e-mail
 * and is then taken out of the address.
 */
export function VerifyAccount() {
  const t = useT();
  const m = verifyAccountTexts.messages;
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { formRef, errors, show, clear } = useFormErrors(FIELDS);

  useEffect(() => {
    if (!params.has('email')) return;
    const rest = new URLSearchParams(params);
    rest.delete('email');
    setParams(rest, { replace: true, state: location.state });
  }, [params, setParams, location.state]);

  function fail(error: unknown) {
    const failed = describeFailure(error, t);
    if (isField(failed.field)) show({ [failed.field]: failed.text });
    else setFailure(failed.text);
  }

  async function sendCode() {
    if (busy) return;
    setFailure(null);
    setSentTo(null);
    if (!show({ Email: fieldErrorMessage('email', checkEmail(email)) })) return;
    setBusy('send');
    const address = normalizeEmail(email);
    try {
      await usersApi.sendVerificationCode(address, { silent: true, background: true });
      setSentTo(address);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const valid = show({
      Email: fieldErrorMessage('email', checkEmail(email)),
      VerificationCode: fieldErrorMessage('code', checkVerificationCode(code)),
    });
    if (!valid) return;
    setBusy('confirm');
    const address = normalizeEmail(email);
    try {
      await usersApi.verifyEmail(address, code, { silent: true, background: true });
      showToast({ kind: 'success', text: t(m.verified) });
      navigate(withEmail(PATHS.signIn, address));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Page title={t(m.title)} narrow>
      <Card>
        <p className="pd-account-intro">{t(m.intro)}</p>
        <form ref={formRef} className="pd-form" noValidate onSubmit={confirm}>
          {failure ? <Alert>{failure}</Alert> : null}
          {sentTo ? <Alert kind="info">{t(m.codeSent, { email: sentTo })}</Alert> : null}
          <EmailField
            value={email}
            error={errors.Email}
            onChange={(event) => {
              setEmail(event.target.value);
              clear('Email');
            }}
          />
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
      <Actions>
        <Link className="pd-btn pd-btn--ghost" to={withEmail(PATHS.signIn, email)}>
          {t(commonTexts.messages.backToSignIn)}
        </Link>
      </Actions>
    </Page>
  );
}
