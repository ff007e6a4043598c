// Device warnings shown on the dashboard card (SPEC §2, §4, §9). Codes, in a fixed order; screens translate.
import type { Device, FarmcamSim, Fencealarm, Fencealarm2, Smartplug, Smartplug2 } from '../contract/devices';
import { isExpired } from './subscription';

/** SPEC §9: low data below 20,000,000 bytes; out of data below 1. */
export const LOW_DATA_BYTES = 20_000_000;
export const OUT_OF_DATA_BELOW = 1;

export const WARNING_CODES = [
  'outOfData',
  'lowData',
  'voltage',
  'lowBattery',
  'offline',
  'load',
  'powerFailure',
  'temperature',
  'connectionLost',
  'powerLoad',
  'consumption',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

const on = (alarm: { Enabled: boolean; Triggered: boolean }) => alarm.Enabled && alarm.Triggered;
const pick = (entries: [WarningCode, boolean][]): WarningCode[] => entries.filter(([, shown]) => shown).map(([code]) => code);

/** SPEC §4: none once the subscription has expired; 'outOfData' when RemainingData < 1; 'lowData' below 20,000,000 bytes. */
export function farmcamSimWarnings(sim: Pick<FarmcamSim, 'RemainingData' | 'Subscription'>, now: Date): WarningCode[] {
  if (isExpired(sim.Subscription, now)) return [];
  if (sim.RemainingData < OUT_OF_DATA_BELOW) return ['outOfData'];
  return sim.RemainingData < LOW_DATA_BYTES ? ['lowData'] : [];
}

/** SPEC §4: FenceAlarm — voltage (enabled and triggered), low battery and offline (triggered). */
export function fencealarmWarnings(device: Pick<Fencealarm, 'VoltageAlarm' | 'LowBatteryAlarm' | 'OfflineAlarm'>): WarningCode[] {
  return pick([
    ['voltage', on(device.VoltageAlarm)],
    ['lowBattery', device.LowBatteryAlarm.Triggered],
    ['offline', device.OfflineAlarm.Triggered],
  ]);
}

/** SPEC §4: FenceAlarm2 — voltage (enabled and triggered). */
export function fencealarm2Warnings(device: Pick<Fencealarm2, 'VoltageAlarm'>): WarningCode[] {
  return pick([['voltage', on(device.VoltageAlarm)]]);
}

/** SPEC §4: SmartPlug — load, offline, power failure and temperature range, each enabled and triggered. */
export function smartplugWarnings(
  device: Pick<Smartplug, 'LoadAlarm' | 'OfflineAlarm' | 'PowerFailureAlarm' | 'TemperatureRangeAlarm'>,
): WarningCode[] {
  return pick([
    ['load', on(device.LoadAlarm)],
    ['offline', on(device.OfflineAlarm)],
    ['powerFailure', on(device.PowerFailureAlarm)],
    ['temperature', on(device.TemperatureRangeAlarm)],
  ]);
}

/** SPEC §3/§4: SmartPlug2 — connection lost, then power load, power failure and consumption notifications (enabled and triggered). */
export function smartplug2Warnings(
  device: Pick<Smartplug2, 'ConnectionLost' | 'PowerLoadAlarmNotification' | 'PowerFailureNotification' | 'ConsumptionNotification'>,
): WarningCode[] {
  return pick([
    ['connectionLost', device.ConnectionLost],
    ['powerLoad', on(device.PowerLoadAlarmNotification)],
    ['powerFailure', on(device.PowerFailureNotification)],
    ['consumption', on(device.ConsumptionNotification)],
  ]);
}

/** SPEC §2/§4: the warnings of any device (the card's flashing icon shows when the list is not empty). */
export function deviceWarnings(device: Device, now: Date): WarningCode[] {
  switch (device.Product) {
    case 'farmcam-sim':
      return farmcamSimWarnings(device, now);
    case 'fencealarm':
      return fencealarmWarnings(device);
    case 'fencealarm2':
      return fencealarm2Warnings(device);
    case 'smartplug':
      return smartplugWarnings(device);
    case 'smartplug2':
      return smartplug2Warnings(device);
  }
}
