// Whether the app itself has no connection (docs/product/installable-app.md), as opposed to a device being offline:
// the dashboard then shows its last list with every card control disabled.
import { createContext, useContext } from 'react';
import { ApiError } from '@paddock/shared/api';

export const AppOfflineContext = createContext(false);

/** True while the dashboard shows its last list without a connection. */
export const useAppOffline = () => useContext(AppOfflineContext);

/** The browser says it has no network. */
export const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A call that got no answer at all (no network, server out of reach), not an answer with an error. */
export const isUnreachable = (error: unknown) => error instanceof ApiError && error.unreachable;

/**
 * The page is Paddock's own (the server marks it `<html data-variant>`), not a partner's page embedding the dashboard
 * (docs/product/embedding.md): only there does the dashboard keep a copy for offline use or register a service worker.
 */
export const onPaddockPage = () => typeof document !== 'undefined' && document.documentElement.hasAttribute('data-variant');
