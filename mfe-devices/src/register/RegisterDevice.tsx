import { useAtomValue } from 'jotai';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, devicesApi, isNativeApp, showToast } from '@paddock/shared/api';
import {
  DEVICE_NAME_MAX_LENGTH,
  PRODUCTS,
  checkDeviceName,
  checkEmail,
  checkImei,
  checkImsi,
  dashboardPath,
  normalizeDeviceKey,
  normalizeEmail,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Alert, Button, Card, Page, TextField, fieldErrorMessage, useFormErrors, type FieldMessage, icons } from '@paddock/shared/ui';
import { DEVICE_PRODUCTS } from '../products';
import { HelpLink } from './HelpLink';
import { registerTexts } from './messages';
import { Scanner } from './Scanner';
import { NativeScanner } from '../native/NativeScanner';

const m = registerTexts.messages;
/** The name field's example per kind of product: a plug is not a "North paddock fence". */
const NAME_EXAMPLES = { fence: m.nameHintFence, plug: m.nameHintPlug, sim: m.nameHintSim } as const;
type Field = 'key' | 'name' | 'owner';

/** The form field a refusal names (the server's `Field` is the wire name: Imei, Imsi, Name, Owner). */
const FIELD_OF: Record<string, Field> = { Imei: 'key', Imsi: 'key', Name: 'name', 'Metadata.Name': 'name', Owner: 'owner', OwnerEmail: 'owner' };

/**
 * A refusal in words, once (docs/product/errors.md): the server's localized message (unknown number, registered to
 * someone else, another product…), or this page's own text per status when the reply has none; under the field it names.
 */
export function registrationFailure(error: ApiError, field: string): { field: Field | null; message: FieldMessage } {
  const target = (error.field ? FIELD_OF[error.field] : undefined) ?? (error.status === 404 || error.status === 409 ? 'key' : null);
  let message: FieldMessage = error.code ? error.serverMessage.trim() : '';
  if (!message) {
    if (error.status === 404) message = { message: m.keyUnknown, values: { field } };
    else if (error.status === 409) message = { message: m.keyTaken };
    else if (error.status === 429) message = { message: m.tooMany };
    else message = { message: m.failedLater };
  }
  return { field: target, message };
}

/**
 * docs/product/screens.md /devices/register/{product}: the key (IMSI for FarmCam SIM, IMEI for the others) by barcode scan or
 * typed, the name, and where the product asks for one (SmartPlug2) an optional owner e-mail. Success goes to
 * /devices?id={key}; a failure is shown by the shared handler and here, and what was typed stays.
 */
export function RegisterDevice<P extends ProductId>({ product }: { product: P }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useAtomValue(activeUserAtom);
  const info = PRODUCTS[product];
  const { registration, nameExample } = DEVICE_PRODUCTS[product];
  const field = info.keyField.toUpperCase();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('');
  const form = useFormErrors<Field>(['key', 'name', 'owner']);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const { clear, focus } = form;

  const onFound = useCallback(
    (found: string) => {
      setKey(found);
      clear('key');
    },
    [clear],
  );
  const onManual = useCallback(() => {
    setScanning(false);
    // After the scanner closed, the typed path begins in the key field.
    focus('key');
  }, [focus]);

  const validate = (): boolean => {
    const keyError = info.keyField === 'Imsi' ? checkImsi(key) : checkImei(key);
    const nameError = checkDeviceName(name);
    // Only typed where the product asks for an owner.
    const ownerError = owner.trim() ? checkEmail(normalizeEmail(owner)) : null;
    return form.show({
      key: keyError ? { message: keyError === 'required' ? m.keyRequired : m.keyInvalid, values: { field } } : undefined,
      name:
        nameError === 'required'
          ? { message: m.nameRequired }
          : nameError === 'tooLong'
            ? { message: m.nameTooLong, values: { max: DEVICE_NAME_MAX_LENGTH } }
            : undefined,
      owner: ownerError ? fieldErrorMessage('email', ownerError) : undefined,
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!validate() || !user) return;
    const deviceKey = normalizeDeviceKey(key);
    const deviceName = name.trim();
    setBusy(true);
    try {
      const body = registration.body({ key: deviceKey, name: deviceName, owner: owner.trim() ? normalizeEmail(owner) : '' });
      // Silent: this page says what went wrong, once, in words (docs/product/errors.md).
      await devicesApi.register(user.Id, product, body, { silent: true });
      showToast({ kind: 'success', message: m.registered, values: { name: deviceName } });
      navigate(dashboardPath(deviceKey));
    } catch (error) {
      // 404 unknown key, 409 someone else's, 400 wrong product…: under the field at fault, else above the form;
      // what was typed stays.
      if (error instanceof ApiError) {
        const { field: at, message } = registrationFailure(error, field);
        const text = typeof message === 'string' ? message : message ? t(message.message, message.values) : '';
        if (at) form.show({ [at]: message } as Partial<Record<Field, FieldMessage>>);
        else setFailure(t(m.failed, { reason: text }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t(m.title, { product: info.name })}
      subtitle={t(m.subtitle, { field })}
      back="/devices/register"
      actions={<HelpLink product={product} />}
      narrow
    >
      <Card>
        {scanning ? (
          isNativeApp() ? (
            <NativeScanner onFound={onFound} onManual={onManual} />
          ) : (
            <Scanner onFound={onFound} onManual={onManual} />
          )
        ) : (
          <div className="pd-scanner__actions" style={{ marginBottom: 16 }}>
            <Button icon={icons.barcodeScanner} onClick={() => setScanning(true)}>
              {t(m.scanStart)}
            </Button>
          </div>
        )}
        {failure ? <Alert>{failure}</Alert> : null}
        <form ref={form.formRef} className="pd-form" noValidate onSubmit={(e) => void submit(e)}>
          <TextField label={field} inputMode="numeric" autoComplete="off" hint={t(m.keyHint)} {...form.bind('key', key, setKey)} />
          <TextField
            label={t(m.nameLabel)}
            autoComplete="off"
            maxLength={DEVICE_NAME_MAX_LENGTH}
            hint={t(NAME_EXAMPLES[nameExample])}
            {...form.bind('name', name, setName)}
          />
          {registration.asksOwner ? (
            <TextField
              label={t(m.ownerLabel)}
              type="email"
              autoComplete="email"
              hint={t(m.ownerHint)}
              {...form.bind('owner', owner, setOwner)}
            />
          ) : null}
          <div className="pd-actions">
            <Button type="submit" variant="primary" busy={busy}>
              {t(m.submit)}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
