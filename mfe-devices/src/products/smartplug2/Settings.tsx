import { useState } from 'react';
import { useT } from '@paddock/shared/i18n';
import {
  AlarmsInactiveNote,
  OwnerOnlyNote,
  SettingsFrame,
  SettingsSection,
  focusControl,
  useIsDeviceOwner,
  useSubscriptionActive,
  settingsPage,
} from '../../settings';
import type { ProductFields, SettingsPageProps } from '../../settings';
import { AlarmSelect, BoundsFields, SwitchField, TimerRulesEditor, rulesTexts, useBoundsDraft, useTimerDraft } from '../../settings/rules';
import { smartplug2Texts } from './messages';

const m = smartplug2Texts.messages;

/**
 * docs/product/screens.md SmartPlug2 settings: auditory feedback, the power-load alarm limits (0–3700 W, kept by the plug
 * itself), the power-failure, power-load and consumption notifications, the timer, then the common parts. The
 * notifications need an active subscription (disabled, Off and not sent without one). OutputPower is never sent
 * from here: the dashboard's power toggle owns it.
 */
function Smartplug2Settings({ device }: SettingsPageProps<'smartplug2'>) {
  const t = useT();
  const active = useSubscriptionActive(device.Subscription);
  // docs/product/roles.md "Alarms and sharing": the power-load limits and the notifications are the owner's.
  const isOwner = useIsDeviceOwner(device.Metadata.OwnerEmail);
  const [auditory, setAuditory] = useState(device.DeviceConfig.AuditoryFeedback);
  const powerLoad = useBoundsDraft('load', 'powerLoad', device.DeviceConfig.PowerLoadAlarm);
  const [powerFailureOn, setPowerFailureOn] = useState(device.PowerFailureNotification.Enabled);
  const [powerLoadOn, setPowerLoadOn] = useState(device.PowerLoadAlarmNotification.Enabled);
  const [consumptionOn, setConsumptionOn] = useState(device.ConsumptionNotification.Enabled);
  const timer = useTimerDraft(device.Timer);
  const [showErrors, setShowErrors] = useState(false);

  const collect = (): ProductFields<'smartplug2'> | null => {
    if (!isOwner) return { DeviceConfig: { AuditoryFeedback: auditory }, Timer: timer.saved() };
    const bounds = powerLoad.saved();
    if (!bounds) {
      setShowErrors(true);
      focusControl(powerLoad.firstInvalid()!);
      return null;
    }
    return {
      DeviceConfig: { AuditoryFeedback: auditory, PowerLoadAlarm: bounds },
      // Without an active subscription the notifications are left as the user had set them.
      ...(active
        ? {
            PowerFailureNotification: { Enabled: powerFailureOn },
            PowerLoadAlarmNotification: { Enabled: powerLoadOn },
            ConsumptionNotification: { Enabled: consumptionOn },
          }
        : {}),
      Timer: timer.saved(),
    };
  };

  const notifications = [
    {
      name: 'powerFailureNotification',
      label: m.powerFailureLabel,
      hint: m.powerFailureHint,
      enabled: powerFailureOn,
      onChange: setPowerFailureOn,
    },
    { name: 'powerLoadNotification', label: m.powerLoadLabel, hint: m.powerLoadHint, enabled: powerLoadOn, onChange: setPowerLoadOn },
    {
      name: 'consumptionNotification',
      label: m.consumptionLabel,
      hint: m.consumptionHint,
      enabled: consumptionOn,
      onChange: setConsumptionOn,
    },
  ];

  return (
    <SettingsFrame product="smartplug2" device={device} collect={collect}>
      <SettingsSection title={t(m.plugHeading)}>
        <SwitchField
          name="auditoryFeedback"
          label={t(m.auditoryLabel)}
          hint={t(m.auditoryHint)}
          checked={auditory}
          onChange={setAuditory}
        />
      </SettingsSection>
      <SettingsSection title={t(m.powerLoadHeading)}>
        <p className="pd-field__hint">{t(m.powerLoadIntro)}</p>
        <OwnerOnlyNote isOwner={isOwner} />
        <BoundsFields {...powerLoad.fields} showErrors={showErrors} disabled={!isOwner} />
      </SettingsSection>
      <SettingsSection title={t(m.notificationsHeading)}>
        <AlarmsInactiveNote active={active} />
        <OwnerOnlyNote isOwner={isOwner} />
        {notifications.map(({ label, hint, ...notification }) => (
          <AlarmSelect key={notification.name} {...notification} label={t(label)} hint={t(hint)} active={active} readOnly={!isOwner} />
        ))}
      </SettingsSection>
      <TimerRulesEditor {...timer.editor} />
    </SettingsFrame>
  );
}

export default settingsPage([rulesTexts, smartplug2Texts], Smartplug2Settings);
