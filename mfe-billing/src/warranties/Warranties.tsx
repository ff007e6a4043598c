import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, warrantiesApi } from '@paddock/shared/api';
import type { Warranty } from '@paddock/shared/contract';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Alert, Button, Card, Page } from '@paddock/shared/ui';
import { warrantiesTexts } from './messages';
import { WarrantyForm } from './WarrantyForm';
import { WarrantyList } from './WarrantyList';
import './warranties.css';

type Loaded = { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ready'; warranties: Warranty[] };

/** /warranties (docs/product/screens.md): the active user's warranties and the registration form. */
export function Warranties() {
  const t = useT();
  const m = warrantiesTexts.messages;
  const userId = useAtomValue(activeUserAtom)?.Id;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    setLoaded({ state: 'loading' });
    warrantiesApi.list(userId, { silent: true }).then(
      (warranties) => current && setLoaded({ state: 'ready', warranties }),
      (error: unknown) =>
        current &&
        setLoaded({
          state: 'failed',
          reason: error instanceof ApiError ? error.serverMessage || `${error.status} ${error.statusText}` : t(m.unexpected),
        }),
    );
    return () => {
      current = false;
    };
    // `t` changes identity on every render; the reason's language is the one at load time
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, attempt]);

  // A new registration joins the list at once (the list is oldest first); a list that failed to load is loaded again.
  const onRegistered = useCallback(
    (warranty: Warranty) => {
      if (loaded.state === 'ready') setLoaded({ state: 'ready', warranties: [...loaded.warranties, warranty] });
      else setAttempt((n) => n + 1);
    },
    [loaded],
  );

  // The shell's guard keeps signed-out visitors away from /warranties.
  if (!userId) return null;

  return (
    <Page title={t(m.title)} narrow>
      <Card>
        <h2 className="pd-warranties__heading">{t(m.listHeading)}</h2>
        {loaded.state === 'loading' ? (
          <p role="status">
            <span className="pd-spinner" aria-hidden="true" /> {t(m.loading)}
          </p>
        ) : loaded.state === 'failed' ? (
          <Alert
            actions={
              <Button icon="refresh" onClick={() => setAttempt((n) => n + 1)}>
                {t(m.retry)}
              </Button>
            }
          >
            {t(m.loadFailed, { reason: loaded.reason })}
          </Alert>
        ) : loaded.warranties.length === 0 ? (
          <p>{t(m.empty)}</p>
        ) : (
          <WarrantyList warranties={loaded.warranties} />
        )}
      </Card>
      <WarrantyForm userId={userId} onRegistered={onRegistered} />
    </Page>
  );
}
