// Development only: a remote alone on its own dev server (`npm run dev -w mfe-<name>`), inside the providers the
// shell gives it when composed (one jotai store, router, locale, toasts). Production builds have no such page:
// a remote is its federation container (remoteEntry.js + mf-manifest.json) alone. Standalone there is no shell:
// no navbar, no route guards, and the session lives on the dev server's origin only.
import '@paddock/shared/ui/theme.css';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps, RemoteName } from '@paddock/shared/federation';
import { LocaleProvider } from '@paddock/shared/i18n';
import { paddockStore, startSession } from '@paddock/shared/session';
import { Toasts } from '@paddock/shared/ui';

/** Renders `App` into #root, with `/` going to `home`. */
export function mountStandalone(App: ComponentType<RemoteAppProps>, { name, home }: { name: RemoteName; home: string }) {
  startSession().catch((error: unknown) => console.error('[paddock] could not check the session', error));
  createRoot(document.getElementById('root')!).render(
    <Provider store={paddockStore}>
      <BrowserRouter>
        <LocaleProvider>
          <Routes>
            <Route index element={<Navigate to={home} replace />} />
            <Route path="*" element={<App name={name} />} />
          </Routes>
          <Toasts />
        </LocaleProvider>
      </BrowserRouter>
    </Provider>,
  );
}
