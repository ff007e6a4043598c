// The text of a charge's invoice line (docs/product/billing.md "Invoices"): what was bought, in the payer's language,
// and the device it was for. It is written once, when the charge is made, and kept with the invoice as issued.
import {
  EXTRA_DATA_BYTES,
  FALLBACK_LOCALE,
  isLocale,
  planSize,
  PRODUCT_IDS,
  PRODUCT_INFO,
  SMS_BUNDLE,
  type Locale,
  type Price,
  type PriceKey,
  type ProductId,
} from '@paddock/shared/domain';
import { translate, type MessageKey } from '../i18n/messages';

/** The text of each kind of plan; the SIM's data plans by size, the others by how long one payment runs. */
const PLAN_TEXTS: Partial<Record<PriceKey, MessageKey>> = {
  FarmcamSimSmall: 'invoice_line_data_small',
  FarmcamSimMedium: 'invoice_line_data_medium',
  FarmcamSimLarge: 'invoice_line_data_large',
};

const DATA_UNITS: Record<string, string> = { KB: 'kilobyte', MB: 'megabyte', GB: 'gigabyte', TB: 'terabyte' };

/** '5 GB' in the locale's way ('5 Go' in French); as written when it is no amount of data. */
function dataText(locale: Locale, size: string): string {
  const [amount, unit] = size.split(' ');
  const number = Number(amount.replace(',', '.'));
  if (!DATA_UNITS[unit] || !Number.isFinite(number)) return size;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: DATA_UNITS[unit], maximumFractionDigits: 1 }).format(number);
}

/** The product a price is for (extra data is the SIM's); null for the SMS bundle. */
function productOf(key: PriceKey): ProductId | null {
  if (key === 'FarmcamSimExtraData') return 'farmcam-sim';
  return PRODUCT_IDS.find((id) => (PRODUCT_INFO[id].plans as readonly PriceKey[]).includes(key)) ?? null;
}

/** What one catalogue price buys, in words of the locale: "FenceAlarm Monthly", "Forfait mensuel FenceAlarm", "100 SMS". */
export function itemText(locale: Locale, key: PriceKey, price: Pick<Price, 'Id' | 'Name'>): string {
  if (key === 'Sms') return translate(locale, 'invoice_line_sms', { count: SMS_BUNDLE.Count });
  const product = productOf(key);
  // A key no product lists: the catalogue's own name rather than a wrong one.
  if (!product) return price.Name;
  const values = { product: PRODUCT_INFO[product].name };
  if (key === 'FarmcamSimExtraData') {
    return translate(locale, 'invoice_line_extra_data', { ...values, data: dataText(locale, `${EXTRA_DATA_BYTES / 1e9} GB`) });
  }
  const sized = PLAN_TEXTS[key];
  if (sized) {
    let size: string;
    try {
      size = planSize(price);
    } catch {
      return price.Name;
    }
    return translate(locale, sized, { ...values, data: dataText(locale, size) });
  }
  return translate(locale, key.endsWith('Year') ? 'invoice_line_yearly' : 'invoice_line_monthly', values);
}

/** The invoice line of a charge for the payer (their stored locale): the item, and the device's name when it is for one. */
export function chargeDescription(
  payer: { locale: string },
  key: PriceKey,
  price: Pick<Price, 'Id' | 'Name'>,
  deviceName?: string,
): string {
  const item = itemText(isLocale(payer.locale) ? payer.locale : FALLBACK_LOCALE, key, price);
  return deviceName === undefined ? item : `${item} – ${deviceName}`;
}
