// The price catalogue as every screen reads it (docs/product/api.md Billing, docs/product/limits.md Price display): the
// hooks and texts over the one cache in priceCache.ts.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { PriceCatalogue } from '../contract';
import {
  currencyFor,
  formatMinorMoney,
  isFreePrice,
  planSize,
  type Currency,
  type ExpiryLine,
  type PlanChoice,
  type PriceText,
  type Prices,
  type SubscriptionPlan,
} from '../domain';
import { activeUserAtom } from '../session/store';
import { apiTexts } from './messages';
import { cachedPrices, loadPrices } from './priceCache';

// The cache itself is in the federated core; these are its readers.
export { cachedPrices, forgetPrices, loadPrices } from './priceCache';

const m = apiTexts.messages;

export type PricesState =
  { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'ready'; prices: PriceCatalogue; currency: Currency };

/**
 * The catalogue and the active user's currency (docs/product/limits.md: SEK for country SE, else EUR). With
 * `enabled` false nothing is asked for (a screen that needs prices only for some devices) and it stays loading.
 */
export function usePrices({ enabled = true }: { enabled?: boolean } = {}): PricesState {
  const activeUser = useAtomValue(activeUserAtom);
  const userId = activeUser?.Id ?? '';
  const currency = currencyFor(activeUser?.Country);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ userId: string; prices: PriceCatalogue | null; failed: boolean }>(() => ({
    userId,
    prices: cachedPrices(userId),
    failed: false,
  }));
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadPrices(userId).then(
      (prices) => current && setLoaded({ userId, prices, failed: false }),
      () => current && setLoaded({ userId, prices: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [userId, attempt, enabled]);

  return useMemo<PricesState>(() => {
    if (loaded.userId === userId && loaded.prices) return { state: 'ready', prices: loaded.prices, currency };
    if (loaded.userId === userId && loaded.failed) return { state: 'failed', retry };
    return { state: 'loading' };
  }, [loaded, userId, currency, retry]);
}

/**
 * docs/product/limits.md price display: '{price} per month|per year', or the price alone for one-off purchases
 * (formatMinorMoney). The one place a price text is formed: a price of nothing (the None plan, docs/product/states.md
 * Plan choice) reads as a word, "No charge", never "SEK 0.00 per month".
 */
export function usePriceFormat(): (price: PriceText) => string {
  const intl = useIntl();
  return useCallback(
    (price: PriceText) => {
      if (isFreePrice(price)) return intl.formatMessage(m.priceFree);
      const money = formatMinorMoney(intl.locale, price.amount, price.currency);
      if (price.period === 'none') return money;
      return intl.formatMessage(price.period === 'month' ? m.pricePerMonth : m.pricePerYear, { price: money });
    },
    [intl],
  );
}

const SIM_PLAN_NAMES = { FarmcamSimSmall: m.planSmall, FarmcamSimMedium: m.planMedium, FarmcamSimLarge: m.planLarge } as const;

/** docs/product/states.md Plan choice: None, the SIM sizes with their allowance from the catalogue ("Small (1 GB)"), Monthly, Yearly. */
export function usePlanNames() {
  const intl = useIntl();
  return useMemo(() => {
    const choice = (choice: PlanChoice, prices: Prices): string => {
      if (choice === 'none') return intl.formatMessage(m.planNone);
      if (choice in SIM_PLAN_NAMES) {
        const plan = intl.formatMessage(SIM_PLAN_NAMES[choice as keyof typeof SIM_PLAN_NAMES]);
        const price = prices[choice];
        const size = price ? sizeOrNull(price) : null;
        return size ? intl.formatMessage(m.planWithSize, { plan, size }) : plan;
      }
      return intl.formatMessage(choice.endsWith('Year') ? m.planYearly : m.planMonthly);
    };
    /** docs/product/states.md Subscription display: Trial, the size, Monthly, Yearly, blank or None. */
    const subscription = (plan: SubscriptionPlan): string => {
      switch (plan.kind) {
        case 'trial':
          return intl.formatMessage(m.planTrial);
        case 'size':
          return plan.size;
        case 'monthly':
          return intl.formatMessage(m.planMonthly);
        case 'yearly':
          return intl.formatMessage(m.planYearly);
        case 'none':
          return intl.formatMessage(m.planNone);
        default:
          return '';
      }
    };
    return { choice, subscription, exVat: intl.formatMessage(m.exVat) };
  }, [intl]);
}

function sizeOrNull(price: { Id: string; Name: string }): string | null {
  try {
    return planSize(price);
  } catch {
    return null;
  }
}

const EXPIRY_TEXTS = { ended: m.expiryEnded, ends: m.expiryEnds, renews: m.expiryRenews } as const;

/** docs/product/states.md expiry line in words: Ended / Ends / Renews and the date (the month long, or short on a card). */
export function expiryText(intl: IntlShape, line: ExpiryLine, month: 'long' | 'short' = 'long'): string {
  const date = intl.formatDate(line.date, { day: 'numeric', month, year: 'numeric' });
  return intl.formatMessage(EXPIRY_TEXTS[line.kind], { date });
}
