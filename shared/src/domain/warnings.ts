// Device warnings shown on the dashboard card (docs/product/screens.md, docs/product/states.md, docs/product/limits.md). Codes, in a fixed order; screens translate.
// Each product picks its own in its module (products/<id>).

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

/** An alarm the user switched on shows its warning while it is triggered. */
export const isRaised = (alarm: { Enabled: boolean; Triggered: boolean }) => alarm.Enabled && alarm.Triggered;
/** The codes whose condition holds, in the order given. */
export const shownWarnings = (entries: [WarningCode, boolean][]): WarningCode[] => entries.filter(([, shown]) => shown).map(([code]) => code);
