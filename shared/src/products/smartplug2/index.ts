// SmartPlug2 (docs/product/products/smartplug2.md): the second-generation plug keyed by IMEI. It reports load, consumption and signal;
// notifies on power load outside its bounds, power failure and consumption; shows a lost connection; has a
// timer and a power switch worked through its configuration (DeviceConfig.OutputPower).
import { isOutsideBounds, isPowerFailure } from '../../domain/alarmState';
import { isRaised, shownWarnings } from '../../domain/warnings';
import { defineProduct } from '../module';
import { smartplug2Info } from './info';
import { plugLiveValues, timerConfig } from '../plug';
import { Smartplug2, Smartplug2DeviceConfig, Smartplug2Reading } from './contract';

export * from './contract';

export const smartplug2 = defineProduct({
  ...smartplug2Info,
  schema: Smartplug2,
  readingSchema: Smartplug2Reading,
  configSchema: Smartplug2DeviceConfig,
  histories: ['consumption', 'load'],
  defaultReportingSeconds: 300,
  notifiedAlarms: [
    { alarm: 'load', field: 'PowerLoadAlarmNotification', value: { path: ['Load'], unit: 'W' } },
    { alarm: 'power_failure', field: 'PowerFailureNotification' },
    { alarm: 'offline', field: 'ConnectionLost' },
  ],
  readingPatch: (device, reading, at) => ({
    ...plugLiveValues(reading),
    LastUploadAt: at.toISOString(),
    PowerLoadAlarmNotification: { Triggered: isOutsideBounds(reading.Load, device.DeviceConfig.PowerLoadAlarm) },
    PowerFailureNotification: { Triggered: isPowerFailure(reading.MainsPower) },
  }),
  lastReadingAt: (device) => device.LastUploadAt,
  offlinePatch: (offline) => ({ ConnectionLost: offline }),
  /** docs/product/devices.md, docs/product/states.md: connection lost, then power load, power failure and consumption notifications (enabled and triggered). */
  warnings: (device) =>
    shownWarnings([
      ['connectionLost', device.ConnectionLost],
      ['powerLoad', isRaised(device.PowerLoadAlarmNotification)],
      ['powerFailure', isRaised(device.PowerFailureNotification)],
      ['consumption', isRaised(device.ConsumptionNotification)],
    ]),
  config(device) {
    const { Lower, Upper } = device.DeviceConfig.PowerLoadAlarm;
    return { AuditoryFeedback: device.DeviceConfig.AuditoryFeedback, PowerLoadAlarm: { Lower, Upper }, Timer: timerConfig(device.Timer) };
  },
});
