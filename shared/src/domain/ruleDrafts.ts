// Plug rules as the settings screens edit them before saving (docs/product/states.md "can be added and removed before saving",
// §5 Timer rule and Thermostat rule): the time input, the order days are shown in, the order rules are listed in,
// and the checks of a rule about to be added. Returns codes; screens localize them. The wire conversions live in
// timer.ts.
import { parseBoundInput } from './alarms';
import {
  SUN_OFFSET_MAX,
  SUN_OFFSET_MIN,
  THERMOSTAT_MAX_TRIGGERS,
  TIMER_MAX_SCHEDULES,
  checkThermostatTemperature,
  formatDays,
  roundScheduleUp,
  type PowerAction,
  type SunEvent,
  type ThermostatDirection,
  type ThermostatRule,
  type TimerRule,
} from './timer';

/** Screens list the week Monday first; on the wire Sunday stays 0 (docs/product/validation.md). */
export const DAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

export interface TimeOfDay {
  hour: number;
  minute: number;
}

/** A time input's value ('07:32', '7:32' or '07:32:10') to hour and minute; null when empty or not a time. */
export function parseTimeOfDay(value: string): TimeOfDay | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/**
 * docs/product/validation.md: the time a timer rule runs at — rounded up to the next multiple of 5 minutes with carry
 * (06:57 runs at 07:00; 23:58 at 00:00 the next day, `nextDay`). Screens show this before the rule is added.
 */
export function roundedTimeOfDay(time: TimeOfDay): TimeOfDay & { nextDay: boolean } {
  const rounded = roundScheduleUp({ ...time, days: [1] });
  return { hour: rounded.hour, minute: rounded.minute, nextDay: rounded.days[0] !== 1 };
}

/** Day numbers in the screens' order, Monday first, without repeats ([0, 3, 1] → [1, 3, 0]). */
export function daysMondayFirst(days: readonly number[]): number[] {
  return DAYS_MONDAY_FIRST.filter((day) => days.includes(day));
}

// Rules keep their days ascending, Sunday 0, as timerToRules gives them.
const ascendingDays = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b);
const sameDays = (a: readonly number[], b: readonly number[]) => formatDays(a) === formatDays(b);
const sharesADay = (a: readonly number[], b: readonly number[]) => a.some((day) => b.includes(day));
// Monday-first position of a rule's first day, so rules of the same time list Monday's before Sunday's.
const firstDayRank = (days: readonly number[]) => Math.min(...days.map((d) => (d + 6) % 7));

// Sun rules list after the clock rules (their time moves through the year): sunrise first, then by offset.
const sunRank = (rule: TimerRule) => (rule.sun ? (rule.sun.event === 'sunrise' ? 1 : 2) : 0);

/** The order the timer list shows: by time of day (sun rules after, sunrise first, by offset), then first day (Monday first), then on before off. */
export function compareTimerRules(a: TimerRule, b: TimerRule): number {
  return (
    sunRank(a) - sunRank(b) ||
    (a.sun?.offset ?? 0) - (b.sun?.offset ?? 0) ||
    a.hour * 60 + a.minute - (b.hour * 60 + b.minute) ||
    firstDayRank(a.days) - firstDayRank(b.days) ||
    (a.action === b.action ? 0 : a.action === 'on' ? -1 : 1)
  );
}

/** The order the thermostat list shows: by temperature, then first day (Monday first), then below before above. */
export function compareThermostatRules(a: ThermostatRule, b: ThermostatRule): number {
  return (
    a.temperature - b.temperature ||
    firstDayRank(a.days) - firstDayRank(b.days) ||
    (a.direction === b.direction ? 0 : a.direction === 'below' ? -1 : 1)
  );
}

/** A timer rule being typed: the time input's text, the ticked days and the action. */
export interface TimerRuleDraft {
  time: string;
  days: readonly number[];
  action: PowerAction;
}

/**
 * Why a timer rule cannot be added. `duplicate`: the same time, days and action exist; `conflict`: another rule
 * switches the other way at the same time on a shared day (the plug could not do both); `tooMany`: that action's
 * list is full (TIMER_MAX_SCHEDULES, the server's limit).
 */
export interface TimerRuleErrors {
  time: 'required' | 'invalid' | null;
  days: 'required' | null;
  rule: 'duplicate' | 'conflict' | 'tooMany' | null;
}

export interface CheckedTimerRule {
  errors: TimerRuleErrors;
  /** The rule to add, minute already rounded (docs/product/validation.md); null while there are errors. */
  rule: TimerRule | null;
}

/** docs/product/validation.md: checks a timer rule before it joins `rules` (the local rules already listed). */
export function checkTimerRule(draft: TimerRuleDraft, rules: readonly TimerRule[]): CheckedTimerRule {
  const typed = parseTimeOfDay(draft.time);
  const errors: TimerRuleErrors = {
    time: !draft.time.trim() ? 'required' : typed ? null : 'invalid',
    days: draft.days.length ? null : 'required',
    rule: null,
  };
  if (!typed || errors.days) return { errors, rule: null };
  // The days move with a time rounded past midnight (23:58 on Monday runs at 00:00 on Tuesday).
  const rule: TimerRule = { ...roundScheduleUp({ ...typed, days: ascendingDays(draft.days) }), action: draft.action };
  errors.rule = ruleClash(
    rule,
    rules.filter((r) => !r.sun && r.hour === rule.hour && r.minute === rule.minute),
    rules,
  );
  return { errors, rule: errors.rule ? null : rule };
}

