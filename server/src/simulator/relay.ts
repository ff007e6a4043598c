// How a plug's own rules switch its relay (docs/protocol.md "Timer entries …"): timer schedules are moments ('minute
// hour days', UTC, Sunday 0) at which the plug switches; thermostat triggers are conditions checked at every
// measurement. A manual set-power therefore holds until the next timer moment, but not against a matching
// thermostat trigger (that is what a thermostat is for).
import { parseDays, parseSchedule, type Schedule, type ThermostatTriggerValue, type TimerValue } from '@paddock/shared/domain';

export interface RelayRules {
  Timer?: TimerValue;
  Thermostat?: { Enabled: boolean; Triggers: ThermostatTriggerValue[] };
}

const DAY_MS = 86_400_000;

/** The latest moment at or before `at` that a schedule names; null when the schedule is invalid. */
export function lastOccurrence(schedule: Schedule, at: Date): Date | null {
  for (let back = 0; back <= 7; back++) {
    const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - back, schedule.hour, schedule.minute));
    if (day.getTime() <= at.getTime() && schedule.days.includes(day.getUTCDay())) return day;
  }
  return null;
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
      const schedule = parseSchedule(entry);
      const at = schedule && lastOccurrence(schedule, to);
      if (!at || at.getTime() <= since) continue;
      if (!found || at.getTime() > found.at.getTime() || (at.getTime() === found.at.getTime() && !enabled)) found = { enabled, at };
    }
  };
  consider(timer.On, true);
  consider(timer.Off, false);
  return found;
}

/** The thermostat's wish at `at` for a measured temperature: the last matching trigger wins; null when none matches. */
export function thermostatWish(thermostat: RelayRules['Thermostat'], at: Date, temperature: number | null): boolean | null {
  if (!thermostat?.Enabled || temperature === null) return null;
  let wish: boolean | null = null;
  for (const trigger of thermostat.Triggers) {
    if (!parseDays(trigger.Days)?.includes(at.getUTCDay())) continue;
    const matches = trigger.Above ? temperature > trigger.Temperature : temperature < trigger.Temperature;
    if (matches) wish = trigger.SetPowerEnabled;
  }
  return wish;
}

/**
 * The relay state after the plug checked its rules at `to`, having last checked at `from`: a timer moment in
 * between switches it, then a matching thermostat trigger has the last word; otherwise it keeps `current`.
 */
export function decideRelay(
  rules: RelayRules,
  check: { from: Date; to: Date; temperature: number | null; current: boolean },
): boolean {
  const timer = lastTimerSwitch(rules.Timer, check.from, check.to);
  const afterTimer = timer ? timer.enabled : check.current;
  return thermostatWish(rules.Thermostat, check.to, check.temperature) ?? afterTimer;
}
