import { useIntl } from 'react-intl';
import { apiTexts, devicesApi, expiryText, useLoaded, usePlanNames, usePriceFormat, type PricesState } from '@paddock/shared/api';
import type { Device } from '@paddock/shared/contract';
import {
  InvalidPriceNameError,
  PRODUCTS,
  allDevices,
  deviceKey,
  expiryLine,
  isSubscriptionActive,
  priceKeyOf,
  priceText,
  subscriptionPlan,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Table, renewalTexts, type TableColumn } from '@paddock/shared/ui';
import { ManagePayment } from './ManagePayment';
import { billingTexts } from './messages';
import { BillingSection } from './Section';

const m = billingTexts.messages;
const DASH = '–';

/**
 * docs/product/screens.md Billing, docs/product/states.md Subscription display: each device's plan, status, renewal or end date and the
 * price of what it renews to (or runs on), ex VAT in the user's currency.
 */
export function DevicePlans({ userId, prices }: { userId: string; prices: PricesState }) {
  const t = useT();
  const intl = useIntl();
  const formatPrice = usePriceFormat();
  const planNames = usePlanNames();
  const { loaded, reload } = useLoaded(() => devicesApi.list(userId, { silent: true }), [userId]);
  const now = new Date();
  const catalogue = prices.state === 'ready' ? prices.prices : {};

  const plan = (device: Device) => {
    try {
      return planNames.subscription(subscriptionPlan(device.Product as ProductId, device.Subscription, catalogue, now)) || DASH;
    } catch (error) {
      if (error instanceof InvalidPriceNameError) return error.message;
      throw error;
    }
  };
  const status = (device: Device) => {
    // docs/product/billing.md "A declined renewal": still active (the alarms keep working), the card wants updating.
    if (device.Renewal?.PaymentFailed)
      return (
        <>
          <span className="pd-billing__status--failed" data-testid="payment-failed">
            {t(renewalTexts.messages.paymentFailed)}
          </span>
          <br />
          <span className="pd-billing__muted">{t(renewalTexts.messages.paymentRetry, { date: retryDate(device.Renewal.RetryAt) })}</span>
        </>
      );
    if (!isSubscriptionActive(device.Subscription, now)) return <span className="pd-billing__status--inactive">{t(m.statusInactive)}</span>;
    // A trial is active; the plan column already says Trial.
    return t(m.statusActive);
  };
  const retryDate = (at: string) => intl.formatDate(at, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
  const renewal = (device: Device) => {
    const line = expiryLine(device.Subscription, now);
    if (!line) return DASH;
    return expiryText(intl, line);
  };
  const price = (device: Device) => {
    if (prices.state === 'failed') return t(apiTexts.messages.pricesFailed);
    if (prices.state !== 'ready') return DASH;
    const { Next, Current } = device.Subscription.PriceIds;
    const key = priceKeyOf(prices.prices, Next || Current);
    const text = key ? priceText(prices.prices, key, prices.currency) : null;
    return text ? <span className="pd-billing__amount">{formatPrice(text)}</span> : DASH;
  };

  const columns: TableColumn<Device>[] = [
    {
      key: 'device',
      header: t(m.columnDevice),
      cell: (d) => t(m.deviceName, { product: PRODUCTS[d.Product as ProductId].name, name: d.Metadata.Name }),
    },
    { key: 'plan', header: t(m.columnPlan), cell: plan },
    { key: 'status', header: t(m.columnStatus), cell: status },
    { key: 'renewal', header: t(m.columnRenewal), cell: renewal },
    { key: 'price', header: t(m.columnPrice), cell: price },
  ];

  return (
    <BillingSection title={t(m.subscriptionsHeading)} loaded={loaded} retry={reload}>
      {(list) => {
        const devices = allDevices(list);
        if (devices.length === 0) return <p className="pd-billing__text">{t(m.noDevices)}</p>;
        const failed = devices.filter((device) => device.Renewal?.PaymentFailed).length;
        return (
          <>
            {failed > 0 ? (
              <div className="pd-billing__payment-failed" role="status" data-testid="payment-failed-notice">
                <p className="pd-billing__text">
                  <strong>{t(renewalTexts.messages.paymentFailed)}</strong> {t(m.paymentFailedNotice)}
                </p>
                <ManagePayment userId={userId} label={t(m.updateCard)} />
              </div>
            ) : null}
            <Table
              caption={t(m.subscriptionsHeading)}
              hideCaption
              columns={columns}
              rows={devices}
              rowKey={(d) => `${d.Product}/${deviceKey(d)}`}
            />
            <p className="pd-billing__text pd-billing__muted">{t(m.changePlanHint)}</p>
          </>
        );
      }}
    </BillingSection>
  );
}
