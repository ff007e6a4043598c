import { useNavigate } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, IconButton, Page } from '@paddock/shared/ui';
import { dashboardTexts } from './messages';

export const REGISTER_PATH = '/devices/register';

/** The dashboard (SPEC §2 /devices), empty for now: title, the add-circle button to /devices/register, an empty state. */
export function Dashboard() {
  const t = useT();
  const navigate = useNavigate();
  const register = t(dashboardTexts.messages.register);
  return (
    <Page
      title={t(dashboardTexts.messages.title)}
      actions={<IconButton icon="add-circle" label={register} onClick={() => navigate(REGISTER_PATH)} />}
    >
      <Card>
        <h2>{t(dashboardTexts.messages.emptyTitle)}</h2>
        <p>{t(dashboardTexts.messages.emptyText)}</p>
        <Button variant="primary" icon="add-circle" onClick={() => navigate(REGISTER_PATH)}>
          {register}
        </Button>
      </Card>
    </Page>
  );
}
