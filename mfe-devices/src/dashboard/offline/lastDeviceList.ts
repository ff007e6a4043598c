// The last device list the dashboard showed, kept in this browser for use without a network
// (docs/product/installable-app.md): one user's copy at a time, shown only to that user, and forgotten when the
// session ends (clearSession in @paddock/shared/session removes it).
import type { DeviceList } from '@paddock/shared/contract';
import { STORAGE_KEYS, isTokenValid, paddockStore, tokenAtom, userAtom } from '@paddock/shared/session';

export interface StoredDeviceList {
  UserId: string;
  /** When the server last confirmed the list (ms). */
  SavedAt: number;
  List: DeviceList;
}

const LIST_KEYS = ['FarmcamSims', 'Fencealarms', 'Fencealarm2s', 'Smartplugs', 'Smartplug2s'] as const;

/** A 304 confirms the list without sending it: the time is written again at most this often. */
export const CONFIRM_WRITE_EVERY_MS = 60_000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(): StoredDeviceList | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(STORAGE_KEYS.lastDeviceList) ?? 'null') as Partial<StoredDeviceList> | null;
    if (!parsed || typeof parsed.UserId !== 'string' || !Number.isFinite(parsed.SavedAt) || !parsed.List) return null;
    if (!LIST_KEYS.every((key) => Array.isArray(parsed.List![key]))) return null;
    return parsed as StoredDeviceList;
  } catch {
    return null;
  }
}

function write(entry: StoredDeviceList): void {
  try {
    storage()?.setItem(STORAGE_KEYS.lastDeviceList, JSON.stringify(entry));
  } catch {
    // storage full or unavailable: the dashboard works, only not offline
  }
}

/** Whether `userId` still holds the session: a poll answered after sign-out must not keep their list. */
const stillSignedIn = (userId: string) => paddockStore.get(userAtom)?.Id === userId && isTokenValid(paddockStore.get(tokenAtom));

/** Keeps `list` as `userId`'s last list (replacing anyone else's), while they are still signed in. */
export function saveDeviceList(userId: string, list: DeviceList, savedAt: number = Date.now()): void {
  if (stillSignedIn(userId)) write({ UserId: userId, SavedAt: savedAt, List: list });
}

/**
 * saveDeviceList once the browser is idle (after 1 s at most): the reply that brings the list renders its cards
 * first. Writing a farmer's 500 devices (JSON and localStorage) took about 60 ms of a 4×-slowed phone's main thread,
 * before the first card otherwise (docs/architecture/README.md#budgets).
 */
export function saveDeviceListWhenIdle(userId: string, list: DeviceList, savedAt: number = Date.now()): void {
  const save = () => saveDeviceList(userId, list, savedAt);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(save, { timeout: 1_000 });
  else setTimeout(save, 100);
}

/** The server confirmed the kept list unchanged (304): its time moves on, written at most once a minute. */
export function confirmDeviceList(userId: string, savedAt: number = Date.now()): void {
  const kept = read();
  if (kept && kept.UserId === userId && stillSignedIn(userId) && savedAt - kept.SavedAt >= CONFIRM_WRITE_EVERY_MS) write({ ...kept, SavedAt: savedAt });
}

/** `userId`'s kept list; null when there is none, or it belongs to someone else. */
export function readDeviceList(userId: string): StoredDeviceList | null {
  const kept = read();
  return kept && kept.UserId === userId ? kept : null;
}
