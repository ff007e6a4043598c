import { useNavigate } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, Page } from '@paddock/shared/ui';
import { placeholderTexts } from './messages';

/** Device pages that are not built yet (registration, settings, logs). */
export function ComingSoon() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Page title={t(placeholderTexts.messages.title)} back="/devices" narrow>
      <Card>
        <p>{t(placeholderTexts.messages.text)}</p>
        <Button variant="primary" onClick={() => navigate('/devices')}>
          {t(placeholderTexts.messages.toDashboard)}
        </Button>
      </Card>
    </Page>
  );
}
