// /admin/fencealarm2/{imei}/fota (docs/product/admin.md): URL (prefilled with the coap:// placeholder) and Checksum, Update
// firmware, which asks first naming the device and the image; below, the firmware as the device reports it, refreshed
// while an update is under way.
import { useState, type FormEvent } from 'react';
import { adminApi, showToast } from '@paddock/shared/api';
import {
  FOTA_CHECKSUM_LENGTH,
  FOTA_URL_MAX_LENGTH,
  FOTA_URL_PLACEHOLDER,
  checkFotaChecksum,
  checkFotaUrl,
  PRODUCT_INFO,
  type FieldError,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import {
  Actions,
  Button,
  Card,
  ConfirmDialog,
  LoadedView,
  Page,
  TextField,
  fieldErrorMessage,
  useActionFailure,
  useFormErrors,
  type FieldMessage,
} from '@paddock/shared/ui';
import type { Fencealarm2 } from '@paddock/shared/contract';
import type { MessageDescriptor } from 'react-intl';
import { adminCommonTexts } from '../common/messages';
import { adminDevicePath } from './adminPaths';
import { FirmwareStatus } from './FirmwareStatus';
import { adminDeviceTexts } from './messages';
import { useAdminDevice } from './useAdminDevice';

const FIELDS = ['Url', 'Checksum'] as const;

/** 'required' and 'tooLong' in the shared words, 'invalid' in the field's own. */
function fotaError(error: FieldError, invalid: MessageDescriptor): FieldMessage {
  return error === 'invalid' ? { message: invalid } : fieldErrorMessage('text', error);
}

/** The image an update URL names (its last path segment, usually with the version in it), else the whole URL. */
export function fotaImageName(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : '';
  const last = path.split('/').filter(Boolean).pop();
  if (!last) return url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export function Fota({ product, deviceKey }: { product: ProductId; deviceKey: string }) {
  const t = useT();
  const m = adminDeviceTexts.messages;
  const c = adminCommonTexts.messages;
  const [url, setUrl] = useState(FOTA_URL_PLACEHOLDER);
  const [checksum, setChecksum] = useState('');
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // docs/product/errors.md Dialogs: why it failed is said in the dialog, which stays open to try again.
  const failure = useActionFailure();
  const { formRef, show, bind } = useFormErrors(FIELDS);
  const { loaded, reload } = useAdminDevice(product, deviceKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = show({
      Url: fotaError(checkFotaUrl(url), m.fotaUrlInvalid),
      Checksum: fotaError(checkFotaChecksum(checksum), m.checksumInvalid),
    });
    if (ok) setConfirming(true);
  };
  const cancel = () => {
    setConfirming(false);
    failure.clear();
  };
  const send = async () => {
    setSending(true);
    failure.clear();
    try {
      await adminApi.configureFota(deviceKey, { Url: url.trim(), Checksum: checksum.trim() }, { silent: true });
      setConfirming(false);
      showToast({ kind: 'success', message: m.fotaSent });
      // The device now shows the update as requested; the status below follows it.
      reload();
    } catch (error) {
      // said in the dialog; the fields keep what was typed
      failure.fail(error);
    } finally {
      setSending(false);
    }
  };
  const running = loaded.state === 'ready' ? (loaded.value as Partial<Fencealarm2>).Firmware?.Version : undefined;

  return (
    <Page title={t(m.fotaTitle, { key: deviceKey })} back={adminDevicePath(product, deviceKey)} narrow>
      <Card>
        <form ref={formRef} className="pd-form" noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            label={t(m.fotaUrl)}
            hint={t(m.fotaUrlHint)}
            type="url"
            autoComplete="off"
            maxLength={FOTA_URL_MAX_LENGTH}
            {...bind('Url', url, setUrl)}
          />
          <TextField
            label={t(m.checksum)}
            hint={t(m.checksumHint)}
            autoComplete="off"
            spellCheck={false}
            maxLength={FOTA_CHECKSUM_LENGTH}
            {...bind('Checksum', checksum, setChecksum)}
          />
          <Actions>
            <Button type="submit" variant="primary" busy={sending}>
              {t(m.updateFirmware)}
            </Button>
          </Actions>
        </form>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t(m.fotaConfirmTitle, { product: PRODUCT_INFO[product].name, key: deviceKey })}
        confirmLabel={t(m.updateFirmware)}
        busy={sending}
        error={failure.failure}
        onConfirm={() => void send()}
        onCancel={cancel}
      >
        <p className="pd-admin-break">{t(m.fotaConfirmImage, { image: fotaImageName(url.trim()) })}</p>
        <p>{running ? t(m.fotaConfirmRunning, { version: running }) : t(m.firmwareUnknown)}</p>
        <p>
          {t(m.fotaConfirmText)} <span className="pd-admin-break">{url.trim()}</span>
        </p>
      </ConfirmDialog>
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(device) => <FirmwareStatus device={device} />}
      </LoadedView>
    </Page>
  );
}
