import { useIntl } from 'react-intl';
import type { EnergyPrice } from '@paddock/shared/contract';
import { ENERGY_PRICE_DIGITS, consumptionInWindow, energyCost, energyPriceAmount, formatMoney } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { logsTexts } from './messages';

const m = logsTexts.messages;

export interface ConsumptionCostProps {
  /** The consumption chart's points in time order: the plug's meter readings in Wh (docs/product/products/smartplug.md). */
  readings: readonly (readonly [number, number | null])[];
  price: EnergyPrice | null;
}

/**
 * Under a plug's consumption chart (docs/product/screens.md): what the plug used in the window (the meter's rises, resets
 * counted from 0; docs/product/limits.md "Energy price") and its cost at the user's price, or how to get one.
 */
export function ConsumptionCost({ readings, price }: ConsumptionCostProps) {
  const t = useT();
  const intl = useIntl();
  if (readings.length === 0) return null;
  let text;
  if (!price) {
    text = t(m.consumptionCostNoPrice);
  } else {
    const used = consumptionInWindow(readings);
    const money = (amount: number, maximumFractionDigits?: number) =>
      formatMoney(intl.locale, amount, price.Currency, maximumFractionDigits);
    text =
      used === null
        ? t(m.consumptionCostTooFew)
        : t(m.consumptionCost, {
            // In Wh like the chart above it.
            energy: intl.formatNumber(used, { maximumFractionDigits: 0 }),
            cost: money(energyCost(used, price.PerKwh)),
            price: money(energyPriceAmount(price.PerKwh), ENERGY_PRICE_DIGITS),
          });
  }
  return (
    <p className="pd-log-chart__summary" data-testid="consumption-cost">
      {text}
    </p>
  );
}
