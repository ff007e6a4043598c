import { useIntl } from 'react-intl';
import { expiryLine, subscriptionPlan, type ProductId, type SubscriptionValue } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { settingsTexts } from './messages';

const m = settingsTexts.messages;

/**
 * docs/product/states.md Subscription display, read-only: Trial, or None once expired without a plan, then the expiry line
 * (Ended / Ends / Renews with the date). The plan's name (Monthly, Yearly, a data size) needs the price
 * catalogue, which the billing screens bring; without it that part stays blank, as docs/product/states.md does for an unknown plan.
 */
export function SubscriptionLine({ product, subscription }: { product: ProductId; subscription: SubscriptionValue }) {
  const t = useT();
  const intl = useIntl();
  const now = new Date();
  const plan = subscriptionPlan(product, subscription, {}, now);
  const line = expiryLine(subscription, now);
  const parts: string[] = [];
  if (plan.kind === 'trial') parts.push(t(m.planTrial));
  if (plan.kind === 'none') parts.push(t(m.planNone));
  if (line) {
    const date = intl.formatDate(line.date, { day: 'numeric', month: 'long', year: 'numeric' });
    parts.push(t(line.kind === 'ended' ? m.ended : line.kind === 'ends' ? m.ends : m.renews, { date }));
  }
  return (
    <section className="pd-card pd-settings__section" aria-labelledby={`${product}-subscription`}>
      <h2 id={`${product}-subscription`} className="pd-settings__heading">
        {t(m.subscriptionHeading)}
      </h2>
      <p className="pd-settings__value" data-testid="subscription-line">
        {parts.join(' · ')}
      </p>
    </section>
  );
}
