import {
  LOW_BATTERY_BELOW_VOLTS,
  isBatteryLow,
  isFenceVoltageLow,
  isLoadAlarmed,
  isOutsideBounds,
  isPowerFailure,
} from '../domain/alarmState';
import { LOAD_ALARM_RANGE, TEMPERATURE_ALARM_RANGE } from '../domain/alarms';
import { lastReadingTime, offlinePatch, readingPatch } from '.';

const at = new Date('2026-03-01T10:00:00.000Z');

describe('alarm rules', () => {
  test('FenceAlarm voltage: below the alarm level (2000–8000 V) triggers, the level itself does not', () => {
    expect(isFenceVoltageLow(4999, 5000)).toBe(true);
    expect(isFenceVoltageLow(5000, 5000)).toBe(false);
    expect(isFenceVoltageLow(1999, 2000)).toBe(true);
    expect(isFenceVoltageLow(8000, 8000)).toBe(false);
  });

  test('FenceAlarm2 voltage: below the threshold (e.g. 5010 V)', () => {
    expect(isFenceVoltageLow(5009, 5010)).toBe(true);
    expect(isFenceVoltageLow(5010, 5010)).toBe(false);
  });

  test('FenceAlarm low battery below 11.5 V', () => {
    expect(LOW_BATTERY_BELOW_VOLTS).toBe(11.5);
    expect(isBatteryLow(11.49)).toBe(true);
    expect(isBatteryLow(11.5)).toBe(false);
    expect(isBatteryLow(12.4)).toBe(false);
  });

  test('load 0–3700 W: outside the bounds triggers, the bounds themselves are inside', () => {
    const full = { Lower: LOAD_ALARM_RANGE.defaultLower, Upper: LOAD_ALARM_RANGE.defaultUpper };
    expect(isOutsideBounds(0, full)).toBe(false);
    expect(isOutsideBounds(3700, full)).toBe(false);
    expect(isOutsideBounds(3701, full)).toBe(true);
    expect(isOutsideBounds(99, { Lower: 100, Upper: 2000 })).toBe(true);
    expect(isOutsideBounds(2001, { Lower: 100, Upper: 2000 })).toBe(true);
  });

  test('load with the output switched off: below Lower is no fault (no alarm), above Upper still is', () => {
    const bounds = { Lower: 100, Upper: 2000 };
    expect(isLoadAlarmed(0, bounds, false)).toBe(false);
    expect(isLoadAlarmed(99, bounds, false)).toBe(false);
    expect(isLoadAlarmed(2000, bounds, false)).toBe(false);
    expect(isLoadAlarmed(2001, bounds, false)).toBe(true);
    // Output on: the bounds as usual.
    expect(isLoadAlarmed(0, bounds, true)).toBe(true);
    expect(isLoadAlarmed(100, bounds, true)).toBe(false);
    expect(isLoadAlarmed(2001, bounds, true)).toBe(true);
  });

  test('temperature −20–70 °C', () => {
    const full = { Lower: TEMPERATURE_ALARM_RANGE.defaultLower, Upper: TEMPERATURE_ALARM_RANGE.defaultUpper };
    expect(isOutsideBounds(-20, full)).toBe(false);
    expect(isOutsideBounds(-21, full)).toBe(true);
    expect(isOutsideBounds(70, full)).toBe(false);
    expect(isOutsideBounds(70.5, full)).toBe(true);
    expect(isOutsideBounds(3, { Lower: 5, Upper: 25 })).toBe(true);
  });

  test('power failure when the mains supply is gone', () => {
    expect(isPowerFailure(false)).toBe(true);
    expect(isPowerFailure(true)).toBe(false);
  });
});

