// Timer and thermostat rules of the plugs (docs/product/devices.md, docs/product/validation.md, docs/product/errors.md, docs/product/limits.md).
//
// A timer entry on the wire is a schedule string 'minute hour days', e.g. '30 6 1,2,3,4,5':
// - minute: a multiple of 5 in 0..55, hour: 0..23, both without leading zeros;
// - days: a comma list of day numbers 0–6 (Sunday 0), at least one, no duplicates, no spaces (any order is
//   accepted; formatSchedule writes them ascending). The same days syntax is used by thermostat triggers.
// Timer.On holds the schedules that switch the plug on, Timer.Off those that switch it off.
// Timer.TimeZone (an IANA zone such as 'Europe/Stockholm', docs/protocol.md) says whose wall clock the schedules
// are on: a rule then fires at the same local time all year, summer time or not. A timer without TimeZone is the
// old form, in UTC; it is still read as such (and saved with the farmer's zone next time). Thermostat.TimeZone
// likewise says whose days its triggers' Days are.

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
/** Schedule syntax: 'minute hour days' (on the wall clock of the timer's TimeZone; UTC without one). */
export const SCHEDULE_PATTERN = `^${MINUTE_SOURCE} ${HOUR_SOURCE} ${DAYS_SOURCE}$`;
export const SCHEDULE_MAX_LENGTH = 19;
// A sun entry's offset in minutes, 0…180 without leading zeros, its sign always written (domain/sun.ts).
const SUN_OFFSET_SOURCE = '(?:[0-9]|[1-9][0-9]|1[0-7][0-9]|180)';
/** Sun entry syntax (docs/protocol.md "Sun entries"): 'sunset+30 1,2,3', 'sunrise-15 0,6' (event, signed minutes, days). */
export const SUN_SCHEDULE_PATTERN = `^(?:sunrise|sunset)[+-]${SUN_OFFSET_SOURCE} ${DAYS_SOURCE}$`;
/** A timer entry on the wire: a schedule ('minute hour days') or a sun entry ('sunset+30 days'). */
export const TIMER_ENTRY_PATTERN = `^(?:${MINUTE_SOURCE} ${HOUR_SOURCE}|(?:sunrise|sunset)[+-]${SUN_OFFSET_SOURCE}) ${DAYS_SOURCE}$`;
export const TIMER_ENTRY_MAX_LENGTH = 25; // 'sunrise+180 0,1,2,3,4,5,6'
/** An IANA time zone name's shape ('Europe/Stockholm', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+1'); the server checks it is known. */
export const TIME_ZONE_PATTERN = '^[A-Za-z][A-Za-z0-9_+\\-]*(?:/[A-Za-z0-9_+\\-]+){0,2}$';
export const TIME_ZONE_MAX_LENGTH = 64;
/** The zone of a timer or thermostat saved without one (the old form). */
export const LEGACY_TIME_ZONE = 'UTC';

export type SunEvent = 'sunrise' | 'sunset';
/** Minutes before (−) or after (+) the event (chosen: three hours either way). */
export const SUN_OFFSET_MIN = -180;
export const SUN_OFFSET_MAX = 180;

export interface SunSchedule {
  event: SunEvent;
  /** Minutes, SUN_OFFSET_MIN…SUN_OFFSET_MAX. */
  offset: number;
  /** Day numbers 0–6, Sunday 0: the local dates whose sunrise or sunset counts. */
  days: number[];
}

/** docs/protocol.md "Sun entries": sun entry syntax check. */
export function isValidSunSchedule(entry: string): boolean {
  return new RegExp(SUN_SCHEDULE_PATTERN).test(entry);
}

/** 'sunset+30 1,2' to its parts; null when it is no sun entry (a clock entry, or invalid). */
export function parseSunSchedule(entry: string): SunSchedule | null {
  if (!isValidSunSchedule(entry)) return null;
  const match = /^(sunrise|sunset)([+-]\d+) (.*)$/.exec(entry)!;
  return { event: match[1] as SunEvent, offset: Number(match[2]), days: match[3].split(',').map(Number) };
}

/** Parts to 'sunset+30 1,2' (days ascending); throws when the result would not be a valid sun entry. */
export function formatSunSchedule(schedule: SunSchedule): string {
  const text = `${schedule.event}${schedule.offset < 0 ? '-' : '+'}${Math.abs(schedule.offset)} ${formatDays(schedule.days)}`;
  if (!Number.isInteger(schedule.offset) || !isValidSunSchedule(text)) throw new Error(`invalid sun entry: ${text}`);
  return text;
}

