// The owner's "Offer to another farmer" on the settings page (docs/product/devices.md "Transfers"): an e-mail field,
// a confirmation, then "Offer sent to x, waiting for acceptance" with Withdraw. Its own form, outside the settings
// form: typing an address is not an unsaved setting, and Enter offers rather than saves.
import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, showToast, transfersApi } from '@paddock/shared/api';
import type { Transfer } from '@paddock/shared/contract';
import { checkEmail, normalizeEmail, type ProductId } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Alert, Button, ConfirmDialog, FoldSection, TextField, type FieldMessage } from '@paddock/shared/ui';
import { transfersTexts } from './messages';

const m = transfersTexts.messages;
const TRANSLATIONS = [transfersTexts];

export interface TransferOfferProps {
  product: ProductId;
  deviceKey: string;
  name: string;
  ownerEmail: string;
  /** The caller may offer it: the owner (admins act as owners). */
  isOwner: boolean;
}

export function TransferOffer(props: TransferOfferProps) {
  return (
    <Translations translations={TRANSLATIONS}>
      <TransferOfferSection {...props} />
    </Translations>
  );
}

function TransferOfferSection({ product, deviceKey, name, ownerEmail, isOwner }: TransferOfferProps) {
  const t = useT();
  const intl = useIntl();
  const user = useAtomValue(activeUserAtom);
  const [pending, setPending] = useState<Transfer | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<FieldMessage>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The device's open offer, if the owner made one earlier (quietly skipped on failure: offering again replaces it).
  useEffect(() => {
    if (!isOwner || !user) return;
    let stopped = false;
    transfersApi.list(user.Id, { background: true, silent: true }).then(
      (list) => {
        if (!stopped) setPending(list.Outgoing.find((offer) => offer.Device.Key === deviceKey) ?? null);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [isOwner, user, deviceKey]);

  const check = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (checkEmail(email) !== null) return setError({ message: m.emailInvalid });
    if (normalizeEmail(email) === normalizeEmail(ownerEmail)) return setError({ message: m.emailOwn });
    setConfirming(true);
  };

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await call();
    } catch (caught) {
      if (caught instanceof ApiError) setFailure(caught.serverMessage.trim() || caught.statusText);
    } finally {
      setBusy(false);
    }
  };

  const offer = () =>
    run(async () => {
      try {
        setPending(await transfersApi.offer(product, deviceKey, email.trim(), { silent: true }));
        setEmail('');
      } finally {
        setConfirming(false);
      }
    });

  const withdraw = () =>
    run(async () => {
      await transfersApi.withdraw(product, deviceKey, { silent: true });
      setPending(null);
      showToast({ kind: 'success', message: m.withdrawn });
    });

  return (
    <FoldSection className="pd-settings__section" title={t(m.heading)}>
      {!isOwner ? (
        <p className="pd-field__hint">{t(m.ownerOnly, { owner: ownerEmail })}</p>
      ) : pending ? (
        <Alert
          kind="info"
          actions={
            <Button busy={busy} onClick={() => void withdraw()}>
              {t(m.withdraw)}
            </Button>
          }
        >
          {t(m.sent, { email: pending.To, date: intl.formatDate(pending.ExpiresAt, { dateStyle: 'medium' }) })}
        </Alert>
      ) : (
        <form noValidate onSubmit={check}>
          <p className="pd-field__hint">{t(m.intro, { owner: ownerEmail })}</p>
          <TextField
            label={t(m.emailLabel)}
            name="transferEmail"
            type="email"
            autoComplete="off"
            value={email}
            error={error}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
          />
          <Button type="submit">{t(m.offer)}</Button>
        </form>
      )}
      {failure ? <Alert>{failure}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title={t(m.confirmTitle, { name, email: email.trim() })}
        confirmLabel={t(m.offer)}
        busy={busy}
        onConfirm={() => void offer()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t(m.confirmText, { email: email.trim() })}</p>
      </ConfirmDialog>
    </FoldSection>
  );
}
