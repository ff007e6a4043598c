// How a plug's own rules switch its relay (docs/protocol.md "Timer entries …", "Time zones", "Sun entries"): timer
// entries are moments ('minute hour days', Sunday 0, on the wall clock of the timer's TimeZone, UTC without one; or
// 'sunset+30 days', the day's sunset at the timer's Location and 30 minutes) at which the plug switches; thermostat triggers are conditions checked at every measurement, on the days of their zone. A manual set-power therefore holds until the next timer moment, but not against a matching
// thermostat trigger (that is what a thermostat is for).
import {
  isKnownTimeZone,
  lastScheduledMoment,
  lastSunMoment,
  parseDays,
  parseSchedule,
  parseSunSchedule,
  weekdayIn,
  type Schedule,
  type ThermostatTriggerValue,
  type TimerValue,
} from '@paddock/shared/domain';

export interface RelayRules {
  Timer?: TimerValue;
  Thermostat?: { Enabled: boolean; Triggers: ThermostatTriggerValue[]; TimeZone?: string };
}

const DAY_MS = 86_400_000;

// A zone the device does not know makes it keep to UTC rather than stop (the server only sends known ones).
const zoneOf = (zone: string | undefined) => (zone && isKnownTimeZone(zone) ? zone : undefined);

/** The latest moment at or before `at` that a schedule names on `timeZone`'s wall clock (UTC without one); null when it names none. */
export function lastOccurrence(schedule: Schedule, at: Date, timeZone?: string): Date | null {
  return lastScheduledMoment(schedule, at, zoneOf(timeZone));
}

/**
 * The latest moment at or before `at` that a timer entry names: a schedule, or a sun entry computed from the timer's
 * Location (docs/protocol.md "Sun entries"; none without a location, or on a day the sun does not rise or set).
 */
function entryMoment(timer: TimerValue, entry: string, at: Date): Date | null {
  const schedule = parseSchedule(entry);
  if (schedule) return lastOccurrence(schedule, at, timer.TimeZone);
  const sun = parseSunSchedule(entry);
  return sun && timer.Location ? lastSunMoment(sun, at, timer.Location, zoneOf(timer.TimeZone)) : null;
}

/**
 * The last timer switch in (from, to]: which way and when; null when the timer is off or names no moment in it.
 * On and Off at the same moment: off wins (the safe side).
 */
export function lastTimerSwitch(timer: TimerValue | undefined, from: Date, to: Date): { enabled: boolean; at: Date } | null {
  if (!timer?.Enabled || to.getTime() <= from.getTime()) return null;
  // Consecutive checks cover (from, to] windows that meet, so each moment switches once; a week back is enough.
  const since = Math.max(from.getTime(), to.getTime() - 7 * DAY_MS);
  let found: { enabled: boolean; at: Date } | null = null;
  const consider = (entries: readonly string[], enabled: boolean) => {
    for (const entry of entries) {
      const at = entryMoment(timer, entry, to);
      if (!at || at.getTime() <= since) continue;
      if (!found || at.getTime() > found.at.getTime() || (at.getTime() === found.at.getTime() && !enabled)) found = { enabled, at };
    }
  };
  consider(timer.On, true);
  consider(timer.Off, false);
  return found;
}

/** The thermostat's wish at `at` for a measured temperature (days of its zone): the last matching trigger wins; null when none matches. */
export function thermostatWish(thermostat: RelayRules['Thermostat'], at: Date, temperature: number | null): boolean | null {
  if (!thermostat?.Enabled || temperature === null) return null;
  let wish: boolean | null = null;
  const today = weekdayIn(zoneOf(thermostat.TimeZone), at);
  for (const trigger of thermostat.Triggers) {
    if (!parseDays(trigger.Days)?.includes(today)) continue;
    const matches = trigger.Above ? temperature > trigger.Temperature : temperature < trigger.Temperature;
    if (matches) wish = trigger.SetPowerEnabled;
  }
  return wish;
}

/**
 * The relay state after the plug checked its rules at `to`, having last checked at `from`: a timer moment in
 * between switches it, then a matching thermostat trigger has the last word; otherwise it keeps `current`.
 */
export function decideRelay(rules: RelayRules, check: { from: Date; to: Date; temperature: number | null; current: boolean }): boolean {
  const timer = lastTimerSwitch(rules.Timer, check.from, check.to);
  const afterTimer = timer ? timer.enabled : check.current;
  return thermostatWish(rules.Thermostat, check.to, check.temperature) ?? afterTimer;
}
