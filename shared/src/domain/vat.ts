// VAT on what Paddock sells (docs/product/billing.md VAT): the seller is Swedish. A customer with a VAT number of
// another EU country buys under reverse charge (no VAT; the buyer accounts for it); everyone else pays the Swedish
// 25 %. Deliberately simple: no VIES look-up (a number is valid when it has its country's format and is of the
// customer's country) and no One-Stop-Shop rates for consumers in other EU countries. Shared so a screen states the
// price a buyer pays (VAT included) by the rule the invoice uses.
import { isWellFormedVatin, normalizeVatin } from './vatNumber';

export const SELLER_COUNTRY = 'SE';
export const SELLER_VAT_PERCENT = 25;

/** The EU member states by ISO country code; the VAT number prefix is the same except Greece's (EL). */
const EU_VAT_PREFIX: Readonly<Record<string, string>> = {
  AT: 'AT',
  BE: 'BE',
  BG: 'BG',
  CY: 'CY',
  CZ: 'CZ',
  DE: 'DE',
  DK: 'DK',
  EE: 'EE',
  ES: 'ES',
  FI: 'FI',
  FR: 'FR',
  GR: 'EL',
  HR: 'HR',
  HU: 'HU',
  IE: 'IE',
  IT: 'IT',
  LT: 'LT',
  LU: 'LU',
  LV: 'LV',
  MT: 'MT',
  NL: 'NL',
  PL: 'PL',
  PT: 'PT',
  RO: 'RO',
  SE: 'SE',
  SI: 'SI',
  SK: 'SK',
};

export interface VatTreatment {
  ratePercent: number;
  reverseCharge: boolean;
}

/** How a customer of this country and VAT number is taxed. */
export function vatTreatment(country: string, vatin: string): VatTreatment {
  const code = country.trim().toUpperCase();
  const number = normalizeVatin(vatin);
  const prefix = EU_VAT_PREFIX[code];
  // Its country's format (EU_VAT_NUMBER_FORMATS), also for a number stored before sign-ups were checked against it.
  const validEuNumber = prefix !== undefined && number.startsWith(prefix) && isWellFormedVatin(number);
  if (code !== SELLER_COUNTRY && validEuNumber) return { ratePercent: 0, reverseCharge: true };
  return { ratePercent: SELLER_VAT_PERCENT, reverseCharge: false };
}

/** Net, VAT and gross in minor units; the VAT is rounded half up to whole minor units. */
export function vatAmounts(net: number, treatment: VatTreatment): { net: number; vat: number; gross: number } {
  const vat = Math.round((net * treatment.ratePercent) / 100);
  return { net, vat, gross: net + vat };
}
