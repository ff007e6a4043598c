import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLoaded, usersApi } from '@paddock/shared/api';
import type { DeletionSummary, User } from '@paddock/shared/contract';
import { useT } from '@paddock/shared/i18n';
import { Button, Dialog, LoadedView, PasswordField, uiTexts, type FieldMessage } from '@paddock/shared/ui';
import { describeFailure } from '../common/failure';
import { accountTexts } from './messages';

const m = accountTexts.messages;

export interface DeleteAccountDialogProps {
  open: boolean;
  user: User;
  /** The account holder deleting their own account confirms with the current password; staff are not asked. */
  askPassword: boolean;
  onCancel: () => void;
  /** The account is gone on the server. */
  onDeleted: () => void;
}

/**
 * docs/product/states.md "Session": the confirmation lists what goes with the account, as the server
 * counts it (GET /users/{id}/deletion-summary): the devices owned, their plans and trials, the SMS balance and the
 * people who lose access. Deleting waits for that list, and the account holder confirms with the password (a wrong one
 * is said under the field; the dialog stays open).
 */
export function DeleteAccountDialog({ open, user, askPassword, onCancel, onDeleted }: DeleteAccountDialogProps) {
  const t = useT();
  const { loaded, reload } = useLoaded(open ? () => usersApi.deletionSummary(user.Id, { silent: true, background: true }) : null, [
    open,
    user.Id,
  ]);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<FieldMessage>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setPassword('');
    setPasswordError(null);
    setFailure(null);
    onCancel();
  };

  async function confirm() {
    if (busy || loaded.state !== 'ready') return;
    setFailure(null);
    if (askPassword && !password) {
      setPasswordError({ message: m.deletePasswordRequired });
      return;
    }
    setBusy(true);
    try {
      await usersApi.remove(user.Id, askPassword ? password : undefined, { silent: true, background: true });
    } catch (error) {
      const described = describeFailure(error, t);
      if (described.field === 'Password') setPasswordError(described.text);
      else setFailure(described.text);
      setBusy(false);
      return;
    }
    setBusy(false);
    onDeleted();
  }

  return (
    <Dialog
      open={open}
      title={t(m.deleteConfirmTitle)}
      onClose={close}
      error={failure}
      actions={
        <>
          <Button onClick={close}>{t(uiTexts.messages.cancel)}</Button>
          <Button variant="danger" busy={busy} disabled={loaded.state !== 'ready'} onClick={() => void confirm()}>
            {t(m.deleteConfirm)}
          </Button>
        </>
      }
    >
      <p>{t(m.deleteConfirmText, { email: user.Email })}</p>
      <LoadedView loaded={loaded} failedText={(reason) => t(m.deleteSummaryFailed, { reason })} retryLabel={t(m.retry)} onRetry={reload}>
        {(summary) => <WhatGoes summary={summary} />}
      </LoadedView>
      {askPassword ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <PasswordField
            label={t(m.currentPassword)}
            name="Password"
            autoComplete="current-password"
            required
            hint={t(m.deletePasswordHint)}
            value={password}
            error={passwordError}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            }}
          />
        </form>
      ) : null}
    </Dialog>
  );
}

function WhatGoes({ summary }: { summary: DeletionSummary }) {
  const t = useT();
  const intl = useIntl();
  const { Devices, Plans, SmsBalance, SharedWith } = summary;
  if (!Devices.length && !SmsBalance) return <p>{t(m.deleteNothingElse)}</p>;
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium' });
  return (
    <div className="pd-account-loss">
      <p>{t(m.deleteWhatGoes)}</p>
      {Devices.length ? (
        <section>
          <h3>{t(m.deleteDevices)}</h3>
          <ul>
            {Devices.map((device) => (
              <li key={device.Key}>{device.Name}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {Plans.length ? (
        <section>
          <h3>{t(m.deletePlans)}</h3>
          <ul>
            {Plans.map((plan) => (
              <li key={plan.Key}>
                {t(plan.Trialing ? m.deletePlanTrial : m.deletePlanPaid, { name: plan.Name, date: date(plan.ExpiresAt) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {SmsBalance ? <p>{t(m.deleteSms, { count: SmsBalance })}</p> : null}
      {SharedWith.length ? (
        <section>
          <h3>{t(m.deleteShared)}</h3>
          <ul>
            {SharedWith.map((person) => (
              <li key={person.Email}>{t(m.deleteSharedLine, { email: person.Email, devices: intl.formatList(person.Devices) })}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
