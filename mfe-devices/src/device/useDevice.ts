import { useCallback, useEffect, useState } from 'react';
import { ApiError, devicesApi, failureText, type FailureText } from '@paddock/shared/api';
import type { DeviceOf } from '@paddock/shared/contract';
import { CONFIG_SYNC_POLL_MS, isConfigPending, type ProductId } from '@paddock/shared/domain';

export type DeviceState<P extends ProductId> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; reason: FailureText | null }
  | { status: 'ready'; device: DeviceOf<P> };

export interface UseDeviceOptions {
  /**
   * Ask for the device again every few seconds while it has not applied the saved settings (ConfigSync.Pending),
   * so a settings page's config-sync line turns to "applied" without a reload. A log page has nothing to wait for.
   */
  pollWhilePending?: boolean;
}

/**
 * The device a device page is about, loaded once; a 404, or a key the server refuses, is "not found". With
 * `pollWhilePending` it is asked for again while its config is pending; polling stops when the page is left.
 */
export function useDevice<P extends ProductId>(product: P, key: string, { pollWhilePending = false }: UseDeviceOptions = {}) {
  const [state, setState] = useState<DeviceState<P>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [polls, setPolls] = useState(0);

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

  const pending = pollWhilePending && state.status === 'ready' && isConfigPending(state.device);
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const timer = setTimeout(() => {
      // A background poll: no loading overlay and no toast every few seconds when the network drops.
      devicesApi.get(product, key, { background: true, silent: true }).then(
        (device) => {
          if (stopped) return;
          setState({ status: 'ready', device });
          setPolls((n) => n + 1);
        },
        () => {
          if (!stopped) setPolls((n) => n + 1);
        },
      );
    }, CONFIG_SYNC_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pending, polls, product, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
