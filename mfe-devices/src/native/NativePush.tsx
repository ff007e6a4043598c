// The dashboard's push registration in the native app (docs/product/native-app.md): no offer card, as the platform
// asks for the permission itself; never while an admin impersonates (the phone is the admin's, not the customer's).
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { activeUserAtom, impersonationAtom } from '@paddock/shared/session';
import { registerNativePushSoon } from './nativePush';

export default function NativePush() {
  const user = useAtomValue(activeUserAtom);
  const impersonating = useAtomValue(impersonationAtom) !== null;
  const userId = user?.Id;
  useEffect(() => {
    if (!user || impersonating) return;
    return registerNativePushSoon(user);
    // Once per dashboard visit and user, not on every refresh of the account.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, impersonating]);
  return null;
}
