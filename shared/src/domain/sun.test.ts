import { checkCoordinate, lastSunMoment, sunMinuteOn, sunMoment, sunTimes } from './sun';
import {
  SUN_SCHEDULE_PATTERN,
  TIMER_ENTRY_PATTERN,
  formatSunSchedule,
  isValidSchedule,
  isValidSunSchedule,
  parseSunSchedule,
  rulesToTimer,
  timerToRules,
  wallTime,
} from './timer';

// Uppsala cathedral; Tromsø for the polar night and the midnight sun.
const UPPSALA = { Latitude: 59.8586, Longitude: 17.6389 };
const TROMSO = { Latitude: 69.6492, Longitude: 18.9553 };
const STOCKHOLM = 'Europe/Stockholm';
const local = (moment: Date | null, zone = STOCKHOLM) => {
  if (!moment) return null;
  const w = wallTime(zone, moment);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

describe('sun entry syntax (docs/protocol.md "Sun entries")', () => {
  it('takes an event, a signed offset of 0 to 180 minutes and the days', () => {
    for (const entry of ['sunrise+0 1', 'sunset+30 0,1,2,3,4,5,6', 'sunset-180 6', 'sunrise+180 0,6', 'sunset-5 3,1']) {
      expect(isValidSunSchedule(entry)).toBe(true);
      expect(new RegExp(TIMER_ENTRY_PATTERN).test(entry)).toBe(true);
      expect(isValidSchedule(entry)).toBe(false);
    }
    for (const entry of [
      'sunrise 1',
      'sunrise+181 1',
      'sunset+030 1',
      'sunset+30',
      'sunset+30 1,1',
      'sunset+30 7',
      'noon+0 1',
      'sunset+1.5 1',
    ]) {
      expect(isValidSunSchedule(entry)).toBe(false);
      expect(new RegExp(TIMER_ENTRY_PATTERN).test(entry)).toBe(false);
    }
    // The entry pattern still takes every clock schedule, with its own duplicate-day check.
    expect(new RegExp(TIMER_ENTRY_PATTERN).test('30 6 1,2')).toBe(true);
    expect(new RegExp(TIMER_ENTRY_PATTERN).test('0 0 0')).toBe(true);
    expect(new RegExp(TIMER_ENTRY_PATTERN).test('30 6 1,1')).toBe(false);
    expect(new RegExp(SUN_SCHEDULE_PATTERN, 'u').test('sunset+30 1')).toBe(true);
  });

  it('parses and formats, days ascending', () => {
    expect(parseSunSchedule('sunset-15 5,1')).toEqual({ event: 'sunset', offset: -15, days: [5, 1] });
    expect(parseSunSchedule('30 6 1')).toBeNull();
    expect(formatSunSchedule({ event: 'sunrise', offset: 0, days: [3, 1] })).toBe('sunrise+0 1,3');
    expect(formatSunSchedule({ event: 'sunset', offset: -90, days: [0] })).toBe('sunset-90 0');
    expect(() => formatSunSchedule({ event: 'sunset', offset: 181, days: [0] })).toThrow();
    expect(() => formatSunSchedule({ event: 'sunset', offset: 2.5, days: [0] })).toThrow();
  });
});

describe('sunrise and sunset (NOAA sunrise equation)', () => {
  it('Uppsala: short winter days, long summer days, on Stockholm wall-clock time', () => {
    const winter = sunTimes({ year: 2026, month: 12, day: 21 }, UPPSALA, STOCKHOLM);
    expect([local(winter.sunrise), local(winter.sunset)]).toEqual(['08:50', '14:45']);
    const summer = sunTimes({ year: 2026, month: 6, day: 21 }, UPPSALA, STOCKHOLM);
    expect([local(summer.sunrise), local(summer.sunset)]).toEqual(['03:27', '22:16']);
  });

  it('agrees with published times elsewhere to the minute (New York, Sydney)', () => {
    const ny = sunTimes({ year: 2026, month: 6, day: 21 }, { Latitude: 40.7128, Longitude: -74.006 }, 'America/New_York');
    expect([local(ny.sunrise, 'America/New_York'), local(ny.sunset, 'America/New_York')]).toEqual(['05:25', '20:31']);
    const sydney = sunTimes({ year: 2026, month: 12, day: 21 }, { Latitude: -33.8688, Longitude: 151.2093 }, 'Australia/Sydney');
    expect([local(sydney.sunrise, 'Australia/Sydney'), local(sydney.sunset, 'Australia/Sydney')]).toEqual(['05:41', '20:05']);
  });

  it("the days summer time starts and ends: the local time moves by about the day's change, not by an hour", () => {
    const before = sunTimes({ year: 2026, month: 3, day: 28 }, UPPSALA, STOCKHOLM);
    const after = sunTimes({ year: 2026, month: 3, day: 29 }, UPPSALA, STOCKHOLM);
    expect([local(before.sunset), local(after.sunset)]).toEqual(['18:21', '19:24']);
    // In UTC the sun sets three minutes later, as any spring day.
    expect(after.sunset!.getTime() - before.sunset!.getTime() - 86_400_000).toBe(3 * 60_000);
    const autumn = sunTimes({ year: 2026, month: 10, day: 25 }, UPPSALA, STOCKHOLM);
    expect([local(autumn.sunrise), local(autumn.sunset)]).toEqual(['06:52', '16:15']);
  });

  it('polar night and midnight sun: no sunrise or sunset, and the entry names no moment that day', () => {
    expect(sunTimes({ year: 2026, month: 12, day: 21 }, TROMSO, 'Europe/Oslo')).toEqual({ sunrise: null, sunset: null, polar: 'night' });
    expect(sunTimes({ year: 2026, month: 6, day: 21 }, TROMSO, 'Europe/Oslo')).toEqual({ sunrise: null, sunset: null, polar: 'day' });
    expect(sunMoment({ event: 'sunset', offset: 30 }, { year: 2026, month: 6, day: 21 }, TROMSO, 'Europe/Oslo')).toBeNull();
    expect(sunMinuteOn({ event: 'sunrise', offset: 0 }, new Date('2026-12-21T12:00:00Z'), TROMSO, 'Europe/Oslo')).toBeNull();
    const daily = { event: 'sunset' as const, offset: 0, days: [0, 1, 2, 3, 4, 5, 6] };
    expect(lastSunMoment(daily, new Date('2026-12-21T23:00:00Z'), TROMSO, 'Europe/Oslo')).toBeNull();
  });
});

describe("a sun entry's moments", () => {
  const sunsetPlus30 = { event: 'sunset' as const, offset: 30, days: [0, 1, 2, 3, 4, 5, 6] };

  it('fires at sunset + 30 on the local date: 15:15 on 21 December, 22:46 on 21 June', () => {
    expect(lastSunMoment(sunsetPlus30, new Date('2026-12-21T14:15:00Z'), UPPSALA, STOCKHOLM)).toEqual(new Date('2026-12-21T14:15:00Z'));
    expect(lastSunMoment(sunsetPlus30, new Date('2026-12-21T14:14:59Z'), UPPSALA, STOCKHOLM)?.toISOString().slice(0, 10)).toBe(
      '2026-12-20',
    );
    expect(lastSunMoment(sunsetPlus30, new Date('2026-06-21T20:50:00Z'), UPPSALA, STOCKHOLM)).toEqual(new Date('2026-06-21T20:46:00Z'));
    expect(sunMinuteOn(sunsetPlus30, new Date('2026-12-21T09:00:00Z'), UPPSALA, STOCKHOLM)).toEqual({ hour: 15, minute: 15 });
  });

  it('keeps to its days, and an offset may carry it past midnight', () => {
    // Monday 21 December 2026 only.
    const monday = { event: 'sunrise' as const, offset: -180, days: [1] };
    expect(lastSunMoment(monday, new Date('2026-12-22T12:00:00Z'), UPPSALA, STOCKHOLM)).toEqual(new Date('2026-12-21T04:50:00Z'));
    expect(lastSunMoment({ ...monday, days: [] }, new Date('2026-12-22T12:00:00Z'), UPPSALA, STOCKHOLM)).toBeNull();
    // Midsummer sunrise 03:27 − 180 min: 00:27 on the same date.
    const early = { event: 'sunrise' as const, offset: -180, days: [0] };
    expect(lastSunMoment(early, new Date('2026-06-21T00:00:00Z'), UPPSALA, STOCKHOLM)).toEqual(new Date('2026-06-20T22:27:00Z'));
  });

  it('coordinates out of range are named', () => {
    expect(checkCoordinate(59.9, 'latitude')).toBeNull();
    expect(checkCoordinate(-91, 'latitude')).toBe('belowMinimum');
    expect(checkCoordinate(180.5, 'longitude')).toBe('aboveMaximum');
    expect(checkCoordinate(null, 'longitude')).toBe('required');
    expect(checkCoordinate(Number.NaN, 'latitude')).toBe('required');
  });
});

describe('sun rules on the screen and on the wire', () => {
  it('timerToRules reads sun entries as sun rules, rulesToTimer writes them back with the location', () => {
    const timer = { Enabled: true, On: ['sunset+30 1,2', '0 7 1'], Off: ['sunrise-15 0'], TimeZone: STOCKHOLM, Location: UPPSALA };
    const rules = timerToRules(timer, STOCKHOLM);
    expect(rules).toEqual([
      { minute: 0, hour: 0, days: [1, 2], action: 'on', sun: { event: 'sunset', offset: 30 } },
      { minute: 0, hour: 7, days: [1], action: 'on' },
      { minute: 0, hour: 0, days: [0], action: 'off', sun: { event: 'sunrise', offset: -15 } },
    ]);
    expect(rulesToTimer(true, rules, STOCKHOLM, UPPSALA)).toEqual(timer);
    // No sun rule, no location on the wire.
    expect(rulesToTimer(true, [rules[1]], STOCKHOLM, UPPSALA)).toEqual({ Enabled: true, On: ['0 7 1'], Off: [], TimeZone: STOCKHOLM });
  });
});
