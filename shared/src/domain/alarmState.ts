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
