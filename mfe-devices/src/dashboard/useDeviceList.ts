import { useCallback, useEffect, useState } from 'react';
import { devicesApi } from '@paddock/shared/api';
import type { Device, DeviceList } from '@paddock/shared/contract';
import { DEVICE_LIST_REFRESH_MS } from '@paddock/shared/domain';
import { replaceDevice, reuseUnchanged } from './reconcile';

export interface DeviceListState {
  /** null until the first reply. */
  list: DeviceList | null;
  /** The first load failed (polling goes on; the failure toast came from the shared handler). */
  failed: boolean;
  /** Puts a device the server returned (e.g. after a power toggle) into the list at once. */
  update: (device: Device) => void;
}

/**
 * The user's devices, refreshed every 5 s while the dashboard is shown (docs/product/screens.md, docs/product/limits.md) and stopped on leaving. Polls
 * send If-None-Match; a 304 keeps the list on screen. A poll starts 5 s after the previous one ended, so slow
 * replies never pile up; polls are skipped while the page is hidden.
 */
export function useDeviceList(userId: string | null): DeviceListState {
  const [list, setList] = useState<DeviceList | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let etag: string | null = null;
    let first = true;

    const schedule = () => {
      if (!stopped) timer = setTimeout(() => void tick(), DEVICE_LIST_REFRESH_MS);
    };
    let inFlight = false;
    const tick = async () => {
      if (!first && typeof document !== 'undefined' && document.hidden) return schedule();
      inFlight = true;
      const background = !first;
      try {
        // Background polls neither show the loading overlay nor a toast every 5 s when the network drops.
        const reply = await devicesApi.poll(userId, etag, { background, silent: background });
        if (stopped) return;
        etag = reply.etag;
        if (reply.list) {
          const fresh = reply.list;
          setList((previous) => reuseUnchanged(previous, fresh));
        }
        setFailed(false);
      } catch {
        if (stopped) return;
        if (first) setFailed(true);
      }
      first = false;
      inFlight = false;
      schedule();
    };
    // Back to a hidden tab: refresh at once rather than up to 5 s later.
    const onVisibility = () => {
      if (document.hidden || inFlight || stopped) return;
      clearTimeout(timer);
      void tick();
    };
    document.addEventListener('visibilitychange', onVisibility);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [userId]);

  const update = useCallback((device: Device) => setList((current) => (current ? replaceDevice(current, device) : current)), []);
  return { list: userId ? list : EMPTY_LIST, failed, update };
}

const EMPTY_LIST: DeviceList = { FarmcamSims: [], Fencealarms: [], Fencealarm2s: [], Smartplugs: [], Smartplug2s: [] };
