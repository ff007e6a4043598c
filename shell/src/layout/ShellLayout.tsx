import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { connectionFailedAtom } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { Toasts } from '@paddock/shared/ui';
import { ConnectionFailed } from '../connection/ConnectionFailed';
import { ImpersonationBanner } from './ImpersonationBanner';
import { LoadingOverlay } from './LoadingOverlay';
import { layoutTexts } from './messages';
import { Navbar } from './Navbar';
import { Notices } from './Notices';

/**
 * The frame around every page: navbar, the "Viewing as" banner while impersonating, notices, the page itself, the loading overlay and the toasts. When a request
 * times out (connectionFailedAtom), the page content is replaced by the connection-failure message (docs/product/errors.md).
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const connectionFailed = useAtomValue(connectionFailedAtom);
  return (
    <>
      <a className="pd-skip-link" href="#pd-main">
        {t(layoutTexts.messages.skipToContent)}
      </a>
      <Navbar />
      <ImpersonationBanner />
      <Notices />
      <main id="pd-main" className="pd-shell-main" tabIndex={-1}>
        {connectionFailed ? <ConnectionFailed /> : children}
      </main>
      <LoadingOverlay />
      <Toasts />
    </>
  );
}
