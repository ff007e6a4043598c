import { useT } from '@paddock/shared/i18n';
import { Card, Page } from '@paddock/shared/ui';
import { billingTexts } from './messages';

/** /billing: subscriptions and invoices overview, purchase flows later; a placeholder for now. */
export function Billing() {
  const t = useT();
  return (
    <Page title={t(billingTexts.messages.title)} narrow>
      <Card>
        <p>{t(billingTexts.messages.empty)}</p>
      </Card>
    </Page>
  );
}
