import { useState } from 'react';
import { showToast, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { checkVerificationCode } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, fieldErrorMessage, type FieldMessage } from '@paddock/shared/ui';
import { CodeField } from '../common/CodeField';
import { describeFailure } from '../common/failure';
import { commonTexts } from '../common/messages';
import { accountTexts } from './messages';

type Busy = 'confirm' | 'resend' | 'cancel' | null;

/**
 * A new address waiting for its code: the code from the mail confirms it (PUT /verify-email); the code can be sent
 * again, or the change dropped by sending the current address. `onChanged` gets the account as it then is.
 */
export function PendingEmail({ user, pending, onChanged }: { user: User; pending: string; onChanged: (user: User) => void }) {
  const t = useT();
  const m = accountTexts.messages;
  const [code, setCode] = useState('');
  const [error, setError] = useState<FieldMessage>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    if (busy) return;
    setFailure(null);
    setBusy(kind);
    try {
      await action();
    } catch (failed) {
      const described = describeFailure(failed, t);
      if (described.field === 'VerificationCode') setError(described.text);
      else setFailure(described.text);
    } finally {
      setBusy(null);
    }
  }

  const confirm = () => {
    const invalid = fieldErrorMessage('code', checkVerificationCode(code));
    if (invalid) {
      setError(invalid);
      return;
    }
    return run('confirm', async () => {
      await usersApi.verifyEmail(pending, code, { silent: true, background: true });
      const updated = await usersApi.get(user.Id, { silent: true, background: true });
      showToast({ kind: 'success', text: t(m.emailChanged, { email: updated.Email }) });
      onChanged(updated);
    });
  };

  const resend = () =>
    run('resend', async () => {
      onChanged(await usersApi.update(user.Id, { Email: pending }, { silent: true, background: true }));
      showToast({ kind: 'success', text: t(m.emailCodeSent, { email: pending }) });
    });

  const cancel = () =>
    run('cancel', async () => {
      onChanged(await usersApi.update(user.Id, { Email: user.Email }, { silent: true, background: true }));
      showToast({ kind: 'info', text: t(m.emailChangeCancelled) });
    });

  return (
    <div className="pd-account-pending-email" data-testid="pending-email">
      <Alert kind="info">{t(m.emailPending, { email: pending, current: user.Email })}</Alert>
      {failure ? <Alert>{failure}</Alert> : null}
      <CodeField
        label={t(commonTexts.messages.code)}
        name="VerificationCode"
        hint={t(m.emailPendingHint, { email: pending })}
        value={code}
        error={error}
        onCode={(value) => {
          setCode(value);
          setError(null);
        }}
        onKeyDown={(event) => {
          // Enter confirms the code instead of saving the surrounding form.
          if (event.key === 'Enter') {
            event.preventDefault();
            void confirm();
          }
        }}
      />
      <Actions>
        <Button variant="primary" busy={busy === 'confirm'} disabled={busy !== null} onClick={() => void confirm()}>
          {t(m.emailConfirm)}
        </Button>
        <Button busy={busy === 'resend'} disabled={busy !== null} onClick={() => void resend()}>
          {t(m.emailResend)}
        </Button>
        <Button variant="ghost" busy={busy === 'cancel'} disabled={busy !== null} onClick={() => void cancel()}>
          {t(m.emailCancel)}
        </Button>
      </Actions>
    </div>
  );
}
