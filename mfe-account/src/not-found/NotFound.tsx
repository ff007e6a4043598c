import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { Actions, Button, Card, Page } from '@paddock/shared/ui';
import { notFoundTexts } from './messages';

/** docs/product/screens.md: an unknown route shows 'Page not found' with a back button. */
export function NotFound() {
  const t = useT();
  const m = notFoundTexts.messages;
  const navigate = useNavigate();
  const location = useLocation();
  // The router gives the first entry of a visit the key 'default': there is nothing in the app to go back to.
  const back = () => (location.key === 'default' ? navigate('/', { replace: true }) : navigate(-1));
  return (
    <Page title={t(m.title)} narrow>
      <Card>
        <p className="pd-account-intro">{t(m.text)}</p>
        <Actions>
          <Button variant="primary" icon="arrow-back" onClick={back}>
            {t(m.back)}
          </Button>
        </Actions>
      </Card>
    </Page>
  );
}
