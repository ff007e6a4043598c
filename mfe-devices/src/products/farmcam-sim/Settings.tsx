import { useIntl } from 'react-intl';
import { bytesToMb } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { SettingsFrame, SettingsSection, settingsPage, type SettingsPageProps } from '../../settings';
import { farmcamSimTexts } from './messages';

const m = farmcamSimTexts.messages;

/**
 * docs/product/screens.md FarmCam SIM edit screen: the remaining data (MB, docs/product/devices.md, docs/product/limits.md), then the common parts. Buying extra data
 * and choosing the next plan need prices and payment; they arrive with the billing screens, so no dead button here.
 */
function FarmcamSimSettings({ device }: SettingsPageProps<'farmcam-sim'>) {
  const t = useT();
  const intl = useIntl();
  return (
    <SettingsFrame product="farmcam-sim" device={device}>
      <SettingsSection title={t(m.dataHeading)}>
        <p className="pd-settings__data">
          <span className="pd-settings__data-label">{t(m.remainingData)}</span>
          <span className="pd-settings__data-value" data-testid="remaining-data">
            {intl.formatNumber(bytesToMb(device.RemainingData), { style: 'unit', unit: 'megabyte' })}
          </span>
        </p>
      </SettingsSection>
    </SettingsFrame>
  );
}

export default settingsPage([farmcamSimTexts], FarmcamSimSettings);
