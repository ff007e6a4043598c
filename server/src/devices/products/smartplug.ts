// SmartPlug on the server (docs/product/devices.md): load and temperature alarms, timer and thermostat; switched by its own call.
import { RegisterImeiBody, UpdateSmartplugBody } from '@paddock/shared/contract';
import { checkLoadAlarm, checkTemperatureAlarm, LOAD_ALARM_RANGE, TEMPERATURE_ALARM_RANGE } from '@paddock/shared/domain';
import { checkBounds } from '../changes';
import { ALARM_OFF, EMPTY_TIMER, savedTimer, zonedRules, type ServerProduct } from './serverProduct';

export const smartplug: ServerProduct<'smartplug'> = {
  id: 'smartplug',
  registerBody: RegisterImeiBody,
  updateBody: UpdateSmartplugBody,
  initialFields: () => ({
    Load: null,
    Consumption: null,
    Temperature: null,
    SignalStrength: null,
    LastUplinkAt: null,
    PowerEnabled: true,
    BeepEnabled: true,
    LoadAlarm: { ...ALARM_OFF, Lower: LOAD_ALARM_RANGE.defaultLower, Upper: LOAD_ALARM_RANGE.defaultUpper },
    OfflineAlarm: { Enabled: true, Triggered: false },
    PowerFailureAlarm: { ...ALARM_OFF },
    TemperatureRangeAlarm: { ...ALARM_OFF, Lower: TEMPERATURE_ALARM_RANGE.defaultLower, Upper: TEMPERATURE_ALARM_RANGE.defaultUpper },
    Timer: EMPTY_TIMER,
    Thermostat: { Enabled: false, Triggers: [] },
  }),
  changesOf(body: UpdateSmartplugBody) {
    const { PriceId, BeepEnabled, PowerFailureAlarmEnabled, LoadAlarm, TemperatureRangeAlarm, Timer, Thermostat, ...metadata } = body;
    if (LoadAlarm) checkBounds('LoadAlarm.Lower', LoadAlarm.Lower, LoadAlarm.Upper, checkLoadAlarm, 'load_bounds');
    if (TemperatureRangeAlarm) {
      checkBounds('TemperatureRangeAlarm.Lower', TemperatureRangeAlarm.Lower, TemperatureRangeAlarm.Upper, checkTemperatureAlarm, 'temperature_bounds');
    }
    const fields: Record<string, unknown> = {};
    if (BeepEnabled !== undefined) fields.BeepEnabled = BeepEnabled;
    if (PowerFailureAlarmEnabled !== undefined) fields.PowerFailureAlarm = { Enabled: PowerFailureAlarmEnabled };
    if (LoadAlarm) fields.LoadAlarm = LoadAlarm;
    if (TemperatureRangeAlarm) fields.TemperatureRangeAlarm = TemperatureRangeAlarm;
    if (Timer) fields.Timer = savedTimer('Timer', Timer);
    // Days as an array of day numbers is saved in the one days syntax ('1,2,3', ascending) the device and screens read.
    if (Thermostat) {
      const Triggers = Thermostat.Triggers.map((trigger) => ({
        ...trigger,
        Days: typeof trigger.Days === 'string' ? trigger.Days : [...trigger.Days].sort((a, b) => a - b).join(','),
      }));
      fields.Thermostat = zonedRules('Thermostat', { ...Thermostat, Triggers });
    }
    return { metadata, priceId: PriceId, fields };
  },
  // docs/product/roles.md: the alarms are the owner's (the offline alarm is always on).
  ownerOnlyFields: {
    PowerFailureAlarmEnabled: 'PowerFailureAlarm',
    LoadAlarm: 'LoadAlarm',
    TemperatureRangeAlarm: 'TemperatureRangeAlarm',
  },
  planField: 'PriceId',
  powerEnabledCall: true,
  // docs/product/admin.md: staff reset the counter; the plug counts from 0 again, so the next reading agrees.
  consumptionResetFields: () => ({ Consumption: 0 }),
  demo: { keyPrefix: '350000300000', name: 'Calf shed heater' },
  simulation: { firmware: '3.0.5', model: 'plug', appliance: 'heater' },
};