export type PowerAction = 'on' | 'off';
export type ThermostatDirection = 'above' | 'below';

export interface Schedule {
  minute: number;
  hour: number;
  /** Day numbers 0–6, Sunday 0. */
  days: number[];
}

/**
 * A timer rule as the screen edits it, in local time. With `sun` it is a sun entry (docs/product/sun-timers.md):
 * sunrise or sunset ± offset minutes on its days, and hour and minute are 0 (unused).
 */
export interface TimerRule extends Schedule {
  action: PowerAction;
  sun?: { event: SunEvent; offset: number };
}

export interface TimerValue {
  Enabled: boolean;
  On: string[];
  Off: string[];
  /** IANA zone of the schedules' wall clock; absent: UTC (the old form). */
  TimeZone?: string;
  /** Where sun entries are computed (domain/sun.ts); absent while there is none. */
  Location?: { Latitude: number; Longitude: number };
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

/**
 * docs/product/validation.md: a time of week rounded up to the next multiple of 5 minutes, carrying into the hour
 * and the day (06:57 → 07:00; 23:58 on Monday → 00:00 on Tuesday, Saturday moving to Sunday 0).
 */
export function roundScheduleUp(schedule: Schedule): Schedule {
  const extra = mod(-schedule.minute, TIMER_MINUTE_STEP);
  return shiftSchedule(schedule, extra);
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

/** docs/product/validation.md: a local timer rule (rounded up with carry, roundScheduleUp) to its UTC schedule string and action. */
export function toUtcSchedule(rule: TimerRule, utcOffsetMinutes: number): { action: PowerAction; schedule: string } {
  assertPowerAction(rule.action);
  formatSchedule({ minute: 0, hour: rule.hour, days: rule.days }); // throws on an hour or day out of range
  if (!Number.isInteger(rule.minute) || rule.minute < 0 || rule.minute > 59) throw new Error(`invalid minute: ${rule.minute}`);
  const local = roundScheduleUp(rule);
  return { action: rule.action, schedule: formatSchedule(shiftSchedule(local, -utcOffsetMinutes)) };
}

/** docs/product/validation.md reversed: a UTC schedule string to the local rule the screen shows; throws when the string is invalid. */
export function fromUtcSchedule(schedule: string, action: PowerAction, utcOffsetMinutes: number): TimerRule {
  assertPowerAction(action);
  const utc = parseSchedule(schedule);
  if (!utc) throw new Error(`invalid schedule: ${schedule}`);
  return { ...shiftSchedule(utc, utcOffsetMinutes), action };
}

/**
 * docs/product/devices.md: the wire Timer {Enabled, On, Off, TimeZone} to rules on the wall clock of `viewZone` (On
 * first, then Off; each in wire order). Rules in the same zone come as they are; rules in another zone (an old
 * UTC-only timer, or one saved elsewhere) are moved by the difference of the two zones' offsets at `at`.
 */
export function timerToRules(timer: Pick<TimerValue, 'On' | 'Off' | 'TimeZone'>, viewZone: string, at: Date = new Date()): TimerRule[] {
  const from = timer.TimeZone ?? LEGACY_TIME_ZONE;
  const shift = from === viewZone ? 0 : zoneOffsetMinutes(viewZone, at) - zoneOffsetMinutes(from, at);
  // A sun entry has no clock time to move: its days stay those of its zone.
  const rule = (entry: string, action: PowerAction): TimerRule => {
    const sun = parseSunSchedule(entry);
    return sun
      ? { minute: 0, hour: 0, days: sun.days, action, sun: { event: sun.event, offset: sun.offset } }
      : fromUtcSchedule(entry, action, shift);
  };
  return [...timer.On.map((s) => rule(s, 'on')), ...timer.Off.map((s) => rule(s, 'off'))];
}

/**
 * docs/product/devices.md, docs/product/validation.md: rules on the wall clock of `timeZone` to the wire Timer that
 * carries the zone (each rounded up with carry); a repeated schedule is kept once. Sun rules become sun entries, and
 * the timer carries `location` when there is one.
 */
export function rulesToTimer(
  enabled: boolean,
  rules: readonly TimerRule[],
  timeZone: string,
  location?: { Latitude: number; Longitude: number } | null,
): TimerValue {
  const timer: TimerValue = { Enabled: enabled, On: [], Off: [], TimeZone: timeZone };
  for (const rule of rules) {
    const { action, schedule } = rule.sun
      ? { action: rule.action, schedule: formatSunSchedule({ ...rule.sun, days: rule.days }) }
      : toUtcSchedule(rule, 0);
    const list = action === 'on' ? timer.On : timer.Off;
    if (!list.includes(schedule)) list.push(schedule);
  }
  // The plug computes sun entries from the farm's location (docs/protocol.md "Sun entries").
  if (location && rules.some((rule) => rule.sun)) timer.Location = { Latitude: location.Latitude, Longitude: location.Longitude };
  return timer;
}

// ---- Time zones (docs/protocol.md "Time zones") ----

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** The formatter of a zone's wall clock, to the second (kept per zone); throws a RangeError for an unknown zone. */
export function wallClockOf(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** A moment on a zone's wall clock: date, time and weekday (Sunday 0). */
export interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

/** What a zone's clocks show at a moment; throws a RangeError for an unknown zone. */
export function wallTime(timeZone: string, at: Date): WallTime {
  const parts: Record<string, number> = {};
  for (const part of wallClockOf(timeZone).formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year, month, day, hour, minute } = parts;
  return { year, month, day, hour: hour % 24, minute, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** A zone's offset from UTC at a moment, in minutes east of UTC (Europe/Stockholm: 60 in winter, 120 in summer). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const w = wallTime(timeZone, at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The moment a zone's clocks show a date and time. A time that occurs twice (the hour summer time ends) is its first
 * occurrence; a time that does not occur (in the hour summer time skips) is moved on by the length of the skip, so
 * a rule at 02:30 still fires that night, at 03:30 (as Temporal's 'compatible'; docs/protocol.md "Time zones").
 */
export function zonedMoment(timeZone: string, date: { year: number; month: number; day: number }, hour: number, minute: number): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const before = zoneOffsetMinutes(timeZone, new Date(asUtc - 86_400_000 / 2));
  const after = zoneOffsetMinutes(timeZone, new Date(asUtc + 86_400_000 / 2));
  const shows = (t: number) => {
    const w = wallTime(timeZone, new Date(t));
    return w.hour === hour && w.minute === minute && w.day === new Date(asUtc).getUTCDate();
  };
  const candidates = [asUtc - before * 60_000, asUtc - after * 60_000].filter(shows).sort((a, b) => a - b);
  if (candidates.length) return new Date(candidates[0]);
  // Skipped: the time read with the offset before the jump, which the clocks show an hour (the skip) later.
  return new Date(Math.max(asUtc - before * 60_000, asUtc - after * 60_000));
}

/**
 * The latest moment at or before `at` that a schedule names on the wall clock of `timeZone` (UTC for the old form);
 * null when it names none (no days). Pure: the simulator's "does this rule fire now" (docs/protocol.md).
 */
export function lastScheduledMoment(schedule: Schedule, at: Date, timeZone: string = LEGACY_TIME_ZONE): Date | null {
  const today = wallTime(timeZone, at);
  for (let back = 0; back <= 8; back++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    if (!schedule.days.includes(date.getUTCDay())) continue;
    const moment = zonedMoment(
      timeZone,
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      schedule.hour,
      schedule.minute,
    );
    if (moment.getTime() <= at.getTime()) return moment;
  }
  return null;
}

/** The weekday (Sunday 0) on the wall clock of `timeZone` at a moment (thermostat Days; UTC for the old form). */
export function weekdayIn(timeZone: string | undefined, at: Date): number {
  return wallTime(timeZone ?? LEGACY_TIME_ZONE, at).weekday;
}

/** The zone a time zone name stands for, canonical as this runtime names it; null when unknown. */
function resolvedZone(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

let supportedZones: Set<string> | null = null;
/**
 * docs/product/validation.md: a time zone the runtime knows (Intl.supportedValuesOf('timeZone'), plus UTC and the
 * aliases browsers report, such as Europe/Kyiv for Europe/Kiev).
 */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!new RegExp(TIME_ZONE_PATTERN).test(timeZone) || timeZone.length > TIME_ZONE_MAX_LENGTH) return false;
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  supportedZones ??= new Set(intl.supportedValuesOf?.('timeZone') ?? []);
  if (supportedZones.has(timeZone) || timeZone === 'UTC') return true;
  const resolved = resolvedZone(timeZone);
  return resolved !== null && (supportedZones.has(resolved) || resolved === 'UTC' || supportedZones.size === 0);
}

/** The browser's IANA time zone (Intl), UTC when it has none or one this runtime does not know. */
export function browserTimeZone(): string {
  const zone = resolvedZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? LEGACY_TIME_ZONE);
  return zone && isKnownTimeZone(zone) ? zone : LEGACY_TIME_ZONE;
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
