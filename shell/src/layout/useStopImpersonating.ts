import { useCallback, useState } from 'react';
import { useStore } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { stopImpersonating } from '@paddock/shared/session';
import { useLeave } from '@paddock/shared/ui';

/**
 * Stop impersonating (docs/product/admin.md): tell the server, forget the customer, go back to their admin page.
 * It leaves the page, so a page with unsaved changes asks first (docs/product/screens.md Unsaved changes).
 */
export function useStopImpersonating() {
  const store = useStore();
  const navigate = useNavigate();
  const leave = useLeave();
  const [stopping, setStopping] = useState(false);
  const stopNow = useCallback(async () => {
    setStopping(true);
    try {
      const returnTo = await stopImpersonating(store);
      navigate(returnTo ?? '/admin');
    } finally {
      setStopping(false);
    }
  }, [store, navigate]);
  const stop = useCallback(() => leave(() => void stopNow()), [leave, stopNow]);
  return { stop, stopping };
}
