import type { EnergyPrice, UpdateUserBody, User } from '@paddock/shared/contract';
import {
  currencyFor,
  energyPriceInput,
  normalizeEmail,
  parseEnergyPrice,
  toE164,
  type Currency,
  type Locale,
} from '@paddock/shared/domain';

/** What the account form edits. */
export interface AccountForm {
  Email: string;
  Phone: string;
  Locale: Locale;
  Billing: boolean;
  Device: boolean;
  Marketing: boolean;
  Push: boolean;
  Sms: boolean;
  /** The price per kWh as typed (docs/product/limits.md "Energy price"); empty for none. */
  EnergyPrice: string;
  EnergyCurrency: Currency;
}

/** `decimalMark`: the locale's, so the price reads as the user would type it. */
export function formOf(user: User, decimalMark = '.'): AccountForm {
  // A session stored before the energy price existed has no EnergyPrice at all.
  const price = user.EnergyPrice ?? null;
  return {
    Email: user.Email,
    Phone: user.Phone,
    Locale: user.Locale,
    Billing: user.EmailNotifications.Billing,
    Device: user.EmailNotifications.Device,
    Marketing: user.EmailNotifications.Marketing,
    Push: user.PushNotifications.Enabled,
    Sms: user.SmsNotifications.Enabled,
    EnergyPrice: price ? energyPriceInput(price.PerKwh, decimalMark) : '',
    // Without a price yet, the account's own currency (docs/product/limits.md).
    EnergyCurrency: price?.Currency ?? currencyFor(user.Country),
  };
}

/** The energy price the form asks for: null when empty; undefined while the typed price is not valid (the form says why). */
export function energyPriceOf(form: Pick<AccountForm, 'EnergyPrice' | 'EnergyCurrency'>): EnergyPrice | null | undefined {
  if (!form.EnergyPrice.trim()) return null;
  const parsed = parseEnergyPrice(form.EnergyPrice);
  return 'perKwh' in parsed ? { PerKwh: parsed.perKwh, Currency: form.EnergyCurrency } : undefined;
}

/** The PATCH /users/{id} body: only what differs from the stored user (empty when nothing changed). */
export function userChanges(user: User, form: AccountForm): UpdateUserBody {
  const body: UpdateUserBody = {};
  const email = normalizeEmail(form.Email);
  if (email !== user.Email) body.Email = email;
  // Sent and compared as dialled (E.164, docs/product/validation.md Phone): spaces typed are no change.
  const phone = toE164(form.Phone);
  if (phone !== toE164(user.Phone)) body.Phone = phone;
  if (form.Locale !== user.Locale) body.Locale = form.Locale;
  const mail = user.EmailNotifications;
  if (form.Billing !== mail.Billing || form.Device !== mail.Device || form.Marketing !== mail.Marketing) {
    body.EmailNotifications = { Billing: form.Billing, Device: form.Device, Marketing: form.Marketing };
  }
  if (form.Push !== user.PushNotifications.Enabled) body.PushNotifications = { Enabled: form.Push };
  if (form.Sms !== user.SmsNotifications.Enabled) body.SmsNotifications = { Enabled: form.Sms };
  const price = energyPriceOf(form);
  const stored = user.EnergyPrice ?? null;
  if (price !== undefined && (price?.PerKwh !== stored?.PerKwh || price?.Currency !== stored?.Currency)) body.EnergyPrice = price;
  return body;
}
