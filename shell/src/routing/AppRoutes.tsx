import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { SHELL_ROUTES } from '@paddock/shared/federation';
import { isAdminAtom, signedInAtom, signedOutOnPurposeAtom, STORAGE_KEYS } from '@paddock/shared/session';
import { NotFound } from '@paddock/shared/ui';
import { ConnectionFailed } from '../connection/ConnectionFailed';
import { RemoteSection } from '../federation/RemoteSection';
import { readLastDeviceId, resolveRoute } from './guards';
import { RedirectPage } from './RedirectPage';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Everything but the shell's own pages: guarded, then handed to the remote that owns the path (@paddock/shared/federation). */
function OwnedRoute() {
  const { pathname, search } = useLocation();
  const signedIn = useAtomValue(signedInAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const signedOutOnPurpose = useAtomValue(signedOutOnPurposeAtom);
  const route = resolveRoute(pathname, search, {
    signedIn,
    isAdmin,
    lastDeviceId: signedIn ? readLastDeviceId(storage(), STORAGE_KEYS.lastDeviceId) : null,
    signedOutOnPurpose,
  });
  switch (route.kind) {
    case 'redirect':
      return <Navigate to={route.to} replace />;
    case 'remote':
      return <RemoteSection key={route.remote} name={route.remote} />;
    case 'shell':
      return route.page === 'redirect' ? <RedirectPage /> : <ConnectionFailed />;
    default:
      return <NotFound />;
  }
}

/** The route table: the shell's own pages, and one catch-all whose element picks the owning remote. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={SHELL_ROUTES.redirect} element={<RedirectPage />} />
      <Route path={SHELL_ROUTES.connectionError} element={<ConnectionFailed />} />
      <Route path="*" element={<OwnedRoute />} />
    </Routes>
  );
}
