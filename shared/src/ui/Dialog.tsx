import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/LocaleProvider';
import { Alert } from './Alert';
import { Button, IconButton } from './Button';
import { uiTexts } from './messages';
import * as icons from './icons';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /**
   * Why the dialog's action failed (useActionFailure), shown inside it above the buttons: a modal covers the page, so
   * a toast or a page alert behind it goes unseen (docs/product/errors.md Dialogs).
   */
  error?: ReactNode;
}

/** A modal on the native <dialog>: the browser traps focus, Escape closes, focus returns to the opener. */
export function Dialog({ open, title, onClose, children, actions, error }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="pd-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <header className="pd-dialog__header">
            <h2 id={titleId} className="pd-dialog__title">
              {title}
            </h2>
            <IconButton icon={icons.close} label={t(uiTexts.messages.close)} onClick={onClose} />
          </header>
          <div className="pd-dialog__body">
            {children}
            {error ? <Alert>{error}</Alert> : null}
          </div>
          {actions ? <footer className="pd-actions">{actions}</footer> : null}
        </>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  /** The cancel button's text; "Cancel" when absent. */
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  /** Why the confirmed action failed, shown in the dialog (Dialog's `error`). */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      error={error}
      actions={
        <>
          <Button onClick={onCancel}>{cancelLabel ?? t(uiTexts.messages.cancel)}</Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
            {confirmLabel ?? t(uiTexts.messages.confirm)}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
