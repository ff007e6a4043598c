// /admin/fencealarm2/{imei}/fota (docs/product/admin.md): URL (prefilled with the coap:// placeholder) and Checksum, Upload;
// below, the firmware as the device reports it, refreshed while an update is under way.
import { useState, type FormEvent } from 'react';
import { adminApi, showToast } from '@paddock/shared/api';
import {
  FOTA_CHECKSUM_LENGTH,
  FOTA_URL_MAX_LENGTH,
  FOTA_URL_PLACEHOLDER,
  checkFotaChecksum,
  checkFotaUrl,
  type FieldError,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import {
  Actions,
  Button,
  Card,
  LoadedView,
  Page,
  TextField,
  fieldErrorMessage,
  useFormErrors,
  type FieldMessage,
} from '@paddock/shared/ui';
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

export function Fota({ product, deviceKey }: { product: ProductId; deviceKey: string }) {
  const t = useT();
  const m = adminDeviceTexts.messages;
  const c = adminCommonTexts.messages;
  const [url, setUrl] = useState(FOTA_URL_PLACEHOLDER);
  const [checksum, setChecksum] = useState('');
  const [sending, setSending] = useState(false);
  const { formRef, show, bind } = useFormErrors(FIELDS);
  const { loaded, reload } = useAdminDevice(product, deviceKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = show({
      Url: fotaError(checkFotaUrl(url), m.fotaUrlInvalid),
      Checksum: fotaError(checkFotaChecksum(checksum), m.checksumInvalid),
    });
    if (!ok) return;
    setSending(true);
    try {
      await adminApi.configureFota(deviceKey, { Url: url.trim(), Checksum: checksum.trim() });
      showToast({ kind: 'success', message: m.fotaSent });
      // The device now shows the update as requested; the status below follows it.
      reload();
    } catch {
      // the shared failed-reply handler has shown why; the fields keep what was typed
    } finally {
      setSending(false);
    }
  };

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
              {t(m.upload)}
            </Button>
          </Actions>
        </form>
      </Card>
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(device) => <FirmwareStatus device={device} />}
      </LoadedView>
    </Page>
  );
}
