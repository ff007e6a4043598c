import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, Page } from '@paddock/shared/ui';
import { routingTexts } from './messages';

/** "Page not found" with a back button (docs/product/screens.md): back in history, or to the start when there is none. */
export function NotFound() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of the session the key 'default': nothing to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/', { replace: true }) : navigate(-1));
  return (
    <Page title={t(routingTexts.messages.notFoundTitle)} narrow>
      <Card>
        <p>{t(routingTexts.messages.notFoundText)}</p>
        <Button variant="primary" icon="arrow-back" onClick={goBack}>
          {t(routingTexts.messages.back)}
        </Button>
      </Card>
    </Page>
  );
}
