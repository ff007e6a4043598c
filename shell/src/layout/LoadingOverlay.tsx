import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { busyCountAtom } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { layoutTexts } from './messages';

/** docs/product/limits.md: the loading overlay hides itself after 30 s even when calls are still running. */
export const OVERLAY_AUTO_HIDE_MS = 30_000;

/** Visible while `busy`, but for at most `autoHideMs` per busy spell (a new spell starts when busy was false). */
export function useOverlayVisible(busy: boolean, autoHideMs = OVERLAY_AUTO_HIDE_MS): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!busy) return undefined;
    const timer = setTimeout(() => setExpired(true), autoHideMs);
    return () => clearTimeout(timer);
  }, [busy, autoHideMs]);
  return busy && !expired;
}

/** Shown while api calls run (busyCountAtom > 0). It fades in after a moment, so quick calls don't flash. */
export function LoadingOverlay({ autoHideMs = OVERLAY_AUTO_HIDE_MS }: { autoHideMs?: number }) {
  const t = useT();
  const busy = useAtomValue(busyCountAtom) > 0;
  const visible = useOverlayVisible(busy, autoHideMs);
  if (!visible) return null;
  return (
    <div className="pd-shell-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="pd-spinner pd-shell-overlay__spinner" aria-hidden="true" />
      <span className="pd-visually-hidden">{t(layoutTexts.messages.loading)}</span>
    </div>
  );
}
