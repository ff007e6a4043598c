import { useState } from 'react';
import { showToast, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { checkVerificationCode } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, fieldErrorMessage } from '@paddock/shared/ui';
import { CodeField } from '../common/CodeField';
import { useSubmit } from '../common/useSubmit';
import { accountTexts } from './messages';

const FIELDS = ['VerificationCode'] as const;

/**
 * A new address waiting for its code: the code from the mail confirms it (PUT /verify-email); the code can be sent
 * again, or the change dropped by sending the current address. `onChanged` gets the account as it then is.
 */
export function PendingEmail({ user, pending, onChanged }: { user: User; pending: string; onChanged: (user: User) => void }) {
  const t = useT();
  const m = accountTexts.messages;
  const [code, setCode] = useState('');
  const { bind, show, busy, failure, check, run } = useSubmit<'VerificationCode', 'confirm' | 'resend' | 'cancel'>(FIELDS);

  const confirm = async () => {
    const invalid = fieldErrorMessage('code', checkVerificationCode(code));
    if (invalid) {
      show({ VerificationCode: invalid });
      return;
    }
    if (!check()) return;
    await run('confirm', async () => {
      await usersApi.verifyEmail(pending, code, { silent: true, background: true });
      const updated = await usersApi.get(user.Id, { silent: true, background: true });
      showToast({ kind: 'success', text: t(m.emailChanged, { email: updated.Email }) });
      onChanged(updated);
    });
  };

  const resend = async () => {
    if (!check()) return;
    await run('resend', async () => {
      onChanged(await usersApi.update(user.Id, { Email: pending }, { silent: true, background: true }));
      showToast({ kind: 'success', text: t(m.emailCodeSent, { email: pending }) });
    });
  };

  const cancel = async () => {
    if (!check()) return;
    await run('cancel', async () => {
      onChanged(await usersApi.update(user.Id, { Email: user.Email }, { silent: true, background: true }));
      showToast({ kind: 'info', text: t(m.emailChangeCancelled) });
    });
  };

  return (
    <div className="pd-account-pending-email" data-testid="pending-email">
      <Alert kind="info">{t(m.emailPending, { email: pending, current: user.Email })}</Alert>
      {failure ? <Alert>{failure.text}</Alert> : null}
      <CodeField
        hint={t(m.emailPendingHint, { email: pending })}
        {...bind('VerificationCode', code, setCode)}
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
