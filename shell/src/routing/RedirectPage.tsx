import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { REDIRECT_DELAY_MS, safeRedirectTarget } from './redirect';
import { routingTexts } from './messages';

/** /redirect?uri=… : goes to `uri` (default /devices) after 100 ms. */
export function RedirectPage() {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const target = safeRedirectTarget(new URLSearchParams(search).get('uri'), window.location.origin);

  useEffect(() => {
    const timer = setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, target]);

  return (
    <div className="pd-page" role="status" aria-live="polite">
      <p className="pd-shell-quiet">{t(routingTexts.messages.redirecting)}</p>
    </div>
  );
}
