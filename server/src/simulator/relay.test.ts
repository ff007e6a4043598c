import { decideRelay, lastOccurrence, lastTimerSwitch, thermostatWish, type RelayRules } from './relay';

// 2026-03-02 is a Monday (day 1).
const at = (iso: string) => new Date(`2026-03-${iso}Z`);
const timer = (On: string[], Off: string[], Enabled = true) => ({ Enabled, On, Off });
const trigger = (Days: string, Above: boolean, Temperature: number, SetPowerEnabled: boolean) => ({ Days, Above, Temperature, SetPowerEnabled });

describe('lastOccurrence', () => {
  it('finds the latest named moment at or before a time, across days and the week', () => {
    expect(lastOccurrence({ minute: 30, hour: 6, days: [1] }, at('02T06:30:00'))).toEqual(at('02T06:30:00'));
    expect(lastOccurrence({ minute: 30, hour: 6, days: [1] }, at('02T06:29:59'))).toEqual(new Date('2026-02-23T06:30:00Z'));
    expect(lastOccurrence({ minute: 0, hour: 22, days: [0] }, at('02T10:00:00'))).toEqual(at('01T22:00:00'));
    expect(lastOccurrence({ minute: 0, hour: 22, days: [] }, at('02T10:00:00'))).toBeNull();
  });
});

describe('lastTimerSwitch', () => {
  it('switches at a moment inside (from, to] and on the right UTC weekday only', () => {
    const t = timer(['30 6 1,2,3,4,5'], ['0 18 1,2,3,4,5']);
    expect(lastTimerSwitch(t, at('02T06:29:50'), at('02T06:30:00'))).toEqual({ enabled: true, at: at('02T06:30:00') });
    // The moment belongs to the window that ends at it, not to the next one.
    expect(lastTimerSwitch(t, at('02T06:30:00'), at('02T06:30:10'))).toBeNull();
    expect(lastTimerSwitch(t, at('02T17:59:55'), at('02T18:00:05'))).toEqual({ enabled: false, at: at('02T18:00:00') });
    // Sunday 1 March: no weekday schedule.
    expect(lastTimerSwitch(t, at('01T06:00:00'), at('01T19:00:00'))).toBeNull();
  });

  it('takes the latest moment when a long gap holds several, and off when on and off share a moment', () => {
    const t = timer(['30 6 1', '0 12 1'], ['0 9 1']);
    expect(lastTimerSwitch(t, at('02T06:00:00'), at('02T10:00:00'))).toEqual({ enabled: false, at: at('02T09:00:00') });
    expect(lastTimerSwitch(t, at('02T06:00:00'), at('02T13:00:00'))).toEqual({ enabled: true, at: at('02T12:00:00') });
    expect(lastTimerSwitch(timer(['0 9 1'], ['0 9 1']), at('02T08:59:00'), at('02T09:00:00'))?.enabled).toBe(false);
  });

  it('does nothing when the timer is disabled, missing, or a schedule is not valid', () => {
    expect(lastTimerSwitch(timer(['30 6 1'], [], false), at('02T06:00:00'), at('02T07:00:00'))).toBeNull();
    expect(lastTimerSwitch(undefined, at('02T06:00:00'), at('02T07:00:00'))).toBeNull();
    expect(lastTimerSwitch(timer(['31 6 1', 'x'], []), at('02T06:00:00'), at('02T07:00:00'))).toBeNull();
  });
});

describe('thermostatWish', () => {
  const thermostat = { Enabled: true, Triggers: [trigger('1,2', false, 5, true), trigger('1,2', true, 8, false)] };

  it('switches on below and off above, on the listed UTC days, and has no wish in between', () => {
    expect(thermostatWish(thermostat, at('02T12:00:00'), 4.9)).toBe(true);
    expect(thermostatWish(thermostat, at('02T12:00:00'), 8.1)).toBe(false);
    expect(thermostatWish(thermostat, at('02T12:00:00'), 6)).toBeNull();
    expect(thermostatWish(thermostat, at('02T12:00:00'), 5)).toBeNull(); // strictly below
    expect(thermostatWish(thermostat, at('04T12:00:00'), 0)).toBeNull(); // Wednesday
  });

  it('lets the last matching trigger win, and wishes nothing when disabled or without a temperature', () => {
    const both = { Enabled: true, Triggers: [trigger('1', false, 10, true), trigger('1', false, 8, false)] };
    expect(thermostatWish(both, at('02T12:00:00'), 7)).toBe(false);
    expect(thermostatWish({ ...thermostat, Enabled: false }, at('02T12:00:00'), 0)).toBeNull();
    expect(thermostatWish(thermostat, at('02T12:00:00'), null)).toBeNull();
  });
});

describe('decideRelay', () => {
  const rules: RelayRules = {
    Timer: timer(['0 6 1'], ['0 22 1']),
    Thermostat: { Enabled: true, Triggers: [trigger('1', false, 2, true)] },
  };
  const check = (from: string, to: string, temperature: number | null, current: boolean) =>
    decideRelay(rules, { from: at(from), to: at(to), temperature, current });

  it('keeps the current state when no rule applies (a manual set-power holds)', () => {
    expect(check('02T10:00:00', '02T10:00:10', 10, false)).toBe(false);
    expect(check('02T10:00:00', '02T10:00:10', 10, true)).toBe(true);
    expect(decideRelay({}, { from: at('02T05:00:00'), to: at('02T07:00:00'), temperature: 0, current: false })).toBe(false);
  });

  it('switches at a timer moment', () => {
    expect(check('02T05:59:55', '02T06:00:05', 10, false)).toBe(true);
    expect(check('02T21:59:55', '02T22:00:05', 10, true)).toBe(false);
  });

  it('gives a matching thermostat trigger the last word over the timer', () => {
    expect(check('02T21:59:55', '02T22:00:05', 1.5, true)).toBe(true);
    expect(check('02T23:00:00', '02T23:00:10', 1.5, false)).toBe(true);
  });
});
