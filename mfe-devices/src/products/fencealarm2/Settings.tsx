import { useState } from 'react';
import { useIntl } from 'react-intl';
import { FENCEALARM2_THRESHOLDS, approximateThousand, type Fencealarm2Threshold } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import {
  AlarmsInactiveNote,
  OwnerOnlyNote,
  SettingsFrame,
  SettingsSection,
  VoltageAlarmSelect,
  useIsDeviceOwner,
  useSubscriptionActive,
  settingsPage,
  type ProductFields,
  type SettingsPageProps,
} from '../../settings';
import { fencealarm2Texts } from './messages';

const m = fencealarm2Texts.messages;
/** The threshold saved with the alarm switched off when the device's own is not one of the choices (server default). */
const FALLBACK_THRESHOLD: Fencealarm2Threshold = FENCEALARM2_THRESHOLDS[3];

const isThreshold = (value: number): value is Fencealarm2Threshold => (FENCEALARM2_THRESHOLDS as readonly number[]).includes(value);

/**
 * docs/product/screens.md FenceAlarm2 settings: the voltage alarm (Off or one of the device's thresholds, labelled '≈{thousand} V'),
 * then the common parts. Body {VoltageAlarm {Enabled, Threshold}, Metadata {…}} (docs/product/api.md).
 */
function Fencealarm2Settings({ device }: SettingsPageProps<'fencealarm2'>) {
  const t = useT();
  const intl = useIntl();
  const active = useSubscriptionActive(device.Subscription);
  const isOwner = useIsDeviceOwner(device.Metadata.OwnerEmail);
  const [alarmOn, setAlarmOn] = useState(device.VoltageAlarm.Enabled);
  const [threshold, setThreshold] = useState<Fencealarm2Threshold>(
    isThreshold(device.VoltageAlarm.Threshold) ? device.VoltageAlarm.Threshold : FALLBACK_THRESHOLD,
  );

  // Without an active subscription the select is disabled: the alarm the user had set is left as it is. The alarm is the
  // owner's (docs/product/roles.md): anyone else sends none.
  const collect = (): ProductFields<'fencealarm2'> =>
    active && isOwner ? { VoltageAlarm: { Enabled: alarmOn, Threshold: threshold } } : {};

  return (
    <SettingsFrame product="fencealarm2" device={device} collect={collect}>
      <SettingsSection title={t(m.voltageAlarmHeading)}>
        <AlarmsInactiveNote active={active} />
        <OwnerOnlyNote isOwner={isOwner} />
        <VoltageAlarmSelect
          label={t(m.thresholdLabel)}
          hint={t(m.thresholdHint)}
          levels={FENCEALARM2_THRESHOLDS}
          labelOf={(value) => t(m.approxVolts, { value: intl.formatNumber(approximateThousand(value)) })}
          enabled={alarmOn}
          level={threshold}
          active={active}
          readOnly={!isOwner}
          onChange={(on, value) => {
            setAlarmOn(on);
            setThreshold(value);
          }}
        />
      </SettingsSection>
    </SettingsFrame>
  );
}

export default settingsPage([fencealarm2Texts], Fencealarm2Settings);
