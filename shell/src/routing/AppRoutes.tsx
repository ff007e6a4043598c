import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAtomValue, type Atom } from 'jotai';
import { SHELL_ROUTES } from '@paddock/shared/federation';
import { isAdminAtom, signedInAtom, signedOutOnPurposeAtom, STORAGE_KEYS } from '@paddock/shared/session';
import { NotFound } from '@paddock/shared/ui';
import { ConnectionFailed } from '../connection/ConnectionFailed';
import { RemoteSection } from '../federation/RemoteSection';
import { readLastDeviceId, resolveRoute, type GuardSession } from './guards';
import { RedirectPage } from './RedirectPage';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

type ReadAtom = <T>(atom: Atom<T>) => T;

/** The guards' view of the session, its atoms read with `read`: useAtomValue in a component, the store's get at start-up. */
export function guardSession(read: ReadAtom): GuardSession {
  const signedIn = read(signedInAtom);
  return {
    signedIn,
    isAdmin: read(isAdminAtom),
    lastDeviceId: signedIn ? readLastDeviceId(storage(), STORAGE_KEYS.lastDeviceId) : null,
    signedOutOnPurpose: read(signedOutOnPurposeAtom),
  };
}

/** Everything but the shell's own pages: guarded, then handed to the remote that owns the path (@paddock/shared/federation). */
function OwnedRoute() {
  const { pathname, search } = useLocation();
  const route = resolveRoute(pathname, search, guardSession(useAtomValue));
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
