// Alarm bounds and choices (docs/product/devices.md, docs/product/validation.md, docs/product/limits.md): load and temperature ranges, fence voltage levels, calibration,
// the temperature dash, and what an alarm select shows. Validators return codes; screens localize them.

export interface AlarmRange {
  min: number;
  max: number;
  defaultLower: number;
  defaultUpper: number;
}

/** docs/product/validation.md, docs/product/limits.md: load alarm (SmartPlug, SmartPlug2) 0 to 3700 W, defaults 0 and 3700. */
export const LOAD_ALARM_RANGE: AlarmRange = { min: 0, max: 3700, defaultLower: 0, defaultUpper: 3700 };
/** docs/product/validation.md, docs/product/limits.md: temperature range alarm (SmartPlug) -20 to 70 °C, defaults -20 and 70. */
export const TEMPERATURE_ALARM_RANGE: AlarmRange = { min: -20, max: 70, defaultLower: -20, defaultUpper: 70 };
/** docs/product/devices.md, docs/product/limits.md: a temperature below -20 °C is shown as a dash. */
export const TEMPERATURE_HIDDEN_BELOW = -20;

/** docs/product/validation.md, docs/product/limits.md: FenceAlarm voltage alarm levels, 2000 to 8000 V in steps of 1000. */
export const FENCEALARM_LEVELS = [2000, 3000, 4000, 5000, 6000, 7000, 8000] as const;
export type FencealarmLevel = (typeof FENCEALARM_LEVELS)[number];
/** docs/product/validation.md: FenceAlarm2 voltage thresholds (labelled as approximate thousands). */
export const FENCEALARM2_THRESHOLDS = [1943, 3057, 3943, 5010, 5924, 6941, 7928] as const;
export type Fencealarm2Threshold = (typeof FENCEALARM2_THRESHOLDS)[number];

/** FenceAlarm calibration (chosen by us, see docs/product/products/fencealarm.md): scaling factor above 0 up to 10, expected voltage 0 to 15000 V. */
export const CALIBRATION_SCALING_FACTOR_MAX = 10;
export const CALIBRATION_EXPECTED_VOLTAGE_MAX = 15000;

/**
 * SmartPlug2's daily consumption limit in kWh (docs/product/products/smartplug2.md, chosen): more than 0, at most 100 —
 * above what a plug at its 3700 W maximum can use in a day (88.8 kWh, 92.5 on the 25-hour day summer time ends) —
 * default 10.
 */
export const CONSUMPTION_LIMIT_KWH = { max: 100, default: 10 } as const;

/** Field error codes of a bound input. */
export type BoundError = 'required' | 'belowMinimum' | 'aboveMaximum' | 'notBelowUpper' | 'notAboveLower' | null;
export interface RangeErrors {
  lower: BoundError;
  upper: BoundError;
}

/** docs/product/validation.md: alarm inputs keep only digits and a leading minus ('-1a2' → '-12', '1-2' → '12'). */
export function keepDigitsAndLeadingMinus(input: string): string {
  const kept = input.replace(/[^0-9-]/g, '');
  return (kept.startsWith('-') ? '-' : '') + kept.replace(/-/g, '');
}

/** docs/product/validation.md: a bound input's number after filtering; null when nothing numeric remains ('' or '-'). */
export function parseBoundInput(input: string): number | null {
  const kept = keepDigitsAndLeadingMinus(input);
  return /\d/.test(kept) ? Number(kept) : null;
}

/** docs/product/validation.md: lower at least min and below upper; upper at most max and above lower (both inside min..max). */
export function checkRange(range: AlarmRange, lower: number | null, upper: number | null): RangeErrors {
  const missing = (v: number | null): v is null => v === null || Number.isNaN(v);
  const outside = (v: number): BoundError => (v < range.min ? 'belowMinimum' : v > range.max ? 'aboveMaximum' : null);
  const lowerError: BoundError = missing(lower)
    ? 'required'
    : (outside(lower) ?? (!missing(upper) && lower >= upper ? 'notBelowUpper' : null));
  const upperError: BoundError = missing(upper)
    ? 'required'
    : (outside(upper) ?? (!missing(lower) && upper <= lower ? 'notAboveLower' : null));
  return { lower: lowerError, upper: upperError };
}

/** docs/product/validation.md: load alarm bounds (0 ≤ lower < upper ≤ 3700). */
export function checkLoadAlarm(lower: number | null, upper: number | null): RangeErrors {
  return checkRange(LOAD_ALARM_RANGE, lower, upper);
}

/** docs/product/validation.md: temperature alarm bounds (-20 ≤ lower < upper ≤ 70). */
export function checkTemperatureAlarm(lower: number | null, upper: number | null): RangeErrors {
  return checkRange(TEMPERATURE_ALARM_RANGE, lower, upper);
}

/** True when neither bound has an error. */
export function isRangeValid(errors: RangeErrors): boolean {
  return errors.lower === null && errors.upper === null;
}

/** docs/product/validation.md: the bounds to show, with the range's defaults where a bound is unset. */
export function boundsOrDefaults(
  range: AlarmRange,
  bounds?: { Lower?: number | null; Upper?: number | null } | null,
): { Lower: number; Upper: number } {
  return { Lower: bounds?.Lower ?? range.defaultLower, Upper: bounds?.Upper ?? range.defaultUpper };
}

/** docs/product/validation.md: a FenceAlarm2 threshold is labelled with its nearest thousand (1943 → 2000, "≈2000 V"). */
export function approximateThousand(threshold: number): number {
  return Math.round(threshold / 1000) * 1000;
}

/** docs/product/screens.md: an alarm select shows Off when the alarm is disabled or the subscription is not active. */
export function alarmSelectValue<T>(enabled: boolean, value: T, subscriptionActive: boolean): T | 'off' {
  return enabled && subscriptionActive ? value : 'off';
}

/** docs/product/devices.md, docs/product/limits.md: a temperature below -20 °C (or none) is shown as a dash, i.e. null. */
export function displayTemperature(temperature: number | null | undefined): number | null {
  if (temperature === null || temperature === undefined || Number.isNaN(temperature)) return null;
  return temperature < TEMPERATURE_HIDDEN_BELOW ? null : temperature;
}

/** FenceAlarm calibration scaling factor: above 0, at most 10. */
export function checkScalingFactor(value: number | null): BoundError {
  if (value === null || Number.isNaN(value)) return 'required';
  if (value <= 0) return 'belowMinimum';
  return value > CALIBRATION_SCALING_FACTOR_MAX ? 'aboveMaximum' : null;
}

/** The daily limit a SmartPlug2's owner set, in kWh; the default for a device saved before there was one. */
export const dailyLimitKWh = (notification: { DailyLimitKWh?: number }): number => notification.DailyLimitKWh ?? CONSUMPTION_LIMIT_KWH.default;

/** SmartPlug2's daily consumption limit: above 0, at most CONSUMPTION_LIMIT_KWH.max kWh. */
export function checkDailyLimit(value: number | null): BoundError {
  if (value === null || Number.isNaN(value)) return 'required';
  if (value <= 0) return 'belowMinimum';
  return value > CONSUMPTION_LIMIT_KWH.max ? 'aboveMaximum' : null;
}

/** FenceAlarm calibration expected voltage: 0 to 15000 V. */
export function checkExpectedVoltage(value: number | null): BoundError {
  if (value === null || Number.isNaN(value)) return 'required';
  if (value < 0) return 'belowMinimum';
  return value > CALIBRATION_EXPECTED_VOLTAGE_MAX ? 'aboveMaximum' : null;
}
