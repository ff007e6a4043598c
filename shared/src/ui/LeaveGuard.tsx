// Nothing typed is lost (docs/product/screens.md Unsaved changes): a page with unsaved changes asks before the user
// leaves it — by a link (navbar, menu), the back arrow, the browser's Back, the language switch (which reloads the
// page), signing out, closing the tab. The app uses the declarative router (docs/architecture/decisions/0003-*.md),
// which has no `useBlocker`, so links and Back are caught here.
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/LocaleProvider';
import { ConfirmDialog } from './Dialog';
import { unsavedChangesAtom } from '../session/unsaved';
import { leaveTexts } from './messages';

// The state is in the federated core (one atom for the shell and every remote); the UI kit re-exports it.
export { unsavedChangesAtom, type UnsavedChanges } from '../session/unsaved';

/** Runs `leave` at once, or after the user agreed to drop the unsaved changes of the page shown. */
export function useLeave(): (leave: () => void) => void {
  const unsaved = useAtomValue(unsavedChangesAtom);
  return useCallback((leave: () => void) => (unsaved ? unsaved.ask(leave) : leave()), [unsaved]);
}

/**
 * Lets the page with unsaved changes see the browser's Back before the router does. Listeners on `window` run in
 * the order they were added, so this must be called by a component inside the router that mounts with it (the
 * shell's navbar): its layout effect runs before the router's, whose listener is added in the router's own.
 */
export function useLeaveGate(): void {
  const store = useStore();
  useLayoutEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      if (store.get(unsavedChangesAtom)?.pop(event)) event.stopImmediatePropagation();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [store]);
}

/** The index react-router's history keeps in each entry's state (to undo a Back the user then cancels). */
function historyIndex(): number | null {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : null;
}

export interface LeaveGuardOptions {
  /**
   * Whether the app's router is the page's own history (true, the default). False inside a partner's page
   * (docs/product/embedding.md: the embed's memory router): the page's history, its Back and its links are the
   * host's, so the guard neither moves that history nor catches those links; the app's own back arrow still asks.
   */
  pageHistory?: boolean;
}

/**
 * Guards the page while `dirty`: returns the confirm dialog to render. Links to another page of the app, the back
 * arrow and the browser's Back ask in the dialog; closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(dirty: boolean, { pageHistory = true }: LeaveGuardOptions = {}): ReactNode {
  const t = useT();
  const store = useStore();
  const navigate = useNavigate();
  const [pending, setPending] = useState<(() => void) | null>(null);
  // The history entry of the page, to come back to when the user cancels a Back.
  const indexRef = useRef<number | null>(null);

  useEffect(() => {
    if (!dirty) {
      store.set(unsavedChangesAtom, null);
      return;
    }
    indexRef.current = historyIndex();
    const ask = (leave: () => void) => setPending(() => leave);
    const isGuarded = () => store.get(unsavedChangesAtom) !== null;

    // Back (or Forward) has already moved the address: go back to this page's entry unseen by the router, then ask.
    let restoring = false;
    const pop = (): boolean => {
      if (restoring) {
        restoring = false;
        return true;
      }
      if (!pageHistory || !isGuarded()) return false;
      const from = indexRef.current;
      const to = historyIndex();
      if (from === null || to === null || from === to) return false;
      restoring = true;
      window.history.go(from - to);
      ask(() => window.history.go(to - from));
      return true;
    };
    store.set(unsavedChangesAtom, { ask, pop });

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isGuarded()) return;
      event.preventDefault();
      event.returnValue = '';
    };

    const onClick = (event: MouseEvent) => {
      if (!isGuarded() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      // Caught before React sees it, so the router's Link does not navigate.
      event.preventDefault();
      event.stopPropagation();
      ask(() => navigate(to));
    };

    // Without the shell's gate (useLeaveGate), as early as the page can: before the router where the browser runs
    // capturing listeners first.
    const onPopState = (event: PopStateEvent) => {
      if (pop()) event.stopImmediatePropagation();
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    if (pageHistory) {
      document.addEventListener('click', onClick, true);
      window.addEventListener('popstate', onPopState, true);
    }
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
      store.set(unsavedChangesAtom, null);
    };
  }, [dirty, store, navigate, pageHistory]);

  const leave = () => {
    const go = pending;
    setPending(null);
    // Agreed: nothing is guarded any more (the language switch's reload then asks nothing either).
    store.set(unsavedChangesAtom, null);
    go?.();
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      title={t(leaveTexts.messages.title)}
      confirmLabel={t(leaveTexts.messages.leave)}
      cancelLabel={t(leaveTexts.messages.stay)}
      danger
      onConfirm={leave}
      onCancel={() => setPending(null)}
    >
      <p>{t(leaveTexts.messages.text)}</p>
    </ConfirmDialog>
  );
}

/** The line a save bar shows while the page has unsaved changes. */
export function UnsavedNote({ dirty }: { dirty: boolean }) {
  const t = useT();
  return (
    <p className="pd-savebar__note" role="status">
      {dirty ? t(leaveTexts.messages.unsaved) : null}
    </p>
  );
}
