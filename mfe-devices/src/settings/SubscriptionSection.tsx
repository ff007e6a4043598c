import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { apiTexts, expiryText, usePlanNames, usePriceFormat, type PricesState } from '@paddock/shared/api';
import type { RenewalState } from '@paddock/shared/contract';
import {
  InvalidPriceNameError,
  expiryLine,
  isFreePrice,
  planChoicePriceText,
  planChoices,
  selectedPlanChoice,
  subscriptionPlan,
  type PlanChoice,
  type ProductId,
  type SubscriptionValue,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, FoldSection, Select, icons, renewalTexts } from '@paddock/shared/ui';
import { settingsTexts } from './messages';

const m = settingsTexts.messages;

export interface SubscriptionSectionProps {
  product: ProductId;
  subscription: SubscriptionValue;
  prices: PricesState;
  /** Only the owner chooses the plan (docs/product/roles.md); everyone else sees it read-only. */
  isOwner: boolean;
  /** The owner's choice on this page; null while untouched (the frame then sends no plan). */
  choice: PlanChoice | null;
  onChoose: (choice: PlanChoice) => void;
  /** A declined renewal being retried (the server sends it to the owner and staff only). */
  renewal?: RenewalState;
}

/**
 * docs/product/states.md Subscription display and Plan choice: the plan (Trial, size, Monthly, Yearly, blank, None) and Ended /
 * Ends / Renews with the date, from the catalogue; then the owner's selector of the next plan with its price line
 * (ex VAT; "No charge" for None), read-only for others.
 */
export function SubscriptionSection({ product, subscription, prices, isOwner, choice, onChoose, renewal }: SubscriptionSectionProps) {
  const t = useT();
  const intl = useIntl();
  const formatPrice = usePriceFormat();
  const planNames = usePlanNames();
  const now = new Date();
  const catalogue = prices.state === 'ready' ? prices.prices : {};

  const parts: string[] = [];
  try {
    const plan = planNames.subscription(subscriptionPlan(product, subscription, catalogue, now));
    if (plan) parts.push(plan);
  } catch (error) {
    if (!(error instanceof InvalidPriceNameError)) throw error;
    parts.push(t(m.invalidPriceName, { id: error.priceId }));
  }
  const line = expiryLine(subscription, now);
  if (line) parts.push(expiryText(intl, line));

  return (
    <FoldSection className="pd-settings__section" title={t(m.subscriptionHeading)}>
      <p className="pd-settings__value pd-settings__text" data-testid="subscription-line">
        {parts.join(' · ')}
      </p>
      {renewal?.PaymentFailed ? (
        // docs/product/billing.md "A declined renewal": the card is updated in the payment portal, reached from Billing.
        <p className="pd-settings__payment" role="status" data-testid="payment-failed">
          {isOwner ? <Link to="/billing">{t(renewalTexts.messages.paymentFailed)}</Link> : <strong>{t(renewalTexts.messages.paymentFailed)}</strong>}{' '}
          <span>
            {t(renewalTexts.messages.paymentRetry, {
              date: intl.formatDate(renewal.RetryAt, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }),
            })}
          </span>
        </p>
      ) : null}
      {prices.state === 'loading' ? (
        <p role="status" className="pd-settings__text">
          <span className="pd-spinner" aria-hidden="true" /> {t(m.pricesLoading)}
        </p>
      ) : prices.state === 'failed' ? (
        <p className="pd-settings__note" role="alert">
          <span>{t(apiTexts.messages.pricesFailed)}</span>
          <Button icon={icons.refresh} onClick={prices.retry}>
            {t(m.retryPrices)}
          </Button>
        </p>
      ) : (
        <PlanChoiceField
          product={product}
          subscription={subscription}
          prices={prices}
          isOwner={isOwner}
          choice={choice}
          onChoose={onChoose}
          formatPrice={formatPrice}
          planName={planNames.choice}
        />
      )}
    </FoldSection>
  );
}

interface PlanChoiceFieldProps extends Omit<SubscriptionSectionProps, 'prices'> {
  prices: Extract<PricesState, { state: 'ready' }>;
  formatPrice: ReturnType<typeof usePriceFormat>;
  planName: ReturnType<typeof usePlanNames>['choice'];
}

function PlanChoiceField({ product, subscription, prices, isOwner, choice, onChoose, formatPrice, planName }: PlanChoiceFieldProps) {
  const t = useT();
  const selected = choice ?? selectedPlanChoice(product, subscription, prices.prices);
  // The price line's values: the price text, and whether it is free (None: said without "ex VAT").
  const priceOf = (option: PlanChoice) => {
    const text = planChoicePriceText(option, prices.prices, prices.currency);
    return { price: text ? formatPrice(text) : '', free: text && isFreePrice(text) ? 'yes' : 'no' };
  };
  if (!isOwner) {
    return (
      <p className="pd-settings__text" data-testid="plan-read-only">
        {t(m.nextPlanReadOnly, { plan: planName(selected, prices.prices), ...priceOf(selected) })}
      </p>
    );
  }
  return (
    <Select
      label={t(m.nextPlanLabel)}
      name="plan"
      value={selected}
      hint={<span data-testid="plan-price">{t(m.nextPlanHint, priceOf(selected))}</span>}
      options={planChoices(product).map((option) => ({ value: option, label: planName(option, prices.prices) }))}
      onChange={(e) => onChoose(e.target.value as PlanChoice)}
    />
  );
}
