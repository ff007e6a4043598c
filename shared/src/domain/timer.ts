// Timer and thermostat rules of the plugs (docs/product/devices.md, docs/product/validation.md, docs/product/errors.md, docs/product/limits.md).
//
// A timer entry on the wire is a schedule string 'minute hour days' in UTC, e.g. '30 6 1,2,3,4,5':
// - minute: a multiple of 5 in 0..55, hour: 0..23, both without leading zeros;
// - days: a comma list of day numbers 0–6 (Sunday 0), at least one, no duplicates, no spaces (any order is
//   accepted; formatSchedule writes them ascending). The same days syntax is used by thermostat triggers.
// Timer.On holds the schedules that switch the plug on, Timer.Off those that switch it off.
// The screens edit rules in local time; toUtcSchedule/fromUtcSchedule convert with the UTC offset of the
// browser (minutes east of UTC, e.g. +60 for CET, +120 for CEST, -300 for New York in winter).

export const TIMER_MINUTE_STEP = 5;
export const DAY_NUMBERS = [0, 1, 2, 3, 4, 5, 6] as const;
export const SUNDAY = 0;
/** At most this many schedules in Timer.On and in Timer.Off, and triggers in a thermostat (chosen). */
export const TIMER_MAX_SCHEDULES = 20;
export const THERMOSTAT_MAX_TRIGGERS = 10;

const MINUTE_SOURCE = '(?:[05]|[1-5][05])';
const HOUR_SOURCE = '(?:[0-9]|1[0-9]|2[0-3])';
// A day digit 0–6, comma separated; the look-ahead refuses a digit that occurs twice.
const DAYS_SOURCE = '(?!.*([0-6]).*\\1)[0-6](?:,[0-6])*';
/** Days syntax: '1,2,3' (0–6, Sunday 0, no duplicates). */
export const DAYS_PATTERN = `^${DAYS_SOURCE}$`;
/** Schedule syntax: 'minute hour days' (UTC). */
export const SCHEDULE_PATTERN = `^${MINUTE_SOURCE} ${HOUR_SOURCE} ${DAYS_SOURCE}$`;
export const SCHEDULE_MAX_LENGTH = 19;

export type PowerAction = 'on' | 'off';
export type ThermostatDirection = 'above' | 'below';

export interface Schedule {
  minute: number;
  hour: number;
  /** Day numbers 0–6, Sunday 0. */
  days: number[];
}

/** A timer rule as the screen edits it, in local time. */
export interface TimerRule extends Schedule {
  action: PowerAction;
}

export interface TimerValue {
  Enabled: boolean;
  On: string[];
  Off: string[];
}

/** A thermostat rule as the screen edits it. */
export interface ThermostatRule {
  days: number[];
  direction: ThermostatDirection;
  /** °C, -20 to 70. */
  temperature: number;
  action: PowerAction;
}

/** A thermostat trigger on the wire (docs/product/devices.md): Days in the days syntax, Above true for 'above', SetPowerEnabled true for 'on'. */
export interface ThermostatTriggerValue {
  Days: string;
  Above: boolean;
  Temperature: number;
  SetPowerEnabled: boolean;
}

export const THERMOSTAT_TEMPERATURE_MIN = -20;
export const THERMOSTAT_TEMPERATURE_MAX = 70;

const DAY_MINUTES = 24 * 60;
const mod = (n: number, m: number) => ((n % m) + m) % m;

/** docs/product/validation.md: the minute rounded up to the next multiple of 5, modulo 60 — no carry into the hour (58 → 0, same hour). */
export function roundMinuteUp(minute: number): number {
  return (Math.ceil(minute / TIMER_MINUTE_STEP) * TIMER_MINUTE_STEP) % 60;
}

/** The browser's UTC offset in minutes east of UTC at a moment (the opposite sign of Date.getTimezoneOffset). */
export function localUtcOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset() || 0;
}

/** docs/product/validation.md: days syntax check ('1,2,3': 0–6, no duplicates). */
export function isValidDays(days: string): boolean {
  return new RegExp(DAYS_PATTERN).test(days);
}

/** docs/product/validation.md: day numbers to the days syntax, ascending ([3, 1] → '1,3'). */
export function formatDays(days: readonly number[]): string {
  return [...new Set(days)].sort((a, b) => a - b).join(',');
}

/** docs/product/validation.md: the days syntax to day numbers; null when invalid. */
export function parseDays(days: string): number[] | null {
  return isValidDays(days) ? days.split(',').map(Number) : null;
}

/** docs/product/devices.md, docs/product/validation.md: schedule string syntax check ('minute hour days'). */
export function isValidSchedule(schedule: string): boolean {
  return new RegExp(SCHEDULE_PATTERN).test(schedule);
}

/** docs/product/devices.md: 'minute hour days' to its parts; null when invalid. */
export function parseSchedule(schedule: string): Schedule | null {
  if (!isValidSchedule(schedule)) return null;
  const [minute, hour, days] = schedule.split(' ');
  return { minute: Number(minute), hour: Number(hour), days: days.split(',').map(Number) };
}

