// /admin/user/{id}/email (docs/product/admin.md): a new address, checked like every e-mail field; Save or Cancel.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, showToast, usersApi, useLoaded } from '@paddock/shared/api';
import { checkEmail } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Button, Card, LoadedView, Page, TextField, fieldErrorMessage, uiTexts, useFormErrors } from '@paddock/shared/ui';
import { adminCommonTexts } from '../common/messages';
import { adminUserPath } from '../devices/adminPaths';
import { adminUserTexts } from './messages';

const FIELDS = ['Email'] as const;

export function UserEmail({ id }: { id: string }) {
  const t = useT();
  const m = adminUserTexts.messages;
  const c = adminCommonTexts.messages;
  const navigate = useNavigate();
  const { loaded, reload } = useLoaded(() => usersApi.get(id, { silent: true }), [id]);
  const [email, setEmail] = useState('');
  const [saving, setSaving] = useState(false);
  const { formRef, show, bind } = useFormErrors(FIELDS);
  const back = adminUserPath(id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!show({ Email: fieldErrorMessage('email', checkEmail(value)) })) return;
    setSaving(true);
    try {
      await usersApi.setEmail(id, value);
      showToast({ kind: 'success', message: m.emailSaved });
      navigate(back);
    } catch (error) {
      // The typed address stays; a refusal naming the field is shown under it (the toast has shown it too).
      if (error instanceof ApiError && error.field === 'Email') show({ Email: error.serverMessage });
      setSaving(false);
    }
  };

  return (
    <Page title={t(m.emailTitle)} back={back} narrow>
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(user) => (
          <Card>
            <p className="pd-admin-break">{t(m.currentEmail, { email: user.Email })}</p>
            <form ref={formRef} className="pd-form" noValidate onSubmit={(e) => void submit(e)}>
              <TextField
                label={t(m.newEmail)}
                hint={t(m.newEmailHint)}
                type="email"
                autoComplete="off"
                maxLength={254}
                {...bind('Email', email, setEmail)}
              />
              <Actions>
                <Button type="submit" variant="primary" busy={saving}>
                  {t(c.save)}
                </Button>
                <Button onClick={() => navigate(back)}>{t(uiTexts.messages.cancel)}</Button>
              </Actions>
            </form>
          </Card>
        )}
      </LoadedView>
    </Page>
  );
}
