import {
  DAYS_MONDAY_FIRST,
  checkThermostatRule,
  checkTimerRule,
  compareThermostatRules,
  compareTimerRules,
  daysMondayFirst,
  formatUtcOffset,
  parseTimeOfDay,
  roundedTimeOfDay,
} from './ruleDrafts';
import { THERMOSTAT_MAX_TRIGGERS, TIMER_MAX_SCHEDULES, type ThermostatRule, type TimerRule } from './timer';

describe('time input', () => {
  test('hour and minute from a time input, seconds ignored', () => {
    expect(parseTimeOfDay('07:32')).toEqual({ hour: 7, minute: 32 });
    expect(parseTimeOfDay('7:05')).toEqual({ hour: 7, minute: 5 });
    expect(parseTimeOfDay(' 23:59:30 ')).toEqual({ hour: 23, minute: 59 });
    expect(parseTimeOfDay('00:00')).toEqual({ hour: 0, minute: 0 });
  });

  test('empty or not a time', () => {
    for (const bad of ['', '24:00', '12:60', '1230', '12:3', 'ab:cd', '-1:00']) expect(parseTimeOfDay(bad)).toBeNull();
  });

  test('the time a rule runs at: up to the next 5 minutes, carried into the hour and the day (docs/product/validation.md)', () => {
    expect(roundedTimeOfDay({ hour: 7, minute: 32 })).toEqual({ hour: 7, minute: 35, nextDay: false });
    expect(roundedTimeOfDay({ hour: 7, minute: 35 })).toEqual({ hour: 7, minute: 35, nextDay: false });
    expect(roundedTimeOfDay({ hour: 6, minute: 57 })).toEqual({ hour: 7, minute: 0, nextDay: false });
    expect(roundedTimeOfDay({ hour: 10, minute: 58 })).toEqual({ hour: 11, minute: 0, nextDay: false });
    expect(roundedTimeOfDay({ hour: 23, minute: 56 })).toEqual({ hour: 0, minute: 0, nextDay: true });
  });
});

describe('days', () => {
  test('shown Monday first, Sunday (0) last', () => {
    expect([...DAYS_MONDAY_FIRST]).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(daysMondayFirst([0, 3, 1, 3])).toEqual([1, 3, 0]);
  });
});

describe('adding a timer rule (docs/product/states.md, docs/product/validation.md)', () => {
  const existing: TimerRule[] = [{ hour: 7, minute: 0, days: [1, 2, 3, 4, 5], action: 'on' }];

  test('a valid rule comes back rounded with its days ascending', () => {
    expect(checkTimerRule({ time: '06:31', days: [0, 6, 1], action: 'off' }, existing)).toEqual({
      errors: { time: null, days: null, rule: null },
      rule: { hour: 6, minute: 35, days: [0, 1, 6], action: 'off' },
    });
  });

  test('time and days are required', () => {
    expect(checkTimerRule({ time: '', days: [], action: 'on' }, [])).toEqual({ errors: { time: 'required', days: 'required', rule: null }, rule: null });
    expect(checkTimerRule({ time: '25:00', days: [1], action: 'on' }, []).errors.time).toBe('invalid');
  });

  test('06:57 is added as 07:00; 23:58 as 00:00 on the next days', () => {
    expect(checkTimerRule({ time: '06:57', days: [1], action: 'off' }, []).rule).toEqual({ hour: 7, minute: 0, days: [1], action: 'off' });
    expect(checkTimerRule({ time: '23:58', days: [6, 1], action: 'off' }, []).rule).toEqual({ hour: 0, minute: 0, days: [0, 2], action: 'off' });
  });

  test('the same rule twice is refused, after rounding', () => {
    expect(checkTimerRule({ time: '06:57', days: [5, 4, 3, 2, 1], action: 'on' }, existing)).toMatchObject({
      errors: { rule: 'duplicate' },
      rule: null,
    });
    // Other days or another time are a new rule.
    expect(checkTimerRule({ time: '07:00', days: [1, 2], action: 'on' }, existing).rule).not.toBeNull();
    expect(checkTimerRule({ time: '07:05', days: [1, 2, 3, 4, 5], action: 'on' }, existing).rule).not.toBeNull();
  });

  test('on and off at the same time on a shared day is a conflict; on other days it is fine', () => {
    expect(checkTimerRule({ time: '07:00', days: [5, 6], action: 'off' }, existing).errors.rule).toBe('conflict');
    expect(checkTimerRule({ time: '07:00', days: [6, 0], action: 'off' }, existing).errors.rule).toBeNull();
  });

  test('each of the On and Off lists holds at most TIMER_MAX_SCHEDULES', () => {
    const full: TimerRule[] = Array.from({ length: TIMER_MAX_SCHEDULES }, (_, i) => ({ hour: i, minute: 0, days: [1], action: 'on' }));
    expect(checkTimerRule({ time: '23:30', days: [1], action: 'on' }, full).errors.rule).toBe('tooMany');
    expect(checkTimerRule({ time: '23:30', days: [1], action: 'off' }, full).errors.rule).toBeNull();
  });

  test('listed by time of day, then first day Monday first, then on before off', () => {
    const rules: TimerRule[] = [
      { hour: 22, minute: 0, days: [1], action: 'off' },
      { hour: 6, minute: 30, days: [0], action: 'on' },
      { hour: 6, minute: 30, days: [1, 2], action: 'off' },
      { hour: 6, minute: 30, days: [1], action: 'on' },
      { hour: 6, minute: 5, days: [3], action: 'on' },
    ];
    expect([...rules].sort(compareTimerRules)).toEqual([rules[4], rules[3], rules[2], rules[1], rules[0]]);
  });
});