describe('readingPatch', () => {
  test('FarmCam SIM: the usage counter, the data left against the limit, the data alert', () => {
    const sim = { UsedData: 1_000, DataLimit: 2_000_000_000, DataAlert: { Enabled: true, ThresholdMb: 500, Triggered: false } };
    expect(readingPatch('farmcam-sim', sim, { UsedData: 1_600_000_000 }, at)).toEqual({
      UsedData: 1_600_000_000,
      DataLimit: 2_000_000_000,
      RemainingData: 400_000_000,
      DataAlert: { Enabled: true, ThresholdMb: 500, Triggered: true },
    });
  });

  test('FenceAlarm: last report, voltage alarm against its level, low battery', () => {
    const device = { VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 5000 } };
    expect(readingPatch('fencealarm', device, { Voltage: 4800, Battery: 11.2, Rssi: -71 }, at)).toEqual({
      LastReport: { Timestamp: '2026-03-01T10:00:00.000Z', Data: { Voltage: 4800, Battery: 11.2, Rssi: -71 } },
      VoltageAlarm: { Triggered: true },
      LowBatteryAlarm: { Triggered: true },
    });
    expect(readingPatch('fencealarm', device, { Voltage: 5230, Battery: 12.4, Rssi: -71 }, at)).toMatchObject({
      VoltageAlarm: { Triggered: false },
      LowBatteryAlarm: { Triggered: false },
    });
  });

  test('FenceAlarm2: voltage, uplink time, voltage alarm against its threshold', () => {
    const device = { VoltageAlarm: { Enabled: false, Triggered: false, Threshold: 5010 } };
    expect(readingPatch('fencealarm2', device, { Voltage: 5009 }, at)).toEqual({
      Voltage: 5009,
      LastUplinkAt: '2026-03-01T10:00:00.000Z',
      VoltageAlarm: { Triggered: true },
    });
  });

  test('SmartPlug: live values, load, temperature and power failure alarms', () => {
    const device = {
      LoadAlarm: { Enabled: true, Triggered: false, Lower: 0, Upper: 2000 },
      TemperatureRangeAlarm: { Enabled: true, Triggered: false, Lower: 2, Upper: 30 },
    };
    const reading = { Load: 2500, Consumption: 35012, Temperature: 1.5, SignalStrength: 78, PowerEnabled: true, MainsPower: false };
    expect(readingPatch('smartplug', device, reading, at)).toEqual({
      Load: 2500,
      Consumption: 35012,
      Temperature: 1.5,
      SignalStrength: 78,
      PowerEnabled: true,
      LastUplinkAt: '2026-03-01T10:00:00.000Z',
      LoadAlarm: { Triggered: true },
      TemperatureRangeAlarm: { Triggered: true },
      PowerFailureAlarm: { Triggered: true },
    });
    const normal = { ...reading, Load: 120, Temperature: 4.5, MainsPower: true };
    expect(readingPatch('smartplug', device, normal, at)).toMatchObject({
      LoadAlarm: { Triggered: false },
      TemperatureRangeAlarm: { Triggered: false },
      PowerFailureAlarm: { Triggered: false },
    });
  });

  test('SmartPlug: switched off (timer, thermostat, a shared user) no load is no alarm; on again, the next reading is judged as usual', () => {
    const device = {
      LoadAlarm: { Enabled: true, Triggered: false, Lower: 100, Upper: 2000 },
      TemperatureRangeAlarm: { Enabled: false, Triggered: false, Lower: -20, Upper: 70 },
    };
    const off = { Load: 0, Consumption: 35012, Temperature: 4, SignalStrength: 78, PowerEnabled: false, MainsPower: true };
    expect(readingPatch('smartplug', device, off, at)).toMatchObject({ PowerEnabled: false, LoadAlarm: { Triggered: false } });
    // A load above Upper while off is a fault (e.g. a stuck relay).
    expect(readingPatch('smartplug', device, { ...off, Load: 2500 }, at)).toMatchObject({ LoadAlarm: { Triggered: true } });
    expect(readingPatch('smartplug', device, { ...off, PowerEnabled: true }, at)).toMatchObject({ LoadAlarm: { Triggered: true } });
  });

  test('SmartPlug2: live values, power load and power failure notifications', () => {
    const device = { DeviceConfig: { OutputPower: true, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 100, Upper: 3700 } } };
    const reading = { Load: 50, Consumption: 10, SignalStrength: 60, PowerEnabled: true, MainsPower: true };
    expect(readingPatch('smartplug2', device, reading, at)).toEqual({
      Load: 50,
      Consumption: 10,
      SignalStrength: 60,
      PowerEnabled: true,
      LastUploadAt: '2026-03-01T10:00:00.000Z',
      PowerLoadAlarmNotification: { Triggered: true },
      PowerFailureNotification: { Triggered: false },
      // The first reading starts the consumption day (UTC: no timer zone), nothing used yet.
      ConsumptionNotification: { Triggered: false, Day: { Date: '2026-03-01', StartWh: 10 } },
    });
  });

  test('SmartPlug2: with the relay reported off, a load below Lower raises no power load alarm, one above Upper does', () => {
    // The relay the reading reports counts, not the OutputPower asked for.
    const device = { DeviceConfig: { OutputPower: true, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 100, Upper: 3700 } } };
    const off = { Load: 0, Consumption: 10, SignalStrength: 60, PowerEnabled: false, MainsPower: true };
    expect(readingPatch('smartplug2', device, off, at)).toMatchObject({
      PowerEnabled: false,
      PowerLoadAlarmNotification: { Triggered: false },
    });
    expect(readingPatch('smartplug2', device, { ...off, Load: 3800 }, at)).toMatchObject({
      PowerLoadAlarmNotification: { Triggered: true },
    });
    expect(readingPatch('smartplug2', device, { ...off, PowerEnabled: true }, at)).toMatchObject({
      PowerLoadAlarmNotification: { Triggered: true },
    });
  });
});

describe('lastReadingTime', () => {
  test('reads the time field of each product', () => {
    expect(lastReadingTime('fencealarm', { LastReport: { Timestamp: at.toISOString() } })).toEqual(at);
    expect(lastReadingTime('fencealarm', { LastReport: null })).toBeNull();
    expect(lastReadingTime('fencealarm2', { LastUplinkAt: at.toISOString() })).toEqual(at);
    expect(lastReadingTime('smartplug', { LastUplinkAt: null })).toBeNull();
    expect(lastReadingTime('smartplug2', { LastUploadAt: at.toISOString() })).toEqual(at);
    expect(lastReadingTime('farmcam-sim', { RemainingData: 5 })).toBeNull();
  });
});

describe('offlinePatch', () => {
  test('OfflineAlarm for FenceAlarm and SmartPlug, ConnectionLost for SmartPlug2, nothing for the others', () => {
    expect(offlinePatch('fencealarm', true)).toEqual({ OfflineAlarm: { Triggered: true } });
    expect(offlinePatch('smartplug', false)).toEqual({ OfflineAlarm: { Triggered: false } });
    expect(offlinePatch('smartplug2', true)).toEqual({ ConnectionLost: true });
    expect(offlinePatch('fencealarm2', true)).toEqual({});
    expect(offlinePatch('farmcam-sim', true)).toEqual({});
  });
});
