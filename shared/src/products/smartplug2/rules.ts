// What a SmartPlug2 does with its readings, alarms and configuration (docs/product/products/smartplug2.md). No schema here, so the
// dashboard reads these rules without loading TypeBox (docs/architecture/README.md#budgets); index.ts adds the schemas.
import { isLoadAlarmed, isPowerFailure } from '../../domain/alarmState';
import { isRaised, shownWarnings } from '../../domain/warnings';
import { plugLiveValues, timerConfig } from '../plug';
import type { ProductRules } from '../module';
import type { Smartplug2, Smartplug2Reading, Smartplug2DeviceConfig } from './contract';

/** What a reading alone sets (ProductRules.liveValues). */
const liveValues = (reading: Smartplug2Reading, at: Date) => ({ ...plugLiveValues(reading), LastUploadAt: at.toISOString() });

export const smartplug2Rules: ProductRules<Smartplug2, Smartplug2Reading, Smartplug2DeviceConfig> = {
  histories: ['consumption', 'load'],
  defaultReportingSeconds: 300,
  notifiedAlarms: [
    { alarm: 'load', field: 'PowerLoadAlarmNotification', value: { path: ['Load'], unit: 'W' } },
    { alarm: 'power_failure', field: 'PowerFailureNotification' },
    { alarm: 'offline', field: 'ConnectionLost' },
  ],
  liveValues,
  readingPatch: (device, reading, at) => ({
    ...liveValues(reading, at),
    PowerLoadAlarmNotification: { Triggered: isLoadAlarmed(reading.Load, device.DeviceConfig.PowerLoadAlarm, reading.PowerEnabled) },
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
};
