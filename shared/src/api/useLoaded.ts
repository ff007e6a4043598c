import { useCallback, useEffect, useState } from 'react';
import { ApiError, failureText } from './client';
import { useIntl } from 'react-intl';

import type { Loaded } from '../ui/LoadedView';

/**
 * A screen's (or a section's) data: loaded silently (the screen says what went wrong beside Try again, docs/product/errors.md),
 * again on `reload`; `replace` puts a fresher value the page already has (e.g. a purchase's reply).
 */
export function useLoaded<T>(load: (() => Promise<T>) | null, dependencies: readonly unknown[]) {
  const intl = useIntl();
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!load) return;
    let current = true;
    setLoaded({ state: 'loading' });
    load().then(
      (value) => current && setLoaded({ state: 'ready', value }),
      (error: unknown) => {
        if (!current) return;
        const reason = error instanceof ApiError ? failureText(error.status, error.statusText, error.body) : null;
        setLoaded({
          state: 'failed',
          reason:
            error instanceof ApiError && error.serverMessage.trim()
              ? error.serverMessage
              : reason
                ? intl.formatMessage(reason.message, reason.values)
                : String(error),
        });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new closure every render; what it loads is named by `dependencies` (and `intl` only words the failure).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...dependencies, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((value: T) => setLoaded({ state: 'ready', value }), []);
  return { loaded, reload, replace };
}
