// The dashboard's offers to the signed-in farmer (docs/product/devices.md "Transfers"), above the cards. Its own chunk,
// loaded once the cards show: the dashboard's first JS stays within its budget (docs/architecture/README.md#budgets).
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { transfersApi } from '@paddock/shared/api';
import type { Transfer } from '@paddock/shared/contract';
import { Translations } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { transfersTexts } from './messages';
import { OfferCard } from './OfferCard';
import './transfers.css';

const TRANSLATIONS = [transfersTexts];

export interface IncomingTransfersProps {
  /** Called after an offer was accepted, so the list shows the device without waiting for the next poll. */
  onAccepted?: () => void;
}

export default function IncomingTransfers({ onAccepted }: IncomingTransfersProps) {
  const user = useAtomValue(activeUserAtom);
  const [offers, setOffers] = useState<Transfer[]>([]);

  // Once per visit, quietly: offers are rare, and a failure here must not disturb the dashboard.
  useEffect(() => {
    if (!user) return;
    let stopped = false;
    transfersApi.list(user.Id, { background: true, silent: true }).then(
      (list) => {
        if (!stopped) setOffers(list.Incoming);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [user]);

  if (offers.length === 0) return null;
  return (
    <Translations translations={TRANSLATIONS}>
      <div className="pd-transfer-offers">
        {offers.map((offer) => (
          <OfferCard
            key={offer.Id}
            offer={offer}
            onAnswered={(answered, accepted) => {
              setOffers((current) => current.filter((o) => o.Id !== answered.Id));
              if (accepted) onAccepted?.();
            }}
          />
        ))}
      </div>
    </Translations>
  );
}
