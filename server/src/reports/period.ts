// The period a report covers (docs/product/reports.md "When"): a week from Monday 00:00 to the next Monday 00:00, or a
// month from the 1st 00:00 to the next 1st, on the owner's wall clock. A period is named by its first day
// ('2026-11-23'), which with the user and the frequency makes the once-only row of report_sends (migration 0044).

export type ReportPeriodKind = 'weekly' | 'monthly';

export interface ReportPeriod {
  kind: ReportPeriodKind;
  /** The first day on the owner's wall clock, YYYY-MM-DD. */
  start: string;
  from: Date;
  /** Exclusive. */
  to: Date;
  timeZone: string;
}

/** The zone's wall clock at `at`: year, month (1–12), day, weekday (0 Sunday), and its offset from UTC in ms. */
function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  const asUtc = Date.UTC(year, month - 1, day, Number(parts.hour), Number(parts.minute), Number(parts.second));
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    offsetMs: asUtc - Math.floor(at.getTime() / 1000) * 1000,
  };
}

/** The instant of 00:00 on a day of the zone's calendar (a day starting in a DST gap starts at the first instant that exists). */
export function zoneMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - wallClock(new Date(guess), timeZone).offsetMs;
  return new Date(guess - wallClock(new Date(first), timeZone).offsetMs);
}

const dayName = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The period of `kind` whose first day is `start` (YYYY-MM-DD) in `timeZone`. */
export function periodStarting(kind: ReportPeriodKind, start: string, timeZone: string): ReportPeriod {
  const [year, month, day] = start.split('-').map(Number);
  const next = kind === 'weekly' ? new Date(Date.UTC(year, month - 1, day + 7)) : new Date(Date.UTC(year, month, 1));
  return {
    kind,
    start,
    from: zoneMidnight(year, month, day, timeZone),
    to: zoneMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
    timeZone,
  };
}

/** The last period of `kind` that has ended by `now` on the zone's wall clock. */
export function lastEndedPeriod(kind: ReportPeriodKind, now: Date, timeZone: string): ReportPeriod {
  const today = wallClock(now, timeZone);
  if (kind === 'monthly') {
    const first = new Date(Date.UTC(today.year, today.month - 2, 1));
    return periodStarting(kind, dayName(first.getUTCFullYear(), first.getUTCMonth() + 1, 1), timeZone);
  }
  // This week's Monday, then the one before.
  const sinceMonday = (today.weekday + 6) % 7;
  const monday = new Date(Date.UTC(today.year, today.month - 1, today.day - sinceMonday - 7));
  return periodStarting(kind, dayName(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()), timeZone);
}
