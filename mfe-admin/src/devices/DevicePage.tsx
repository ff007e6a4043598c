// /admin/{product}/{key} (docs/product/admin.md): the device as labelled values (the JSON behind a toggle) and what
// staff can do to it — act as its owner, add a trial, cancel the subscription, and per the product's capabilities
// configure FOTA or reset consumption.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { adminApi, ApiError, failureText, showToast } from '@paddock/shared/api';
import { HISTORY_UNITS, PRODUCT_INFO, type DeviceOf, type ProductId } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, Card, ConfirmDialog, Dialog, LoadedView, Page, icons, useActionFailure } from '@paddock/shared/ui';
import { DetailList } from '../common/Details';
import { adminCommonTexts } from '../common/messages';
import { RawData } from '../common/RawData';
import { useImpersonate } from '../common/useImpersonate';
import { adminDevicePath, adminProductPath } from './adminPaths';
import { impersonateKeyOf } from './capabilities';
import { DeviceDetails } from './DeviceDetails';
import { FirmwareStatus } from './FirmwareStatus';
import { adminDeviceTexts } from './messages';
import { BYTES_PER_MB, trialAddedOf, type TrialAdded } from './trial';
import { useAdminDevice } from './useAdminDevice';

export function DevicePage({ product, deviceKey }: { product: ProductId; deviceKey: string }) {
  const t = useT();
  const m = adminDeviceTexts.messages;
  const c = adminCommonTexts.messages;
  const info = PRODUCT_INFO[product];
  const { loaded, reload, replace } = useAdminDevice(product, deviceKey);
  const impersonate = useImpersonate();
  const trialAdded = trialAddedOf(useLocation().state);
  const owner = loaded.state === 'ready' ? (loaded.value as { Metadata?: { OwnerEmail?: string } }).Metadata?.OwnerEmail : undefined;

  return (
    <Page
      title={t(m.deviceTitle, { product: info.name, key: deviceKey })}
      subtitle={owner ? <span className="pd-admin-break">{t(m.ownerLine, { email: owner })}</span> : undefined}
      back={adminProductPath(product)}
    >
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(device) => (
          <>
            <Actions>
              <Button
                variant="primary"
                icon={icons.login}
                busy={impersonate.busy}
                onClick={() => void impersonate.start(impersonateKeyOf(product), deviceKey)}
              >
                {t(c.impersonateOwner)}
              </Button>
              <Link className="pd-btn pd-btn--secondary" to={adminDevicePath(product, deviceKey, 'add-trial')}>
                {t(m.addTrial)}
              </Link>
              <CancelSubscription product={product} deviceKey={deviceKey} onDone={(d) => (d ? replace(d) : reload())} />
              {info.firmwareUpdates ? (
                <Link className="pd-btn pd-btn--secondary" to={adminDevicePath(product, deviceKey, 'fota')}>
                  {t(m.configureFota)}
                </Link>
              ) : null}
            </Actions>
            {trialAdded ? <TrialAddedNote added={trialAdded} /> : null}
            {info.consumptionReset ? <ConsumptionReset deviceKey={deviceKey} /> : null}
            <DeviceDetails product={product} deviceKey={deviceKey} device={device} />
            {info.firmwareUpdates ? <FirmwareStatus device={device} /> : null}
          </>
        )}
      </LoadedView>
    </Page>
  );
}

/** What Add trial just did: the days (and a SIM's data) added, and the expiry it moved to. */
function TrialAddedNote({ added }: { added: TrialAdded }) {
  const t = useT();
  const intl = useIntl();
  const m = adminDeviceTexts.messages;
  const values = { days: added.Days, date: intl.formatDate(added.ExpiresAt, { dateStyle: 'medium' }) };
  return (
    <Alert kind="info">
      {added.Bytes === undefined
        ? t(m.trialAddedDays, values)
        : t(m.trialAddedData, { ...values, data: intl.formatNumber(added.Bytes / BYTES_PER_MB) })}
    </Alert>
  );
}

