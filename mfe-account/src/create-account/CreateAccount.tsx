import { useAtomValue } from 'jotai';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isTestHost, showToast, usersApi } from '@paddock/shared/api';
import type { CreateUserBody } from '@paddock/shared/contract';
import { checkCountry, checkEmail, checkPassword, checkVatin, normalizeEmail, normalizeVatin } from '@paddock/shared/domain';
import { countryList, useT } from '@paddock/shared/i18n';
import { localeAtom } from '@paddock/shared/session';
import { Actions, Alert, Button, Card, Page, Select, TextField, fieldErrorMessage, icons } from '@paddock/shared/ui';
import { EmailField } from '../common/EmailField';
import { commonTexts } from '../common/messages';
import { NewPasswordField } from '../common/NewPasswordField';
import { PATHS, withEmail } from '../common/paths';
import type { FieldErrors } from '@paddock/shared/ui';
import { useSubmit } from '../common/useSubmit';
import { createAccountTexts } from './messages';

/** Form fields, named as on the wire (POST /users), so a server field error lands on its field. */
const STEP_1 = ['Email', 'Password', 'Country'] as const;
const STEP_2 = ['Name', 'Addr1', 'Addr2', 'PostalCode', 'Town', 'Vatin'] as const;
type Field = (typeof STEP_1)[number] | (typeof STEP_2)[number];
const FIELDS: readonly Field[] = [...STEP_1, ...STEP_2];
type Values = Record<Field, string>;

/** Longest accepted text per optional field (the contract's limits). */
const MAX_LENGTH: Record<(typeof STEP_2)[number], number> = { Name: 200, Addr1: 200, Addr2: 200, PostalCode: 20, Town: 100, Vatin: 20 };

const stepOf = (field: Field): 1 | 2 => ((STEP_2 as readonly string[]).includes(field) ? 2 : 1);

function step1Errors(values: Values): FieldErrors<Field> {
  return {
    Email: fieldErrorMessage('email', checkEmail(values.Email)),
    Password: fieldErrorMessage('password', checkPassword(values.Password)),
    Country: fieldErrorMessage('choice', checkCountry(values.Country)),
  };
}

function step2Errors(values: Values): FieldErrors<Field> {
  return { Vatin: fieldErrorMessage('vatin', checkVatin(values.Vatin)) };
}

/** The POST /users body: required fields, the interface language, and only the optional fields that were filled. */
export function createUserBody(values: Values, locale: CreateUserBody['Locale']): CreateUserBody {
  const body: CreateUserBody = { Email: normalizeEmail(values.Email), Password: values.Password, Country: values.Country, Locale: locale };
  for (const field of STEP_2) {
    const value = field === 'Vatin' ? normalizeVatin(values.Vatin) : values[field].trim();
    if (value) body[field] = value;
  }
  return body;
}

/** /create-account: step 1 e-mail, password, country; optional step 2 address and VAT number (docs/product/screens.md). */
export function CreateAccount() {
  const t = useT();
  const m = createAccountTexts.messages;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const locale = useAtomValue(localeAtom);
  const countries = useMemo(() => countryList(locale).map((c) => ({ value: c.code, label: c.name })), [locale]);
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<Values>(() => ({
    Email: params.get('email') ?? '',
    Password: '',
    Country: '',
    Name: '',
    Addr1: '',
    Addr2: '',
    PostalCode: '',
    Town: '',
    Vatin: '',
  }));
  // A field at fault, found here or by the server, brings back the step it is on.
  const reveal = (field: Field) => setStep(stepOf(field));
  const { formRef, bind, focus, busy, failure, check, run } = useSubmit<Field, 'create'>(FIELDS, { reveal });

  const field = (name: Field) => bind(name, values[name], (value) => setValues((current) => ({ ...current, [name]: value })));

  function goTo(next: 1 | 2, field: Field) {
    setStep(next);
    focus(field);
  }

  function continueToStep2() {
    if (check(step1Errors(values))) goTo(2, 'Name');
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!check({ ...step1Errors(values), ...step2Errors(values) })) return;
    const email = normalizeEmail(values.Email);
    await run('create', async () => {
      await usersApi.create(createUserBody(values, locale), { silent: true, background: true });
      // docs/product/states.md: sign-up goes on to the verification, or straight to sign-in against the test environment.
      if (isTestHost()) {
        showToast({ kind: 'success', text: t(m.createdSignIn) });
        navigate(withEmail(PATHS.signIn, email));
      } else {
        showToast({ kind: 'success', text: t(m.createdVerify, { email }) });
        navigate(withEmail(PATHS.verifyAccount, email));
      }
    });
  }

  return (
    <Page title={t(m.title)} subtitle={t(step === 1 ? m.step1 : m.step2)} narrow>
      <Card>
        <form ref={formRef} className="pd-form" noValidate onSubmit={create}>
          {failure ? <Alert>{failure.text}</Alert> : null}
          {step === 1 ? (
            <>
              <EmailField {...field('Email')} />
              <NewPasswordField label={t(commonTexts.messages.password)} {...field('Password')} />
              <Select
                label={t(m.country)}
                autoComplete="country"
                required
                options={countries}
                placeholder={t(m.countryPlaceholder)}
                hint={t(m.countryHint)}
                {...field('Country')}
              />
              <p className="pd-field__hint">{t(m.optionalNote)}</p>
              <Actions>
                <Button type="submit" variant="primary" busy={busy === 'create'}>
                  {t(m.create)}
                </Button>
                <Button onClick={continueToStep2} disabled={busy !== null}>
                  {t(m.continue)}
                </Button>
              </Actions>
            </>
          ) : (
            <>
              <TextField label={t(m.name)} autoComplete="name" hint={t(m.nameHint)} maxLength={MAX_LENGTH.Name} {...field('Name')} />
              <TextField label={t(m.addr1)} autoComplete="address-line1" maxLength={MAX_LENGTH.Addr1} {...field('Addr1')} />
              <TextField label={t(m.addr2)} autoComplete="address-line2" maxLength={MAX_LENGTH.Addr2} {...field('Addr2')} />
              <TextField label={t(m.postalCode)} autoComplete="postal-code" maxLength={MAX_LENGTH.PostalCode} {...field('PostalCode')} />
              <TextField label={t(m.town)} autoComplete="address-level2" maxLength={MAX_LENGTH.Town} {...field('Town')} />
              <TextField
                label={t(m.vatin)}
                autoCapitalize="characters"
                spellCheck={false}
                hint={t(m.vatinHint)}
                maxLength={MAX_LENGTH.Vatin}
                {...field('Vatin')}
              />
              <Actions>
                <Button type="submit" variant="primary" busy={busy === 'create'}>
                  {t(m.create)}
                </Button>
                <Button icon={icons.arrowBack} onClick={() => goTo(1, 'Email')} disabled={busy !== null}>
                  {t(m.back)}
                </Button>
              </Actions>
            </>
          )}
        </form>
      </Card>
      <Actions>
        <Link className="pd-btn pd-btn--ghost" to={withEmail(PATHS.signIn, values.Email)}>
          {t(m.haveAccount)}
        </Link>
      </Actions>
    </Page>
  );
}
