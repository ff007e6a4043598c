// What a FenceAlarm2 does with its readings, alarms and configuration (docs/product/products/fencealarm2.md). No schema here, so the
// dashboard reads these rules without loading TypeBox (docs/architecture/README.md#budgets); index.ts adds the schemas.
import { isFenceLowAtGlance, isFenceVoltageLow } from '../../domain/alarmState';
import { isRaised, shownWarnings } from '../../domain/warnings';
import type { ProductRules } from '../module';
import type { Fencealarm2, Fencealarm2Reading, Fencealarm2DeviceConfig } from './contract';

/** What a reading alone sets (ProductRules.liveValues). */
const liveValues = (reading: Fencealarm2Reading, at: Date) => ({ Voltage: reading.Voltage, LastUplinkAt: at.toISOString() });

export const fencealarm2Rules: ProductRules<Fencealarm2, Fencealarm2Reading, Fencealarm2DeviceConfig> = {
  histories: ['voltage'],
  trend: 'voltage',
  defaultReportingSeconds: 900,
  notifiedAlarms: [{ alarm: 'fence_voltage', field: 'VoltageAlarm', value: { path: ['Voltage'], unit: 'V' } }],
  liveValues,
  readingPatch: (device, reading, at) => ({
    ...liveValues(reading, at),
    VoltageAlarm: { Triggered: isFenceVoltageLow(reading.Voltage, device.VoltageAlarm.Threshold) },
  }),
  lastReadingAt: (device) => device.LastUplinkAt,
  // No offline state on the wire (docs/product/devices.md).
  offlinePatch: () => ({}),
  /** docs/product/states.md: voltage (enabled and triggered), else lowVoltage (below the fence's own threshold). */
  warnings: (device) =>
    shownWarnings([
      ['voltage', isRaised(device.VoltageAlarm)],
      ['lowVoltage', isFenceLowAtGlance(device.Voltage, device.VoltageAlarm, device.VoltageAlarm.Threshold)],
    ]),
  config: (device) => ({ AlarmEnabled: device.VoltageAlarm.Enabled, Threshold: device.VoltageAlarm.Threshold }),
};
