import {
  SCHEDULE_PATTERN,
  formatSchedule,
  fromThermostatTrigger,
  fromUtcSchedule,
  isValidDays,
  isValidSchedule,
  localUtcOffsetMinutes,
  parseSchedule,
  lastScheduledMoment,
  roundScheduleUp,
  isKnownTimeZone,
  weekdayIn,
  zoneOffsetMinutes,
  zonedMoment,
  rulesToTimer,
  checkThermostatTemperature,
  timerToRules,
  toThermostatTrigger,
  toUtcSchedule,
  type ThermostatRule,
} from './timer';

const CET = 60;
const CEST = 120;
const NEW_YORK = -300;

describe('rounding up with carry (docs/product/validation.md)', () => {
  test('every minute of a day rounds up to the next multiple of 5, carrying into the hour and the day', () => {
    for (let total = 0; total < 24 * 60; total++) {
      const hour = Math.floor(total / 60);
      const minute = total % 60;
      const up = Math.ceil(total / 5) * 5; // minutes since midnight, may be 1440
      const rounded = roundScheduleUp({ hour, minute, days: [1, 3] });
      expect(rounded.minute % 5).toBe(0);
      expect(rounded.hour * 60 + rounded.minute).toBe(up % 1440);
      expect(rounded.days).toEqual(up === 1440 ? [2, 4] : [1, 3]);
      // never earlier, and less than 5 minutes later
      const later = rounded.hour * 60 + rounded.minute + (up === 1440 ? 1440 : 0) - total;
      expect(later >= 0 && later < 5).toBe(true);
    }
  });

  test('06:57 → 07:00, 10:58 → 11:00, 23:58 → 00:00 the next day, Saturday moving to Sunday', () => {
    expect(roundScheduleUp({ hour: 6, minute: 57, days: [1] })).toEqual({ hour: 7, minute: 0, days: [1] });
    expect(roundScheduleUp({ hour: 10, minute: 58, days: [1] })).toEqual({ hour: 11, minute: 0, days: [1] });
    expect(roundScheduleUp({ hour: 23, minute: 58, days: [1, 2, 3, 4, 5] })).toEqual({ hour: 0, minute: 0, days: [2, 3, 4, 5, 6] });
    expect(roundScheduleUp({ hour: 23, minute: 56, days: [5, 6] })).toEqual({ hour: 0, minute: 0, days: [0, 6] });
    expect(roundScheduleUp({ hour: 23, minute: 55, days: [6] })).toEqual({ hour: 23, minute: 55, days: [6] });
    expect(toUtcSchedule({ hour: 6, minute: 57, days: [1], action: 'on' }, 0).schedule).toBe('0 7 1');
    expect(toUtcSchedule({ hour: 23, minute: 58, days: [6], action: 'on' }, 0).schedule).toBe('0 0 0');
  });
});

describe('schedule strings', () => {
  test('syntax: minute multiple of 5 in 0..55, hour 0..23, days 0–6 comma list without duplicates', () => {
    expect(isValidSchedule('0 0 0')).toBe(true);
    expect(isValidSchedule('55 23 0,1,2,3,4,5,6')).toBe(true);
    expect(isValidSchedule('30 6 5,1')).toBe(true);
    expect(isValidSchedule('3 6 1')).toBe(false);
    expect(isValidSchedule('60 6 1')).toBe(false);
    expect(isValidSchedule('05 6 1')).toBe(false);
    expect(isValidSchedule('0 24 1')).toBe(false);
    expect(isValidSchedule('0 6 7')).toBe(false);
    expect(isValidSchedule('0 6 1,1')).toBe(false);
    expect(isValidSchedule('0 6 1,2,1')).toBe(false);
    expect(isValidSchedule('0 6 ')).toBe(false);
    expect(isValidSchedule('0 6 1, 2')).toBe(false);
    expect(isValidSchedule('0 6 1,')).toBe(false);
    expect(isValidSchedule('0 6 *')).toBe(false);
    expect(isValidDays('0,6')).toBe(true);
    expect(isValidDays('6,6')).toBe(false);
  });

  test('the pattern also works with the unicode flag (Ajv compiles patterns with it)', () => {
    const unicode = new RegExp(SCHEDULE_PATTERN, 'u');
    expect(unicode.test('30 6 1,2,3')).toBe(true);
    expect(unicode.test('30 6 1,2,1')).toBe(false);
  });

  test('parse and format', () => {
    expect(parseSchedule('30 6 5,1')).toEqual({ minute: 30, hour: 6, days: [5, 1] });
    expect(parseSchedule('31 6 1')).toBeNull();
    expect(formatSchedule({ minute: 30, hour: 6, days: [5, 1, 5] })).toBe('30 6 1,5');
    expect(() => formatSchedule({ minute: 30, hour: 24, days: [1] })).toThrow('invalid schedule');
    expect(() => formatSchedule({ minute: 30, hour: 6, days: [] })).toThrow('invalid schedule');
  });
});

