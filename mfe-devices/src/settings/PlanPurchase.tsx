import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { devicesApi, usePlanNames } from '@paddock/shared/api';
import type { PlanPayment, PriceCatalogue } from '@paddock/shared/contract';
import {
  PRODUCTS,
  currencyFor,
  extendByPeriod,
  formatMinorMoney,
  priceAmount,
  vatAmounts,
  vatTreatment,
  type Currency,
  type PriceKey,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Button, Dialog, useActionFailure } from '@paddock/shared/ui';
import { settingsTexts } from './messages';

const m = settingsTexts.messages;

/** What the owner is about to buy: a plan that starts now, charged at once (docs/product/billing.md "A charge is its own step"). */
export interface PlanPurchaseRequest {
  product: ProductId;
  deviceKey: string;
  deviceName: string;
  plan: PriceKey;
}

export interface PlanPurchaseDialogProps {
  request: PlanPurchaseRequest | null;
  prices: PriceCatalogue;
  /**
   * Runs once the plan is paid: saves the rest of the page (null when it was saved, else why not, shown with the
   * receipt).
   */
  afterPayment: () => Promise<string | null>;
  onCancel: () => void;
  /** "Done" after the receipt. */
  onDone: () => void;
}

/**
 * The confirmation step of a plan that is charged now: what is bought, the price the buyer pays (VAT included by the
 * invoice's rule, shared/src/domain/vat.ts), when it renews, and "Pay {price}" / "Cancel". Then the receipt or the
 * decline, both in the dialog, where the farmer is looking (docs/product/errors.md Dialogs).
 */
export function PlanPurchaseDialog({ request, prices, afterPayment, onCancel, onDone }: PlanPurchaseDialogProps) {
  const t = useT();
  const intl = useIntl();
  const planNames = usePlanNames();
  const user = useAtomValue(activeUserAtom);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<{ payment: PlanPayment | null; renews: string; saveFailure: string | null } | null>(null);
  const { failure, fail, clear } = useActionFailure();
  // Stops a second tap before React has re-rendered the busy button; the server charges a plan start once anyway.
  const running = useRef(false);

  if (!request) return null;
  const currency: Currency = currencyFor(user?.Country);
  const net = priceAmount(prices[request.plan], currency);
  const treatment = vatTreatment(user?.Country ?? '', user?.Vatin ?? '');
  const { vat, gross } = vatAmounts(net, treatment);
  const money = (amount: number, of: Currency = currency) => formatMinorMoney(intl.locale, amount, of);
  const date = (at: Date) => intl.formatDate(at, { dateStyle: 'long' });
  const plan = planNames.choice(request.plan, prices);
  const renews = date(extendByPeriod(new Date(), request.plan));

  const close = () => {
    if (busy) return;
    clear();
    setReceipt(null);
    if (receipt) onDone();
    else onCancel();
  };

  const pay = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    clear();
    try {
      const bought = await devicesApi.buyPlan(request.product, request.deviceKey, prices[request.plan].Id, { silent: true });
      const expiresAt = new Date(bought.Device.Subscription.ExpiresAt);
      const saveFailure = await afterPayment();
      setReceipt({ payment: bought.Payment, renews: Number.isNaN(expiresAt.getTime()) ? renews : date(expiresAt), saveFailure });
    } catch (error) {
      // Declined (or failed): nothing was bought; the dialog says why and stays, so the farmer can retry or cancel.
      fail(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  if (receipt) {
    const paid = receipt.payment;
    return (
      <Dialog
        open
        title={t(m.planPaidTitle)}
        onClose={close}
        actions={
          <Button variant="primary" onClick={close}>
            {t(m.planPaidDone)}
          </Button>
        }
      >
        <div role="status" data-testid="plan-receipt">
          <p>
            {paid
              ? t(m.planPaidText, {
                  plan,
                  name: request.deviceName,
                  amount: money(paid.Gross, paid.Currency),
                  date: date(new Date(paid.PaidAt)),
                })
              : t(m.planChosenText, { plan, name: request.deviceName })}
          </p>
          <p>{t(m.planRenewsText, { date: receipt.renews })}</p>
          {paid ? (
            <p>
              <Link to="/billing">{t(m.planInvoiceLink)}</Link>
            </p>
          ) : null}
        </div>
        {receipt.saveFailure ? <p className="pd-settings__text">{receipt.saveFailure}</p> : null}
      </Dialog>
    );
  }

  const amount = money(gross);
  return (
    <Dialog
      open
      title={t(m.planConfirmTitle, { plan })}
      onClose={close}
      error={failure}
      actions={
        <>
          <Button onClick={close} disabled={busy}>
            {t(m.planConfirmCancel)}
          </Button>
          <Button variant="primary" busy={busy} onClick={() => void pay()}>
            {t(m.planConfirmPay, { amount })}
          </Button>
        </>
      }
    >
      <p>{t(m.planConfirmWhat, { plan, product: PRODUCTS[request.product].name, name: request.deviceName })}</p>
      <p className="pd-settings__price" data-testid="plan-confirm-price">
        <strong>{amount}</strong>{' '}
        {treatment.reverseCharge
          ? t(m.planConfirmReverseCharge)
          : t(m.planConfirmVat, {
              net: money(net),
              vat: money(vat),
              rate: intl.formatNumber(treatment.ratePercent / 100, { style: 'percent' }),
            })}
      </p>
      <p>{t(m.planConfirmRenews, { date: renews, amount })}</p>
      <p className="pd-settings__text">{t(m.planConfirmNote)}</p>
    </Dialog>
  );
}
