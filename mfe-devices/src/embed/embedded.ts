// Whether a screen is shown inside a partner's page (docs/product/embedding.md): there, nothing is installed on the
// partner's origin (no service worker, no push subscription) and nothing asks for browser permissions.
import { createContext, useContext } from 'react';

export const EmbeddedContext = createContext(false);

export const useEmbedded = (): boolean => useContext(EmbeddedContext);
