import { STORAGE_KEYS } from '@paddock/shared/session';

/** docs/product/screens.md: remembers the device last opened, so a signed-in user landing on / comes back to /devices?id={key}. */
export function rememberLastDevice(key: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.lastDeviceId, key);
  } catch {
    // storage unavailable (private mode): nothing to remember
  }
}
