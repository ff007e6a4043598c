import { useCallback, useEffect, useState } from 'react';
import { devicesApi } from '@paddock/shared/api';
import type { Device, DeviceList } from '@paddock/shared/contract';
import { DEVICE_LIST_REFRESH_MS, emptyDeviceList } from '@paddock/shared/domain';
import { browserOffline, isUnreachable } from './offline/appOffline';
import { CONFIRM_WRITE_EVERY_MS, confirmDeviceList, readDeviceList, saveDeviceListWhenIdle } from './offline/lastDeviceList';
import { replaceDevice, reuseUnchanged } from './reconcile';

export interface DeviceListState {
  /** null until the first reply. */
  list: DeviceList | null;
  /** The first load failed (polling goes on; the failure toast came from the shared handler). */
  failed: boolean;
  /** Puts a device the server returned (e.g. after a power toggle) into the list at once. */
  update: (device: Device) => void;
  /** The app has no connection: `list` is the last one the server sent (kept in this browser when needed). */
  appOffline: boolean;
  /** When the server last sent or confirmed the list shown (ms); null before that. */
  lastUpdated: number | null;
}

export interface DeviceListOptions {
  /** Keep the list in this browser for use offline (not while an admin views someone else's devices). */
  keepCopy?: boolean;
}

/**
 * The list the dashboard last showed, in this page's memory: coming back to /devices (after Save on a settings page,
 * Back, a log page) shows it at once and asks the server with its ETag, rather than starting again from "Loading…"
 * (issue 30: the dashboard reloaded from scratch and the card landed half off-screen). Only ever shown to its user.
 */
let shownBefore: { userId: string; list: DeviceList; etag: string | null; at: number } | null = null;

/** A device the server returned elsewhere (a settings page's Save): the list shown on coming back has it already. */
export function keepDeviceForDashboard(device: Device | undefined): void {
  if (!shownBefore || !device?.Product) return;
  // Without the ETag the next poll brings the whole list: the server's word on everything else that changed.
  shownBefore = { ...shownBefore, list: replaceDevice(shownBefore.list, device), etag: null };
}

/** Forgets the list kept in memory (tests; a new session starts from the server). */
export function forgetShownDeviceList(): void {
  shownBefore = null;
}

/**
 * The user's devices, refreshed every 5 s while the dashboard is shown (docs/product/screens.md, docs/product/limits.md) and stopped on leaving. Polls
 * send If-None-Match; a 304 keeps the list on screen. A poll starts 5 s after the previous one ended, so slow
 * replies never pile up; polls are skipped while the page is hidden.
 * Without a connection (docs/product/installable-app.md) the list stays, or comes from this browser's copy of the
 * last one (offline start), marked offline; polling goes on, at once when the browser is back online, and the first
 * answer makes the list live again.
 */
export function useDeviceList(userId: string | null, { keepCopy = true }: DeviceListOptions = {}): DeviceListState {
  const shown = userId && shownBefore?.userId === userId ? shownBefore : null;
  const [list, setList] = useState<DeviceList | null>(() => shown?.list ?? null);
  const [failed, setFailed] = useState(false);
  const [appOffline, setAppOffline] = useState(browserOffline);
  const [lastUpdated, setLastUpdated] = useState<number | null>(() => shown?.at ?? null);

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const before = shownBefore?.userId === userId ? shownBefore : null;
    let etag: string | null = before?.etag ?? null;
    // With the list already on screen even the first poll is a quiet one (no overlay over the cards).
    let first = before === null;
    // When the kept copy was last written: a 304 does not read it back every 5 s.
    let keptAt = 0;

    // No network: the copy kept here, until the server answers (only ever this user's).
    const showKeptCopy = () => {
      setAppOffline(true);
      const kept = keepCopy ? readDeviceList(userId) : null;
      if (!kept) return;
      setList((current) => current ?? kept.List);
      setLastUpdated((current) => current ?? kept.SavedAt);
    };
    if (browserOffline()) showKeptCopy();

    const schedule = () => {
      if (!stopped) timer = setTimeout(() => void tick(), DEVICE_LIST_REFRESH_MS);
    };
    let inFlight = false;
    const tick = async () => {
      if (!first && typeof document !== 'undefined' && document.hidden) return schedule();
      inFlight = true;
      const background = !first;
      try {
        // Background polls neither show the loading overlay nor a toast every 5 s when the network drops; a lost
        // connection is told by the dashboard itself, never by replacing it (optional).
        const reply = await devicesApi.poll(userId, etag, { background, silent: background, optional: true });
        if (stopped) return;
        etag = reply.etag;
        const now = Date.now();
        if (reply.list) {
          const fresh = reply.list;
          setList((previous) => reuseUnchanged(previous, fresh));
          shownBefore = { userId, list: fresh, etag, at: now };
          if (keepCopy) {
            saveDeviceListWhenIdle(userId, fresh, now);
            keptAt = now;
          }
        } else {
          if (shownBefore?.userId === userId) shownBefore = { ...shownBefore, etag, at: now };
          if (keepCopy && now - keptAt >= CONFIRM_WRITE_EVERY_MS) {
            confirmDeviceList(userId, now);
            keptAt = now;
          }
        }
        setLastUpdated(now);
        setAppOffline(false);
        setFailed(false);
      } catch (error) {
        if (stopped) return;
        if (isUnreachable(error)) showKeptCopy();
        else if (first) setFailed(true);
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
    // The network is back: ask at once; the answer ends the offline state.
    const onOnline = () => {
      if (inFlight || stopped) return;
      clearTimeout(timer);
      void tick();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', showKeptCopy);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', showKeptCopy);
    };
  }, [userId, keepCopy]);

  const update = useCallback((device: Device) => {
    setList((current) => (current ? replaceDevice(current, device) : current));
    keepDeviceForDashboard(device);
  }, []);
  return { list: userId ? list : EMPTY_LIST, failed, update, appOffline: Boolean(userId) && appOffline, lastUpdated };
}

const EMPTY_LIST: DeviceList = emptyDeviceList();
