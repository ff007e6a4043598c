import { useAtomValue } from 'jotai';
import { useT } from '../i18n/LocaleProvider';
import { dismissToast, toastsAtom, type Toast } from '../api/feedback';
import { Icon } from './Icon';
import * as icons from './icons';

function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  const text = toast.text ?? (toast.message ? t(toast.message, toast.values) : '');
  return (
    <div
      className={`pd-toast pd-toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onClick={() => dismissToast(toast.id)}
    >
      <Icon icon={toast.kind === 'error' ? icons.error : toast.kind === 'success' ? icons.checkCircle : icons.notifications} />
      <span>{text}</span>
    </div>
  );
}

/**
 * docs/product/errors.md, docs/product/limits.md: general toasts top-right, closing on click; errors red and centred. Timings are in showToast.
 */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const errors = toasts.filter((t) => t.kind === 'error');
  const others = toasts.filter((t) => t.kind !== 'error');
  return (
    <>
      <div className="pd-toasts pd-toasts--corner" aria-live="polite">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div className="pd-toasts pd-toasts--centre" aria-live="assertive">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </>
  );
}
