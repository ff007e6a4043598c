import { lazy, Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { connectionFailedAtom } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { signedInAtom } from '@paddock/shared/session';
import { Toasts } from '@paddock/shared/ui';
import { ConnectionFailed } from '../connection/ConnectionFailed';
import { ImpersonationBanner } from './ImpersonationBanner';
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
 * The frame around every page: navbar, the "Viewing as" banner while impersonating, notices, the page itself, the loading overlay and the toasts. When a request
 * times out (connectionFailedAtom), the page content is replaced by the connection-failure message (docs/product/errors.md).
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const connectionFailed = useAtomValue(connectionFailedAtom);
  const signedIn = useAtomValue(signedInAtom);
  return (
    <>
      <a className="pd-skip-link" href="#pd-main">
        {t(layoutTexts.messages.skipToContent)}
      </a>
      <Navbar />
      <ImpersonationBanner />
      {signedIn ? (
        <Suspense fallback={null}>
          <Notices />
        </Suspense>
      ) : null}
      <main id="pd-main" className="pd-shell-main" tabIndex={-1}>
        {connectionFailed ? <ConnectionFailed /> : children}
      </main>
      <LoadingOverlay />
      <Toasts />
    </>
  );
}
