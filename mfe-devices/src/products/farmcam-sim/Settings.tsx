import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { billingApi, newIdempotencyKey, showToast, usePriceFormat, usePrices } from '@paddock/shared/api';
import { EXTRA_DATA_BYTES, bytesToMb, isDeviceOwner, priceText } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Button, ConfirmDialog } from '@paddock/shared/ui';
import { SettingsFrame, SettingsSection, settingsPage, type SettingsPageProps } from '../../settings';
import { farmcamSimTexts } from './messages';

const m = farmcamSimTexts.messages;

/**
 * docs/product/screens.md FarmCam SIM edit screen: the remaining data (MB) with "Buy extra data" (owner only; confirm dialog
 * with the price ex VAT in the user's currency, then the purchase), then the common parts with the plan selector.
 */
function FarmcamSimSettings({ device }: SettingsPageProps<'farmcam-sim'>) {
  const t = useT();
  const intl = useIntl();
  const user = useAtomValue(activeUserAtom);
  const prices = usePrices();
  const formatPrice = usePriceFormat();
  const isOwner = isDeviceOwner(user?.Email, device.Metadata.OwnerEmail);
  // The SIM as the purchase returned it: the same representation as GET, so the screen shows the reloaded device.
  const [remainingData, setRemainingData] = useState(device.RemainingData);
  // One key per purchase the user starts (docs/product/api.md Purchases): a double click or retry sends it again.
  const [purchase, setPurchase] = useState<{ key: string; busy: boolean } | null>(null);

  useEffect(() => setRemainingData(device.RemainingData), [device.RemainingData]);

  const price = prices.state === 'ready' ? priceText(prices.prices, 'FarmcamSimExtraData', prices.currency) : null;
  const size = intl.formatNumber(EXTRA_DATA_BYTES / 1e9, { style: 'unit', unit: 'gigabyte' });

  async function buy() {
    if (!purchase || purchase.busy) return;
    setPurchase({ ...purchase, busy: true });
    try {
      const sim = await billingApi.buyExtraData(device.Imsi, purchase.key);
      setRemainingData(sim.RemainingData);
      showToast({ kind: 'success', text: t(m.extraDataBought, { size }) });
      setPurchase(null);
    } catch {
      // The shared failed-reply handler has shown why; the dialog stays open with the same key for a retry.
      setPurchase((current) => (current ? { ...current, busy: false } : null));
    }
  }

  return (
    <SettingsFrame product="farmcam-sim" device={device}>
      <SettingsSection title={t(m.dataHeading)}>
        <p className="pd-settings__data">
          <span className="pd-settings__data-label">{t(m.remainingData)}</span>
          <span className="pd-settings__data-value" data-testid="remaining-data">
            {intl.formatNumber(bytesToMb(remainingData), { style: 'unit', unit: 'megabyte' })}
          </span>
        </p>
        <div className="pd-settings__inline">
          <Button
            icon="add-circle"
            disabled={!isOwner || !price}
            busy={purchase?.busy}
            onClick={() => setPurchase({ key: newIdempotencyKey(), busy: false })}
          >
            {t(m.buyExtraData)}
          </Button>
        </div>
        {isOwner ? null : <p className="pd-settings__text">{t(m.buyExtraDataOwnerOnly)}</p>}
      </SettingsSection>
      <ConfirmDialog
        open={purchase !== null}
        title={t(m.buyExtraDataTitle)}
        confirmLabel={t(m.buyExtraDataConfirm)}
        busy={purchase?.busy}
        onConfirm={() => void buy()}
        onCancel={() => setPurchase((current) => (current?.busy ? current : null))}
      >
        <p>{t(m.buyExtraDataText, { size, name: device.Metadata.Name, price: price ? formatPrice(price) : '' })}</p>
      </ConfirmDialog>
    </SettingsFrame>
  );
}

export default settingsPage([farmcamSimTexts], FarmcamSimSettings);
