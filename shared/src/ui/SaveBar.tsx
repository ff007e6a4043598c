import type { ReactNode } from 'react';
import { UnsavedNote } from './LeaveGuard';

/**
 * The Save bar of a long form (docs/product/screens.md Unsaved changes): it stays at the bottom of the screen while
 * the form scrolls, says "Unsaved changes" while there are some, and holds Save and Back.
 */
export function SaveBar({ dirty, children }: { dirty: boolean; children: ReactNode }) {
  return (
    <div className={['pd-savebar', dirty ? 'pd-savebar--dirty' : ''].filter(Boolean).join(' ')}>
      <UnsavedNote dirty={dirty} />
      <div className="pd-savebar__buttons">{children}</div>
    </div>
  );
}