describe('local time to UTC (docs/product/validation.md)', () => {
  test('same day', () => {
    expect(toUtcSchedule({ hour: 7, minute: 30, days: [1, 2, 3, 4, 5], action: 'on' }, CET)).toEqual({
      action: 'on',
      schedule: '30 6 1,2,3,4,5',
    });
    expect(toUtcSchedule({ hour: 7, minute: 30, days: [1], action: 'off' }, CEST).schedule).toBe('30 5 1');
  });

  test('crossing midnight backwards: Monday 00:30 CET is Sunday 23:30 UTC; Sunday wraps to Saturday', () => {
    expect(toUtcSchedule({ hour: 0, minute: 30, days: [1], action: 'on' }, CET).schedule).toBe('30 23 0');
    expect(toUtcSchedule({ hour: 0, minute: 30, days: [0], action: 'on' }, CET).schedule).toBe('30 23 6');
    expect(toUtcSchedule({ hour: 0, minute: 0, days: [0, 1, 2, 3, 4, 5, 6], action: 'on' }, CET).schedule).toBe('0 23 0,1,2,3,4,5,6');
  });

  test('crossing midnight forwards: Saturday 22:00 in New York is Sunday 03:00 UTC', () => {
    expect(toUtcSchedule({ hour: 22, minute: 0, days: [6], action: 'off' }, NEW_YORK).schedule).toBe('0 3 0');
    expect(toUtcSchedule({ hour: 22, minute: 0, days: [5, 6], action: 'off' }, NEW_YORK).schedule).toBe('0 3 0,6');
  });

  test('the minute is rounded before converting', () => {
    expect(toUtcSchedule({ hour: 8, minute: 2, days: [3], action: 'on' }, CET).schedule).toBe('5 7 3');
    expect(toUtcSchedule({ hour: 0, minute: 58, days: [3], action: 'on' }, CET).schedule).toBe('0 0 3');
  });

  test('and back', () => {
    expect(fromUtcSchedule('30 23 0', 'on', CET)).toEqual({ minute: 30, hour: 0, days: [1], action: 'on' });
    expect(fromUtcSchedule('0 3 0', 'off', NEW_YORK)).toEqual({ minute: 0, hour: 22, days: [6], action: 'off' });
    for (const offset of [CET, CEST, NEW_YORK, 330, 0]) {
      const rule = { hour: 0, minute: 15, days: [0, 3, 6], action: 'on' as const };
      expect(fromUtcSchedule(toUtcSchedule(rule, offset).schedule, 'on', offset)).toEqual(rule);
    }
  });

  test('an invalid action or rule raises an error (docs/product/errors.md)', () => {
    expect(() => toUtcSchedule({ hour: 7, minute: 0, days: [1], action: 'toggle' as never }, CET)).toThrow('invalid action');
    expect(() => toUtcSchedule({ hour: 24, minute: 0, days: [1], action: 'on' }, CET)).toThrow();
    expect(() => toUtcSchedule({ hour: 7, minute: 0, days: [7], action: 'on' }, CET)).toThrow();
    expect(() => fromUtcSchedule('bad', 'on', CET)).toThrow('invalid schedule');
  });

  test('the wire Timer: On and Off lists on the wall clock of its zone, repeated schedules kept once', () => {
    const rules = [
      { hour: 7, minute: 0, days: [1, 2], action: 'on' as const },
      { hour: 7, minute: 0, days: [2, 1], action: 'on' as const },
      { hour: 22, minute: 28, days: [1], action: 'off' as const },
    ];
    const timer = rulesToTimer(true, rules, 'Europe/Stockholm');
    expect(timer).toEqual({ Enabled: true, On: ['0 7 1,2'], Off: ['30 22 1'], TimeZone: 'Europe/Stockholm' });
    // The same all year: in winter and in summer.
    for (const at of [new Date('2026-01-15T12:00:00Z'), new Date('2026-07-15T12:00:00Z')]) {
      expect(timerToRules(timer, 'Europe/Stockholm', at)).toEqual([
        { hour: 7, minute: 0, days: [1, 2], action: 'on' },
        { hour: 22, minute: 30, days: [1], action: 'off' },
      ]);
    }
    // Seen from another zone: moved by the offsets' difference that day (Berlin = Stockholm; London an hour behind).
    expect(timerToRules(timer, 'Europe/Berlin', new Date('2026-01-15T12:00:00Z'))[0]).toMatchObject({ hour: 7 });
    expect(timerToRules(timer, 'Europe/London', new Date('2026-01-15T12:00:00Z'))[0]).toMatchObject({ hour: 6 });
  });

  test('the old UTC-only form is still read, as UTC, at the offset of the day', () => {
    const old = { Enabled: true, On: ['0 6 1,2'], Off: ['30 21 1'] };
    expect(timerToRules(old, 'Europe/Stockholm', new Date('2026-01-15T12:00:00Z'))).toEqual([
      { hour: 7, minute: 0, days: [1, 2], action: 'on' },
      { hour: 22, minute: 30, days: [1], action: 'off' },
    ]);
    expect(timerToRules(old, 'Europe/Stockholm', new Date('2026-07-15T12:00:00Z'))[0]).toMatchObject({ hour: 8 });
    expect(timerToRules(old, 'UTC')[0]).toMatchObject({ hour: 6, minute: 0 });
  });

  test('the browser offset is minutes east of UTC', () => {
    const at = new Date();
    expect(localUtcOffsetMinutes(at)).toBe(-at.getTimezoneOffset() || 0);
  });
});

