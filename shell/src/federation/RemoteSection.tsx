import { useCallback, useEffect, useReducer, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteAppProps, RemoteName } from '@paddock/shared/federation';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { SectionLoading } from './SectionUnavailable';
import { loadRemoteApp, resetRemote } from './remotes';

export type RemoteAppLoader = (name: RemoteName) => Promise<{ default: ComponentType<RemoteAppProps> }>;

/** One remote's App, loading or loaded. */
interface RemoteAppLoad {
  settled: Promise<void>;
  App?: ComponentType<RemoteAppProps>;
  failed?: { error: unknown };
}

/**
 * One load per remote, kept across navigations so that going back to a section that is already loaded renders at
 * once; forgotten on Retry after a failed load.
 */
const appLoads = new Map<RemoteName, RemoteAppLoad>();

function appLoad(name: RemoteName, load: RemoteAppLoader): RemoteAppLoad {
  const started = appLoads.get(name);
  if (started) return started;
  const entry: RemoteAppLoad = {
    settled: load(name).then(
      (module) => {
        entry.App = module.default;
      },
      (error: unknown) => {
        entry.failed = { error };
      },
    ),
  };
  appLoads.set(name, entry);
  return entry;
}

/** For tests: forget the loaded sections. */
export function forgetRemoteSections(): void {
  appLoads.clear();
}

/**
 * The remote's App once loaded, else null (loading); a failed load is thrown to the section's error boundary.
 * Not React.lazy in Suspense: React holds a Suspense boundary's content back until 300 ms after its fallback was shown,
 * so the dashboard waited, idle, for a remote that had long arrived (docs/architecture/README.md#js-before-the-first-page).
 */
function useRemoteApp(name: RemoteName, load: RemoteAppLoader): ComponentType<RemoteAppProps> | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const current = appLoads.get(name);
  const shown = current?.App ?? null;
  useEffect(() => {
    const entry = appLoad(name, load);
    // A section already loaded renders once, not again when its settled load is looked at.
    if (shown && entry.App === shown) return;
    let mounted = true;
    // Also when it settled between this render and now: one more render then shows it.
    void entry.settled.then(() => mounted && rerender());
    return () => {
      mounted = false;
    };
  }, [name, load, shown]);
  if (current?.failed) throw current.failed.error;
  return shown;
}

function RemoteApp({ name, load }: { name: RemoteName; load: RemoteAppLoader }) {
  const App = useRemoteApp(name, load);
  return App ? <App name={name} /> : <SectionLoading remote={name} />;
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

  const retry = useCallback(
    (loadFailed: boolean) => {
      if (loadFailed) {
        reset(name);
        appLoads.delete(name);
      }
      setAttempt((n) => n + 1);
    },
    [name, reset],
  );

  return (
    <RemoteErrorBoundary remote={name} resetKey={`${attempt}:${pathname}`} onRetry={retry} onReload={reload}>
      <RemoteApp name={name} load={load} />
    </RemoteErrorBoundary>
  );
}