// A rule against those at the same moment (same time, or same sun event and offset) and all the rules.
function ruleClash(rule: TimerRule, atSameTime: readonly TimerRule[], rules: readonly TimerRule[]): TimerRuleErrors['rule'] {
  if (atSameTime.some((r) => r.action === rule.action && sameDays(r.days, rule.days))) return 'duplicate';
  if (atSameTime.some((r) => r.action !== rule.action && sharesADay(r.days, rule.days))) return 'conflict';
  return rules.filter((r) => r.action === rule.action).length >= TIMER_MAX_SCHEDULES ? 'tooMany' : null;
}

/** A sun rule being typed (docs/product/sun-timers.md): the event, the offset input's text in minutes, days, action. */
export interface SunRuleDraft {
  event: SunEvent;
  offset: string;
  days: readonly number[];
  action: PowerAction;
}

export interface SunRuleErrors {
  /** `invalid`: not a whole number; below or above: outside −180…+180 minutes. */
  offset: 'invalid' | 'belowMinimum' | 'aboveMaximum' | null;
  days: 'required' | null;
  /** `noLocation`: the farm's location is not set on the account, so the plug could not compute the time. */
  rule: 'duplicate' | 'conflict' | 'tooMany' | 'noLocation' | null;
}

/** An offset input's text to minutes: '' is 0, '+30' and '-15' are taken; null when not a whole number. */
export function parseSunOffset(text: string): number | null {
  const value = text.trim().replace('\u2212', '-');
  if (!value) return 0;
  return /^[+-]?\d{1,4}$/.test(value) ? Number(value) : null;
}

/** docs/product/sun-timers.md: checks a sun rule before it joins `rules`; `hasLocation`: the account has the farm's location. */
export function checkSunRule(
  draft: SunRuleDraft,
  rules: readonly TimerRule[],
  hasLocation: boolean,
): { errors: SunRuleErrors; rule: TimerRule | null } {
  const offset = parseSunOffset(draft.offset);
  const errors: SunRuleErrors = {
    offset: offset === null ? 'invalid' : offset < SUN_OFFSET_MIN ? 'belowMinimum' : offset > SUN_OFFSET_MAX ? 'aboveMaximum' : null,
    days: draft.days.length ? null : 'required',
    rule: hasLocation ? null : 'noLocation',
  };
  if (errors.offset || errors.days || errors.rule || offset === null) return { errors, rule: null };
  const rule: TimerRule = {
    minute: 0,
    hour: 0,
    days: ascendingDays(draft.days),
    action: draft.action,
    sun: { event: draft.event, offset },
  };
  const atSameTime = rules.filter((r) => r.sun?.event === draft.event && r.sun.offset === offset);
  errors.rule = ruleClash(rule, atSameTime, rules);
  return { errors, rule: errors.rule ? null : rule };
}

/** A thermostat rule being typed: the temperature input's text (filtered as typed), days, direction and action. */
export interface ThermostatRuleDraft {
  days: readonly number[];
  direction: ThermostatDirection;
  temperature: string;
  action: PowerAction;
}

/** Why a thermostat rule cannot be added; `tooMany`: THERMOSTAT_MAX_TRIGGERS rules already (the server's limit). */
export interface ThermostatRuleErrors {
  days: 'required' | null;
  temperature: 'required' | 'belowMinimum' | 'aboveMaximum' | null;
  rule: 'duplicate' | 'tooMany' | null;
}

export interface CheckedThermostatRule {
  errors: ThermostatRuleErrors;
  rule: ThermostatRule | null;
}

/** docs/product/validation.md: checks a thermostat rule (temperature -20 to 70 °C, a day at least) before it joins `rules`. */
export function checkThermostatRule(draft: ThermostatRuleDraft, rules: readonly ThermostatRule[]): CheckedThermostatRule {
  const temperature = parseBoundInput(draft.temperature);
  const errors: ThermostatRuleErrors = {
    days: draft.days.length ? null : 'required',
    temperature: checkThermostatTemperature(temperature),
    rule: null,
  };
  if (errors.days || errors.temperature || temperature === null) return { errors, rule: null };
  const rule: ThermostatRule = { days: ascendingDays(draft.days), direction: draft.direction, temperature, action: draft.action };
  const same = (r: ThermostatRule) =>
    r.direction === rule.direction && r.temperature === rule.temperature && r.action === rule.action && sameDays(r.days, rule.days);
  if (rules.some(same)) errors.rule = 'duplicate';
  else if (rules.length >= THERMOSTAT_MAX_TRIGGERS) errors.rule = 'tooMany';
  return { errors, rule: errors.rule ? null : rule };
}

/** A UTC offset in minutes east of UTC as the timer editor names the zone: 60 → 'UTC+01:00', -330 → 'UTC−05:30', 0 → 'UTC'. */
export function formatUtcOffset(minutes: number): string {
  if (!minutes) return 'UTC';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${minutes > 0 ? '+' : '\u2212'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
