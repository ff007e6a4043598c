import { lazy, Suspense, useCallback, useState, type LazyExoticComponent, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteAppProps, RemoteName } from '@paddock/shared/federation';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { SectionLoading } from './SectionUnavailable';
import { loadRemoteApp, resetRemote } from './remotes';

type LazyApp = LazyExoticComponent<ComponentType<RemoteAppProps>>;

/**
 * One lazy component per remote, kept across navigations so that going back to a section that is already loaded
 * renders at once; replaced on Retry.
 */
const lazyApps = new Map<RemoteName, LazyApp>();

export type RemoteAppLoader = (name: RemoteName) => Promise<{ default: ComponentType<RemoteAppProps> }>;

function lazyApp(name: RemoteName, load: RemoteAppLoader): LazyApp {
  let app = lazyApps.get(name);
  if (!app) {
    app = lazy(() => load(name));
    lazyApps.set(name, app);
  }
  return app;
}

/** For tests: forget the loaded sections. */
export function forgetRemoteSections(): void {
  lazyApps.clear();
}

interface Props {
  name: RemoteName;
  /** How the App is loaded; the federation runtime unless a test says otherwise. */
  load?: RemoteAppLoader;
  reset?: (name: RemoteName) => void;
  /** Reload on "needs an update"; the page's own unless a test says otherwise. */
  reload?: () => void;
}

/** Renders remote `name`'s App (loaded on first use) inside its own error boundary and loading state. */
export function RemoteSection({ name, load = loadRemoteApp, reset = resetRemote, reload }: Props) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const App = lazyApp(name, load);

  const retry = useCallback(
    (loadFailed: boolean) => {
      if (loadFailed) {
        reset(name);
        lazyApps.delete(name);
      }
      setAttempt((n) => n + 1);
    },
    [name, reset],
  );

  return (
    <RemoteErrorBoundary remote={name} resetKey={`${attempt}:${pathname}`} onRetry={retry} onReload={reload}>
      <Suspense fallback={<SectionLoading remote={name} />}>
        <App name={name} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