describe('thermostat (docs/product/validation.md, docs/product/errors.md)', () => {
  const rule: ThermostatRule = { days: [6, 0], direction: 'below', temperature: 3, action: 'on' };

  test('to and from the wire trigger', () => {
    expect(toThermostatTrigger(rule)).toEqual({ Days: '0,6', Above: false, Temperature: 3, SetPowerEnabled: true });
    expect(toThermostatTrigger({ ...rule, direction: 'above', action: 'off' })).toMatchObject({ Above: true, SetPowerEnabled: false });
    expect(fromThermostatTrigger({ Days: '0,6', Above: false, Temperature: 3, SetPowerEnabled: true })).toEqual({ ...rule, days: [0, 6] });
  });

  test('temperature -20 to 70', () => {
    expect(checkThermostatTemperature(-20)).toBeNull();
    expect(checkThermostatTemperature(70)).toBeNull();
    expect(checkThermostatTemperature(-21)).toBe('belowMinimum');
    expect(checkThermostatTemperature(71)).toBe('aboveMaximum');
    expect(checkThermostatTemperature(null)).toBe('required');
    expect(() => toThermostatTrigger({ ...rule, temperature: 71 })).toThrow('invalid temperature');
  });

  test('an invalid direction or action raises an error', () => {
    expect(() => toThermostatTrigger({ ...rule, direction: 'sideways' as never })).toThrow('invalid thermostat direction');
    expect(() => toThermostatTrigger({ ...rule, action: 'toggle' as never })).toThrow('invalid action');
    expect(() => toThermostatTrigger({ ...rule, days: [] })).toThrow('invalid days');
  });
});

