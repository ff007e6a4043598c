import { useEffect, useRef } from 'react';
import { Provider, useAtomValue } from 'jotai';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { SHELL_ROUTES } from '@paddock/shared/federation';
import { LocaleProvider, localeAtom } from '@paddock/shared/i18n';
import { paddockStore } from '@paddock/shared/session';
import { connectionTexts } from './connection/messages';
import { federationTexts } from './federation/messages';
import { layoutTexts } from './layout/messages';
import { ShellLayout } from './layout/ShellLayout';
import { AppRoutes } from './routing/AppRoutes';
import { routingTexts } from './routing/messages';
import { hideSplash, SPLASH_HIDE_MS } from './startup/splash';
import { startupFailedAtom } from './startup/startupFailure';
import { useNativePushTaps } from './native/nativePushTaps';

/** The shell's own texts, given to the app-wide IntlProvider (remotes add theirs with <Translations>). */
export const SHELL_TRANSLATIONS = [layoutTexts, routingTexts, federationTexts, connectionTexts];

function Shell() {
  const locale = useAtomValue(localeAtom);
  const startupFailed = useAtomValue(startupFailedAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useNativePushTaps(navigate);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  useEffect(() => {
    const timer = setTimeout(() => hideSplash(), SPLASH_HIDE_MS);
    return () => clearTimeout(timer);
  }, []);

  // A start-up failure after the first render (the session check) sends the user to /connection-error, once.
  const sentToConnectionError = useRef(false);
  useEffect(() => {
    if (!startupFailed || sentToConnectionError.current) return;
    sentToConnectionError.current = true;
    if (pathname !== SHELL_ROUTES.connectionError) navigate(SHELL_ROUTES.connectionError, { replace: true });
  }, [startupFailed, pathname, navigate]);

  return (
    <ShellLayout>
      <AppRoutes />
    </ShellLayout>
  );
}

/** The providers every page runs in: the one jotai store, the router, the current locale's texts. */
export function App() {
  return (
    <Provider store={paddockStore}>
      <BrowserRouter>
        <LocaleProvider translations={SHELL_TRANSLATIONS}>
          <Shell />
        </LocaleProvider>
      </BrowserRouter>
    </Provider>
  );
}
