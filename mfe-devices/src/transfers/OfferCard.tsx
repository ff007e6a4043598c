// One offer to the signed-in farmer (docs/product/devices.md "Transfers"): who offers which device, until when, with
// Accept and Decline. Shown on the dashboard and on /transfers/:id, the page an offer's e-mail links to.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, showToast, transfersApi } from '@paddock/shared/api';
import type { Transfer } from '@paddock/shared/contract';
import { PRODUCTS } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Alert, Button, Card, icons } from '@paddock/shared/ui';
import { transfersTexts } from './messages';

const m = transfersTexts.messages;

export interface OfferCardProps {
  offer: Transfer;
  /** After an answer: accepted (the device is the caller's now) or not. */
  onAnswered: (offer: Transfer, accepted: boolean) => void;
}

export function OfferCard({ offer, onAnswered }: OfferCardProps) {
  const t = useT();
  const intl = useIntl();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = offer.Device.Name;

  const answer = async (accept: boolean) => {
    setBusy(accept ? 'accept' : 'decline');
    setFailure(null);
    try {
      if (accept) await transfersApi.accept(offer.Id, { silent: true });
      else await transfersApi.decline(offer.Id, { silent: true });
      showToast({ kind: 'success', message: accept ? m.accepted : m.declined, values: { name } });
      onAnswered(offer, accept);
    } catch (error) {
      // Said here, beside the offer (expired, void, answered elsewhere): the call is silent.
      if (error instanceof ApiError) setFailure(error.serverMessage.trim() || t(m.notFound));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="pd-transfer-offer" aria-label={t(m.pageTitle)}>
      <p>
        <strong>
          {t(m.incoming, { from: offer.From.Name.trim() || offer.From.Email, product: PRODUCTS[offer.Device.Product].name, name })}
        </strong>
      </p>
      <p className="pd-field__hint">{t(m.incomingDetail, { date: intl.formatDate(offer.ExpiresAt, { dateStyle: 'medium' }) })}</p>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="pd-transfer-offer__actions">
        <Button
          variant="primary"
          icon={icons.checkCircle}
          busy={busy === 'accept'}
          disabled={busy !== null}
          onClick={() => void answer(true)}
        >
          {t(m.accept)}
        </Button>
        <Button busy={busy === 'decline'} disabled={busy !== null} onClick={() => void answer(false)}>
          {t(m.decline)}
        </Button>
      </div>
    </Card>
  );
}
