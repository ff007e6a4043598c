import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { connectionFailedAtom, onOfflineCapablePage } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { impersonatingAtom, signedInAtom } from '@paddock/shared/session';
import { Toasts } from '@paddock/shared/ui';
import { ConnectionFailed } from '../connection/ConnectionFailed';
import { LoadingOverlay } from './LoadingOverlay';
import { layoutTexts } from './messages';
import { Navbar } from './Navbar';

/**
 * For signed-in users only, so loaded after signing in, not before the sign-in page (docs/architecture/README.md#js-before-the-first-page).
 * Notices are optional: a file that cannot load (offline) shows none rather than breaking the page.
 */
const Notices = lazy(() =>
  import('./Notices').then(
    ({ Notices }) => ({ default: Notices }),
    () => ({ default: () => null }),
  ),
);

/**
 * Only while an admin impersonates, so loaded then, not before every first page (as above). A file that cannot load
 * leaves the navbar's "Stop impersonating" as the only sign.
 */
const ImpersonationBanner = lazy(() =>
  import('./ImpersonationBanner').then(
    ({ ImpersonationBanner }) => ({ default: ImpersonationBanner }),
    () => ({ default: () => null }),
  ),
);

/**
 * The frame around every page: navbar, the "Viewing as" banner while impersonating, notices, the page itself, the loading overlay and the toasts. When a request
 * times out (connectionFailedAtom), the page content is replaced by the connection-failure message (docs/product/errors.md).
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const connectionFailed = useAtomValue(connectionFailedAtom);
  const setConnectionFailed = useSetAtom(connectionFailedAtom);
  const signedIn = useAtomValue(signedInAtom);
  const impersonating = useAtomValue(impersonatingAtom);
  const { pathname } = useLocation();
  // The failure replaces the page whose request failed, not the next one: another page asks again (and fails again
  // while offline), and the dashboard shows its kept list instead (docs/product/installable-app.md).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setConnectionFailed(false);
  }, [pathname, setConnectionFailed]);
  const showFailure = connectionFailed && !onOfflineCapablePage(pathname);
  return (
    <>
      <a className="pd-skip-link" href="#pd-main">
        {t(layoutTexts.messages.skipToContent)}
      </a>
      <Navbar />
      {impersonating ? (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      ) : null}
      {signedIn ? (
        <Suspense fallback={null}>
          <Notices />
        </Suspense>
      ) : null}
      <main id="pd-main" className="pd-shell-main" tabIndex={-1}>
        {showFailure ? <ConnectionFailed /> : children}
      </main>
      <LoadingOverlay />
      <Toasts />
    </>
  );
}
