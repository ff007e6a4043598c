import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { showToast, usersApi } from '@paddock/shared/api';
import type { UpdateUserBody, User } from '@paddock/shared/contract';
import { checkCountry, checkVatin, normalizeVatin } from '@paddock/shared/domain';
import { countryList, Translations, useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, Card, Select, TextField, fieldErrorMessage, type FieldErrors } from '@paddock/shared/ui';
import { useSubmit } from '../common/useSubmit';
import { accountDetailsTexts } from './detailsMessages';

/** Named as on the wire (PATCH /users/{id}), so a 400 naming a field lands under it. */
const FIELDS = ['Name', 'Addr1', 'Addr2', 'PostalCode', 'Town', 'Country', 'Vatin'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
/** Longest accepted text per field (the contract's limits, as at sign-up). */
const MAX_LENGTH: Record<Exclude<Field, 'Country'>, number> = { Name: 200, Addr1: 200, Addr2: 200, PostalCode: 20, Town: 100, Vatin: 20 };
const TRANSLATIONS = [accountDetailsTexts];

const valuesOf = (user: User): Values => ({
  Name: user.Name,
  Addr1: user.Addr1,
  Addr2: user.Addr2,
  PostalCode: user.PostalCode,
  Town: user.Town,
  Country: user.Country,
  Vatin: user.Vatin,
});

/** The fields that differ from the account's, trimmed (the VAT number normalized) as the server stores them. */
export function invoiceChanges(user: User, values: Values): UpdateUserBody {
  const now = valuesOf(user);
  const changes: UpdateUserBody = {};
  for (const field of FIELDS) {
    const value = field === 'Vatin' ? normalizeVatin(values.Vatin) : values[field].trim();
    if (value !== now[field]) changes[field] = value;
  }
  return changes;
}

function errorsOf(values: Values): FieldErrors<Field> {
  return {
    Country: fieldErrorMessage('choice', checkCountry(values.Country)),
    Vatin: fieldErrorMessage('vatin', checkVatin(values.Vatin)),
  };
}

/**
 * /account "Invoice details": name, address, country and VAT number as chosen at sign-up, changed for the invoices made
 * from now on (docs/product/billing.md "Invoice details"). Saved on their own, with the outcome said in the card.
 */
export function InvoiceDetails({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  return (
    <Translations translations={TRANSLATIONS}>
      <InvoiceDetailsForm user={user} onSaved={onSaved} />
    </Translations>
  );
}

function InvoiceDetailsForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const t = useT();
  const m = accountDetailsTexts.messages;
  const intl = useIntl();
  const countries = useMemo(() => countryList(intl.locale).map((c) => ({ value: c.code, label: c.name })), [intl.locale]);
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [saved, setSaved] = useState(false);
  const { formRef, bind, busy, failure, check, run } = useSubmit<Field, 'save'>(FIELDS);

  const field = (name: Field) =>
    bind(name, values[name], (value) => {
      setSaved(false);
      setValues((current) => ({ ...current, [name]: value }));
    });

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (!check(errorsOf(values))) return;
    const changes = invoiceChanges(user, values);
    if (Object.keys(changes).length === 0) {
      showToast({ kind: 'info', text: t(m.nothingChanged) });
      return;
    }
    await run('save', async () => {
      const updated = await usersApi.update(user.Id, changes, { silent: true, background: true });
      setValues(valuesOf(updated));
      onSaved(updated);
      // Said in the card, next to the button pressed, and as a toast (docs/product/errors.md).
      setSaved(true);
      showToast({ kind: 'success', text: t(m.invoiceSaved) });
    });
  }

  return (
    <Card>
      <form ref={formRef} className="pd-form" noValidate onSubmit={save} aria-labelledby="pd-invoice-details-title">
        <h2 id="pd-invoice-details-title" className="pd-account-section-title">
          {t(m.invoiceHeading)}
        </h2>
        <p className="pd-account-intro">{t(m.invoiceIntro)}</p>
        {failure ? <Alert>{failure.text}</Alert> : null}
        <TextField label={t(m.name)} autoComplete="name" hint={t(m.nameHint)} maxLength={MAX_LENGTH.Name} {...field('Name')} />
        <TextField label={t(m.addr1)} autoComplete="address-line1" maxLength={MAX_LENGTH.Addr1} {...field('Addr1')} />
        <TextField label={t(m.addr2)} autoComplete="address-line2" maxLength={MAX_LENGTH.Addr2} {...field('Addr2')} />
        <TextField label={t(m.postalCode)} autoComplete="postal-code" maxLength={MAX_LENGTH.PostalCode} {...field('PostalCode')} />
        <TextField label={t(m.town)} autoComplete="address-level2" maxLength={MAX_LENGTH.Town} {...field('Town')} />
        <Select label={t(m.country)} autoComplete="country" required options={countries} hint={t(m.countryHint)} {...field('Country')} />
        <TextField
          label={t(m.vatin)}
          autoCapitalize="characters"
          spellCheck={false}
          hint={t(m.vatinHint)}
          maxLength={MAX_LENGTH.Vatin}
          {...field('Vatin')}
        />
        {saved ? <Alert kind="info">{t(m.invoiceSaved)}</Alert> : null}
        <Actions>
          <Button type="submit" variant="primary" busy={busy === 'save'}>
            {t(m.saveInvoice)}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}
