import type { IntlShape } from 'react-intl';
import type { EnergyPrice } from '@paddock/shared/contract';
import { energyCost, formatMoney, type Prices } from '@paddock/shared/domain';
import { dashboardTexts } from './messages';

const m = dashboardTexts.messages;

export interface DetailLine {
  /** Stable key, also the test id suffix. */
  id: string;
  label: string;
  value: string;
  /** The card's most important value: the largest text (docs/architecture/README.md#look-and-feel). */
  primary?: boolean;
}

const DASH = '–';

/**
 * The formatting every product's card details share, for the user's locale; `prices` is the catalogue (null while
 * it loads or when it could not be had), which names the plans; `energyPrice` is the user's price per kWh (null when
 * none is set), which prices the plugs' consumption.
 */
export function detailFormat(intl: IntlShape, prices: Prices | null = null, energyPrice: EnergyPrice | null = null) {
  const t = (descriptor: (typeof m)[keyof typeof m], values?: Record<string, string | number>) => intl.formatMessage(descriptor, values);
  const num = (value: number, digits = 0) => intl.formatNumber(value, { maximumFractionDigits: digits });
  return {
    intl,
    prices,
    energyPrice,
    t,
    num,
    /** A dash for a value the device has not reported yet. */
    orDash: (value: number | null | undefined, format: (v: number) => string) =>
      value === null || value === undefined ? DASH : format(value),
    time: (iso: string | null | undefined) =>
      iso ? intl.formatDate(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) : t(m.never),
    volts: (v: number) => t(m.volts, { value: num(v) }),
    watts: (v: number) => t(m.watts, { value: num(v, 1) }),
    wattHours: (v: number) => t(m.wattHours, { value: num(v) }),
    /** Wh priced at the user's energy price, in its currency (docs/product/limits.md "Energy price"); null without a price. */
    energyCost: energyPrice ? (wh: number) => formatMoney(intl.locale, energyCost(wh, energyPrice.PerKwh), energyPrice.Currency) : null,
    percent: (v: number) => intl.formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 0 }),
  };
}

export type DetailFormat = ReturnType<typeof detailFormat>;
