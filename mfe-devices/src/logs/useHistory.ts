import { useCallback, useEffect, useState } from 'react';
import { ApiError, failureText, historyApi, type FailureText } from '@paddock/shared/api';
import { historySeries, type HistoryMeasure, type ProductId } from '@paddock/shared/domain';

export type HistoryState =
  | { status: 'loading' }
  | { status: 'failed'; reason: FailureText | null }
  | { status: 'ready'; data: [number, number | null][] };

/**
 * One chart's points for the window, fetched again whenever the window changes. A background, silent call: the
 * chart shows its own loading and failure states (with Try again) instead of the page overlay and a toast.
 */
export function useHistory(product: ProductId, key: string, measure: HistoryMeasure, window: { from: Date; to: Date }) {
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The window's ends as numbers, so a new but equal window does not fetch again.
  const from = window.from.getTime();
  const to = window.to.getTime();

  useEffect(() => {
    let stopped = false;
    setState({ status: 'loading' });
    historyApi.points(product, key, measure, { from: new Date(from), to: new Date(to) }, { background: true, silent: true }).then(
      (points) => {
        if (!stopped) setState({ status: 'ready', data: historySeries(measure, points) });
      },
      (error: unknown) => {
        if (stopped) return;
        setState({ status: 'failed', reason: error instanceof ApiError && error.status ? failureText(error.status, error.statusText, error.body) : null });
      },
    );
    return () => {
      stopped = true;
    };
  }, [product, key, measure, from, to, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
