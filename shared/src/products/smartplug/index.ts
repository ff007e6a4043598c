// SmartPlug (docs/product/products/smartplug.md): a switchable mains plug keyed by IMEI. It reports load, consumption, temperature and
// signal; alarms on load and temperature outside their bounds, power failure and silence; has a timer, a
// thermostat and a power switch worked by command.
import { isOutsideBounds, isPowerFailure } from '../../domain/alarmState';
import { isRaised, shownWarnings } from '../../domain/warnings';
import { defineProduct } from '../module';
import { smartplugInfo } from './info';
import { plugLiveValues, timerConfig } from '../plug';
import { Smartplug, SmartplugDeviceConfig, SmartplugReading } from './contract';

export * from './contract';

const bounds = ({ Enabled, Lower, Upper }: { Enabled: boolean; Lower: number; Upper: number }) => ({ Enabled, Lower, Upper });

export const smartplug = defineProduct({
  ...smartplugInfo,
  schema: Smartplug,
  readingSchema: SmartplugReading,
  configSchema: SmartplugDeviceConfig,
  histories: ['consumption', 'load', 'temperature'],
  defaultReportingSeconds: 300,
  notifiedAlarms: [
    { alarm: 'load', field: 'LoadAlarm', value: { path: ['Load'], unit: 'W' } },
    { alarm: 'temperature', field: 'TemperatureRangeAlarm', value: { path: ['Temperature'], unit: '°C' } },
    { alarm: 'power_failure', field: 'PowerFailureAlarm' },
    { alarm: 'offline', field: 'OfflineAlarm' },
  ],
  readingPatch: (device, reading, at) => ({
    ...plugLiveValues(reading),
    Temperature: reading.Temperature,
    LastUplinkAt: at.toISOString(),
    LoadAlarm: { Triggered: isOutsideBounds(reading.Load, device.LoadAlarm) },
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
});
