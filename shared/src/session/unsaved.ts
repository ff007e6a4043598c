// Which page has unsaved changes, and how it asks before leaving (docs/product/screens.md Unsaved changes): set by a
// remote's page (ui/LeaveGuard), read by the shell's navbar and sign-out. One atom for all apps, so it lives in the
// federated core (shared/src/federation-core.json), not in the UI kit, which each app bundles.
import { atom } from 'jotai';

/** How the page with unsaved changes asks before leaving; null while nothing is unsaved. Shared by the shell and the remotes. */
export interface UnsavedChanges {
  ask: (leave: () => void) => void;
  /** Handles a Back or Forward of the browser (a popstate); true when it kept the page. */
  pop: (event: PopStateEvent) => boolean;
}
export const unsavedChangesAtom = atom<UnsavedChanges | null>(null);
