import type { ReactNode } from 'react';
import { Icon } from './Icon';
import * as icons from './icons';

/** A message inside a page or form: an error (announced at once) or news such as "a code is on its way". */
export function Alert({ kind = 'error', children, actions }: { kind?: 'error' | 'info'; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={`pd-alert pd-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon icon={kind === 'error' ? icons.error : icons.checkCircle} />
      <div className="pd-alert__body">
        <p>{children}</p>
        {actions ? <div className="pd-alert__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
