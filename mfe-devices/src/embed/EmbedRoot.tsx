// What an embed renders (docs/product/embedding.md): the devices remote's App under a memory router, so navigation
// stays inside the element; Paddock's sign-in (the account remote, when the loader can load it) while signed out;
// any page that belongs to neither opens Paddock in a new tab.
import '@paddock/shared/ui/theme.css';
import { Component, lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Provider, useAtomValue } from 'jotai';
import { MemoryRouter, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { BrandVariant } from '@paddock/shared/domain';
import { ownerOf, type RemoteAppProps } from '@paddock/shared/federation';
import { LocaleProvider, Translations, useT } from '@paddock/shared/i18n';
import { paddockStore, signedInAtom } from '@paddock/shared/session';
import { Button, Card, Toasts } from '@paddock/shared/ui';
import App from '../App';
import { EmbedVariantContext } from '../common/variant';
import { EmbeddedContext } from './embedded';
import { embedTexts } from './messages';
import { paddockUrl, staysInEmbed } from './paths';

const EMBED_TRANSLATIONS = [embedTexts];

export interface EmbedRootProps {
  /** Where Paddock itself is served (links that leave the embed). */
  appBase: string;
  /** The embed's own variant: its colours, and the products its screens offer (common/variant.ts). */
  variant: BrandVariant;
  /** Loads the account remote's App (the sign-in); without it, signed-out users get a link to Paddock. */
  loadAccount?: () => Promise<{ default: ComponentType<RemoteAppProps> }>;
}

export function EmbedRoot({ appBase, variant, loadAccount }: EmbedRootProps) {
  return (
    <Provider store={paddockStore}>
      <EmbeddedContext.Provider value>
        <EmbedVariantContext.Provider value={variant}>
          <MemoryRouter initialEntries={['/devices']}>
            <LocaleProvider>
              <Translations translations={EMBED_TRANSLATIONS}>
                <div className="pd-embed" data-variant={variant}>
                  <EmbedRoutes appBase={appBase} loadAccount={loadAccount} />
                  <Toasts />
                </div>
              </Translations>
            </LocaleProvider>
          </MemoryRouter>
        </EmbedVariantContext.Provider>
      </EmbeddedContext.Provider>
    </Provider>
  );
}

function EmbedRoutes({ appBase, loadAccount }: Omit<EmbedRootProps, 'variant'>) {
  const { pathname, search } = useLocation();
  const signedIn = useAtomValue(signedInAtom);
  const Account = useMemo(() => (loadAccount ? lazy(loadAccount) : null), [loadAccount]);
  const owner = ownerOf(pathname);
  if (!staysInEmbed(pathname)) return <LeaveEmbed href={paddockUrl(appBase, pathname + search)} />;
  if (owner?.remote === 'devices') return signedIn ? <App name="devices" /> : <Navigate to="/sign-in" replace />;
  if (signedIn) return <Navigate to="/devices" replace />;
  if (!Account) return <LeaveEmbed href={paddockUrl(appBase, pathname + search)} signIn />;
  return (
    <SectionBoundary fallback={<LeaveEmbed href={paddockUrl(appBase, pathname + search)} signIn />}>
      <Suspense fallback={null}>
        <Account name="account" />
      </Suspense>
    </SectionBoundary>
  );
}

function LeaveEmbed({ href, signIn = false }: { href: string; signIn?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Card className="pd-embed__leave">
      <h2>{t(embedTexts.messages.leaveTitle)}</h2>
      <p>{t(signIn ? embedTexts.messages.signInUnavailable : embedTexts.messages.leaveText)}</p>
      <p>
        <a href={href} target="_blank" rel="noopener noreferrer">
          {t(embedTexts.messages.openInPaddock)}
        </a>
      </p>
      {!signIn && <Button onClick={() => navigate('/devices')}>{t(embedTexts.messages.backToDevices)}</Button>}
    </Card>
  );
}

/** The account remote failing to load leaves a link to Paddock's sign-in, not an empty element. */
class SectionBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
