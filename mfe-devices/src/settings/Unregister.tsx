import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { devicesApi, showToast } from '@paddock/shared/api';
import { dashboardPath, type ProductId } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, ConfirmDialog, useActionFailure } from '@paddock/shared/ui';
import { settingsTexts } from './messages';

const m = settingsTexts.messages;

export interface UnregisterProps {
  product: ProductId;
  deviceKey: string;
  name: string;
  /** docs/product/roles.md: only the owner can unregister; the button is disabled for others. */
  isOwner: boolean;
}

/** docs/product/states.md Unregister: a confirmation dialog, then DELETE, then the dashboard. A failure is said in the dialog (docs/product/errors.md Dialogs). */
export function Unregister({ product, deviceKey, name, isOwner }: UnregisterProps) {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { failure, fail, clear } = useActionFailure();

  const confirm = async () => {
    setBusy(true);
    clear();
    try {
      await devicesApi.unregister(product, deviceKey, { silent: true });
      showToast({ kind: 'success', message: m.unregistered, values: { name } });
      navigate(dashboardPath());
    } catch (error) {
      // The device stays; the dialog says why.
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="danger"
        disabled={!isOwner}
        aria-describedby={isOwner ? undefined : `${deviceKey}-unregister-hint`}
        onClick={() => setOpen(true)}
      >
        {t(m.unregister)}
      </Button>
      {isOwner ? null : (
        <p className="pd-field__hint pd-settings__owner-only" id={`${deviceKey}-unregister-hint`}>
          {t(m.unregisterOwnerOnly)}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title={t(m.unregisterTitle, { name })}
        confirmLabel={t(m.unregister)}
        danger
        busy={busy}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => {
          if (busy) return;
          setOpen(false);
          clear();
        }}
      >
        <p>{t(m.unregisterText)}</p>
      </ConfirmDialog>
    </>
  );
}
