import type { UpdateUserBody, User } from '@paddock/shared/contract';
import { normalizeEmail, type Locale } from '@paddock/shared/domain';

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
}

export function formOf(user: User): AccountForm {
  return {
    Email: user.Email,
    Phone: user.Phone,
    Locale: user.Locale,
    Billing: user.EmailNotifications.Billing,
    Device: user.EmailNotifications.Device,
    Marketing: user.EmailNotifications.Marketing,
    Push: user.PushNotifications.Enabled,
    Sms: user.SmsNotifications.Enabled,
  };
}

/** The PATCH /users/{id} body: only what differs from the stored user (empty when nothing changed). */
export function userChanges(user: User, form: AccountForm): UpdateUserBody {
  const body: UpdateUserBody = {};
  const email = normalizeEmail(form.Email);
  if (email !== user.Email) body.Email = email;
  const phone = form.Phone.trim();
  if (phone !== user.Phone) body.Phone = phone;
  if (form.Locale !== user.Locale) body.Locale = form.Locale;
  const mail = user.EmailNotifications;
  if (form.Billing !== mail.Billing || form.Device !== mail.Device || form.Marketing !== mail.Marketing) {
    body.EmailNotifications = { Billing: form.Billing, Device: form.Device, Marketing: form.Marketing };
  }
  if (form.Push !== user.PushNotifications.Enabled) body.PushNotifications = { Enabled: form.Push };
  if (form.Sms !== user.SmsNotifications.Enabled) body.SmsNotifications = { Enabled: form.Sms };
  return body;
}
