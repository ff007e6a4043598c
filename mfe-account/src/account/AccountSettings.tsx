import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { newIdempotencyKey, showToast, usePrices, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import {
  checkEmail,
  checkPhone,
  currencyFor,
  LOCALES,
  normalizeEmail,
  SMS_BUNDLE,
  priceText,
  toMajorUnits,
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
  Page,
  PasswordField,
  Select,
  TextField,
  fieldErrorMessage,
  uiTexts,
} from '@paddock/shared/ui';
import { describeFailure } from '../common/failure';
import { EmailField } from '../common/EmailField';
import { PATHS } from '../common/paths';
import { useSubmit } from '../common/useSubmit';
import { accountTexts } from './messages';
import { PendingEmail } from './PendingEmail';
import { formOf, userChanges, type AccountForm } from './userChanges';

type Field = 'Email' | 'Password' | 'Phone' | 'Locale';
const FIELDS: readonly Field[] = ['Email', 'Password', 'Phone', 'Locale'];
const LANGUAGES = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

type Loaded = { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ready'; user: User };

/** /account: the active user's e-mail, phone, language and notifications, Buy SMS; account deletion (docs/product/screens.md). */
export function AccountSettings() {
  const t = useT();
  const m = accountTexts.messages;
  const id = useAtomValue(activeUserAtom)?.Id;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    let current = true;
    setLoaded({ state: 'loading' });
    usersApi.get(id, { silent: true }).then(
      (user) => current && setLoaded({ state: 'ready', user }),
      (error: unknown) => current && setLoaded({ state: 'failed', reason: describeFailure(error, t).text }),
    );
    return () => {
      current = false;
    };
    // `t` changes identity on every render; the reason's language is the one at load time
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, attempt]);

  const onSaved = useCallback((user: User) => setLoaded({ state: 'ready', user }), []);

  // The shell's guard keeps signed-out visitors away from /account.
  if (!id) return null;

  return (
    <Page title={t(m.title)} subtitle={loaded.state === 'ready' ? loaded.user.Email : undefined} narrow>
      {loaded.state === 'loading' ? (
        <Card aria-busy="true">
          <p role="status" className="pd-account-intro">
            <span className="pd-spinner" aria-hidden="true" /> {t(uiTexts.messages.loading)}
          </p>
        </Card>
      ) : loaded.state === 'failed' ? (
        <Alert
          actions={
            <Button icon="refresh" onClick={() => setAttempt((n) => n + 1)}>
              {t(m.retry)}
            </Button>
          }
        >
          {t(m.loadFailed, { reason: loaded.reason })}
        </Alert>
      ) : (
        <AccountEditor key={loaded.user.Id} user={loaded.user} onSaved={onSaved} />
      )}
    </Page>
  );
}

function AccountEditor({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const t = useT();
  const m = accountTexts.messages;
  const store = useStore();
  const navigate = useNavigate();
  const [form, setForm] = useState<AccountForm>(() => formOf(user));
  // Kept out of the form: it is sent only with a new address, never stored.
  const [password, setPassword] = useState('');
  const { formRef, bind, busy, failure, check, run } = useSubmit<Field, 'save'>(FIELDS);
  const [deleting, setDeleting] = useState<'ask' | 'busy' | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  // One idempotency key per purchase the user starts (docs/product/api.md Purchases): made when the dialog opens, so a
  // double click or a retry of that purchase is charged once; the ref also stops a second click before the re-render.
  const [buying, setBuying] = useState<{ step: 'ask' | 'busy'; key: string } | null>(null);
  const purchaseRunning = useRef(false);
  const prices = usePrices();

  const self = useAtomValue(userAtom)?.Id === user.Id;
  const impersonating = useAtomValue(impersonationAtom) !== null;
  // Users moving their own account to a new address confirm it with their password (the server asks for it); an
  // admin acting for a user is not asked, and neither is sending the pending address again.
  const typedEmail = normalizeEmail(form.Email);
  const needsPassword = self && typedEmail !== user.Email && typedEmail !== user.PendingEmail;
  const smsBalance = user.SmsNotifications.Balance;
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
      Phone: fieldErrorMessage('phone', checkPhone(form.Phone)),
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
      setForm(formOf(updated));
      setPassword('');
      storeUser(updated);
      // A new address only becomes pending: the code mailed to it confirms it (below the field).
      showToast({ kind: 'success', text: changes.Email ? t(m.emailCodeSent, { email: changes.Email }) : t(m.saved) });
      // A new language for oneself applies to the interface, which reloads (docs/product/states.md). An admin acting for a user
      // only changes that user's language.
      if (changes.Locale && self) await changeLocale(changes.Locale);
    });
  }

  /** Buys the SMS bundle once confirmed; what is typed in the form stays. Failures show through the shared handler. */
  async function buySms() {
    if (!buying || purchaseRunning.current) return;
    purchaseRunning.current = true;
    setBuying({ ...buying, step: 'busy' });
    try {
      const updated = await usersApi.buySms(user.Id, buying.key, { background: true });
      storeUser(updated);
      showToast({ kind: 'success', text: t(m.smsBought, { added: SMS_BUNDLE.Count, balance: updated.SmsNotifications.Balance }) });
    } catch {
      // The shared failed-reply handler has shown why.
    } finally {
      purchaseRunning.current = false;
      setBuying(null);
    }
  }

  async function deleteAccount() {
    setDeleting('busy');
    setDeleteFailure(null);
    try {
      await usersApi.remove(user.Id, { silent: true, background: true });
    } catch (error) {
      setDeleteFailure(describeFailure(error, t).text);
      setDeleting('ask');
      return;
    }
    // The account and its sessions are gone on the server, so the session here is simply forgotten (revoking the
    // token would only earn a 401), then sign-in (docs/product/states.md).
    showToast({ kind: 'success', text: t(m.deleted) });
    clearSession(store);
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
            hint={t(m.phoneHint)}
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
        <Actions>
          <Button type="submit" variant="primary" busy={busy === 'save'}>
            {t(m.save)}
          </Button>
        </Actions>
      </form>
      {impersonating ? null : (
        <Card>
          <h2 className="pd-account-section-title">{t(m.deleteHeading)}</h2>
          <p className="pd-account-intro">{t(m.deleteIntro)}</p>
          <Button variant="danger" onClick={() => setDeleting('ask')}>
            {t(m.deleteButton)}
          </Button>
        </Card>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t(m.deleteConfirmTitle)}
        confirmLabel={t(m.deleteConfirm)}
        danger
        busy={deleting === 'busy'}
        onConfirm={() => void deleteAccount()}
        onCancel={() => {
          if (deleting === 'busy') return;
          setDeleting(null);
          setDeleteFailure(null);
        }}
      >
        {deleteFailure ? <Alert>{deleteFailure}</Alert> : null}
        <p>{t(m.deleteConfirmText, { email: user.Email })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={buying?.step === 'ask'}
        title={t(m.buySmsConfirmTitle)}
        confirmLabel={t(m.buySmsConfirm)}
        onConfirm={() => void buySms()}
        onCancel={() => setBuying(null)}
      >
        <p>
          <FormattedMessage
            {...m.buySmsConfirmText}
            values={{
              count: SMS_BUNDLE.Count,
              price: (
                <strong>
                  {price ? <FormattedNumber value={toMajorUnits(price.amount)} style="currency" currency={price.currency} /> : null}
                </strong>
              ),
            }}
          />
        </p>
        <p className="pd-account-intro">{t(m.buySmsConfirmNote)}</p>
      </ConfirmDialog>
    </>
  );
}
