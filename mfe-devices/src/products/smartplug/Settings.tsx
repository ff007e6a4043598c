import { useState } from 'react';
import { useT } from '@paddock/shared/i18n';
import { Checkbox } from '@paddock/shared/ui';
import {
  AlarmsInactiveNote,
  SettingsFrame,
  SettingsSection,
  focusControl,
  isSubscriptionActiveNow,
  settingsPage,
  type ProductFields,
  type SettingsPageProps,
} from '../../settings';
import { AlarmSelect } from '../../settings/rules/AlarmSelect';
import {
  BoundsFields,
  boundsInputOf,
  boundsOfInput,
  checkBoundsInput,
  firstInvalidBound,
  type BoundsInput,
} from '../../settings/rules/BoundsFields';
import { rulesTexts } from '../../settings/rules/messages';
import {
  ThermostatRulesEditor,
  thermostatDraftOf,
  thermostatOfDraft,
  type ThermostatDraft,
} from '../../settings/rules/ThermostatRulesEditor';
import { TimerRulesEditor, useTimerDraft } from '../../settings/rules/TimerRulesEditor';
import { smartplugTexts } from './messages';

const m = smartplugTexts.messages;

/**
 * docs/product/screens.md SmartPlug settings: beep, power-failure alarm, load alarm (0–3700 W), temperature-range alarm
 * (-20–70 °C), timer rules and thermostat rules, then the common parts. Without an active subscription the alarm
 * selects are disabled and show Off, their limits cannot be edited, and the alarms are left out of the body.
 */
function SmartplugSettings({ device }: SettingsPageProps<'smartplug'>) {
  const t = useT();
  const active = isSubscriptionActiveNow(device.Subscription);
  const [beep, setBeep] = useState(device.BeepEnabled);
  const [powerFailureOn, setPowerFailureOn] = useState(device.PowerFailureAlarm.Enabled);
  const [loadOn, setLoadOn] = useState(device.LoadAlarm.Enabled);
  const [load, setLoad] = useState<BoundsInput>(() => boundsInputOf('load', device.LoadAlarm));
  const [temperatureOn, setTemperatureOn] = useState(device.TemperatureRangeAlarm.Enabled);
  const [temperature, setTemperature] = useState<BoundsInput>(() => boundsInputOf('temperature', device.TemperatureRangeAlarm));
  const timer = useTimerDraft(device.Timer);
  const [thermostat, setThermostat] = useState<ThermostatDraft>(() => thermostatDraftOf(device.Thermostat));
  const [showErrors, setShowErrors] = useState(false);

  const collect = (): ProductFields<'smartplug'> | null => {
    const fields: ProductFields<'smartplug'> = {
      BeepEnabled: beep,
      Timer: timer.saved(),
      Thermostat: thermostatOfDraft(thermostat),
    };
    // Without an active subscription the alarms are left as the user had set them.
    if (!active) return fields;
    const loadBounds = boundsOfInput('load', load);
    const temperatureBounds = boundsOfInput('temperature', temperature);
    if (!loadBounds || !temperatureBounds) {
      setShowErrors(true);
      focusControl(
        firstInvalidBound('load', checkBoundsInput('load', load)) ??
          firstInvalidBound('temperature', checkBoundsInput('temperature', temperature))!,
      );
      return null;
    }
    return {
      ...fields,
      PowerFailureAlarmEnabled: powerFailureOn,
      LoadAlarm: { Enabled: loadOn, ...loadBounds },
      TemperatureRangeAlarm: { Enabled: temperatureOn, ...temperatureBounds },
    };
  };

  return (
    <SettingsFrame product="smartplug" device={device} collect={collect}>
      <SettingsSection title={t(m.plugHeading)}>
        <Checkbox
          role="switch"
          name="beep"
          label={t(m.beepLabel)}
          hint={t(m.beepHint)}
          checked={beep}
          onChange={(e) => setBeep(e.target.checked)}
        />
      </SettingsSection>
      <SettingsSection title={t(m.alarmsHeading)}>
        <AlarmsInactiveNote active={active} />
        <AlarmSelect
          name="powerFailureAlarm"
          label={t(m.powerFailureLabel)}
          hint={t(m.powerFailureHint)}
          enabled={powerFailureOn}
          active={active}
          onChange={setPowerFailureOn}
        />
        <div className="pd-plug__alarm">
          <AlarmSelect
            name="loadAlarm"
            label={t(m.loadAlarmLabel)}
            hint={t(m.loadAlarmHint)}
            enabled={loadOn}
            active={active}
            onChange={setLoadOn}
          />
          <BoundsFields kind="load" name="load" value={load} onChange={setLoad} showErrors={showErrors} disabled={!active} />
        </div>
        <div className="pd-plug__alarm">
          <AlarmSelect
            name="temperatureAlarm"
            label={t(m.temperatureAlarmLabel)}
            hint={t(m.temperatureAlarmHint)}
            enabled={temperatureOn}
            active={active}
            onChange={setTemperatureOn}
          />
          <BoundsFields
            kind="temperature"
            name="temperature"
            value={temperature}
            onChange={setTemperature}
            showErrors={showErrors}
            disabled={!active}
          />
        </div>
      </SettingsSection>
      <TimerRulesEditor {...timer.editor} />
      <ThermostatRulesEditor value={thermostat} onChange={setThermostat} />
    </SettingsFrame>
  );
}

export default settingsPage([rulesTexts, smartplugTexts], SmartplugSettings);
