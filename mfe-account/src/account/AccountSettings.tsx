import { useAtomValue, useStore } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { newIdempotencyKey, showToast, useLoaded, usePrices, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import {
  checkEmail,
  COUNTRY_CALLING_CODES,
  checkE164Phone,
  normalizePhone,
  withCallingCode,
  CURRENCIES,
  currencyFor,
  ENERGY_PRICE_MAX,
  energyPriceAmount,
  energyPriceInput,
  formatMinorMoney,
  formatMoney,
  parseEnergyPrice,
  LOCALES,
  normalizeEmail,
  SMS_BUNDLE,
  priceText,
  type Locale,
} from '@paddock/shared/domain';
import { changeLocale, LOCALE_NAMES, useT } from '@paddock/shared/i18n';
import { activeUserAtom, clearSession, impersonationAtom, storeUpdatedUser, userAtom } from '@paddock/shared/session';
import {
  Actions,
  Alert,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  LoadedView,
  Page,
  PasswordField,
  Select,
  TextField,
  fieldErrorMessage,
  useActionFailure,
  type FieldMessage,
} from '@paddock/shared/ui';
import { EmailField } from '../common/EmailField';
import { PATHS } from '../common/paths';
import { useSubmit } from '../common/useSubmit';
import { accountTexts } from './messages';
import { PendingEmail } from './PendingEmail';
import { ChangePassword } from './ChangePassword';
import { InvoiceDetails } from './InvoiceDetails';
import { FarmLocation } from './FarmLocation';
import { EmailReports } from './EmailReports';
import { ApiKeys } from './ApiKeys';
import { Webhooks } from '../webhooks/Webhooks';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { formOf, userChanges, type AccountForm } from './userChanges';

// The energy price's fields carry their wire names, so a 400 naming `EnergyPrice.PerKwh` lands under the price.
type Field = 'Email' | 'Password' | 'Phone' | 'Locale' | 'EnergyPrice.PerKwh' | 'EnergyPrice.Currency';
const FIELDS: readonly Field[] = ['Email', 'Password', 'Phone', 'Locale', 'EnergyPrice.PerKwh', 'EnergyPrice.Currency'];
const LANGUAGES = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));
/** The example price in the energy price's hint and message: 1.25 per kWh. */
const ENERGY_PRICE_EXAMPLE = 12500;

/**
 * /account: the active user's e-mail, phone, language, notifications and energy price, Buy SMS; account deletion
 * (docs/product/screens.md).
 */
export function AccountSettings() {
  const t = useT();
  const m = accountTexts.messages;
  const id = useAtomValue(activeUserAtom)?.Id;
  const { loaded, reload, replace: onSaved } = useLoaded(id ? () => usersApi.get(id, { silent: true }) : null, [id]);

  // The shell's guard keeps signed-out visitors away from /account.
  if (!id) return null;

  return (
    <Page title={t(m.title)} subtitle={loaded.state === 'ready' ? loaded.value.Email : undefined} narrow>
      <LoadedView loaded={loaded} failedText={(reason) => t(m.loadFailed, { reason })} retryLabel={t(m.retry)} onRetry={reload}>
        {(user) => <AccountEditor key={user.Id} user={user} onSaved={onSaved} />}
      </LoadedView>
    </Page>
  );
}

