// What a FenceAlarm does with its readings, alarms and configuration (docs/product/products/fencealarm.md). No schema here, so the
// dashboard reads these rules without loading TypeBox (docs/architecture/README.md#budgets); index.ts adds the schemas.
import { isBatteryLow, isFenceLowAtGlance, isFenceVoltageLow } from '../../domain/alarmState';
import { isRaised, shownWarnings } from '../../domain/warnings';
import type { ProductRules } from '../module';
import type { Fencealarm, FencealarmReading, FencealarmDeviceConfig } from './contract';

/** What a reading alone sets (ProductRules.liveValues). */
const liveValues = (reading: FencealarmReading, at: Date) => ({
  LastReport: { Timestamp: at.toISOString(), Data: { Voltage: reading.Voltage, Battery: reading.Battery, Rssi: reading.Rssi } },
});

export const fencealarmRules: ProductRules<Fencealarm, FencealarmReading, FencealarmDeviceConfig> = {
  histories: ['voltage'],
  trend: 'voltage',
  defaultReportingSeconds: 600,
  notifiedAlarms: [
    { alarm: 'fence_voltage', field: 'VoltageAlarm', value: { path: ['LastReport', 'Data', 'Voltage'], unit: 'V' } },
    { alarm: 'low_battery', field: 'LowBatteryAlarm', value: { path: ['LastReport', 'Data', 'Battery'], unit: 'V' } },
    { alarm: 'offline', field: 'OfflineAlarm' },
  ],
  liveValues,
  readingPatch: (device, reading, at) => ({
    ...liveValues(reading, at),
    VoltageAlarm: { Triggered: isFenceVoltageLow(reading.Voltage, device.VoltageAlarm.AlarmLevel) },
    LowBatteryAlarm: { Triggered: isBatteryLow(reading.Battery) },
  }),
  lastReadingAt: (device) => device.LastReport?.Timestamp ?? null,
  offlinePatch: (offline) => ({ OfflineAlarm: { Triggered: offline } }),
  /**
   * docs/product/states.md: voltage (enabled and triggered), else lowVoltage (below the fence's own level, alarm off or
   * not yet re-judged), low battery and offline (triggered).
   */
  warnings: (device) =>
    shownWarnings([
      ['voltage', isRaised(device.VoltageAlarm)],
      ['lowVoltage', isFenceLowAtGlance(device.LastReport?.Data.Voltage, device.VoltageAlarm, device.VoltageAlarm.AlarmLevel)],
      ['lowBattery', device.LowBatteryAlarm.Triggered],
      ['offline', device.OfflineAlarm.Triggered],
    ]),
  config(device) {
    const { Enabled, ScalingFactor, ExpectedVoltage } = device.Calibration;
    return {
      AlarmEnabled: device.VoltageAlarm.Enabled,
      AlarmLevel: device.VoltageAlarm.AlarmLevel,
      Calibration: { Enabled, ScalingFactor, ExpectedVoltage },
    };
  },
};
