import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../i18n/LocaleProvider';
import { Button } from './Button';
import { Actions, Card, Page } from './Layout';
import { uiTexts } from './messages';
import * as icons from './icons';

/**
 * docs/product/screens.md: an unknown route shows 'Page not found' with a back button, in the shell and below every
 * remote's paths. Back goes back in history, or to the start when this is the first page of the visit.
 */
export function NotFound() {
  const t = useT();
  const m = uiTexts.messages;
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of a visit the key 'default': nothing in the app to go back to.
  const back = () => (location.key === 'default' ? navigate('/', { replace: true }) : navigate(-1));
  return (
    <Page title={t(m.notFoundTitle)} narrow>
      <Card>
        <p>{t(m.notFoundText)}</p>
        <Actions>
          <Button variant="primary" icon={icons.arrowBack} onClick={back}>
            {t(m.back)}
          </Button>
        </Actions>
      </Card>
    </Page>
  );
}
