// Starting without a connection (docs/product/installable-app.md): the installed app opened in a field without
// signal. The stored session cannot be checked with the server; on the dashboard that is no failure (it shows the
// last list marked offline), so the check waits for the network instead of sending the user to /connection-error.
// Anywhere else, and for any other failure, start-up fails as before.
import { ApiError, onOfflineCapablePage } from '@paddock/shared/api';

/** Whether a failed start-up session check may wait for the network on this page. */
export function mayWaitForNetwork(error: unknown, pathname: string): boolean {
  return error instanceof ApiError && error.unreachable && onOfflineCapablePage(pathname);
}

/**
 * Runs the start-up session check; when it gets no answer on a page that works offline, runs it again each time the
 * browser is back online, until it is answered. `onFailed` is told of any other failure.
 */
export function checkSessionTolerantly(check: () => Promise<void>, onFailed: (error: unknown) => void, win: Window = window): void {
  const attempt = () =>
    check().catch((error: unknown) => {
      if (!mayWaitForNetwork(error, win.location.pathname)) return onFailed(error);
      win.addEventListener('online', attempt, { once: true });
    });
  void attempt();
}
