import { useAtomValue } from 'jotai';
import { useT } from '@paddock/shared/i18n';
import { impersonatingAtom } from '@paddock/shared/session';
import { Button, Icon, icons } from '@paddock/shared/ui';
import { layoutTexts } from './messages';
import { useStopImpersonating } from './useStopImpersonating';

const m = layoutTexts.messages;

/**
 * "Viewing as {email}" above every page while an admin impersonates a customer (docs/product/admin.md Impersonation),
 * in the warning colour so it is never mistaken for the admin's own session, with Stop impersonating at hand
 * (on a phone the navbar's copy is inside the closed menu).
 */
export function ImpersonationBanner() {
  const t = useT();
  const impersonating = useAtomValue(impersonatingAtom);
  const { stop, stopping } = useStopImpersonating();
  if (!impersonating) return null;
  return (
    <div className="pd-impersonation" role="status">
      <Icon icon={icons.visibility} />
      <p className="pd-impersonation__text">
        <strong>{t(m.viewingAs, { email: impersonating.User.Email })}</strong>
        <span className="pd-impersonation__hint"> {t(m.viewingAsHint)}</span>
      </p>
      <Button variant="secondary" className="pd-impersonation__stop" busy={stopping} onClick={stop}>
        {t(m.stopImpersonating)}
      </Button>
    </div>
  );
}
