import { configChanged } from '../domain/deviceConfig';
import { deviceConfigOf, isConfiguredProduct } from '.';

// The settings of freshly registered devices (server/src/devices/representation.ts initialFields).
const fencealarm = {
  Config: { AlarmLevel: 5000 },
  VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 5000 },
  Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 },
};
const smartplug = {
  Load: 12,
  PowerEnabled: true,
  BeepEnabled: true,
  LoadAlarm: { Enabled: false, Triggered: true, Lower: 0, Upper: 3700 },
  OfflineAlarm: { Enabled: true, Triggered: false },
  PowerFailureAlarm: { Enabled: false, Triggered: false },
  TemperatureRangeAlarm: { Enabled: false, Triggered: false, Lower: -20, Upper: 70 },
  Timer: { Enabled: false, On: [], Off: [] },
  Thermostat: { Enabled: false, Triggers: [] },
};
const smartplug2 = {
  DeviceConfig: { OutputPower: true, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 0, Upper: 3700 } },
  Timer: { Enabled: false, On: [], Off: [] },
};

describe('deviceConfigOf (the docs/protocol.md configuration table)', () => {
  test('FenceAlarm', () => {
    expect(deviceConfigOf('fencealarm', fencealarm)).toEqual({
      AlarmEnabled: true,
      AlarmLevel: 5000,
      Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 },
    });
  });

  test('FenceAlarm2', () => {
    expect(deviceConfigOf('fencealarm2', { Voltage: 5000, VoltageAlarm: { Enabled: true, Triggered: true, Threshold: 5010 } })).toEqual({
      AlarmEnabled: true,
      Threshold: 5010,
    });
  });

  test('SmartPlug: settings only, no live values or Triggered flags', () => {
    expect(deviceConfigOf('smartplug', smartplug)).toEqual({
      BeepEnabled: true,
      PowerFailureAlarmEnabled: false,
      LoadAlarm: { Enabled: false, Lower: 0, Upper: 3700 },
      TemperatureRangeAlarm: { Enabled: false, Lower: -20, Upper: 70 },
      Timer: { Enabled: false, On: [], Off: [] },
      Thermostat: { Enabled: false, Triggers: [] },
    });
  });

  test('SmartPlug2: the relay (OutputPower) is a command, not configuration', () => {
    expect(deviceConfigOf('smartplug2', smartplug2)).toEqual({
      AuditoryFeedback: true,
      PowerLoadAlarm: { Lower: 0, Upper: 3700 },
      Timer: { Enabled: false, On: [], Off: [] },
    });
  });

  test('FarmCam SIM has none', () => {
    expect(deviceConfigOf('farmcam-sim', { RemainingData: 1 })).toBeNull();
    expect(isConfiguredProduct('farmcam-sim')).toBe(false);
    expect(isConfiguredProduct('smartplug2')).toBe(true);
  });
});

describe('configChanged', () => {
  test('a live value or an alarm state is no change; a setting is', () => {
    const before = deviceConfigOf('smartplug', smartplug);
    expect(configChanged(before, deviceConfigOf('smartplug', { ...smartplug, Load: 3000, LoadAlarm: { ...smartplug.LoadAlarm, Triggered: false } }))).toBe(false);
    expect(configChanged(before, deviceConfigOf('smartplug', { ...smartplug, BeepEnabled: false }))).toBe(true);
  });

  test('thermostat triggers compare by value, whatever order their keys were saved in', () => {
    const a = { ...smartplug, Thermostat: { Enabled: true, Triggers: [{ Days: '1', Above: true, Temperature: 20, SetPowerEnabled: false }] } };
    const b = { ...smartplug, Thermostat: { Enabled: true, Triggers: [{ SetPowerEnabled: false, Temperature: 20, Above: true, Days: '1' }] } };
    expect(configChanged(deviceConfigOf('smartplug', a), deviceConfigOf('smartplug', b))).toBe(false);
    expect(configChanged(deviceConfigOf('smartplug2', smartplug2), deviceConfigOf('smartplug2', { ...smartplug2, DeviceConfig: { ...smartplug2.DeviceConfig, OutputPower: false } }))).toBe(false);
  });
});
