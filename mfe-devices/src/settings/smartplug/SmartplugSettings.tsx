import { useState } from 'react';
import { localUtcOffsetMinutes } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { Checkbox } from '@paddock/shared/ui';
import {
  AlarmsInactiveNote,
  SettingsFrame,
  SettingsSection,
  focusControl,
  isSubscriptionActiveNow,
  settingsTexts,
  type ProductFields,
  type SettingsPageProps,
} from '../common';
import { AlarmSelect } from '../rules/AlarmSelect';
import { BoundsFields, boundsInputOf, boundsOfInput, checkBoundsInput, firstInvalidBound, type BoundsInput } from '../rules/BoundsFields';
import { rulesTexts } from '../rules/messages';
import { ThermostatRulesEditor, thermostatDraftOf, thermostatOfDraft, type ThermostatDraft } from '../rules/ThermostatRulesEditor';
import { TimerRulesEditor, timerDraftOf, timerOfDraft, type TimerDraft } from '../rules/TimerRulesEditor';
import { smartplugTexts } from './messages';

const TRANSLATIONS = [settingsTexts, rulesTexts, smartplugTexts];
const m = smartplugTexts.messages;

export default function SmartplugSettingsPage(props: SettingsPageProps<'smartplug'>) {
  return (
    <Translations translations={TRANSLATIONS}>
      <SmartplugSettings {...props} />
    </Translations>
  );
}

/**
 * SPEC §2 SmartPlug settings: beep, power-failure alarm, load alarm (0–3700 W), temperature-range alarm
 * (-20–70 °C), timer rules and thermostat rules, then the common parts. Without an active subscription the alarm
 * selects are disabled and show Off, their limits cannot be edited, and the alarms are left out of the body.
 */
function SmartplugSettings({ device }: SettingsPageProps<'smartplug'>) {
  const t = useT();
  const active = isSubscriptionActiveNow(device.Subscription);
  // One offset for the whole visit: the rules are shown with it and saved with it.
  const [utcOffset] = useState(() => localUtcOffsetMinutes());
  const [beep, setBeep] = useState(device.BeepEnabled);
  const [powerFailureOn, setPowerFailureOn] = useState(device.PowerFailureAlarm.Enabled);
  const [loadOn, setLoadOn] = useState(device.LoadAlarm.Enabled);
  const [load, setLoad] = useState<BoundsInput>(() => boundsInputOf('load', device.LoadAlarm));
  const [temperatureOn, setTemperatureOn] = useState(device.TemperatureRangeAlarm.Enabled);
  const [temperature, setTemperature] = useState<BoundsInput>(() => boundsInputOf('temperature', device.TemperatureRangeAlarm));
  const [timer, setTimer] = useState<TimerDraft>(() => timerDraftOf(device.Timer, utcOffset));
  const [thermostat, setThermostat] = useState<ThermostatDraft>(() => thermostatDraftOf(device.Thermostat));
  const [showErrors, setShowErrors] = useState(false);

  const collect = (): ProductFields<'smartplug'> | null => {
    const fields: ProductFields<'smartplug'> = {
      BeepEnabled: beep,
      Timer: timerOfDraft(timer, utcOffset),
      Thermostat: thermostatOfDraft(thermostat),
    };
    // Without an active subscription the alarms are left as the user had set them.
    if (!active) return fields;
    const loadBounds = boundsOfInput('load', load);
    const temperatureBounds = boundsOfInput('temperature', temperature);
    if (!loadBounds || !temperatureBounds) {
      setShowErrors(true);
      focusControl(firstInvalidBound('load', checkBoundsInput('load', load)) ?? firstInvalidBound('temperature', checkBoundsInput('temperature', temperature))!);
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
        <Checkbox role="switch" name="beep" label={t(m.beepLabel)} hint={t(m.beepHint)} checked={beep} onChange={(e) => setBeep(e.target.checked)} />
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
          <AlarmSelect name="loadAlarm" label={t(m.loadAlarmLabel)} hint={t(m.loadAlarmHint)} enabled={loadOn} active={active} onChange={setLoadOn} />
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
          <BoundsFields kind="temperature" name="temperature" value={temperature} onChange={setTemperature} showErrors={showErrors} disabled={!active} />
        </div>
      </SettingsSection>
      <TimerRulesEditor value={timer} onChange={setTimer} utcOffsetMinutes={utcOffset} />
      <ThermostatRulesEditor value={thermostat} onChange={setThermostat} />
    </SettingsFrame>
  );
}