function AccountEditor({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const t = useT();
  const intl = useIntl();
  const m = accountTexts.messages;
  const store = useStore();
  const navigate = useNavigate();
  // The price is shown and typed with the locale's decimal mark (either mark is read back).
  const decimalMark = new Intl.NumberFormat(intl.locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const [form, setForm] = useState<AccountForm>(() => formOf(user, decimalMark));
  // Kept out of the form: it is sent only with a new address, never stored.
  const [password, setPassword] = useState('');
  const { formRef, bind, busy, failure, check, run } = useSubmit<Field, 'save'>(FIELDS);
  const [deleting, setDeleting] = useState(false);
  // One idempotency key per purchase the user starts (docs/product/api.md Purchases): made when the dialog opens, so a
  // double click or a retry of that purchase is charged once; the ref also stops a second click before the re-render.
  const [buying, setBuying] = useState<{ step: 'ask' | 'busy'; key: string } | null>(null);
  const purchaseRunning = useRef(false);
  const smsFailure = useActionFailure();
  const prices = usePrices();

  const self = useAtomValue(userAtom)?.Id === user.Id;
  const impersonating = useAtomValue(impersonationAtom) !== null;
  // Users moving their own account to a new address confirm it with their password (the server asks for it); an
  // admin acting for a user is not asked, and neither is sending the pending address again.
  const typedEmail = normalizeEmail(form.Email);
  const needsPassword = self && typedEmail !== user.Email && typedEmail !== user.PendingEmail;
  const smsBalance = user.SmsNotifications.Balance;
  // The calling code of the account's country helps write the number in international form.
  const callingCode = COUNTRY_CALLING_CODES[user.Country.toUpperCase()];
  const countryName = callingCode ? new Intl.DisplayNames([intl.locale], { type: 'region' }).of(user.Country.toUpperCase()) : undefined;
  const phoneHint =
    callingCode && countryName ? t(m.phoneHintCountry, { prefix: `+${callingCode}`, country: countryName }) : t(m.phoneHint);
  // docs/product/limits.md: the bundle's price comes from the catalogue (Sms), in the account's currency.
  const price = prices.state === 'ready' ? priceText(prices.prices, 'Sms', currencyFor(user.Country)) : null;

  const set = <K extends keyof AccountForm>(key: K, value: AccountForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  /** The account as the server now has it: in the session (own or impersonated) and on the page. */
  function storeUser(updated: User) {
    storeUpdatedUser(updated, store);
    onSaved(updated);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const valid = check({
      Email: fieldErrorMessage('email', checkEmail(form.Email)),
      Password: needsPassword && !password ? { message: m.currentPasswordRequired } : null,
      Phone: phoneError(),
      'EnergyPrice.PerKwh': energyPriceError(form.EnergyPrice),
    });
    if (!valid) return;
    const changes = userChanges(user, form);
    if (needsPassword) changes.Password = password;
    if (Object.keys(changes).length === 0) {
      showToast({ kind: 'info', text: t(m.nothingChanged) });
      return;
    }
    await run('save', async () => {
      const updated = await usersApi.update(user.Id, changes, { silent: true, background: true });
      setForm(formOf(updated, decimalMark));
      setPassword('');
      storeUser(updated);
      // A new address only becomes pending: the code mailed to it confirms it (below the field).
      showToast({ kind: 'success', text: changes.Email ? t(m.emailCodeSent, { email: changes.Email }) : t(m.saved) });
      // A new language for oneself applies to the interface, which reloads (docs/product/states.md). An admin acting for a user
      // only changes that user's language.
      if (changes.Locale && self) await changeLocale(changes.Locale);
    });
  }

  /**
   * docs/product/validation.md Phone: an E.164 number (a national one is refused, with the user's country code put in
   * front as the example), and one at all while SMS notifications are to be on.
   */
  function phoneError(): FieldMessage {
    const problem = checkE164Phone(form.Phone);
    if (problem === 'noCountryCode')
      return { message: m.phoneNoCountryCode, values: { suggestion: withCallingCode(form.Phone, user.Country) } };
    if (problem) return { message: m.phoneNotE164 };
    if (form.Sms && !normalizePhone(form.Phone)) return { message: m.smsNeedsPhone };
    return null;
  }

  /** Empty is fine (no price); else a number with at most 4 decimals in (0, 100] (docs/product/limits.md "Energy price"). */
  function energyPriceError(text: string): FieldMessage {
    if (!text.trim()) return null;
    const parsed = parseEnergyPrice(text);
    if ('perKwh' in parsed) return null;
    if (parsed.error === 'outOfRange') {
      // The limit as an amount of the currency chosen beside the price (docs/product/limits.md "Money").
      const max = formatMoney(intl.locale, energyPriceAmount(ENERGY_PRICE_MAX), form.EnergyCurrency);
      return { message: m.energyPriceOutOfRange, values: { max } };
    }
    return { message: m.energyPriceInvalid, values: { example: energyPriceInput(ENERGY_PRICE_EXAMPLE, decimalMark) } };
  }

  /**
   * Buys the SMS bundle once confirmed; what is typed in the form stays. A failure (a declined card) is said inside the
   * dialog, which stays open with the same key, so a retry charges once (docs/product/errors.md Dialogs).
   */
  async function buySms() {
    if (!buying || purchaseRunning.current) return;
    purchaseRunning.current = true;
    smsFailure.clear();
    setBuying({ ...buying, step: 'busy' });
    try {
      const updated = await usersApi.buySms(user.Id, buying.key, { background: true, silent: true });
      storeUser(updated);
      showToast({ kind: 'success', text: t(m.smsBought, { added: SMS_BUNDLE.Count, balance: updated.SmsNotifications.Balance }) });
      setBuying(null);
    } catch (error) {
      smsFailure.fail(error);
      setBuying({ ...buying, step: 'ask' });
    } finally {
      purchaseRunning.current = false;
    }
  }

  function deleted() {
    // The account and its sessions are gone on the server, so the session here is simply forgotten (revoking the
    // token would only earn a 401), then sign-in (docs/product/states.md).
    showToast({ kind: 'success', text: t(m.deleted) });
    clearSession(store, { onPurpose: true });
    navigate(PATHS.signIn, { replace: true });
  }

  return (
    <>
      <form ref={formRef} className="pd-form" noValidate onSubmit={save}>
        {failure ? <Alert>{failure.text}</Alert> : null}
        <Card>
          <h2 className="pd-account-section-title">{t(m.contactHeading)}</h2>
          <EmailField {...bind('Email', form.Email, (value) => set('Email', value))} />
          {needsPassword ? (
            <PasswordField
              label={t(m.currentPassword)}
              autoComplete="current-password"
              required
              hint={t(m.currentPasswordHint)}
              {...bind('Password', password, setPassword)}
            />
          ) : null}
          {user.PendingEmail ? (
            <PendingEmail
              key={user.PendingEmail}
              user={user}
              pending={user.PendingEmail}
              onChanged={(updated) => {
                setForm((current) => ({ ...current, Email: updated.Email }));
                storeUser(updated);
              }}
            />
          ) : null}
          <TextField
            label={t(m.phone)}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint={phoneHint}
            {...bind('Phone', form.Phone, (value) => set('Phone', value))}
          />
        </Card>
        <Card>
          <h2 className="pd-account-section-title">{t(m.languageHeading)}</h2>
          <Select
            label={t(m.language)}
            options={LANGUAGES}
            hint={t(m.languageHint)}
            {...bind('Locale', form.Locale, (value) => set('Locale', value as Locale))}
          />
        </Card>
        <Card>
          <h2 className="pd-account-section-title">{t(m.notificationsHeading)}</h2>
          <fieldset className="pd-account-fieldset">
            <legend>{t(m.byEmail)}</legend>
            <Checkbox label={t(m.billing)} name="Billing" checked={form.Billing} onChange={(e) => set('Billing', e.target.checked)} />
            <Checkbox label={t(m.device)} name="Device" checked={form.Device} onChange={(e) => set('Device', e.target.checked)} />
            <Checkbox
              label={t(m.marketing)}
              name="Marketing"
              checked={form.Marketing}
              onChange={(e) => set('Marketing', e.target.checked)}
            />
          </fieldset>
          <fieldset className="pd-account-fieldset">
            <legend>{t(m.onPhone)}</legend>
            <Checkbox label={t(m.push)} name="Push" checked={form.Push} onChange={(e) => set('Push', e.target.checked)} />
            <Checkbox
              label={t(m.sms)}
              name="Sms"
              checked={form.Sms}
              disabled={smsBalance === 0}
              hint={smsBalance === 0 ? t(m.smsNone) : t(m.smsLeft, { count: smsBalance })}
              onChange={(e) => set('Sms', e.target.checked)}
            />
            <div className="pd-account-sms-buy">
              <Button busy={buying?.step === 'busy'} disabled={!price} onClick={() => setBuying({ step: 'ask', key: newIdempotencyKey() })}>
                {t(m.buySms)}
              </Button>
            </div>
          </fieldset>
        </Card>
        <Card>
          <h2 className="pd-account-section-title">{t(m.energyHeading)}</h2>
          <p className="pd-account-intro">{t(m.energyIntro)}</p>
          <div className="pd-account-energy">
            <TextField
              label={t(m.energyPrice)}
              inputMode="decimal"
              autoComplete="off"
              hint={t(m.energyPriceHint, { example: energyPriceInput(ENERGY_PRICE_EXAMPLE, decimalMark) })}
              {...bind('EnergyPrice.PerKwh', form.EnergyPrice, (value) => set('EnergyPrice', value))}
            />
            <Select
              label={t(m.energyCurrency)}
              options={CURRENCY_OPTIONS}
              {...bind('EnergyPrice.Currency', form.EnergyCurrency, (value) =>
                set('EnergyCurrency', CURRENCIES.find((currency) => currency === value) ?? form.EnergyCurrency),
              )}
            />
          </div>
        </Card>
        <Actions>
          <Button type="submit" variant="primary" busy={busy === 'save'}>
            {t(m.save)}
          </Button>
        </Actions>
      </form>
      <InvoiceDetails user={user} onSaved={storeUser} />
      <FarmLocation user={user} onSaved={storeUser} />
      {/* The weekly or monthly summary by e-mail (docs/product/reports.md). */}
      <EmailReports userId={user.Id} />
      {/* Keys for other software; only the account holder makes one (docs/product/api-keys.md). */}
      <ApiKeys userId={user.Id} canCreate={self && !impersonating} />
      {/* Where the devices' alarms are POSTed, signed (docs/product/webhooks.md). */}
      <Webhooks userId={user.Id} />
      {/* Only the account holder, who knows the current password; staff never set it (docs/product/roles.md). */}
      {self ? <ChangePassword userId={user.Id} /> : null}
      {impersonating ? null : (
        <Card>
          <h2 className="pd-account-section-title">{t(m.deleteHeading)}</h2>
          <p className="pd-account-intro">{t(m.deleteIntro)}</p>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t(m.deleteButton)}
          </Button>
        </Card>
      )}
      {/* What goes with the account, and the password (the account holder's own deletion; docs/product/states.md). */}
      <DeleteAccountDialog open={deleting} user={user} askPassword={self} onCancel={() => setDeleting(false)} onDeleted={deleted} />
      <ConfirmDialog
        open={buying !== null}
        title={t(m.buySmsConfirmTitle)}
        confirmLabel={t(m.buySmsConfirm)}
        busy={buying?.step === 'busy'}
        error={smsFailure.failure}
        onConfirm={() => void buySms()}
        onCancel={() => {
          if (buying?.step === 'busy') return;
          setBuying(null);
          smsFailure.clear();
        }}
      >
        <p>
          <FormattedMessage
            {...m.buySmsConfirmText}
            values={{
              count: SMS_BUNDLE.Count,
              price: <strong>{price ? formatMinorMoney(intl.locale, price.amount, price.currency) : null}</strong>,
            }}
          />
        </p>
        <p className="pd-account-intro">{t(m.buySmsConfirmNote)}</p>
      </ConfirmDialog>
    </>
  );
}
