// Development only: the billing remote alone on its dev server (`npm run dev -w mfe-billing` → http://localhost:3003),
// inside the providers the shell gives it when composed (one jotai store, router, locale, toasts). The production
// build has no page: it is the federation container (remoteEntry.js + mf-manifest.json) alone.
// Standalone there is no shell: no navbar, no route guards, and the session lives on this origin only.
import '@paddock/shared/ui/theme.css';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LocaleProvider } from '@paddock/shared/i18n';
import { paddockStore, startSession } from '@paddock/shared/session';
import { Toasts } from '@paddock/shared/ui';
import App from './App';

startSession().catch((error: unknown) => console.error('[paddock] could not check the session', error));

createRoot(document.getElementById('root')!).render(
  <Provider store={paddockStore}>
    <BrowserRouter>
      <LocaleProvider>
        <Routes>
          <Route index element={<Navigate to="/warranties" replace />} />
          <Route path="*" element={<App name="billing" />} />
        </Routes>
        <Toasts />
      </LocaleProvider>
    </BrowserRouter>
  </Provider>,
);
