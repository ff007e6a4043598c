import { useT } from '@paddock/shared/i18n';
import { Card, Page } from '@paddock/shared/ui';
import { warrantiesTexts } from './messages';

/** /warranties (SPEC §2): the list and registration form come later; a placeholder for now. */
export function Warranties() {
  const t = useT();
  return (
    <Page title={t(warrantiesTexts.messages.title)} narrow>
      <Card>
        <p>{t(warrantiesTexts.messages.empty)}</p>
      </Card>
    </Page>
  );
}