/** docs/product/devices.md: parts to 'minute hour days'; throws when the result would not be a valid schedule. */
export function formatSchedule(schedule: Schedule): string {
  const text = `${schedule.minute} ${schedule.hour} ${formatDays(schedule.days)}`;
  if (!isValidSchedule(text)) throw new Error(`invalid schedule: ${text}`);
  return text;
}

/** docs/product/errors.md: an action other than on or off raises an error. */
export function assertPowerAction(action: unknown): asserts action is PowerAction {
  if (action !== 'on' && action !== 'off') throw new Error(`invalid action: ${String(action)}`);
}

/** docs/product/errors.md: a thermostat direction other than above or below raises an error. */
export function assertThermostatDirection(direction: unknown): asserts direction is ThermostatDirection {
  if (direction !== 'above' && direction !== 'below') throw new Error(`invalid thermostat direction: ${String(direction)}`);
}

// Moves a time of week by a number of minutes; days that cross midnight shift with it (Saturday 6 → Sunday 0).
function shiftSchedule(schedule: Schedule, minutes: number): Schedule {
  const total = schedule.hour * 60 + schedule.minute + minutes;
  const dayShift = Math.floor(total / DAY_MINUTES);
  const inDay = mod(total, DAY_MINUTES);
  return {
    minute: inDay % 60,
    hour: Math.floor(inDay / 60),
    days: [...new Set(schedule.days.map((d) => mod(d + dayShift, 7)))].sort((a, b) => a - b),
  };
}

/** docs/product/validation.md: a local timer rule (minute rounded up per roundMinuteUp) to its UTC schedule string and action. */
export function toUtcSchedule(rule: TimerRule, utcOffsetMinutes: number): { action: PowerAction; schedule: string } {
  assertPowerAction(rule.action);
  const local = { minute: roundMinuteUp(rule.minute), hour: rule.hour, days: rule.days };
  formatSchedule(local); // throws on an hour or day out of range
  return { action: rule.action, schedule: formatSchedule(shiftSchedule(local, -utcOffsetMinutes)) };
}

/** docs/product/validation.md reversed: a UTC schedule string to the local rule the screen shows; throws when the string is invalid. */
export function fromUtcSchedule(schedule: string, action: PowerAction, utcOffsetMinutes: number): TimerRule {
  assertPowerAction(action);
  const utc = parseSchedule(schedule);
  if (!utc) throw new Error(`invalid schedule: ${schedule}`);
  return { ...shiftSchedule(utc, utcOffsetMinutes), action };
}

/** docs/product/devices.md: the wire Timer {Enabled, On, Off} to local rules (On first, then Off; each in wire order). */
export function timerToRules(timer: Pick<TimerValue, 'On' | 'Off'>, utcOffsetMinutes: number): TimerRule[] {
  return [
    ...timer.On.map((s) => fromUtcSchedule(s, 'on', utcOffsetMinutes)),
    ...timer.Off.map((s) => fromUtcSchedule(s, 'off', utcOffsetMinutes)),
  ];
}

/** docs/product/devices.md, docs/product/validation.md: local rules to the wire Timer, converted to UTC; a repeated schedule is kept once. */
export function rulesToTimer(enabled: boolean, rules: readonly TimerRule[], utcOffsetMinutes: number): TimerValue {
  const timer: TimerValue = { Enabled: enabled, On: [], Off: [] };
  for (const rule of rules) {
    const { action, schedule } = toUtcSchedule(rule, utcOffsetMinutes);
    const list = action === 'on' ? timer.On : timer.Off;
    if (!list.includes(schedule)) list.push(schedule);
  }
  return timer;
}

/** docs/product/validation.md: thermostat temperature -20 to 70 °C; returns a field error code. */
export function checkThermostatTemperature(value: number | null): 'required' | 'belowMinimum' | 'aboveMaximum' | null {
  if (value === null || Number.isNaN(value)) return 'required';
  if (value < THERMOSTAT_TEMPERATURE_MIN) return 'belowMinimum';
  return value > THERMOSTAT_TEMPERATURE_MAX ? 'aboveMaximum' : null;
}

/** docs/product/devices.md, docs/product/validation.md, docs/product/errors.md: a thermostat rule to its wire trigger; throws on an invalid direction, action, days or temperature. */
export function toThermostatTrigger(rule: ThermostatRule): ThermostatTriggerValue {
  assertThermostatDirection(rule.direction);
  assertPowerAction(rule.action);
  const days = formatDays(rule.days);
  if (!isValidDays(days)) throw new Error(`invalid days: ${days}`);
  if (checkThermostatTemperature(rule.temperature) !== null) throw new Error(`invalid temperature: ${rule.temperature}`);
  return { Days: days, Above: rule.direction === 'above', Temperature: rule.temperature, SetPowerEnabled: rule.action === 'on' };
}

/** docs/product/devices.md: a wire trigger to the rule the screen edits (days are not time-shifted: a trigger has no time of day). */
export function fromThermostatTrigger(trigger: ThermostatTriggerValue): ThermostatRule {
  return {
    days: parseDays(trigger.Days) ?? [],
    direction: trigger.Above ? 'above' : 'below',
    temperature: trigger.Temperature,
    action: trigger.SetPowerEnabled ? 'on' : 'off',
  };
}
