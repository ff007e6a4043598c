import { Fragment, useState } from 'react';
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
import { AlarmSelect, BoundsFields, SwitchField, ThermostatRulesEditor, TimerRulesEditor, rulesTexts } from '../../settings/rules';
import { useBoundsDraft, useThermostatDraft, useTimerDraft } from '../../settings/rules';
import { smartplugTexts } from './messages';

const m = smartplugTexts.messages;

/**
 * docs/product/screens.md SmartPlug settings: beep, power-failure alarm, load alarm (0–3700 W), temperature-range alarm
 * (-20–70 °C), timer rules and thermostat rules, then the common parts. Without an active subscription the alarm
 * selects are disabled and show Off, their limits cannot be edited, and the alarms are left out of the body.
 */
function SmartplugSettings({ device }: SettingsPageProps<'smartplug'>) {
  const t = useT();
  const active = useSubscriptionActive(device.Subscription);
  // docs/product/roles.md "Alarms and sharing": the alarms are the owner's; the beep, timer and thermostat anyone's.
  const isOwner = useIsDeviceOwner(device.Metadata.OwnerEmail);
  const [beep, setBeep] = useState(device.BeepEnabled);
  const [powerFailureOn, setPowerFailureOn] = useState(device.PowerFailureAlarm.Enabled);
  const [loadOn, setLoadOn] = useState(device.LoadAlarm.Enabled);
  const load = useBoundsDraft('load', 'load', device.LoadAlarm);
  const [temperatureOn, setTemperatureOn] = useState(device.TemperatureRangeAlarm.Enabled);
  const temperature = useBoundsDraft('temperature', 'temperature', device.TemperatureRangeAlarm);
  const timer = useTimerDraft(device.Timer);
  const thermostat = useThermostatDraft(device.Thermostat);
  const [showErrors, setShowErrors] = useState(false);

  const collect = (): ProductFields<'smartplug'> | null => {
    const fields: ProductFields<'smartplug'> = { BeepEnabled: beep, Timer: timer.saved(), Thermostat: thermostat.saved() };
    // Without an active subscription the alarms are left as the user had set them; anyone but the owner sends none.
    if (!active || !isOwner) return fields;
    const loadBounds = load.saved();
    const temperatureBounds = temperature.saved();
    if (!loadBounds || !temperatureBounds) {
      setShowErrors(true);
      focusControl((load.firstInvalid() ?? temperature.firstInvalid())!);
      return null;
    }
    return {
      ...fields,
      PowerFailureAlarmEnabled: powerFailureOn,
      LoadAlarm: { Enabled: loadOn, ...loadBounds },
      TemperatureRangeAlarm: { Enabled: temperatureOn, ...temperatureBounds },
    };
  };

  // Each alarm's select, and the limits it watches (the power-failure alarm has none).
  const alarms = [
    {
      name: 'powerFailureAlarm',
      label: m.powerFailureLabel,
      hint: m.powerFailureHint,
      enabled: powerFailureOn,
      onChange: setPowerFailureOn,
    },
    { name: 'loadAlarm', label: m.loadAlarmLabel, hint: m.loadAlarmHint, enabled: loadOn, onChange: setLoadOn, bounds: load },
    {
      name: 'temperatureAlarm',
      label: m.temperatureAlarmLabel,
      hint: m.temperatureAlarmHint,
      enabled: temperatureOn,
      onChange: setTemperatureOn,
      bounds: temperature,
    },
  ];

  return (
    <SettingsFrame product="smartplug" device={device} collect={collect}>
      <SettingsSection title={t(m.plugHeading)}>
        <SwitchField name="beep" label={t(m.beepLabel)} hint={t(m.beepHint)} checked={beep} onChange={setBeep} />
      </SettingsSection>
      <SettingsSection title={t(m.alarmsHeading)}>
        <AlarmsInactiveNote active={active} />
        <OwnerOnlyNote isOwner={isOwner} />
        {alarms.map(({ bounds, label, hint, ...alarm }) => {
          const select = <AlarmSelect {...alarm} label={t(label)} hint={t(hint)} active={active} readOnly={!isOwner} />;
          if (!bounds) return <Fragment key={alarm.name}>{select}</Fragment>;
          return (
            <div key={alarm.name} className="pd-plug__alarm">
              {select}
              <BoundsFields {...bounds.fields} showErrors={showErrors} disabled={!active || !isOwner} />
            </div>
          );
        })}
      </SettingsSection>
      <TimerRulesEditor {...timer.editor} />
      <ThermostatRulesEditor {...thermostat.editor} />
    </SettingsFrame>
  );
}

export default settingsPage([rulesTexts, smartplugTexts], SmartplugSettings);
