// What a device's report does to its live values and alarms (docs/product/devices.md, docs/protocol.md Behaviour):
// every reading sets the live values and re-evaluates each alarm's Triggered, which clears once the value is back
// inside; offline is set by silence or the last will and cleared by any message. Triggered is kept whether or not
// the alarm is enabled; the warnings (warnings.ts) show it only where it is. Each product applies these rules
// to its own fields in its module (products/<id>).

/** FenceAlarm: a battery below 11.5 V raises the low-battery alarm. */
export const LOW_BATTERY_BELOW_VOLTS = 11.5;

/** FenceAlarm VoltageAlarm (below AlarmLevel) and FenceAlarm2 VoltageAlarm (below Threshold). */
export function isFenceVoltageLow(voltage: number, level: number): boolean {
  return voltage < level;
}

/**
 * docs/product/states.md "State at a glance": the level a fence is judged against when it has none of its own (the
 * level a FenceAlarm starts with; FenceAlarm2's 5010 V reads as ≈5000 V). A healthy fence holds 5–7 kV.
 */
export const FENCE_DEFAULT_LEVEL_VOLTS = 5000;

/** The fence's own level: its alarm level (or threshold) when set, FENCE_DEFAULT_LEVEL_VOLTS otherwise. */
export function fenceLevel(level: number | null | undefined): number {
  return typeof level === 'number' && Number.isFinite(level) && level > 0 ? level : FENCE_DEFAULT_LEVEL_VOLTS;
}

/**
 * docs/product/states.md "State at a glance": the fence is low when its last voltage is below its own level, whether
 * or not the voltage alarm is on; while the alarm is raised the card shows the alarm instead (no second warning).
 */
export function isFenceLowAtGlance(
  voltage: number | null | undefined,
  alarm: { Enabled: boolean; Triggered: boolean },
  level: number | null | undefined,
): boolean {
  if (alarm.Enabled && alarm.Triggered) return false;
  return typeof voltage === 'number' && isFenceVoltageLow(voltage, fenceLevel(level));
}

/** FenceAlarm LowBatteryAlarm. */
export function isBatteryLow(battery: number): boolean {
  return battery < LOW_BATTERY_BELOW_VOLTS;
}

/** The temperature range alarm (and the load alarms while the output is on, see isLoadAlarmed): the bounds themselves are inside. */
export function isOutsideBounds(value: number, bounds: { Lower: number; Upper: number }): boolean {
  return value < bounds.Lower || value > bounds.Upper;
}

/**
 * Load alarms (SmartPlug LoadAlarm, SmartPlug2 PowerLoadAlarmNotification), judged on the relay the same reading reports
 * (PowerEnabled). Output on: outside the bounds, as isOutsideBounds. Output off: a load below Lower is what off means, not
 * a fault (a timer, thermostat or shared user switching it must not alarm the owner), so only a load above Upper
 * triggers. Back on, the next reading is judged as usual (docs/product/states.md, docs/product/products/smartplug.md).
 */
export function isLoadAlarmed(load: number, bounds: { Lower: number; Upper: number }, outputOn: boolean): boolean {
  return outputOn ? isOutsideBounds(load, bounds) : load > bounds.Upper;
}

/** SmartPlug PowerFailureAlarm and SmartPlug2 PowerFailureNotification: the plug has lost its supply. */
export function isPowerFailure(mainsPower: boolean): boolean {
  return !mainsPower;
}

/** A partial device representation, deep-merged into the stored one. */
export type FieldsPatch = Record<string, unknown>;
