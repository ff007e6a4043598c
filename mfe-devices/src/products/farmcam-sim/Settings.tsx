import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { billingApi, newIdempotencyKey, showToast, usePriceFormat, usePrices } from '@paddock/shared/api';
import {
  DATA_ALERT_THRESHOLD_MB_MAX,
  DATA_ALERT_THRESHOLD_MB_MIN,
  EXTRA_DATA_BYTES,
  dataAmount,
  dataAlertOf,
  isDeviceOwner,
  parseDataAlertThreshold,
  priceText,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Button, Checkbox, ConfirmDialog, TextField, icons, useActionFailure } from '@paddock/shared/ui';
import {
  AlarmsInactiveNote,
  SettingsFrame,
  SettingsSection,
  focusControl,
  settingsPage,
  useSubscriptionActive,
  type ProductFields,
  type SettingsPageProps,
} from '../../settings';
import { useEmbedded } from '../../embed/embedded';
import { farmcamSimTexts } from './messages';

const m = farmcamSimTexts.messages;

/** The threshold input's name (focused when it is invalid on Save). */
const THRESHOLD_INPUT = 'dataAlertThreshold';

/**
 * docs/product/screens.md FarmCam SIM edit screen: the remaining data (MB) with "Buy extra data" (owner only; confirm dialog
 * with the price ex VAT in the user's currency, then the purchase), the owner's data alert (docs/product/products/farmcam-sim.md
 * Data alert: on/off and a threshold in MB, sent only when changed), then the common parts with the plan selector.
 */
function FarmcamSimSettings({ device }: SettingsPageProps<'farmcam-sim'>) {
  const t = useT();
  const intl = useIntl();
  const user = useAtomValue(activeUserAtom);
  const prices = usePrices();
  const formatPrice = usePriceFormat();
  const isOwner = isDeviceOwner(user?.Email, device.Metadata.OwnerEmail);
  // A purchase is not made from a partner's page (docs/product/embedding.md): the owner buys in Paddock itself.
  const embedded = useEmbedded();
  const active = useSubscriptionActive(device.Subscription);
  const storedAlert = dataAlertOf(device);
  const [alertOn, setAlertOn] = useState(storedAlert.Enabled);
  const [threshold, setThreshold] = useState(String(storedAlert.ThresholdMb));
  const [showAlertError, setShowAlertError] = useState(false);
  const thresholdMb = parseDataAlertThreshold(threshold);
  const canSetAlert = isOwner && active;
  // The SIM as the purchase returned it: the same representation as GET, so the screen shows the reloaded device.
  const [remainingData, setRemainingData] = useState(device.RemainingData);
  // One key per purchase the user starts (docs/product/api.md Purchases): a double click or retry sends it again.
  const [purchase, setPurchase] = useState<{ key: string; busy: boolean } | null>(null);
  // A declined card is said in the open dialog (docs/product/errors.md Dialogs).
  const purchaseFailure = useActionFailure();

  useEffect(() => setRemainingData(device.RemainingData), [device.RemainingData]);

  const price = prices.state === 'ready' ? priceText(prices.prices, 'FarmcamSimExtraData', prices.currency) : null;
  // One unit rule for data (docs/product/products/farmcam-sim.md), as on the dashboard card.
  const dataText = (bytes: number) => {
    const { value, ...unit } = dataAmount(bytes);
    return intl.formatNumber(value, { style: 'unit', ...unit });
  };
  const size = dataText(EXTRA_DATA_BYTES);

  async function buy() {
    if (!purchase || purchase.busy) return;
    setPurchase({ ...purchase, busy: true });
    purchaseFailure.clear();
    try {
      const sim = await billingApi.buyExtraData(device.Imsi, purchase.key, { silent: true });
      setRemainingData(sim.RemainingData);
      showToast({ kind: 'success', text: t(m.extraDataBought, { size }) });
      setPurchase(null);
    } catch (error) {
      // Said in the dialog, which stays open with the same key for a retry.
      purchaseFailure.fail(error);
      setPurchase((current) => (current ? { ...current, busy: false } : null));
    }
  }

  // Only the owner sets the alert, and only while the subscription is active; unchanged, nothing is sent.
  const collect = (): ProductFields<'farmcam-sim'> | null => {
    if (!canSetAlert) return {};
    if (thresholdMb === null) {
      setShowAlertError(true);
      focusControl(THRESHOLD_INPUT);
      return null;
    }
    if (alertOn === storedAlert.Enabled && thresholdMb === storedAlert.ThresholdMb) return {};
    return { DataAlert: { Enabled: alertOn, ThresholdMb: thresholdMb } };
  };

  const thresholdError =
    showAlertError && thresholdMb === null
      ? {
          message: m.thresholdInvalid,
          values: { min: intl.formatNumber(DATA_ALERT_THRESHOLD_MB_MIN), max: intl.formatNumber(DATA_ALERT_THRESHOLD_MB_MAX) },
        }
      : null;

  return (
    <SettingsFrame product="farmcam-sim" device={device} collect={collect}>
      <SettingsSection title={t(m.dataHeading)}>
        <p className="pd-settings__data">
          <span className="pd-settings__data-label">{t(m.remainingData)}</span>
          <span className="pd-settings__data-value" data-testid="remaining-data">
            {dataText(remainingData)}
          </span>
        </p>
        <div className="pd-settings__inline">
          <Button
            icon={icons.addCircle}
            disabled={!isOwner || embedded || !price}
            busy={purchase?.busy}
            onClick={() => setPurchase({ key: newIdempotencyKey(), busy: false })}
          >
            {t(m.buyExtraData)}
          </Button>
        </div>
        {!isOwner ? (
          <p className="pd-settings__text">{t(m.buyExtraDataOwnerOnly)}</p>
        ) : embedded ? (
          <p className="pd-settings__text">{t(m.buyExtraDataInPaddock)}</p>
        ) : null}
      </SettingsSection>
      <SettingsSection title={t(m.dataAlertHeading)}>
        <AlarmsInactiveNote active={active} />
        <Checkbox
          role="switch"
          name="dataAlertEnabled"
          label={t(m.dataAlertSwitch)}
          checked={active && alertOn}
          disabled={!canSetAlert}
          onChange={(e) => setAlertOn(e.target.checked)}
        />
        <TextField
          label={t(m.thresholdLabel)}
          name={THRESHOLD_INPUT}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          hint={t(m.thresholdHint, {
            min: intl.formatNumber(DATA_ALERT_THRESHOLD_MB_MIN),
            max: intl.formatNumber(DATA_ALERT_THRESHOLD_MB_MAX),
          })}
          disabled={!canSetAlert}
          value={threshold}
          error={thresholdError}
          onChange={(e) => setThreshold(e.target.value.replace(/\D/g, ''))}
          onBlur={() => setShowAlertError(true)}
        />
        {isOwner ? null : <p className="pd-settings__text">{t(m.dataAlertOwnerOnly)}</p>}
      </SettingsSection>
      <ConfirmDialog
        open={purchase !== null}
        title={t(m.buyExtraDataTitle)}
        confirmLabel={t(m.buyExtraDataConfirm)}
        busy={purchase?.busy}
        error={purchaseFailure.failure}
        onConfirm={() => void buy()}
        onCancel={() => {
          if (purchase?.busy) return;
          setPurchase(null);
          purchaseFailure.clear();
        }}
      >
        <p>{t(m.buyExtraDataText, { size, name: device.Metadata.Name, price: price ? formatPrice(price) : '' })}</p>
      </ConfirmDialog>
    </SettingsFrame>
  );
}

export default settingsPage([farmcamSimTexts], FarmcamSimSettings);
