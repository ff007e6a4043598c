import {
  SCHEDULE_PATTERN,
  formatSchedule,
  fromThermostatTrigger,
  fromUtcSchedule,
  isValidDays,
  isValidSchedule,
  localUtcOffsetMinutes,
  parseSchedule,
  roundMinuteUp,
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

describe('timer minute (docs/product/validation.md)', () => {
  test('rounded up to the next multiple of 5, modulo 60 (no carry into the hour)', () => {
    expect(roundMinuteUp(0)).toBe(0);
    expect(roundMinuteUp(1)).toBe(5);
    expect(roundMinuteUp(5)).toBe(5);
    expect(roundMinuteUp(6)).toBe(10);
    expect(roundMinuteUp(54)).toBe(55);
    expect(roundMinuteUp(55)).toBe(55);
    expect(roundMinuteUp(56)).toBe(0);
    expect(roundMinuteUp(58)).toBe(0);
    expect(roundMinuteUp(59)).toBe(0);
  });

  test('a rounded 10:58 stays in hour 10 (docs/product/validation.md: modulo 60)', () => {
    expect(toUtcSchedule({ hour: 10, minute: 58, days: [1], action: 'on' }, 0).schedule).toBe('0 10 1');
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

  test('the wire Timer: On and Off lists in UTC, repeated schedules kept once', () => {
    const rules = [
      { hour: 7, minute: 0, days: [1, 2], action: 'on' as const },
      { hour: 7, minute: 0, days: [2, 1], action: 'on' as const },
      { hour: 22, minute: 30, days: [1], action: 'off' as const },
    ];
    const timer = rulesToTimer(true, rules, CET);
    expect(timer).toEqual({ Enabled: true, On: ['0 6 1,2'], Off: ['30 21 1'] });
    expect(timerToRules(timer, CET)).toEqual([
      { hour: 7, minute: 0, days: [1, 2], action: 'on' },
      { hour: 22, minute: 30, days: [1], action: 'off' },
    ]);
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