/** Cancel subscription behind a confirmation whose buttons cannot be mistaken for each other ("Keep it" / "End subscription"). */
function CancelSubscription<P extends ProductId>({
  product,
  deviceKey,
  onDone,
}: {
  product: P;
  deviceKey: string;
  onDone: (device: DeviceOf<P> | undefined) => void;
}) {
  const t = useT();
  const m = adminDeviceTexts.messages;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // docs/product/errors.md Dialogs: why it failed is said in the dialog, which stays open to try again.
  const failure = useActionFailure();
  const close = () => {
    setOpen(false);
    failure.clear();
  };
  const confirm = async () => {
    setBusy(true);
    failure.clear();
    try {
      const device = await adminApi.cancelSubscription(product, deviceKey, { silent: true });
      close();
      showToast({ kind: 'success', message: m.cancelled });
      onDone(device);
    } catch (error) {
      failure.fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t(m.cancelSubscription)}
      </Button>
      <Dialog
        open={open}
        title={t(m.cancelConfirmTitle, { product: PRODUCT_INFO[product].name, key: deviceKey })}
        onClose={close}
        error={failure.failure}
        actions={
          <>
            <Button onClick={close}>{t(m.keepSubscription)}</Button>
            <Button variant="danger" busy={busy} onClick={() => void confirm()}>
              {t(m.cancelDo)}
            </Button>
          </>
        }
      >
        <p>{t(m.cancelConfirmText)}</p>
      </Dialog>
    </>
  );
}

/** SmartPlug: reset its consumption counter; shows the plug's answer, or why it failed (408: it did not answer, 502: it refused). */
function ConsumptionReset({ deviceKey }: { deviceKey: string }) {
  const t = useT();
  const m = adminDeviceTexts.messages;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ answer: unknown } | null>(null);
  // docs/product/errors.md Dialogs: a failure is said in the dialog, which stays open to try again.
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setOutcome(null);
    setFailure(null);
    try {
      const answer = await adminApi.resetConsumption(deviceKey, { silent: true });
      setOutcome({ answer: answer ?? null });
      setOpen(false);
    } catch (error) {
      setFailure(t(m.resetFailed, { reason: resetFailure(error, t) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Actions>
        <Button icon={icons.electricBolt} busy={busy} onClick={() => setOpen(true)}>
          {t(m.resetConsumption)}
        </Button>
      </Actions>
      <ConfirmDialog
        open={open}
        title={t(m.resetConfirmTitle, { key: deviceKey })}
        confirmLabel={t(m.resetDo)}
        danger
        busy={busy}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setFailure(null);
        }}
      >
        <p>{t(m.resetConfirmText)}</p>
      </ConfirmDialog>
      {outcome ? <PlugAnswer answer={outcome.answer} /> : null}
    </>
  );
}

/** The plug's answer to a reset: its counter now, when it says, and the whole answer behind the raw-data toggle. */
function PlugAnswer({ answer }: { answer: unknown }) {
  const t = useT();
  const intl = useIntl();
  const m = adminDeviceTexts.messages;
  const consumption = (answer as { Consumption?: unknown } | null)?.Consumption;
  return (
    <Card aria-label={t(m.plugAnswer)}>
      <h2>{t(m.plugAnswer)}</h2>
      {typeof consumption === 'number' ? (
        <DetailList
          items={[
            {
              id: 'consumption',
              label: t(m.consumption),
              value: t(m.valueUnit, { value: intl.formatNumber(consumption), unit: HISTORY_UNITS.consumption }),
            },
          ]}
        />
      ) : null}
      <RawData value={answer} name={t(m.plugAnswer)} />
    </Card>
  );
}

/** The words of a failed reset: the server's message with the status (408, 502…), else the shared handler's text. */
function resetFailure(error: unknown, t: ReturnType<typeof useT>): string {
  if (!(error instanceof ApiError)) return String(error);
  if (error.serverMessage.trim()) return `${error.status}: ${error.serverMessage.trim()}`;
  const text = failureText(error.status, error.statusText, error.body);
  return t(text.message, text.values);
}
