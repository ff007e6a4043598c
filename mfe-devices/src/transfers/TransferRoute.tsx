// /transfers/:id, the page an offer's e-mail links to (docs/product/devices.md "Transfers"): after sign-in (the shell's
// guard), the offer with Accept and Decline; an offer that is not the signed-in farmer's, or no longer open, says so.
import { useAtomValue } from 'jotai';
import { useNavigate, useParams } from 'react-router-dom';
import { transfersApi, useLoaded } from '@paddock/shared/api';
import { dashboardPath } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Alert, Button, LoadedView, Page } from '@paddock/shared/ui';
import { transfersTexts } from './messages';
import { OfferCard } from './OfferCard';
import './transfers.css';

const m = transfersTexts.messages;
const TRANSLATIONS = [transfersTexts];

export default function TransferRoute() {
  return (
    <Translations translations={TRANSLATIONS}>
      <TransferPage />
    </Translations>
  );
}

function TransferPage() {
  const t = useT();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const user = useAtomValue(activeUserAtom);
  // The offer is found among the caller's own: an id that is not theirs shows the same "no open offer" as one that is gone.
  const { loaded, reload } = useLoaded(user ? () => transfersApi.list(user.Id, { silent: true }) : null, [user?.Id]);

  return (
    <Page title={t(m.pageTitle)} back={dashboardPath()} narrow>
      <LoadedView loaded={loaded} failedText={(reason) => t(m.loadFailed, { reason })} retryLabel={t(m.retry)} onRetry={reload}>
        {(list) => {
          const offer = list.Incoming.find((candidate) => candidate.Id === id);
          return offer ? (
            <OfferCard
              offer={offer}
              onAnswered={(answered, accepted) => navigate(accepted ? dashboardPath(answered.Device.Key) : dashboardPath())}
            />
          ) : (
            <Alert kind="info" actions={<Button onClick={() => navigate(dashboardPath())}>{t(m.toDevices)}</Button>}>
              {t(m.notFound)}
            </Alert>
          );
        }}
      </LoadedView>
    </Page>
  );
}
