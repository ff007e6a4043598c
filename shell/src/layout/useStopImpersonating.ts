import { useCallback, useState } from 'react';
import { useStore } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { stopImpersonating } from '@paddock/shared/session';

/** Stop impersonating (docs/product/admin.md): tell the server, forget the customer, go back to their admin page. */
export function useStopImpersonating() {
  const store = useStore();
  const navigate = useNavigate();
  const [stopping, setStopping] = useState(false);
  const stop = useCallback(async () => {
    setStopping(true);
    try {
      const returnTo = await stopImpersonating(store);
      navigate(returnTo ?? '/admin');
    } finally {
      setStopping(false);
    }
  }, [store, navigate]);
  return { stop, stopping };
}
