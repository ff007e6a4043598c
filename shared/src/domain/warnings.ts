// Device warnings shown on the dashboard card (docs/product/screens.md, docs/product/states.md, docs/product/limits.md). Codes, in a fixed order; screens translate.
// Each product picks its own in its module (products/<id>).

export const WARNING_CODES = [
  'outOfData',
  'lowData',
  'voltage',
  'lowVoltage',
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

/**
 * docs/product/states.md "State at a glance": the codes that state the device's condition whether or not an alarm
 * watches it (a fence below its level with the voltage alarm off). Shown, but not an alarm that was raised.
 */
export const CONDITION_CODES: readonly WarningCode[] = ['lowVoltage'];

/** An alarm the user switched on shows its warning while it is triggered. */
export const isRaised = (alarm: { Enabled: boolean; Triggered: boolean }) => alarm.Enabled && alarm.Triggered;
/** The codes whose condition holds, in the order given. */
export const shownWarnings = (entries: [WarningCode, boolean][]): WarningCode[] => entries.filter(([, shown]) => shown).map(([code]) => code);
