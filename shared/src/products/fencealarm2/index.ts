// FenceAlarm2 (docs/product/products/fencealarm2.md): the second-generation fence monitor, keyed by IMEI. It reports fence voltage only,
// alarms below a chosen threshold, runs a configuration and takes firmware over the air.
import { isFenceVoltageLow } from '../../domain/alarmState';
import { isRaised, shownWarnings } from '../../domain/warnings';
import { defineProduct } from '../module';
import { fencealarm2Info } from './info';
import { Fencealarm2, Fencealarm2DeviceConfig, Fencealarm2Reading } from './contract';

export * from './contract';

export const fencealarm2 = defineProduct({
  ...fencealarm2Info,
  schema: Fencealarm2,
  readingSchema: Fencealarm2Reading,
  configSchema: Fencealarm2DeviceConfig,
  histories: ['voltage'],
  defaultReportingSeconds: 900,
  notifiedAlarms: [{ alarm: 'fence_voltage', field: 'VoltageAlarm', value: { path: ['Voltage'], unit: 'V' } }],
  readingPatch: (device, reading, at) => ({
    Voltage: reading.Voltage,
    LastUplinkAt: at.toISOString(),
    VoltageAlarm: { Triggered: isFenceVoltageLow(reading.Voltage, device.VoltageAlarm.Threshold) },
  }),
  lastReadingAt: (device) => device.LastUplinkAt,
  // No offline state on the wire (docs/product/devices.md).
  offlinePatch: () => ({}),
  /** docs/product/states.md: voltage (enabled and triggered). */
  warnings: (device) => shownWarnings([['voltage', isRaised(device.VoltageAlarm)]]),
  config: (device) => ({ AlarmEnabled: device.VoltageAlarm.Enabled, Threshold: device.VoltageAlarm.Threshold }),
});
