// One device as staff see it: loaded (silently: the page says what went wrong), and fetched again every few seconds
// while a firmware update is under way, so its progress shows as the device reports it (docs/product/admin.md).
import { useEffect } from 'react';
import { devicesApi, useLoaded } from '@paddock/shared/api';
import type { DeviceOf, ProductId } from '@paddock/shared/domain';

export const FIRMWARE_POLL_MS = 3_000;

/** The update under way on a device that takes firmware updates, else null. */
export function pendingFirmware(device: unknown) {
  const firmware = (device as { Firmware?: { Pending?: { Status: string; Progress: number } | null } } | null)?.Firmware;
  return firmware?.Pending ?? null;
}

export function useAdminDevice<P extends ProductId>(product: P, key: string) {
  const state = useLoaded(() => devicesApi.get(product, key, { silent: true }), [product, key]);
  const { loaded, replace } = state;
  const pending = loaded.state === 'ready' && pendingFirmware(loaded.value) !== null;

  useEffect(() => {
    if (!pending) return;
    let current = true;
    const timer = setInterval(() => {
      devicesApi.get(product, key, { silent: true, background: true }).then(
        (device) => current && replace(device as DeviceOf<P>),
        // a missed poll is tried again at the next tick
        () => undefined,
      );
    }, FIRMWARE_POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [pending, product, key, replace]);

  return state;
}
