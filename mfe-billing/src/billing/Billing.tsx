import { PlaceholderPage } from '../common/PlaceholderPage';
import { billingTexts } from './messages';

/** /billing: subscriptions and invoices overview, purchase flows later; a placeholder for now. */
export function Billing() {
  return <PlaceholderPage title={billingTexts.messages.title} text={billingTexts.messages.empty} />;
}