describe('time zones (docs/protocol.md "Time zones")', () => {
  test('known zones: the IANA names, UTC and aliases; not a made-up one or another shape', () => {
    expect(isKnownTimeZone('Europe/Stockholm')).toBe(true);
    expect(isKnownTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Europe/Kyiv')).toBe(true);
    expect(isKnownTimeZone('Europe/Kiev')).toBe(true);
    expect(isKnownTimeZone('Europe/Paddock')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone('Europe/Stockholm ')).toBe(false);
    expect(isKnownTimeZone('+01:00')).toBe(false);
  });

  test('offsets of Stockholm and Berlin around both summer-time changes of 2026 (29 March and 25 October, 01:00 UTC)', () => {
    for (const zone of ['Europe/Stockholm', 'Europe/Berlin']) {
      expect(zoneOffsetMinutes(zone, new Date('2026-03-29T00:59:00Z'))).toBe(60);
      expect(zoneOffsetMinutes(zone, new Date('2026-03-29T01:00:00Z'))).toBe(120);
      expect(zoneOffsetMinutes(zone, new Date('2026-10-25T00:59:00Z'))).toBe(120);
      expect(zoneOffsetMinutes(zone, new Date('2026-10-25T01:00:00Z'))).toBe(60);
    }
    expect(zoneOffsetMinutes('UTC', new Date('2026-07-01T00:00:00Z'))).toBe(0);
  });

  test('a wall-clock time to its moment: a skipped time moves on by the skip, a repeated one is its first', () => {
    const date = (month: number, day: number) => ({ year: 2026, month, day });
    expect(zonedMoment('Europe/Stockholm', date(3, 28), 7, 0)).toEqual(new Date('2026-03-28T06:00:00Z'));
    expect(zonedMoment('Europe/Stockholm', date(3, 29), 7, 0)).toEqual(new Date('2026-03-29T05:00:00Z'));
    expect(zonedMoment('Europe/Berlin', date(3, 29), 2, 30)).toEqual(new Date('2026-03-29T01:30:00Z')); // 03:30 CEST
    expect(zonedMoment('Europe/Berlin', date(10, 25), 2, 30)).toEqual(new Date('2026-10-25T00:30:00Z')); // CEST, the first
    expect(zonedMoment('Europe/Berlin', date(10, 25), 7, 0)).toEqual(new Date('2026-10-25T06:00:00Z'));
  });

  describe.each(['Europe/Stockholm', 'Europe/Berlin'])('a 07:00 rule in %s fires at 07:00 local all year', (zone) => {
    const daily = { hour: 7, minute: 0, days: [0, 1, 2, 3, 4, 5, 6] };
    test.each([
      // [now (UTC), the last 07:00 local before it (UTC)]
      ['2026-03-28T12:00:00Z', '2026-03-28T06:00:00Z'], // Saturday before the change, CET
      ['2026-03-29T12:00:00Z', '2026-03-29T05:00:00Z'], // the day summer time starts: CEST
      ['2026-03-30T05:30:00Z', '2026-03-30T05:00:00Z'],
      ['2026-03-30T04:59:00Z', '2026-03-29T05:00:00Z'],
      ['2026-10-24T12:00:00Z', '2026-10-24T05:00:00Z'], // Saturday before winter time, CEST
      ['2026-10-25T12:00:00Z', '2026-10-25T06:00:00Z'], // the day summer time ends: CET
      ['2026-10-26T05:59:00Z', '2026-10-25T06:00:00Z'],
    ])('at %s the last is %s', (now, last) => {
      expect(lastScheduledMoment(daily, new Date(now), zone)).toEqual(new Date(last));
    });

    test('on the listed local days only, even when UTC is on another day', () => {
      // 00:30 local on Monday 30 March is Sunday 22:30 UTC.
      const monday = { hour: 0, minute: 30, days: [1] };
      expect(lastScheduledMoment(monday, new Date('2026-03-29T23:00:00Z'), zone)).toEqual(new Date('2026-03-29T22:30:00Z'));
      expect(weekdayIn(zone, new Date('2026-03-29T22:30:00Z'))).toBe(1);
      expect(weekdayIn(undefined, new Date('2026-03-29T22:30:00Z'))).toBe(0);
    });
  });

  test('the old form (no zone) stays in UTC', () => {
    expect(lastScheduledMoment({ hour: 7, minute: 0, days: [0] }, new Date('2026-03-29T12:00:00Z'))).toEqual(
      new Date('2026-03-29T07:00:00Z'),
    );
    expect(lastScheduledMoment({ hour: 7, minute: 0, days: [] }, new Date('2026-03-29T12:00:00Z'))).toBeNull();
  });
});
