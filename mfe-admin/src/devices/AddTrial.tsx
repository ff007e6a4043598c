// /admin/{product}/{key}/add-trial (docs/product/admin.md Trials): FarmCam SIM Data (MB) and Days, the others Days;
// then back to the device page, which says what was added and the new expiry.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminApi, showToast, type TrialBodyOf } from '@paddock/shared/api';
import { PRODUCT_INFO, TRIAL_BYTES_MAX, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN, checkTrialDataMb, checkTrialDays, type ProductId } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Button, Card, Page, TextField, uiTexts, useFormErrors, type FieldMessage } from '@paddock/shared/ui';
import { useIntl } from 'react-intl';
import { adminDevicePath } from './adminPaths';
import { adminDeviceTexts } from './messages';
import { BYTES_PER_MB, trialBody, type TrialAdded } from './trial';

const FIELDS = ['DataMb', 'Days'] as const;

export function AddTrial({ product, deviceKey }: { product: ProductId; deviceKey: string }) {
  const t = useT();
  const intl = useIntl();
  const m = adminDeviceTexts.messages;
  const navigate = useNavigate();
  const withData = PRODUCT_INFO[product].trialData;
  const [dataMb, setDataMb] = useState('');
  const [days, setDays] = useState('');
  const [saving, setSaving] = useState(false);
  const { formRef, show, bind } = useFormErrors(FIELDS);
  const back = adminDevicePath(product, deviceKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const daysError: FieldMessage = checkTrialDays(days)
      ? { message: m.trialDaysInvalid, values: { min: TRIAL_DAYS_MIN, max: TRIAL_DAYS_MAX } }
      : null;
    const dataError: FieldMessage =
      withData && checkTrialDataMb(dataMb)
        ? { message: m.trialDataInvalid, values: { max: intl.formatNumber(TRIAL_BYTES_MAX / BYTES_PER_MB) } }
        : null;
    if (!show({ DataMb: dataError, Days: daysError })) return;
    setSaving(true);
    try {
      const body = trialBody(days, withData ? dataMb : null);
      const device = await adminApi.addTrial(product, deviceKey, body as TrialBodyOf<typeof product>);
      const ExpiresAt = (device as { Subscription?: { ExpiresAt?: string } } | undefined)?.Subscription?.ExpiresAt;
      // The device page says what was added and until when; a toast is gone too soon to read it.
      if (ExpiresAt) navigate(back, { state: { trialAdded: { ...body, ExpiresAt } satisfies TrialAdded } });
      else {
        showToast({ kind: 'success', message: m.trialAdded });
        navigate(back);
      }
    } catch {
      // the shared failed-reply handler has shown why; what was typed stays
      setSaving(false);
    }
  };

  return (
    <Page title={t(m.trialTitle, { key: deviceKey })} back={back} narrow>
      <Card>
        <form ref={formRef} className="pd-form" noValidate onSubmit={(e) => void submit(e)}>
          {withData ? (
            <TextField
              label={t(m.trialDataMb)}
              hint={t(m.trialDataHint)}
              inputMode="numeric"
              autoComplete="off"
              {...bind('DataMb', dataMb, setDataMb)}
            />
          ) : null}
          <TextField label={t(m.trialDays)} inputMode="numeric" autoComplete="off" {...bind('Days', days, setDays)} />
          <Actions>
            <Button type="submit" variant="primary" busy={saving}>
              {t(m.addTrial)}
            </Button>
            <Button onClick={() => navigate(back)}>{t(uiTexts.messages.cancel)}</Button>
          </Actions>
        </form>
      </Card>
    </Page>
  );
}
