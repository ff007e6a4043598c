// What a SmartPlug does with its readings, alarms and configuration (docs/product/products/smartplug.md). No schema here, so the
// dashboard reads these rules without loading TypeBox (docs/architecture/README.md#budgets); index.ts adds the schemas.
import { isLoadAlarmed, isOutsideBounds, isPowerFailure } from '../../domain/alarmState';
import { isRaised, shownWarnings } from '../../domain/warnings';
import { plugLiveValues, timerConfig } from '../plug';
import type { ProductRules } from '../module';
import type { Smartplug, SmartplugReading, SmartplugDeviceConfig } from './contract';

const bounds = ({ Enabled, Lower, Upper }: { Enabled: boolean; Lower: number; Upper: number }) => ({ Enabled, Lower, Upper });

/** What a reading alone sets (ProductRules.liveValues). */
const liveValues = (reading: SmartplugReading, at: Date) => ({ ...plugLiveValues(reading), Temperature: reading.Temperature, LastUplinkAt: at.toISOString() });

export const smartplugRules: ProductRules<Smartplug, SmartplugReading, SmartplugDeviceConfig> = {
  histories: ['consumption', 'load', 'temperature'],
  trend: 'load',
  defaultReportingSeconds: 300,
  notifiedAlarms: [
    { alarm: 'load', field: 'LoadAlarm', value: { path: ['Load'], unit: 'W' } },
    { alarm: 'temperature', field: 'TemperatureRangeAlarm', value: { path: ['Temperature'], unit: '°C' } },
    { alarm: 'power_failure', field: 'PowerFailureAlarm' },
    { alarm: 'offline', field: 'OfflineAlarm' },
  ],
  liveValues,
  readingPatch: (device, reading, at) => ({
    ...liveValues(reading, at),
    LoadAlarm: { Triggered: isLoadAlarmed(reading.Load, device.LoadAlarm, reading.PowerEnabled) },
    TemperatureRangeAlarm: { Triggered: isOutsideBounds(reading.Temperature, device.TemperatureRangeAlarm) },
    PowerFailureAlarm: { Triggered: isPowerFailure(reading.MainsPower) },
  }),
  lastReadingAt: (device) => device.LastUplinkAt,
  offlinePatch: (offline) => ({ OfflineAlarm: { Triggered: offline } }),
  /** docs/product/states.md: load, offline, power failure and temperature range, each enabled and triggered. */
  warnings: (device) =>
    shownWarnings([
      ['load', isRaised(device.LoadAlarm)],
      ['offline', isRaised(device.OfflineAlarm)],
      ['powerFailure', isRaised(device.PowerFailureAlarm)],
      ['temperature', isRaised(device.TemperatureRangeAlarm)],
    ]),
  config: (device) => ({
    BeepEnabled: device.BeepEnabled,
    PowerFailureAlarmEnabled: device.PowerFailureAlarm.Enabled,
    LoadAlarm: bounds(device.LoadAlarm),
    TemperatureRangeAlarm: bounds(device.TemperatureRangeAlarm),
    Timer: timerConfig(device.Timer),
    Thermostat: {
      Enabled: device.Thermostat.Enabled,
      Triggers: device.Thermostat.Triggers.map(({ Days, Above, Temperature, SetPowerEnabled }) => ({ Days, Above, Temperature, SetPowerEnabled })),
      // docs/protocol.md: the zone travels with the triggers; the old form (no zone) stays as it was, in UTC.
      ...(device.Thermostat.TimeZone ? { TimeZone: device.Thermostat.TimeZone } : {}),
    },
  }),
};
