import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useLoaded, warrantiesApi } from '@paddock/shared/api';
import type { Warranty } from '@paddock/shared/contract';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Card, LoadedView, Page } from '@paddock/shared/ui';
import { warrantiesTexts } from './messages';
import { WarrantyForm } from './WarrantyForm';
import { WarrantyList } from './WarrantyList';
import './warranties.css';

/** /warranties (docs/product/screens.md): the active user's warranties and the registration form. */
export function Warranties() {
  const t = useT();
  const m = warrantiesTexts.messages;
  const userId = useAtomValue(activeUserAtom)?.Id;
  const { loaded, reload, replace } = useLoaded(userId ? () => warrantiesApi.list(userId, { silent: true }) : null, [userId]);

  // A new registration joins the list at once (the list is oldest first); a list that failed to load is loaded again.
  const onRegistered = useCallback(
    (warranty: Warranty) => {
      if (loaded.state === 'ready') replace([...loaded.value, warranty]);
      else reload();
    },
    [loaded, replace, reload],
  );

  // The shell's guard keeps signed-out visitors away from /warranties.
  if (!userId) return null;

  return (
    <Page title={t(m.title)} narrow>
      <Card>
        <h2 className="pd-warranties__heading">{t(m.listHeading)}</h2>
        <LoadedView loaded={loaded} failedText={(reason) => t(m.loadFailed, { reason })} retryLabel={t(m.retry)} onRetry={reload}>
          {(warranties) => (warranties.length === 0 ? <p>{t(m.empty)}</p> : <WarrantyList warranties={warranties} />)}
        </LoadedView>
      </Card>
      <WarrantyForm userId={userId} onRegistered={onRegistered} />
    </Page>
  );
}
