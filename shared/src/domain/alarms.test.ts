import {
  FENCEALARM2_THRESHOLDS,
  FENCEALARM_LEVELS,
  LOAD_ALARM_RANGE,
  TEMPERATURE_ALARM_RANGE,
  alarmSelectValue,
  approximateThousand,
  boundsOrDefaults,
  checkExpectedVoltage,
  checkLoadAlarm,
  checkScalingFactor,
  checkTemperatureAlarm,
  displayTemperature,
  isRangeValid,
  keepDigitsAndLeadingMinus,
  parseBoundInput,
} from './alarms';

describe('alarm inputs', () => {
  test('keep only digits and a leading minus (docs/product/validation.md)', () => {
    expect(keepDigitsAndLeadingMinus('-12a3')).toBe('-123');
    expect(keepDigitsAndLeadingMinus('1-2')).toBe('12');
    expect(keepDigitsAndLeadingMinus('--5')).toBe('-5');
    expect(keepDigitsAndLeadingMinus('3,5 W')).toBe('35');
    expect(keepDigitsAndLeadingMinus('-')).toBe('-');
    expect(keepDigitsAndLeadingMinus('')).toBe('');
    expect(parseBoundInput('-20')).toBe(-20);
    expect(parseBoundInput('-')).toBeNull();
    expect(parseBoundInput('')).toBeNull();
  });
});

describe('load alarm 0..3700 W (docs/product/validation.md)', () => {
  test('defaults 0 and 3700', () => {
    expect(LOAD_ALARM_RANGE).toEqual({ min: 0, max: 3700, defaultLower: 0, defaultUpper: 3700 });
    expect(boundsOrDefaults(LOAD_ALARM_RANGE, undefined)).toEqual({ Lower: 0, Upper: 3700 });
    expect(boundsOrDefaults(LOAD_ALARM_RANGE, { Lower: 100 })).toEqual({ Lower: 100, Upper: 3700 });
  });

  test('edges', () => {
    expect(checkLoadAlarm(0, 3700)).toEqual({ lower: null, upper: null });
    expect(isRangeValid(checkLoadAlarm(0, 3700))).toBe(true);
    expect(checkLoadAlarm(-1, 3700)).toEqual({ lower: 'belowMinimum', upper: null });
    expect(checkLoadAlarm(0, 3701)).toEqual({ lower: null, upper: 'aboveMaximum' });
    expect(checkLoadAlarm(3699, 3700)).toEqual({ lower: null, upper: null });
    expect(checkLoadAlarm(500, 500)).toEqual({ lower: 'notBelowUpper', upper: 'notAboveLower' });
    expect(checkLoadAlarm(600, 500)).toEqual({ lower: 'notBelowUpper', upper: 'notAboveLower' });
    expect(checkLoadAlarm(null, 500)).toEqual({ lower: 'required', upper: null });
    expect(checkLoadAlarm(4000, null)).toEqual({ lower: 'aboveMaximum', upper: 'required' });
    expect(isRangeValid(checkLoadAlarm(600, 500))).toBe(false);
  });
});

describe('temperature alarm -20..70 °C (docs/product/validation.md)', () => {
  test('defaults -20 and 70', () => {
    expect(boundsOrDefaults(TEMPERATURE_ALARM_RANGE, null)).toEqual({ Lower: -20, Upper: 70 });
  });

  test('edges', () => {
    expect(checkTemperatureAlarm(-20, 70)).toEqual({ lower: null, upper: null });
    expect(checkTemperatureAlarm(-21, 70)).toEqual({ lower: 'belowMinimum', upper: null });
    expect(checkTemperatureAlarm(-20, 71)).toEqual({ lower: null, upper: 'aboveMaximum' });
    expect(checkTemperatureAlarm(5, 5)).toEqual({ lower: 'notBelowUpper', upper: 'notAboveLower' });
    expect(checkTemperatureAlarm(4, 5)).toEqual({ lower: null, upper: null });
  });
});

describe('fence voltage choices (docs/product/validation.md)', () => {
  test('FenceAlarm: 2000 to 8000 V in steps of 1000', () => {
    expect([...FENCEALARM_LEVELS]).toEqual(Array.from({ length: 7 }, (_, i) => 2000 + i * 1000));
  });

  test('FenceAlarm2: the seven thresholds labelled as approximate thousands', () => {
    expect([...FENCEALARM2_THRESHOLDS]).toEqual([1943, 3057, 3943, 5010, 5924, 6941, 7928]);
    expect(FENCEALARM2_THRESHOLDS.map(approximateThousand)).toEqual([2000, 3000, 4000, 5000, 6000, 7000, 8000]);
  });

  test('calibration bounds', () => {
    expect(checkScalingFactor(0)).toBe('belowMinimum');
    expect(checkScalingFactor(1.05)).toBeNull();
    expect(checkScalingFactor(10.5)).toBe('aboveMaximum');
    expect(checkExpectedVoltage(null)).toBe('required');
    expect(checkExpectedVoltage(7000)).toBeNull();
    expect(checkExpectedVoltage(15001)).toBe('aboveMaximum');
  });
});

describe('display', () => {
  test('alarm selects show Off when disabled or when the subscription is not active (docs/product/screens.md)', () => {
    expect(alarmSelectValue(true, 3000, true)).toBe(3000);
    expect(alarmSelectValue(true, 3000, false)).toBe('off');
    expect(alarmSelectValue(false, 3000, true)).toBe('off');
  });

  test('a temperature below -20 shows a dash (docs/product/devices.md)', () => {
    expect(displayTemperature(-20)).toBe(-20);
    expect(displayTemperature(-20.1)).toBeNull();
    expect(displayTemperature(-128)).toBeNull();
    expect(displayTemperature(21.5)).toBe(21.5);
    expect(displayTemperature(null)).toBeNull();
  });
});
