// What a device's report does to its live values and alarms (SPEC §3, server/src/devices/PROTOCOL.md Behaviour):
// every reading sets the live values and re-evaluates each alarm's Triggered, which clears once the value is back
// inside; offline is set by silence or the last will and cleared by any message. Triggered is kept whether or not
// the alarm is enabled; the warnings (warnings.ts) show it only where it is.
import type { FarmcamSim, Fencealarm, Fencealarm2, Smartplug, Smartplug2 } from '../contract/devices';
import type {
  FarmcamSimReading,
  Fencealarm2Reading,
  FencealarmReading,
  ReadingOf,
  Smartplug2Reading,
  SmartplugReading,
} from '../contract/deviceProtocol';
import type { ProductId } from './products';

/** FenceAlarm: a battery below 11.5 V raises the low-battery alarm. */
export const LOW_BATTERY_BELOW_VOLTS = 11.5;

/** FenceAlarm VoltageAlarm (below AlarmLevel) and FenceAlarm2 VoltageAlarm (below Threshold). */
export function isFenceVoltageLow(voltage: number, level: number): boolean {
  return voltage < level;
}

/** FenceAlarm LowBatteryAlarm. */
export function isBatteryLow(battery: number): boolean {
  return battery < LOW_BATTERY_BELOW_VOLTS;
}

/** Load alarms (SmartPlug LoadAlarm, SmartPlug2 PowerLoadAlarmNotification) and the temperature range alarm: the bounds themselves are inside. */
export function isOutsideBounds(value: number, bounds: { Lower: number; Upper: number }): boolean {
  return value < bounds.Lower || value > bounds.Upper;
}

/** SmartPlug PowerFailureAlarm and SmartPlug2 PowerFailureNotification: the plug has lost its supply. */
export function isPowerFailure(mainsPower: boolean): boolean {
  return !mainsPower;
}

/** A partial device representation, deep-merged into the stored one. */
export type FieldsPatch = Record<string, unknown>;

export function farmcamSimReadingPatch(reading: FarmcamSimReading): Partial<FarmcamSim> {
  return { RemainingData: reading.RemainingData };
}

export function fencealarmReadingPatch(device: Pick<Fencealarm, 'VoltageAlarm'>, reading: FencealarmReading, at: Date): FieldsPatch {
  return {
    LastReport: { Timestamp: at.toISOString(), Data: { Voltage: reading.Voltage, Battery: reading.Battery, Rssi: reading.Rssi } },
    VoltageAlarm: { Triggered: isFenceVoltageLow(reading.Voltage, device.VoltageAlarm.AlarmLevel) },
    LowBatteryAlarm: { Triggered: isBatteryLow(reading.Battery) },
  };
}

export function fencealarm2ReadingPatch(device: Pick<Fencealarm2, 'VoltageAlarm'>, reading: Fencealarm2Reading, at: Date): FieldsPatch {
  return {
    Voltage: reading.Voltage,
    LastUplinkAt: at.toISOString(),
    VoltageAlarm: { Triggered: isFenceVoltageLow(reading.Voltage, device.VoltageAlarm.Threshold) },
  };
}

export function smartplugReadingPatch(
  device: Pick<Smartplug, 'LoadAlarm' | 'TemperatureRangeAlarm'>,
  reading: SmartplugReading,
  at: Date,
): FieldsPatch {
  return {
    Load: reading.Load,
    Consumption: reading.Consumption,
    Temperature: reading.Temperature,
    SignalStrength: reading.SignalStrength,
    PowerEnabled: reading.PowerEnabled,
    LastUplinkAt: at.toISOString(),
    LoadAlarm: { Triggered: isOutsideBounds(reading.Load, device.LoadAlarm) },
    TemperatureRangeAlarm: { Triggered: isOutsideBounds(reading.Temperature, device.TemperatureRangeAlarm) },
    PowerFailureAlarm: { Triggered: isPowerFailure(reading.MainsPower) },
  };
}

export function smartplug2ReadingPatch(device: Pick<Smartplug2, 'DeviceConfig'>, reading: Smartplug2Reading, at: Date): FieldsPatch {
  return {
    Load: reading.Load,
    Consumption: reading.Consumption,
    SignalStrength: reading.SignalStrength,
    PowerEnabled: reading.PowerEnabled,
    LastUploadAt: at.toISOString(),
    PowerLoadAlarmNotification: { Triggered: isOutsideBounds(reading.Load, device.DeviceConfig.PowerLoadAlarm) },
    PowerFailureNotification: { Triggered: isPowerFailure(reading.MainsPower) },
  };
}

/**
 * The live values and alarm states one reading (measured at `at`) sets on a device whose stored representation
 * is `device` (its alarm bounds are read from there).
 */
export function readingPatch<P extends ProductId>(product: P, device: Record<string, unknown>, reading: ReadingOf[P], at: Date): FieldsPatch {
  switch (product) {
    case 'farmcam-sim':
      return farmcamSimReadingPatch(reading as FarmcamSimReading);
    case 'fencealarm':
      return fencealarmReadingPatch(device as unknown as Fencealarm, reading as FencealarmReading, at);
    case 'fencealarm2':
      return fencealarm2ReadingPatch(device as unknown as Fencealarm2, reading as Fencealarm2Reading, at);
    case 'smartplug':
      return smartplugReadingPatch(device as unknown as Smartplug, reading as SmartplugReading, at);
    default:
      return smartplug2ReadingPatch(device as unknown as Smartplug2, reading as Smartplug2Reading, at);
  }
}

/** When the newest reading already applied was measured (null: none yet, or the product keeps no time). */
export function lastReadingTime(product: ProductId, device: Record<string, unknown>): Date | null {
  const stamp =
    product === 'fencealarm'
      ? (device as unknown as Fencealarm).LastReport?.Timestamp
      : product === 'smartplug2'
        ? (device as unknown as Smartplug2).LastUploadAt
        : product === 'farmcam-sim'
          ? null
          : (device as unknown as Fencealarm2 | Smartplug).LastUplinkAt;
  const time = stamp ? Date.parse(stamp) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
}

/** Offline as the product shows it: OfflineAlarm.Triggered (FenceAlarm, SmartPlug), ConnectionLost (SmartPlug2), nothing for the others. */
export function offlinePatch(product: ProductId, offline: boolean): FieldsPatch {
  switch (product) {
    case 'fencealarm':
    case 'smartplug':
      return { OfflineAlarm: { Triggered: offline } };
    case 'smartplug2':
      return { ConnectionLost: offline };
    default:
      return {};
  }
}