describe('adding a thermostat rule (docs/product/states.md, docs/product/validation.md)', () => {
  const existing: ThermostatRule[] = [{ days: [1, 2], direction: 'below', temperature: 3, action: 'on' }];

  test('a valid rule: the temperature from the typed text', () => {
    expect(checkThermostatRule({ days: [6, 0], direction: 'above', temperature: '-5', action: 'off' }, existing)).toEqual({
      errors: { days: null, temperature: null, rule: null },
      rule: { days: [0, 6], direction: 'above', temperature: -5, action: 'off' },
    });
  });

  test('days required; temperature required and -20 to 70', () => {
    expect(checkThermostatRule({ days: [], direction: 'above', temperature: '', action: 'on' }, []).errors).toEqual({
      days: 'required',
      temperature: 'required',
      rule: null,
    });
    expect(checkThermostatRule({ days: [1], direction: 'above', temperature: '-', action: 'on' }, []).errors.temperature).toBe('required');
    expect(checkThermostatRule({ days: [1], direction: 'above', temperature: '-21', action: 'on' }, []).errors.temperature).toBe('belowMinimum');
    expect(checkThermostatRule({ days: [1], direction: 'above', temperature: '71', action: 'on' }, []).errors.temperature).toBe('aboveMaximum');
    expect(checkThermostatRule({ days: [1], direction: 'above', temperature: '-20', action: 'on' }, []).rule).not.toBeNull();
    expect(checkThermostatRule({ days: [1], direction: 'above', temperature: '70', action: 'on' }, []).rule).not.toBeNull();
  });

  test('duplicates and a full list are refused', () => {
    expect(checkThermostatRule({ days: [2, 1], direction: 'below', temperature: '3', action: 'on' }, existing).errors.rule).toBe('duplicate');
    expect(checkThermostatRule({ days: [2, 1], direction: 'below', temperature: '3', action: 'off' }, existing).errors.rule).toBeNull();
    const full = Array.from({ length: THERMOSTAT_MAX_TRIGGERS }, (_, i) => ({ ...existing[0], temperature: i }));
    expect(checkThermostatRule({ days: [1], direction: 'above', temperature: '30', action: 'off' }, full).errors.rule).toBe('tooMany');
  });

  test('listed by temperature, then first day, then below before above', () => {
    const rules: ThermostatRule[] = [
      { days: [1], direction: 'above', temperature: 25, action: 'off' },
      { days: [0], direction: 'below', temperature: 3, action: 'on' },
      { days: [1], direction: 'above', temperature: 3, action: 'off' },
      { days: [1], direction: 'below', temperature: 3, action: 'on' },
    ];
    expect([...rules].sort(compareThermostatRules)).toEqual([rules[3], rules[2], rules[1], rules[0]]);
  });
});

test('the zone the timer editor names: the UTC offset', () => {
  expect(formatUtcOffset(60)).toBe('UTC+01:00');
  expect(formatUtcOffset(120)).toBe('UTC+02:00');
  expect(formatUtcOffset(330)).toBe('UTC+05:30');
  expect(formatUtcOffset(-300)).toBe('UTC\u221205:00');
  expect(formatUtcOffset(0)).toBe('UTC');
});
