// Currency, the price catalogue's keys and price-text data (docs/product/devices.md Prices, §4 Subscription choice, §9).
// Amounts are integer minor units (öre, cent); screens write them with formatMinorMoney, the one money format.

export const CURRENCIES = ['SEK', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Both currencies have two minor digits. */
export const CURRENCY_MINOR_DIGITS = 2;

/** The keys of the price catalogue (docs/product/devices.md). */
export const PRICE_KEYS = [
  'FarmcamSimSmall',
  'FarmcamSimMedium',
  'FarmcamSimLarge',
  'FarmcamSimExtraData',
  'FencealarmMonth',
  'FencealarmYear',
  'Fencealarm2Month',
  'Fencealarm2Year',
  'SmartplugMonth',
  'SmartplugYear',
  'Smartplug2Month',
  'Smartplug2Year',
  'Sms',
] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

/** One catalogue entry (docs/product/devices.md): Id, Name and the amount per currency in minor units. */
export interface Price {
  Id: string;
  Name: string;
  Sek: number;
  Eur: number;
}
export type Prices = Partial<Record<PriceKey, Price>>;

/** How a price is billed: subscriptions per month or year; extra data and SMS once (docs/product/limits.md). */
export type PricePeriod = 'month' | 'year' | 'none';

/** What a screen needs to show a price: `{amount} {currency} per {period}`, ex VAT (docs/product/limits.md). */
export interface PriceText {
  /** Minor units. */
  amount: number;
  currency: Currency;
  period: PricePeriod;
}

/** docs/product/limits.md: SEK if the user's country is SE, else EUR. */
export function currencyFor(country: string | null | undefined): Currency {
  return (country ?? '').trim().toUpperCase() === 'SE' ? 'SEK' : 'EUR';
}

/** docs/product/devices.md: a price's amount (minor units) in a currency. */
export function priceAmount(price: Pick<Price, 'Sek' | 'Eur'>, currency: Currency): number {
  return currency === 'SEK' ? price.Sek : price.Eur;
}

/** docs/product/limits.md: data plans and …Month are per month, …Year per year, extra data and SMS have no period. */
export function pricePeriod(key: PriceKey): PricePeriod {
  if (key === 'FarmcamSimExtraData' || key === 'Sms') return 'none';
  if (key.endsWith('Year')) return 'year';
  return 'month';
}

/** docs/product/limits.md: the price text data of a catalogue entry; null when the catalogue lacks it. */
export function priceText(prices: Prices, key: PriceKey, currency: Currency): PriceText | null {
  const price = prices[key];
  return price ? { amount: priceAmount(price, currency), currency, period: pricePeriod(key) } : null;
}

/** docs/product/states.md Plan choice: the None choice's price, nothing; screens say so in a word ("No charge"). */
export function freePriceText(currency: Currency): PriceText {
  return { amount: 0, currency, period: 'month' };
}

/** Whether a price asks for nothing (the None plan): written as a word, with no "ex VAT" after it (usePriceFormat). */
export function isFreePrice(price: PriceText): boolean {
  return price.amount === 0;
}

/** Minor units to the major-unit number Intl.NumberFormat takes (1990 → 19.9). */
export function toMajorUnits(amount: number): number {
  return amount / 10 ** CURRENCY_MINOR_DIGITS;
}

/**
 * The one way a screen writes an amount of money (docs/product/limits.md "Money", Amounts): the locale's currency format, always
 * with the currency's two minor digits ("SEK 99.00", "€9.90", "99,00 kr", "9,90 €"). `amount` is in major units;
 * `maximumFractionDigits` lets a price per kWh show more digits (docs/product/limits.md "Energy price").
 */
export function formatMoney(
  locale: string,
  amount: number,
  currency: Currency,
  maximumFractionDigits: number = CURRENCY_MINOR_DIGITS,
): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: CURRENCY_MINOR_DIGITS,
    maximumFractionDigits: Math.max(CURRENCY_MINOR_DIGITS, maximumFractionDigits),
  }).format(amount);
}

/** An amount in minor units (a price, a charge, an invoice's total) written as formatMoney does: 4990 → "SEK 49.90". */
export function formatMinorMoney(locale: string, amount: number, currency: Currency): string {
  return formatMoney(locale, toMajorUnits(amount), currency);
}

/** The catalogue key whose price has this id; null when none (an empty id never matches). */
export function priceKeyOf(prices: Prices, priceId: string): PriceKey | null {
  if (!priceId) return null;
  return PRICE_KEYS.find((key) => prices[key]?.Id === priceId) ?? null;
}

/** Something bought once (not a subscription): a catalogue entry plus how many units it holds. */
export interface Bundle extends Price {
  /** Units the buyer gets (SMS for the SMS bundle). */
  Count: number;
}

/**
 * docs/product/limits.md: the SMS bundle, 100 SMS at a price ex VAT in EUR or SEK (minor units). The one place of its price: the
 * server charges it and the account page shows it. Its Id names the item a payment records.
 */
export const SMS_BUNDLE: Readonly<Bundle> = Object.freeze({ Id: 'sms-100', Name: '100 SMS', Count: 100, Sek: 9900, Eur: 990 });

/** The SMS bundle's price text in a currency: an amount without period (docs/product/limits.md). */
export function smsBundlePrice(currency: Currency): PriceText {
  return { amount: priceAmount(SMS_BUNDLE, currency), currency, period: pricePeriod('Sms') };
}

/** docs/product/limits.md: "Buy extra data" adds 1 GB (10^9 bytes) to a FarmCam SIM's RemainingData, at the FarmcamSimExtraData price. */
export const EXTRA_DATA_BYTES = 1_000_000_000;
