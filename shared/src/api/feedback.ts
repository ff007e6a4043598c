// What the api layer tells the screens: calls under way (loading overlay), toasts, and a lost connection.
import { atom } from 'jotai';
import type { MessageDescriptor } from 'react-intl';
import { paddockStore } from '../session/store';

export const busyCountAtom = atom(0);
/** Set when a call timed out or the server could not be reached: the shell replaces the page (docs/product/errors.md). */
export const connectionFailedAtom = atom(false);

export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  /** A text that is already in the user's language (for example a server message)… */
  text?: string;
  /** …or a message to translate. */
  message?: MessageDescriptor;
  values?: Record<string, string | number>;
}

/** docs/product/limits.md: general 2000 ms, error 3 s, success 0.5 s. */
export const TOAST_DURATION_MS: Record<ToastKind, number> = { info: 2000, error: 3000, success: 500 };

export const toastsAtom = atom<Toast[]>([]);
let nextToastId = 1;

export function dismissToast(id: number, store = paddockStore): void {
  store.set(toastsAtom, (toasts) => toasts.filter((t) => t.id !== id));
}

export function showToast(toast: Omit<Toast, 'id'>, store = paddockStore): number {
  const id = nextToastId++;
  store.set(toastsAtom, (toasts) => [...toasts, { ...toast, id }]);
  setTimeout(() => dismissToast(id, store), TOAST_DURATION_MS[toast.kind]);
  return id;
}
