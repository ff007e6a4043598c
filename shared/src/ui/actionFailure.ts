// The words of a failed action, said where it was started (docs/product/errors.md Dialogs): a dialog or form shows
// them itself, so its call is made `silent` (no toast behind the dialog) and nothing repeats them.
import { useCallback, useState } from 'react';
import { ApiError } from '../api/client';
import { useT } from '../i18n/LocaleProvider';
import { uiTexts } from './messages';

/** The server's localized reason when it sent one, else words for the status (never "402 Payment Required"). */
export function failureReason(error: unknown, t: ReturnType<typeof useT>): string {
  const reason = error instanceof ApiError && error.code ? error.serverMessage.trim() : '';
  if (reason) return reason;
  const timedOut = error instanceof ApiError && (error.status === 408 || error.unreachable);
  return t(timedOut ? uiTexts.messages.actionTimedOut : uiTexts.messages.actionFailedLater);
}

/**
 * The failure of a dialog's action: `fail(error)` in its catch, `failure` to its `error` prop, `clear()` when it
 * closes or the action starts again.
 */
export function useActionFailure() {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const fail = useCallback((error: unknown) => setFailure(failureReason(error, t)), [t]);
  const clear = useCallback(() => setFailure(null), []);
  return { failure, fail, clear };
}
