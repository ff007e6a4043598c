import { useCallback, useEffect, useState } from 'react';
import { ApiError, devicesApi, failureText, type FailureText } from '@paddock/shared/api';
import type { DeviceOf } from '@paddock/shared/contract';
import type { ProductId } from '@paddock/shared/domain';

export type LogDeviceState<P extends ProductId> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; reason: FailureText | null }
  | { status: 'ready'; device: DeviceOf<P> };

/**
 * The device a log page is about (its name for the title), loaded once; a 404, or a key the server refuses, is
 * "not found". Unlike the settings pages there is nothing to wait for afterwards, so no polling.
 */
export function useLogDevice<P extends ProductId>(product: P, key: string) {
  const [state, setState] = useState<LogDeviceState<P>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stopped = false;
    setState({ status: 'loading' });
    // Silent: the page itself says what went wrong, beside a way back.
    devicesApi.get(product, key, { silent: true }).then(
      (device) => {
        if (!stopped) setState({ status: 'ready', device });
      },
      (error: unknown) => {
        if (stopped) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setState({ status: 'notFound' });
        else setState({ status: 'failed', reason: error instanceof ApiError && error.status ? failureText(error.status, error.statusText, error.body) : null });
      },
    );
    return () => {
      stopped = true;
    };
  }, [product, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
