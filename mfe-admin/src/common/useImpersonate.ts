// docs/product/admin.md Impersonation: ask the server who to act as, hold that user for this browser session, open their devices.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { adminApi } from '@paddock/shared/api';
import type { ImpersonateKey } from '@paddock/shared/contract';
import { impersonationAtom } from '@paddock/shared/session';

/** `start(key, value)`: GET /admin/impersonate, then the shell's banner and API header follow the atom. Failures toast (shared handler). */
export function useImpersonate() {
  const setImpersonation = useSetAtom(impersonationAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async (key: ImpersonateKey, value: string) => {
    setBusy(true);
    try {
      const user = await adminApi.impersonate(key, value);
      setImpersonation({ User: user, ReturnTo: `/admin/user/${encodeURIComponent(user.Id)}` });
      navigate('/devices');
    } catch {
      // the shared failed-reply handler has shown why
      setBusy(false);
    }
  };
  return { start, busy };
}
